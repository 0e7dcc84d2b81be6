/**
 * The end-user agreement (contract getEula / acceptEula). One current version; a member who accepted
 * it gets tokens without the AcceptEula virtual role from the next refresh grant on.
 */
export const CURRENT_EULA = {
  Version: '2026.1',
  Html:
    '<h2>Terms of use</h2><p>By using Trust Shell you agree to keep your <strong>credentials</strong> private and to use the ' +
    'platform only for your organisation’s privacy and trust work.</p><ul><li>Your activity is logged for audit.</li>' +
    '<li>See the <a href="https://trust-shell.test/privacy">privacy notice</a>.</li></ul>',
} as const;

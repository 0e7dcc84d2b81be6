import { useTranslation } from 'react-i18next';
import { useAtomValue } from '../../../state/jotai';
import { currentUserAtom } from '../../../lib/state/signedInState';
import { sessionAtom } from '../../../lib/session/sessionAtoms';
import { ScopeMenu } from './ScopeMenu';
import { useScopeSwitch } from './useScopeSwitch';

/**
 * The member's roles (refresh with role_id and switchRole=true, SPEC §6); shown only with several.
 * The contract has no roles list: the roles come from the optional CurrentUser.Roles field, so a
 * platform that does not send it simply shows no role switch.
 */
export function RoleSwitch() {
  const { t } = useTranslation();
  const user = useAtomValue(currentUserAtom);
  const { claims } = useAtomValue(sessionAtom);
  const { busy, run } = useScopeSwitch();
  const roles = user?.Roles ?? [];
  if (roles.length < 2) return null;
  const current = roles.find((r) => r.Name === claims?.role);
  return (
    <ScopeMenu
      label={t('SwitchRole')}
      caption={current?.Name ?? claims?.role ?? t('Role')}
      value={current?.Id ?? null}
      options={roles.map((r) => ({ value: r.Id, label: r.Name }))}
      busy={busy}
      onChoose={(id) => void run({ role_id: id, switchRole: 'true' }, true)}
      testId="role-switch"
    />
  );
}

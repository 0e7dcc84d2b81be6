import type { SignedOutShellTexts } from '../shellTexts';

/** Built-in en-us texts of the shell's own keys (used only where the platform's catalogue lacks one): the signed-out pages' part; the rest is in `en-us.signedIn.ts`. */
const texts: SignedOutShellTexts = {
  BackOnline: "You are back online.",
  ChangeEmail: "Use a different email address",
  ConfigInvalid: "The application configuration is invalid: {{details}}",
  ConnectedAppNotAllowed: "You do not have access to this application.",
  ConnectedAppRedirecting: "Redirecting you to the connected application…",
  Dismiss: "Dismiss",
  Home: "Home",
  Later: "Later",
  Loading: "Loading…",
  LoginLogo: "Logo",
  NetworkError: "The server could not be reached. Check your connection and try again.",
  NewVersionAvailable: "A new version of the application is available.",
  NewVersionHelp: "Reload to use it. Anything you typed is kept.",
  Offline: "Offline",
  Password: "Password",
  ProductLogo: "Product logo",
  Reconnecting: "Reconnecting…",
  Reload: "Reload",
  Retry: "Try again",
  SavedOnlyForThisTab: "Saved only for this tab.",
  SavedOnlyForThisTabDetail: "This browser is not letting the app store data (private browsing or full storage), so your sign-in and settings last only until you close this tab.",
  SignIn: "Sign in",
  SignInFailed: "Sign-in failed. Please try again.",
  SomethingWentWrong: "Something went wrong.",
  StartupError: "The application could not be started. Please reload the page.",
  TextDirection: "Text direction",
  ThemeDefault: "Default",
  ThemePreview: "Preview (light)",
  ThemePreviewDark: "Preview (dark)",
  ThemePreviewSystem: "Preview (match system)",
  WrongEmailOrPassword: "The email address or password is incorrect.",
  YouAreOffline: "You are offline. Your changes will be sent when the connection is restored.",
};

export default texts;

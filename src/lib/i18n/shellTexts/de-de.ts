import type { SignedOutShellTexts } from '../shellTexts';

/** Built-in de-de texts of the shell's own keys (used only where the platform's catalogue lacks one): the signed-out pages' part; the rest is in `de-de.signedIn.ts`. */
const texts: SignedOutShellTexts = {
  BackOnline: "Sie sind wieder online.",
  ChangeEmail: "Andere E-Mail-Adresse verwenden",
  ConfigInvalid: "Die Anwendungskonfiguration ist ungültig: {{details}}",
  ConnectedAppNotAllowed: "Sie haben keinen Zugriff auf diese Anwendung.",
  ConnectedAppRedirecting: "Sie werden zur verbundenen Anwendung weitergeleitet …",
  Dismiss: "Ausblenden",
  Home: "Startseite",
  Later: "Später",
  Loading: "Wird geladen …",
  LoginLogo: "Logo",
  NetworkError: "Der Server ist nicht erreichbar. Prüfen Sie Ihre Verbindung und versuchen Sie es erneut.",
  NewVersionAvailable: "Eine neue Version der Anwendung ist verfügbar.",
  NewVersionHelp: "Laden Sie neu, um sie zu verwenden. Ihre Eingaben bleiben erhalten.",
  Offline: "Offline",
  Password: "Passwort",
  ProductLogo: "Produktlogo",
  Reconnecting: "Verbindung wird wiederhergestellt…",
  Reload: "Neu laden",
  Retry: "Erneut versuchen",
  SavedOnlyForThisTab: "Nur in diesem Tab gespeichert.",
  SavedOnlyForThisTabDetail: "Dieser Browser erlaubt der Anwendung nicht, Daten zu speichern (privates Surfen oder voller Speicher). Ihre Anmeldung und Einstellungen bleiben daher nur erhalten, bis Sie diesen Tab schließen.",
  SignIn: "Anmelden",
  SignInFailed: "Die Anmeldung ist fehlgeschlagen. Bitte versuchen Sie es erneut.",
  SomethingWentWrong: "Etwas ist schiefgelaufen.",
  StartupError: "Die Anwendung konnte nicht gestartet werden. Bitte laden Sie die Seite neu.",
  TextDirection: "Textrichtung",
  ThemeDefault: "Standard",
  ThemePreview: "Vorschau (hell)",
  ThemePreviewDark: "Vorschau (dunkel)",
  ThemePreviewSystem: "Vorschau (wie System)",
  WrongEmailOrPassword: "E-Mail-Adresse oder Passwort ist falsch.",
  YouAreOffline: "Sie sind offline. Ihre Änderungen werden gesendet, sobald die Verbindung wiederhergestellt ist.",
};

export default texts;

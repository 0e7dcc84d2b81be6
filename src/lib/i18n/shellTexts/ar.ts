import type { SignedOutShellTexts } from '../shellTexts';

/** Built-in ar texts of the shell's own keys (used only where the platform's catalogue lacks one): the signed-out pages' part; the rest is in `ar.signedIn.ts`. */
const texts: SignedOutShellTexts = {
  BackOnline: "تمت استعادة الاتصال بالإنترنت.",
  ChangeEmail: "استخدام بريد إلكتروني آخر",
  ConfigInvalid: "إعدادات التطبيق غير صالحة: {{details}}",
  ConnectedAppNotAllowed: "ليست لديك صلاحية الوصول إلى هذا التطبيق.",
  ConnectedAppRedirecting: "جارٍ توجيهك إلى التطبيق المتصل…",
  Dismiss: "تجاهل",
  Home: "الصفحة الرئيسية",
  Later: "لاحقاً",
  Loading: "جارٍ التحميل…",
  LoginLogo: "الشعار",
  NetworkError: "تعذّر الوصول إلى الخادم. تحقّق من اتصالك وحاول مرة أخرى.",
  NewVersionAvailable: "يتوفر إصدار جديد من التطبيق.",
  NewVersionHelp: "أعد التحميل لاستخدامه. سيتم الاحتفاظ بما كتبته.",
  Offline: "غير متصل",
  Password: "كلمة المرور",
  ProductLogo: "شعار المنتج",
  Reconnecting: "جارٍ إعادة الاتصال…",
  Reload: "إعادة التحميل",
  Retry: "إعادة المحاولة",
  SavedOnlyForThisTab: "محفوظ في علامة التبويب هذه فقط.",
  SavedOnlyForThisTabDetail: "لا يسمح هذا المتصفح للتطبيق بتخزين البيانات (التصفح الخاص أو امتلاء مساحة التخزين)، لذا يبقى تسجيل دخولك وإعداداتك فقط حتى تغلق علامة التبويب هذه.",
  SignIn: "تسجيل الدخول",
  SignInFailed: "تعذّر تسجيل الدخول. يُرجى المحاولة مرة أخرى.",
  SomethingWentWrong: "حدث خطأ ما.",
  StartupError: "تعذّر تشغيل التطبيق. يُرجى إعادة تحميل الصفحة.",
  TextDirection: "اتجاه النص",
  ThemeDefault: "افتراضي",
  ThemePreview: "معاينة (فاتح)",
  ThemePreviewDark: "معاينة (داكن)",
  ThemePreviewSystem: "معاينة (حسب إعدادات النظام)",
  WrongEmailOrPassword: "البريد الإلكتروني أو كلمة المرور غير صحيحة.",
  YouAreOffline: "أنت غير متصل بالإنترنت. ستُرسَل تغييراتك عند استعادة الاتصال.",
};

export default texts;

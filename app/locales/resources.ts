import en from "~/locales/en";
import es from "~/locales/es";
import pt from "~/locales/pt";

/** Every language's texts (the server's i18n, text-in, tests). The browser loads one language at a time. */
const resources = {
  pt: { translation: pt },
  en: { translation: en },
  es: { translation: es },
};
export default resources;

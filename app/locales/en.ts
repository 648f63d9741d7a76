import type { Translation } from "./pt";

export default {
  app: {
    name: "Rota",
    tagline: "Travel agency management",
  },
  language: {
    label: "Language",
    pt: "Português",
    en: "English",
    es: "Español",
  },
  common: {
    loading: "Loading...",
    save: "Save",
    cancel: "Cancel",
    back: "Back",
    notFound: "Page not found",
    errorTitle: "Something went wrong",
    errorBody: "Please try again in a moment. If the problem persists, contact support.",
  },
} satisfies Translation;

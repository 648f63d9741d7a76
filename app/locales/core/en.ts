import type { CoreTranslation } from "~/locales/core/pt";

/** The texts every page needs (see ./pt.ts). */
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
  validation: {
    required: "This field is required.",
    email: "Enter a valid e-mail address.",
    passwordMin: "The password must have at least 8 characters.",
    passwordMax: "The password must have at most 128 characters.",
    passwordsDiffer: "The passwords do not match.",
    tooLong: "Text is too long.",
    fileRequired: "Choose a file.",
    fileTooLarge: "The file must be at most 2 MB.",
    fileType: "Unsupported format. Use PNG, JPEG or WebP.",
    invalid: "Invalid value.",
  },
  errors: {
    forbidden: "You are not allowed to do this.",
    crossOrigin: "Request refused: origin not allowed.",
    generic: "The operation could not be completed. Please try again.",
    notAForm: "The request is not a valid form. Nothing was changed.",
    unsupportedBody: "This address only accepts forms. Nothing was changed.",
    badRequestTitle: "Invalid request",
  },
  toast: {
    label: "Notice",
    viewport: "Notices ({hotkey})",
    close: "Close notice",
  },
  common: {
    loading: "Loading...",
    save: "Save",
    cancel: "Cancel",
    back: "Back",
    notFound: "Page not found",
    errorTitle: "Something went wrong",
    notFoundRecord: "This record does not exist or was deleted.",
    errorRetry: "Reload the page to try again.",
    errorBody: "Please try again in a moment. If the problem persists, contact support.",
  },
} satisfies CoreTranslation;

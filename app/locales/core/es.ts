import type { CoreTranslation } from "~/locales/core/pt";

/** The texts every page needs (see ./pt.ts). */
export default {
  app: {
    name: "Rota",
    tagline: "Gestión para agencias de viajes",
  },
  language: {
    label: "Idioma",
    pt: "Português",
    en: "English",
    es: "Español",
  },
  validation: {
    required: "Campo obligatorio.",
    email: "Indique un correo electrónico válido.",
    passwordMin: "La contraseña debe tener al menos 8 caracteres.",
    passwordMax: "La contraseña debe tener como máximo 128 caracteres.",
    passwordsDiffer: "Las contraseñas no coinciden.",
    tooLong: "Texto demasiado largo.",
    fileRequired: "Elija un archivo.",
    fileTooLarge: "El archivo debe tener como máximo 2 MB.",
    fileType: "Formato no admitido. Use PNG, JPEG o WebP.",
    invalid: "Valor no válido.",
  },
  errors: {
    forbidden: "No tiene permiso para esta acción.",
    crossOrigin: "Solicitud rechazada: origen no permitido.",
    generic: "No se pudo completar la operación. Inténtelo de nuevo.",
    notAForm: "La solicitud no es un formulario válido. No se cambió nada.",
    unsupportedBody: "Esta dirección solo acepta formularios. No se cambió nada.",
    badRequestTitle: "Solicitud no válida",
  },
  toast: {
    label: "Aviso",
    viewport: "Avisos ({hotkey})",
    close: "Cerrar aviso",
  },
  common: {
    loading: "Cargando...",
    save: "Guardar",
    cancel: "Cancelar",
    back: "Volver",
    notFound: "Página no encontrada",
    errorTitle: "Algo salió mal",
    notFoundRecord: "Este registro no existe o fue eliminado.",
    errorRetry: "Recargue la página para intentar de nuevo.",
    errorBody: "Inténtelo de nuevo en unos instantes. Si el problema continúa, contacte al soporte.",
  },
} satisfies CoreTranslation;

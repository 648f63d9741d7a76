import type { Translation } from "./pt";

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
  common: {
    loading: "Cargando...",
    save: "Guardar",
    cancel: "Cancelar",
    back: "Volver",
    notFound: "Página no encontrada",
    errorTitle: "Algo salió mal",
    errorBody: "Inténtelo de nuevo en unos instantes. Si el problema continúa, contacte al soporte.",
  },
} satisfies Translation;

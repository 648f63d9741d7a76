// Portuguese is the source of truth: en and es must have exactly these keys
// (`satisfies Translation` fails the typecheck otherwise).
const pt = {
  app: {
    name: "Rota",
    tagline: "Gestão para agências de viagens",
  },
  language: {
    label: "Idioma",
    pt: "Português",
    en: "English",
    es: "Español",
  },
  common: {
    loading: "Carregando...",
    save: "Salvar",
    cancel: "Cancelar",
    back: "Voltar",
    notFound: "Página não encontrada",
    errorTitle: "Algo deu errado",
    errorBody: "Tente novamente em instantes. Se o problema continuar, fale com o suporte.",
  },
};

export default pt;
export type Translation = typeof pt;

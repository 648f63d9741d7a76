/**
 * The texts every page needs — the public pages too: the app's name, the language switch,
 * validation and error messages, toasts and the common words. Public pages load only these
 * in the browser (their own texts come with the loader: lib/public/view.server.ts); the
 * staff app loads the whole language (./pt.ts spreads these in). pt is the source.
 */
const core = {
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
  validation: {
    required: "Campo obrigatório.",
    email: "Informe um e-mail válido.",
    passwordMin: "A senha deve ter pelo menos 8 caracteres.",
    passwordMax: "A senha deve ter no máximo 128 caracteres.",
    passwordsDiffer: "As senhas não conferem.",
    tooLong: "Texto muito longo.",
    fileRequired: "Escolha um arquivo.",
    fileTooLarge: "O arquivo deve ter no máximo 2 MB.",
    fileType: "Formato não aceito. Use PNG, JPEG ou WebP.",
    invalid: "Valor inválido.",
  },
  errors: {
    forbidden: "Você não tem permissão para esta ação.",
    crossOrigin: "Requisição recusada: origem não permitida.",
    generic: "Não foi possível concluir a operação. Tente novamente.",
    notAForm: "O pedido não é um formulário válido. Nada foi alterado.",
    unsupportedBody: "Este endereço aceita apenas formulários. Nada foi alterado.",
    badRequestTitle: "Pedido inválido",
  },
  toast: {
    label: "Aviso",
    viewport: "Avisos ({hotkey})",
    close: "Fechar aviso",
  },
  common: {
    loading: "Carregando...",
    save: "Salvar",
    cancel: "Cancelar",
    back: "Voltar",
    notFound: "Página não encontrada",
    errorTitle: "Algo deu errado",
    notFoundRecord: "Este registro não existe ou foi excluído.",
    errorRetry: "Recarregue a página para tentar de novo.",
    errorBody: "Tente novamente em instantes. Se o problema continuar, fale com o suporte.",
  },
};

export default core;
export type CoreTranslation = typeof core;

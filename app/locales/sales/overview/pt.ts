// The /vendas overview (sales.overview.*): the month's sales by seller and by kind. Spread into ../pt.ts.
const overviewPt = {
  overview: {
    title: "Vendas",
    subtitle: "As vendas confirmadas do mês, por vendedor e por tipo.",
    month: "Mês",
    show: "Mostrar",
    previous: "Mês anterior",
    next: "Mês seguinte",
    thisMonth: "Este mês",
    bySeller: "Por vendedor",
    byKind: "Por tipo",
    seller: "Vendedor",
    kind: "Tipo",
    count: "Vendas",
    total: "Total",
    margin: "Margem",
    all: "Total do mês",
    drafts_one: "{{count}} rascunho no mês (fora dos totais)",
    drafts_other: "{{count}} rascunhos no mês (fora dos totais)",
    cancelled_one: "{{count}} venda cancelada no mês",
    cancelled_other: "{{count}} vendas canceladas no mês",
    empty: "Nenhuma venda confirmada neste mês.",
    emptyHint: "Escolha outro mês ou registre uma venda.",
    own: "Você vê apenas as suas vendas.",
    report: "Serviços do dia",
    newEmissivo: "Nova venda emissiva",
    newExcursion: "Nova venda de excursão",
    openList: "Ver vendas de {{name}} ({{kind}})",
  },
};

export default overviewPt;
export type SalesOverviewTranslation = typeof overviewPt;

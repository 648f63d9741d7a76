// Financeiro → Faturamento → Comissões (issue #20). Spread into ../pt.ts; en and es must have exactly these keys.
const commissionsPt = {
  commissions: {
    title: "Comissões",
    subtitle: "As comissões dos agentes por venda confirmada: liberadas conforme o cliente paga e pagas em uma conta a pagar por agente.",
    payableDescription: "Comissões de {{agent}} ({{count}} lançamentos)",
    payableNotes: "Vendas: {{sales}}",
    filters: { status: "Situação", agent: "Agente", from: "De", to: "Até", all: "Todos", apply: "Filtrar" },
    statuses: { pending: "Pendente", released: "Liberada", paid: "Paga", cancelled: "Cancelada" },
    kinds: { sale: "Venda", adjustment: "Ajuste" },
    rules: { sale_percent: "da venda", margin_percent: "da margem" },
    columns: { sale: "Venda", date: "Data da venda", agent: "Agente", rule: "Regra", base: "Base", amount: "Comissão", released: "Liberado", status: "Situação", payable: "Conta a pagar" },
    totals: { title: "Totais por situação", lines: "{{count}} lançamentos" },
    select: "Selecionar a comissão da venda {{number}}",
    pay: { action: "Pagar selecionadas", done: "{{count}} contas a pagar criadas.", open: "Ver contas a pagar" },
    errors: {
      noneSelected: "Selecione ao menos uma comissão liberada.",
      notReleased: "Só comissões liberadas podem ser pagas.",
      notPositive: "O total a pagar a um agente precisa ser maior que zero.",
      rate: "Não há cotação da moeda das comissões para hoje (nem nos 7 dias anteriores): cadastre-a em Câmbio.",
      category: "A conta \"Comissões pagas a agentes\" não existe no plano de contas.",
      stale: "As comissões mudaram enquanto você selecionava. Confira e tente de novo.",
      notFound: "Comissão não encontrada.",
    },
    policy: {
      title: "Liberação das comissões",
      label: "Liberar a comissão",
      save: "Salvar",
      saved: "Política de liberação salva.",
      values: { confirmation: "Na confirmação da venda", full_payment: "Quando o cliente pagar tudo", proportional: "Proporcional ao que o cliente pagou" },
    },
    report: {
      title: "Relatório de comissões",
      period: "Período: {{from}} a {{to}}",
      csv: "Relatório CSV",
      pdf: "Relatório PDF",
      columns: { agent: "Agente", currency: "Moeda", lines: "Lançamentos", total: "Total", pending: "Pendente", released: "Liberado", paid: "Pago" },
      empty: "Nenhuma comissão no período.",
      issued: "Emitido em {{date}}",
      page: "Página {{page}} de {{pages}}",
      badPeriod: "Informe um período válido (no máximo um ano).",
    },
    empty: { title: "Nenhuma comissão", text: "As comissões aparecem quando uma venda é confirmada para um agente com comissão." },
    count_one: "{{formatted}} comissão",
    count_other: "{{formatted}} comissões",
  },
};

export default commissionsPt;
export type CommissionsTranslation = typeof commissionsPt;

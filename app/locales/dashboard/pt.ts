// Dashboard figures (dashboardFigures.*): the agency's numbers, the charts and their
// tables, the first steps of a new agency. Spread into ../pt.ts; en and es must have
// exactly these keys.
const dashboardPt = {
  dashboardFigures: {
    live: "Atualizado ao vivo",
    sales: {
      title: "Vendas do mês",
      count_one: "{{formatted}} venda confirmada",
      count_other: "{{formatted}} vendas confirmadas",
      margin: "Margem {{value}}",
      previous: "Mês anterior ({{month}}): {{value}} em {{count}}",
      unconverted: "Sem cotação, fora do total: {{list}}",
    },
    commissions: { title: "Comissões do mês", lines_one: "{{formatted}} lançamento", lines_other: "{{formatted}} lançamentos" },
    receivables: { title: "Contas a receber", overdue: "Vencidas", today: "Vencem hoje" },
    payables: { title: "A pagar nesta semana", range: "{{from}} a {{to}}" },
    titlesCount_one: "{{formatted}} título",
    titlesCount_other: "{{formatted}} títulos",
    cash: { title: "Posição de caixa", total: "Total em reais", empty: "Nenhuma conta cadastrada." },
    departures: {
      title: "Próximas saídas (7 dias)",
      empty: "Nenhuma saída nos próximos 7 dias.",
      occupancy: "{{occupied}} de {{capacity}} lugares ({{confirmed}} confirmados)",
      ready: "Checklist em ordem",
      notReady: "Pendências: {{items}}",
      final: "Manifesto final",
      all: "Ver as excursões do período",
    },
    tasks: { title: "Minhas tarefas", todo: "A fazer até hoje", doing: "Em andamento até hoje", overdue_one: "{{count}} atrasada", overdue_other: "{{count}} atrasadas" },
    pipeline: { title: "Funil por etapa", deals_one: "{{formatted}} negócio", deals_other: "{{formatted}} negócios", empty: "Nenhuma etapa aberta." },
    contracts: { title: "Contratos aguardando assinatura" },
    charts: {
      salesTitle: "Vendas por mês (12 meses)",
      titlesTitle: "A receber e a pagar por semana (8 semanas)",
      showTable: "Ver como tabela",
      showChart: "Ver como gráfico",
      month: "Mês",
      week: "Semana de",
      value: "Valor",
      margin: "Margem",
      count: "Vendas",
      receivable: "A receber",
      payable: "A pagar",
    },
    setup: {
      title: "Primeiros passos",
      body: "Sua agência ainda não tem dados. Comece por aqui e os números aparecem neste painel.",
      clients: "Cadastrar clientes",
      clientsHint: "Quem compra de você: os clientes entram nas vendas, contratos e cobranças.",
      excursions: "Criar uma excursão",
      excursionsHint: "Datas, lugares e preços: a excursão fica pronta para vender.",
      asaas: "Conectar o Asaas",
      asaasHint: "Cobranças por Pix e boleto, com a baixa automática dos recebimentos.",
      done: "Feito",
    },
  },
};

export default dashboardPt;
export type DashboardTranslation = typeof dashboardPt;

import type { DashboardTranslation } from "~/locales/dashboard/pt";

const dashboardEn = {
  dashboardFigures: {
    live: "Updated live",
    sales: {
      title: "Sales this month",
      count_one: "{{formatted}} confirmed sale",
      count_other: "{{formatted}} confirmed sales",
      margin: "Margin {{value}}",
      previous: "Last month ({{month}}): {{value}} in {{count}}",
      unconverted: "No rate, left out of the total: {{list}}",
    },
    commissions: { title: "Commissions this month", lines_one: "{{formatted}} line", lines_other: "{{formatted}} lines" },
    receivables: { title: "Receivables", overdue: "Overdue", today: "Due today" },
    payables: { title: "Payables due this week", range: "{{from}} to {{to}}" },
    titlesCount_one: "{{formatted}} title",
    titlesCount_other: "{{formatted}} titles",
    cash: { title: "Cash position", total: "Total in reais", empty: "No account registered." },
    departures: {
      title: "Next departures (7 days)",
      empty: "No departures in the next 7 days.",
      occupancy: "{{occupied}} of {{capacity}} seats ({{confirmed}} confirmed)",
      ready: "Checklist in order",
      notReady: "Pending: {{items}}",
      final: "Final manifest",
      all: "See the period's excursions",
    },
    tasks: { title: "My tasks", todo: "To do by today", doing: "In progress by today", overdue_one: "{{count}} overdue", overdue_other: "{{count}} overdue" },
    pipeline: { title: "Pipeline by stage", deals_one: "{{formatted}} deal", deals_other: "{{formatted}} deals", empty: "No open stage." },
    contracts: { title: "Contracts waiting for signature" },
    charts: {
      salesTitle: "Sales by month (12 months)",
      titlesTitle: "Receivables and payables by week (8 weeks)",
      showTable: "Show as table",
      showChart: "Show as chart",
      month: "Month",
      week: "Week of",
      value: "Value",
      margin: "Margin",
      count: "Sales",
      receivable: "Receivable",
      payable: "Payable",
    },
    setup: {
      title: "First steps",
      body: "Your agency has no data yet. Start here and the figures will show on this dashboard.",
      clients: "Add clients",
      clientsHint: "Who buys from you: clients go into sales, contracts and charges.",
      excursions: "Create an excursion",
      excursionsHint: "Dates, seats and prices: the excursion is ready to sell.",
      asaas: "Connect Asaas",
      asaasHint: "Pix and boleto charges, with payments settled automatically.",
      done: "Done",
    },
  },
} satisfies DashboardTranslation;

export default dashboardEn;

// The daily service report (sales.report.*): /vendas/emissivo/relatorios. Spread into ../pt.ts.
const reportPt = {
  report: {
    title: "Serviços do dia",
    subtitle: "Saídas e retornos de excursões, check-ins, voos, serviços e ordens do receptivo do dia.",
    date: "Data",
    show: "Mostrar",
    previous: "Dia anterior",
    next: "Dia seguinte",
    today: "Hoje",
    pdf: "PDF",
    csv: "CSV",
    empty: "Nenhum serviço neste dia.",
    emptyHint: "Escolha outra data ou use as setas para ver os dias vizinhos.",
    count_one: "{{count}} serviço",
    count_other: "{{count}} serviços",
    passengers_one: "{{count}} passageiro",
    passengers_other: "{{count}} passageiros",
    noBoarding: "Sem ponto de embarque",
    sale: "Venda nº {{number}}",
    locator: "Localizador {{locator}}",
    supplier: "Fornecedor: {{name}}",
    unassigned: "Sem motorista",
    pdfTitle: "Serviços de {{date}}",
    issued: "Emitido em {{date}}",
    page: "Página {{page}} de {{pages}}",
    sections: {
      departures: "Saídas de excursões",
      returns: "Retornos de excursões",
      checkins: "Check-ins",
      flights: "Voos",
      services: "Serviços",
      checkouts: "Check-outs",
      receptive: "Receptivo",
    },
    columns: {
      time: "Hora",
      service: "Serviço",
      details: "Detalhes e passageiros",
      reference: "Venda / localizador",
    },
  },
};

export default reportPt;
export type SalesReportTranslation = typeof reportPt;

import type { SalesReportTranslation } from "~/locales/sales/report/pt";

const reportEn = {
  report: {
    title: "Services of the day",
    subtitle: "Excursion departures and returns, check-ins, flights, services and receptive orders of the day.",
    date: "Date",
    show: "Show",
    previous: "Previous day",
    next: "Next day",
    today: "Today",
    pdf: "PDF",
    csv: "CSV",
    empty: "No services on this day.",
    emptyHint: "Pick another date or use the arrows to see the days around it.",
    count_one: "{{count}} service",
    count_other: "{{count}} services",
    passengers_one: "{{count}} passenger",
    passengers_other: "{{count}} passengers",
    noBoarding: "No boarding point",
    sale: "Sale no. {{number}}",
    locator: "Locator {{locator}}",
    supplier: "Supplier: {{name}}",
    unassigned: "No driver",
    pdfTitle: "Services of {{date}}",
    issued: "Issued on {{date}}",
    page: "Page {{page}} of {{pages}}",
    sections: {
      departures: "Excursion departures",
      returns: "Excursion returns",
      checkins: "Check-ins",
      flights: "Flights",
      services: "Services",
      checkouts: "Check-outs",
      receptive: "Receptive",
    },
    columns: {
      time: "Time",
      service: "Service",
      details: "Details and passengers",
      reference: "Sale / locator",
    },
  },
} satisfies SalesReportTranslation;

export default reportEn;

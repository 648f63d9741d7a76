import type { SalesReportTranslation } from "~/locales/sales/report/pt";

const reportEs = {
  report: {
    title: "Servicios del día",
    subtitle: "Salidas y regresos de excursiones, check-ins, vuelos, servicios y órdenes del receptivo del día.",
    date: "Fecha",
    show: "Mostrar",
    previous: "Día anterior",
    next: "Día siguiente",
    today: "Hoy",
    pdf: "PDF",
    csv: "CSV",
    empty: "Ningún servicio en este día.",
    emptyHint: "Elija otra fecha o use las flechas para ver los días cercanos.",
    count_one: "{{count}} servicio",
    count_other: "{{count}} servicios",
    passengers_one: "{{count}} pasajero",
    passengers_other: "{{count}} pasajeros",
    noBoarding: "Sin punto de embarque",
    sale: "Venta n.º {{number}}",
    locator: "Localizador {{locator}}",
    supplier: "Proveedor: {{name}}",
    unassigned: "Sin conductor",
    pdfTitle: "Servicios del {{date}}",
    issued: "Emitido el {{date}}",
    page: "Página {{page}} de {{pages}}",
    sections: {
      departures: "Salidas de excursiones",
      returns: "Regresos de excursiones",
      checkins: "Check-ins",
      flights: "Vuelos",
      services: "Servicios",
      checkouts: "Check-outs",
      receptive: "Receptivo",
    },
    columns: {
      time: "Hora",
      service: "Servicio",
      details: "Detalles y pasajeros",
      reference: "Venta / localizador",
    },
  },
} satisfies SalesReportTranslation;

export default reportEs;

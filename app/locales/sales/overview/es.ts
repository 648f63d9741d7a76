import type { SalesOverviewTranslation } from "~/locales/sales/overview/pt";

const overviewEs = {
  overview: {
    title: "Ventas",
    subtitle: "Las ventas confirmadas del mes, por vendedor y por tipo.",
    month: "Mes",
    show: "Mostrar",
    previous: "Mes anterior",
    next: "Mes siguiente",
    thisMonth: "Este mes",
    bySeller: "Por vendedor",
    byKind: "Por tipo",
    seller: "Vendedor",
    kind: "Tipo",
    count: "Ventas",
    total: "Total",
    margin: "Margen",
    all: "Total del mes",
    drafts_one: "{{count}} borrador en el mes (fuera de los totales)",
    drafts_other: "{{count}} borradores en el mes (fuera de los totales)",
    cancelled_one: "{{count}} venta cancelada en el mes",
    cancelled_other: "{{count}} ventas canceladas en el mes",
    empty: "Ninguna venta confirmada en este mes.",
    emptyHint: "Elija otro mes o registre una venta.",
    own: "Usted ve solo sus propias ventas.",
    report: "Servicios del día",
    newEmissivo: "Nueva venta emisiva",
    newExcursion: "Nueva venta de excursión",
    openList: "Ver ventas de {{name}} ({{kind}})",
  },
} satisfies SalesOverviewTranslation;

export default overviewEs;

import type { DashboardTranslation } from "~/locales/dashboard/pt";

const dashboardEs = {
  dashboardFigures: {
    live: "Actualizado en vivo",
    sales: {
      title: "Ventas del mes",
      count_one: "{{formatted}} venta confirmada",
      count_other: "{{formatted}} ventas confirmadas",
      margin: "Margen {{value}}",
      previous: "Mes anterior ({{month}}): {{value}} en {{count}}",
      unconverted: "Sin cotización, fuera del total: {{list}}",
    },
    commissions: { title: "Comisiones del mes", lines_one: "{{formatted}} registro", lines_other: "{{formatted}} registros" },
    receivables: { title: "Cuentas por cobrar", overdue: "Vencidas", today: "Vencen hoy" },
    payables: { title: "Por pagar esta semana", range: "{{from}} a {{to}}" },
    titlesCount_one: "{{formatted}} título",
    titlesCount_other: "{{formatted}} títulos",
    cash: { title: "Posición de caja", total: "Total en reales", empty: "Ninguna cuenta registrada." },
    departures: {
      title: "Próximas salidas (7 días)",
      empty: "Ninguna salida en los próximos 7 días.",
      occupancy: "{{occupied}} de {{capacity}} plazas ({{confirmed}} confirmadas)",
      ready: "Checklist en orden",
      notReady: "Pendientes: {{items}}",
      final: "Manifiesto final",
      all: "Ver las excursiones del período",
    },
    tasks: { title: "Mis tareas", todo: "Por hacer hasta hoy", doing: "En curso hasta hoy", overdue_one: "{{count}} atrasada", overdue_other: "{{count}} atrasadas" },
    pipeline: { title: "Embudo por etapa", deals_one: "{{formatted}} negocio", deals_other: "{{formatted}} negocios", empty: "Ninguna etapa abierta." },
    contracts: { title: "Contratos esperando firma" },
    charts: {
      salesTitle: "Ventas por mes (12 meses)",
      titlesTitle: "Por cobrar y por pagar por semana (8 semanas)",
      showTable: "Ver como tabla",
      showChart: "Ver como gráfico",
      month: "Mes",
      week: "Semana del",
      value: "Valor",
      margin: "Margen",
      count: "Ventas",
      receivable: "Por cobrar",
      payable: "Por pagar",
    },
    setup: {
      title: "Primeros pasos",
      body: "Su agencia aún no tiene datos. Empiece por aquí y las cifras aparecerán en este panel.",
      clients: "Registrar clientes",
      clientsHint: "Quién le compra: los clientes entran en las ventas, contratos y cobros.",
      excursions: "Crear una excursión",
      excursionsHint: "Fechas, plazas y precios: la excursión queda lista para vender.",
      asaas: "Conectar Asaas",
      asaasHint: "Cobros por Pix y boleto, con los pagos conciliados automáticamente.",
      done: "Hecho",
    },
  },
} satisfies DashboardTranslation;

export default dashboardEs;

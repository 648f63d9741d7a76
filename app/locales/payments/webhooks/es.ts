import type { PaymentWebhooksTranslation } from "~/locales/payments/webhooks/pt";

const paymentWebhooksEs = {
  paymentWebhooks: {
    title: "Historial de webhooks",
    subtitle: "Los eventos que Asaas envió a esta agencia y lo que hizo cada uno.",
    count_one: "{{formatted}} evento",
    count_other: "{{formatted}} eventos",
    emptyTitle: "Ningún evento aquí",
    emptyText: "Los eventos aparecen cuando Asaas avisa sobre un cobro. Cambie los filtros para ver otros.",
    filters: { status: "Estado", type: "Tipo de evento", all: "Todos" },
    statuses: { received: "Recibido", processed: "Procesado", ignored: "Ignorado", failed: "Falló" },
    columns: {
      type: "Evento",
      charge: "Cobro",
      receivable: "Cuenta por cobrar",
      status: "Estado",
      attempts: "Intentos",
      receivedAt: "Recibido el",
      processedAt: "Procesado el",
    },
    select: "Seleccionar el evento {{type}} del {{date}}",
    selectAll: "Seleccionar todos los eventos de la página",
    open: "Ver el evento",
    detail: {
      title: "Evento {{type}}",
      eventId: "Id del evento en Asaas",
      payload: "Contenido recibido",
      lastError: "Último error",
      lastAttemptAt: "Último intento",
      back: "Volver al historial",
    },
    replay: {
      one: "Reprocesar",
      selected: "Reprocesar seleccionados",
      failed: "Reprocesar los que fallaron",
      done_one: "{{count}} evento reprocesado.",
      done_other: "{{count}} eventos reprocesados.",
      failedSome: "{{count}} siguieron fallando; vea el error en el evento.",
      noneSelected: "Seleccione al menos un evento.",
    },
    banner: {
      title: "{{count}} eventos seguidos fallaron",
      text: "Asaas pausa la cola de webhooks de la cuenta tras 15 respuestas con error seguidas y deja de avisar los pagos. Corrija la causa (vea el último error en los eventos que fallaron), reprocéselos aquí y, si la cola se pausó, reactívela en Asaas en Integraciones → Webhooks (\"Reactivar cola\").",
    },
    notify: {
      receivedTitle: "Pago recibido",
      receivedMessage: "{{description}}: {{amount}} recibido por Asaas.",
      failingTitle: "Webhooks de Asaas fallando",
      failingMessage: "{{count}} eventos seguidos fallaron. Revise el historial de webhooks antes de que Asaas pause la cola.",
    },
    errors: {
      settlementAccount: "La integración con Asaas no tiene cuenta bancaria para las liquidaciones.",
    },
  },
} satisfies PaymentWebhooksTranslation;

export default paymentWebhooksEs;

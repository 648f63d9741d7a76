// Sistema → Integrações → Histórico de webhooks (paymentWebhooks.*): the event history,
// replay, the failure banner, and the notifications the webhooks send (payment received,
// failures piling up). Spread into ../../pt.ts; en and es must have exactly these keys.
const paymentWebhooksPt = {
  paymentWebhooks: {
    title: "Histórico de webhooks",
    subtitle: "Os eventos que o Asaas enviou para esta agência e o que cada um fez.",
    count_one: "{{formatted}} evento",
    count_other: "{{formatted}} eventos",
    emptyTitle: "Nenhum evento aqui",
    emptyText: "Os eventos aparecem quando o Asaas avisa sobre uma cobrança. Mude os filtros para ver outros.",
    filters: { status: "Situação", type: "Tipo de evento", all: "Todos" },
    statuses: { received: "Recebido", processed: "Processado", ignored: "Ignorado", failed: "Falhou" },
    columns: {
      type: "Evento",
      charge: "Cobrança",
      receivable: "Conta a receber",
      status: "Situação",
      attempts: "Tentativas",
      receivedAt: "Recebido em",
      processedAt: "Processado em",
    },
    select: "Selecionar o evento {{type}} de {{date}}",
    selectAll: "Selecionar todos os eventos da página",
    open: "Ver o evento",
    detail: {
      title: "Evento {{type}}",
      eventId: "Id do evento no Asaas",
      payload: "Conteúdo recebido",
      lastError: "Último erro",
      lastAttemptAt: "Última tentativa",
      back: "Voltar ao histórico",
    },
    replay: {
      one: "Reprocessar",
      selected: "Reprocessar selecionados",
      failed: "Reprocessar os que falharam",
      done_one: "{{count}} evento reprocessado.",
      done_other: "{{count}} eventos reprocessados.",
      failedSome: "{{count}} continuaram com falha; veja o erro no evento.",
      noneSelected: "Selecione ao menos um evento.",
    },
    banner: {
      title: "{{count}} eventos seguidos falharam",
      text: "O Asaas pausa a fila de webhooks da conta depois de 15 respostas com erro seguidas e deixa de avisar os pagamentos. Corrija a causa (veja o último erro nos eventos que falharam), reprocesse-os aqui e, se a fila foi pausada, reative-a no Asaas em Integrações → Webhooks (\"Reativar fila\").",
    },
    notify: {
      receivedTitle: "Pagamento recebido",
      receivedMessage: "{{description}}: {{amount}} recebido pelo Asaas.",
      failingTitle: "Webhooks do Asaas falhando",
      failingMessage: "{{count}} eventos seguidos falharam. Veja o histórico de webhooks antes que o Asaas pause a fila.",
    },
    errors: {
      settlementAccount: "A integração com o Asaas não tem conta bancária para as baixas.",
    },
  },
};

export default paymentWebhooksPt;
export type PaymentWebhooksTranslation = typeof paymentWebhooksPt;

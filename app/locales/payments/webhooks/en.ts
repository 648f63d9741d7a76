import type { PaymentWebhooksTranslation } from "~/locales/payments/webhooks/pt";

const paymentWebhooksEn = {
  paymentWebhooks: {
    title: "Webhook history",
    subtitle: "The events Asaas sent to this agency and what each one did.",
    count_one: "{{formatted}} event",
    count_other: "{{formatted}} events",
    emptyTitle: "No events here",
    emptyText: "Events show up when Asaas reports on a charge. Change the filters to see others.",
    filters: { status: "Status", type: "Event type", all: "All" },
    statuses: { received: "Received", processed: "Processed", ignored: "Ignored", failed: "Failed" },
    columns: {
      type: "Event",
      charge: "Charge",
      receivable: "Receivable",
      status: "Status",
      attempts: "Attempts",
      receivedAt: "Received at",
      processedAt: "Processed at",
    },
    select: "Select the {{type}} event of {{date}}",
    selectAll: "Select every event on the page",
    open: "View the event",
    detail: {
      title: "Event {{type}}",
      eventId: "Asaas event id",
      payload: "Content received",
      lastError: "Last error",
      lastAttemptAt: "Last attempt",
      back: "Back to the history",
    },
    replay: {
      one: "Reprocess",
      selected: "Reprocess selected",
      failed: "Reprocess the failed ones",
      done_one: "{{count}} event reprocessed.",
      done_other: "{{count}} events reprocessed.",
      failedSome: "{{count}} still failed; see the error on the event.",
      noneSelected: "Select at least one event.",
    },
    banner: {
      title: "{{count}} events in a row failed",
      text: "Asaas pauses the account's webhook queue after 15 error answers in a row and stops reporting payments. Fix the cause (see the last error on the failed events), reprocess them here and, if the queue was paused, resume it in Asaas under Integrations → Webhooks (\"Resume queue\").",
    },
    notify: {
      receivedTitle: "Payment received",
      receivedMessage: "{{description}}: {{amount}} received through Asaas.",
      failingTitle: "Asaas webhooks failing",
      failingMessage: "{{count}} events in a row failed. Check the webhook history before Asaas pauses the queue.",
    },
    errors: {
      settlementAccount: "The Asaas integration has no bank account for settlements.",
    },
  },
} satisfies PaymentWebhooksTranslation;

export default paymentWebhooksEn;

/**
 * The webhook history's URL state (pure, shared by the loader and the screen): newest
 * first, filtered by status and event type, keyset-paged (Sistema → Integrações →
 * Histórico de webhooks, issue #19).
 */
import type { ListSpec } from "~/lib/kit/list";
import type { WebhookStatus } from "~/db/schema/platform";

/** webhook_event.status (the schema's WEBHOOK_STATUSES; client-safe copy, checked by the type below). */
export const EVENT_STATUSES = ["received", "processed", "ignored", "failed"] as const satisfies readonly WebhookStatus[];

export const EVENT_TYPE = /^[A-Z0-9_]{1,80}$/;

export const WEBHOOK_LIST = {
  sorts: ["received"],
  defaultSort: "received",
  defaultDir: "desc",
  filters: { status: EVENT_STATUSES, type: (v: string) => EVENT_TYPE.test(v) },
} as const satisfies ListSpec<"received", "status" | "type">;

export type WebhookRow = {
  id: string;
  eventId: string;
  eventType: string;
  status: WebhookStatus;
  attempts: number;
  receivedAt: string;
  processedAt: string | null;
  lastError: string | null;
  externalRef: string | null;
  chargeId: string | null;
  titleId: string | null;
  /** The receivable's description (this agency's title only). */
  titleDescription: string | null;
};

/** Where a receivable is edited (its charge shows there). */
export const RECEIVABLE_PATH = "/financeiro/contas-a-receber/editar";
export const WEBHOOK_HISTORY_PATH = "/sistema/integracoes/webhooks";
/** Consecutive failures after which the agency's Admins are alerted and the banner shows. */
export const FAILURE_ALERT_THRESHOLD = 5;
/** Asaas interrupts an account's webhook queue after this many non-200 answers in a row. */
export const ASAAS_PAUSE_AFTER = 15;

/** Replays at most this many events per click (the page's size). */
export const REPLAY_LIMIT = 50;

/**
 * The outbox lists (pure, shared by loaders and components): the agency's
 * outbox in Parametrização → E-mail and the development mailbox, newest first,
 * filtered by status.
 */
import type { ListSpec } from "~/lib/kit/list";

export const MAIL_STATUSES = ["queued", "sent", "failed", "local"] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];

export const OUTBOX_LIST = {
  sorts: ["created"],
  defaultSort: "created",
  defaultDir: "desc",
  filters: { status: MAIL_STATUSES },
} as const satisfies ListSpec<"created", "status">;

/** Statuses a retry may start from. */
export const RETRYABLE: readonly MailStatus[] = ["failed", "queued", "local"];

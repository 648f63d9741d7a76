/**
 * Every mail the product sends takes one path (DOMAIN.md):
 *
 * 1. it is written to the outbox (`email_outbox`, status `queued`), in the
 *    recipient's language, under the agency it is sent for — in the same batch
 *    as the change that causes it when there is one (an invitation);
 * 2. it is delivered with that agency's settings (email.server.ts `deliverMail`):
 *    the local default keeps it in the outbox as `local` (read it in
 *    /dev/mailbox while developing); SMTP sends it with the agency's sender name
 *    and reply-to and records `sent`, or `failed` with the error and the attempt.
 *    A mail of no agency (a SuperAdmin's password reset) uses the local default.
 *
 * Delivery runs after the response through the Worker's `ctx.waitUntil` when
 * there is one, or inline otherwise; it never throws into the request that
 * produced the mail. A failed mail stays in the outbox, retryable from
 * Parametrização → E-mail.
 */
import { v7 as uuidv7 } from "uuid";
import { emailOutbox, type MailAttachment } from "~/db/schema";
import type { Db } from "~/lib/platform/db.server";
import { deliverMail, markFailed } from "~/lib/settings/outbox.server";
import type { Language } from "~/locales";

export type OutgoingMail = {
  agencyId: string | null;
  kind: string;
  to: string;
  locale: Language;
  subject: string;
  text: string;
  html?: string;
  /** Files stored in R2 under the mail's agency, attached when it is delivered. */
  attachments?: MailAttachment[];
};

/**
 * What delivering needs: the database, the key that opens SMTP passwords, and where to run after the response.
 * A request's mailer comes from `getMailer(context)` in app/middleware/cloudflare.ts.
 */
export type Mailer = {
  db: Db;
  encryptionKey: string;
  /** The bucket the attachments are read from (the FILES binding). */
  files?: R2Bucket;
  /** The Worker's ExecutionContext.waitUntil; without it delivery runs inline. */
  waitUntil?: (promise: Promise<unknown>) => void;
};

export type QueuedMail = { id: string; agencyId: string | null };

/**
 * The outbox row of a mail, as a statement to run (alone or in a batch), and
 * the reference `dispatchMail` delivers once it is written.
 */
export function outboxInsert(db: Db, mail: OutgoingMail): { statement: ReturnType<typeof insertRow>; mail: QueuedMail } {
  const id = uuidv7();
  return { statement: insertRow(db, id, mail), mail: { id, agencyId: mail.agencyId } };
}

function insertRow(db: Db, id: string, mail: OutgoingMail) {
  return db.insert(emailOutbox).values({
    id,
    agencyId: mail.agencyId,
    kind: mail.kind,
    toAddress: mail.to,
    locale: mail.locale,
    subject: mail.subject,
    text: mail.text,
    html: mail.html ?? null,
    attachments: mail.attachments?.length ? mail.attachments : null,
    status: "queued",
  });
}

/** Writes a mail to the outbox (status `queued`) and returns its id; nothing is delivered yet. */
export async function queueMail(db: Db, mail: OutgoingMail): Promise<string> {
  const { statement, mail: queued } = outboxInsert(db, mail);
  await statement;
  return queued.id;
}

/** One delivery attempt that never throws: an unexpected error is recorded on the row as `failed`. */
async function deliverQuietly(mailer: Mailer, mail: QueuedMail): Promise<void> {
  try {
    await deliverMail(mailer.db, { agencyId: mail.agencyId, encryptionKey: mailer.encryptionKey, files: mailer.files }, mail.id);
  } catch (error) {
    try {
      await markFailed(mailer.db, mail.agencyId, mail.id, error);
    } catch {
      // The row stays `queued`, and retryable, in the outbox.
    }
  }
}

/** Delivers written outbox mails with their agency's settings: after the response when possible, else now. */
export async function dispatchMail(mailer: Mailer, mail: QueuedMail): Promise<void> {
  const delivery = deliverQuietly(mailer, mail);
  if (mailer.waitUntil) mailer.waitUntil(delivery);
  else await delivery;
}

/** The one path for a mail on its own: outbox, then delivery. Returns the outbox id. */
export async function sendMail(mailer: Mailer, mail: OutgoingMail): Promise<string> {
  const id = await queueMail(mailer.db, mail);
  await dispatchMail(mailer, { id, agencyId: mail.agencyId });
  return id;
}

/**
 * The outbox (Parametrização → E-mail): delivering one mail with its agency's
 * settings, retrying, and listing it a keyset page at a time.
 *
 * Every mail is an outbox row first (platform/mail.server.ts writes it and
 * hands it here, after the response). Delivery reads the transport of the
 * mail's agency: "local" (and a mail of no agency) delivers nowhere (status
 * `local`, visible in /dev/mailbox while developing); "smtp" hands the mail to
 * the agency's server through the Workers TCP socket API (`cloudflare:sockets`,
 * via worker-mailer) and records `sent`, or `failed` with the server's error,
 * counting attempts. Every statement names the mail's agency (or `is null` for
 * the mails of no agency), so the tenant guard lets it through.
 *
 * Takes plain arguments (db, agency id, key) so the platform mailer can call it.
 */
import { bytesToBase64 } from "~/lib/platform/base64";
import { and, eq, isNull, sql } from "drizzle-orm";
import { agency, emailOutbox, type MailAttachment } from "~/db/schema";
import { runList, type ListSource } from "~/lib/kit/list.server";
import type { ListQuery } from "~/lib/kit/list";
import { decryptSecret } from "~/lib/platform/crypto.server";
import { crossTenant, type Db } from "~/lib/platform/db.server";
import { fail, ok, type Result } from "~/lib/platform/result";
import { senderDisplayName, type SmtpSecurity, type Transport } from "~/lib/settings/email-settings";
import { secretCtx, settingsRow, type AgencyDb, type EmailSettingsRow } from "~/lib/settings/email-settings.server";
import { RETRYABLE, type MailStatus } from "~/lib/settings/outbox";
import { enforceStartTls } from "~/lib/settings/smtp-starttls";

const ERROR_MAX = 500;

export type OutgoingMessage = {
  from: { name: string; email: string };
  replyTo: string | null;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  /** Base64 content. */
  attachments?: { filename: string; content: string; mimeType: string }[];
};

/** Delivery, behind one interface: a transport takes a message or throws with the reason. */
export interface MailTransport {
  readonly kind: Transport;
  send(message: OutgoingMessage): Promise<void>;
}

/** SMTP through the Workers TCP socket API (cloudflare:sockets), with worker-mailer. */
export function smtpTransport(options: { host: string; port: number; security: SmtpSecurity; user: string | null; password: string | null }): MailTransport {
  return {
    kind: "smtp",
    async send(message) {
      // Loaded only when a mail goes out by SMTP (it opens sockets through cloudflare:sockets).
      const { WorkerMailer, LogLevel } = await import("worker-mailer");
      // worker-mailer alone would carry on in plain text when a "starttls" server does not
      // offer STARTTLS; with the rule added by enforceStartTls such a session is refused
      // before the credentials or the mail are written (smtp-starttls.ts).
      if (options.security === "starttls" && !enforceStartTls(WorkerMailer)) {
        throw new Error("STARTTLS cannot be enforced with this version of worker-mailer; choose TLS or update the app");
      }
      await WorkerMailer.send(
        {
          host: options.host,
          port: options.port,
          secure: options.security === "tls",
          startTls: options.security === "starttls",
          ...(options.user ? { credentials: { username: options.user, password: options.password ?? "" }, authType: ["plain", "login"] as ("plain" | "login")[] } : {}),
          logLevel: LogLevel.NONE,
          socketTimeoutMs: 15_000,
          responseTimeoutMs: 15_000,
        },
        {
          from: message.from,
          to: message.to,
          ...(message.replyTo ? { reply: message.replyTo } : {}),
          subject: message.subject,
          text: message.text,
          ...(message.html ? { html: message.html } : {}),
          ...(message.attachments?.length ? { attachments: message.attachments } : {}),
        },
      );
    },
  };
}

export type DeliveryResult = { status: "local" } | { status: "sent" } | { status: "failed"; error: string };

/** Builds the transport for an agency's SMTP settings (tests may pass their own). */
export type TransportFactory = (settings: EmailSettingsRow, password: string | null) => MailTransport;

export const errorText = (error: unknown) => {
  const text = error instanceof Error ? error.message : String(error);
  return text.replace(/\s+/g, " ").trim().slice(0, ERROR_MAX) || "error";
};

async function agencyName(db: Db, agencyId: string): Promise<string | null> {
  const [row] = await db.select({ name: agency.name }).from(agency).where(eq(agency.id, agencyId));
  return row?.name ?? null;
}

/** The outbox row `mailId` of this agency (null: the mails of no agency). */
const mailOf = (agencyId: string | null, mailId: string) =>
  and(eq(emailOutbox.id, mailId), agencyId === null ? isNull(emailOutbox.agencyId) : eq(emailOutbox.agencyId, agencyId));

/**
 * Delivers one outbox mail with the settings of the mail's own agency (never
 * another's). `agencyId` scopes the lookup: a mail of another agency is
 * `not_found`; null stands for the mails of no agency (a SuperAdmin's password
 * reset), which always use the local default. Local transport: the mail is
 * marked `local` (delivered nowhere). SMTP: one attempt, recorded as `sent` or
 * `failed` with the error; the attempt is counted before the server is reached.
 */
export async function deliverMail(
  db: Db,
  ctx: { agencyId: string | null; agencyName?: string | null; encryptionKey: string; files?: R2Bucket; transport?: TransportFactory },
  mailId: string,
): Promise<Result<{ delivery: DeliveryResult }, "not_found">> {
  const where = mailOf(ctx.agencyId, mailId);
  const [mail] = await db.select().from(emailOutbox).where(where);
  if (!mail) return fail("not_found");
  const agencyId = mail.agencyId;
  const settings = agencyId ? await settingsRow({ db, agencyId }) : null;
  if (!agencyId || !settings || settings.transport === "local") {
    await db.update(emailOutbox).set({ status: "local", lastError: null }).where(where);
    return ok({ delivery: { status: "local" } as DeliveryResult });
  }
  await db
    .update(emailOutbox)
    .set({ status: "queued", attempts: sql`${emailOutbox.attempts} + 1` })
    .where(where);
  let delivery: DeliveryResult;
  try {
    if (!settings.smtpHost || !settings.smtpPort || !settings.senderEmail) throw new Error("SMTP settings incomplete");
    const password = settings.smtpPasswordEnc ? await decryptSecret(settings.smtpPasswordEnc, secretCtx(ctx.encryptionKey, agencyId)) : null;
    if (settings.smtpPasswordEnc && password === null) throw new Error("the saved SMTP password cannot be decrypted with the current key");
    const transport =
      ctx.transport?.(settings, password) ??
      smtpTransport({ host: settings.smtpHost, port: settings.smtpPort, security: settings.smtpSecurity, user: settings.smtpUser, password });
    const name = senderDisplayName(settings.senderName, settings.senderName ? null : (ctx.agencyName ?? (await agencyName(db, agencyId))));
    const attachments = await readAttachments(ctx.files, agencyId, mail.attachments ?? []);
    await transport.send({
      from: { name, email: settings.senderEmail },
      replyTo: settings.replyTo,
      to: mail.toAddress,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      attachments,
    });
    delivery = { status: "sent" };
  } catch (error) {
    delivery = { status: "failed", error: errorText(error) };
  }
  await db
    .update(emailOutbox)
    .set(
      delivery.status === "sent"
        ? { status: "sent", sentAt: new Date().toISOString(), lastError: null }
        : { status: "failed", lastError: delivery.status === "failed" ? delivery.error : null },
    )
    .where(where);
  return ok({ delivery });
}

/** The attachments' bytes from R2, base64; a missing one fails the delivery (it stays retryable). Keys outside the agency's are refused. */
async function readAttachments(files: R2Bucket | undefined, agencyId: string, list: readonly MailAttachment[]): Promise<NonNullable<OutgoingMessage["attachments"]>> {
  if (list.length === 0) return [];
  if (!files) throw new Error("attachments cannot be read: no file storage");
  return Promise.all(
    list.map(async (a) => {
      const object = a.key.startsWith(`agencies/${agencyId}/`) ? await files.get(a.key) : null;
      if (!object) throw new Error(`attachment missing: ${a.filename}`);
      return { filename: a.filename, content: bytesToBase64(new Uint8Array(await object.arrayBuffer())), mimeType: a.mimeType };
    }),
  );
}


/** Records an unexpected delivery error on the mail (`failed`), scoped like deliverMail. */
export async function markFailed(db: Db, agencyId: string | null, mailId: string, error: unknown): Promise<void> {
  await db.update(emailOutbox).set({ status: "failed", lastError: errorText(error) }).where(mailOf(agencyId, mailId));
}

/** Delivers an agency's mail again; only from a retryable status. */
export async function retryMail(
  scope: AgencyDb,
  ctx: { agencyName: string; encryptionKey: string; files?: R2Bucket },
  mailId: string,
): Promise<Result<{ delivery: DeliveryResult }, "not_found" | "not_retryable">> {
  const [row] = await scope.db.select({ status: emailOutbox.status }).from(emailOutbox).where(mailOf(scope.agencyId, mailId));
  if (!row) return fail("not_found");
  if (!RETRYABLE.includes(row.status)) return fail("not_retryable");
  return deliverMail(scope.db, { agencyId: scope.agencyId, ...ctx }, mailId);
}

export type OutboxRow = {
  id: string;
  sortValue: string;
  to: string;
  subject: string;
  kind: string;
  status: MailStatus;
  attempts: number;
  lastError: string | null;
  createdAt: string;
  sentAt: string | null;
};

type OutboxQuery = ListQuery<"created", "status">;

const outboxColumns = {
  id: emailOutbox.id,
  sortValue: emailOutbox.createdAt,
  to: emailOutbox.toAddress,
  subject: emailOutbox.subject,
  kind: emailOutbox.kind,
  status: emailOutbox.status,
  attempts: emailOutbox.attempts,
  lastError: emailOutbox.lastError,
  createdAt: emailOutbox.createdAt,
  sentAt: emailOutbox.sentAt,
};

/** The agency's outbox (default scope: agency_id), newest first; no search text, no soft delete, no counter. */
export const OUTBOX_SOURCE: ListSource<"created", "status"> = {
  table: emailOutbox,
  sortColumns: { created: emailOutbox.createdAt },
  filterWhere: (f) => (f.status ? [eq(emailOutbox.status, f.status as MailStatus)] : []),
};

/** One keyset page of the agency's outbox. */
export function listOutbox(scope: AgencyDb, query: OutboxQuery) {
  return runList(scope, OUTBOX_SOURCE, query, (where, order, limit) =>
    scope.db
      .select(outboxColumns)
      .from(emailOutbox)
      .where(where)
      .orderBy(...order)
      .limit(limit),
  );
}

/** Every agency's mails (and those of no agency): the development mailbox. */
const MAILBOX_SOURCE: ListSource<"created", "status"> = { ...OUTBOX_SOURCE, scope: () => [] };

/**
 * One keyset page of every mail, newest first, for /dev/mailbox (never in
 * production: the route answers 404 there).
 */
export function listMailbox(db: Db, query: OutboxQuery) {
  // Cross-agency on purpose: the development mailbox shows every mail written locally.
  const all = crossTenant(db);
  return runList({ db: all, agencyId: null }, MAILBOX_SOURCE, query, (where, order, limit) =>
    all
      .select({ ...outboxColumns, text: emailOutbox.text, attachments: emailOutbox.attachments })
      .from(emailOutbox)
      .where(where)
      .orderBy(...order)
      .limit(limit),
  );
}

/** One attachment of a mail, for /dev/mailbox (never in production): its name, type and bytes from R2. */
export async function mailboxAttachment(db: Db, files: R2Bucket, mailId: string, index: number): Promise<{ filename: string; mimeType: string; body: ReadableStream } | null> {
  // Cross-agency on purpose, like listMailbox.
  const [row] = await crossTenant(db).select({ attachments: emailOutbox.attachments }).from(emailOutbox).where(eq(emailOutbox.id, mailId)).limit(1);
  const attachment = row?.attachments?.[index];
  if (!attachment) return null;
  const object = await files.get(attachment.key);
  return object ? { filename: attachment.filename, mimeType: attachment.mimeType, body: object.body } : null;
}

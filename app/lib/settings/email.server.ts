/**
 * Per-agency e-mail settings and delivery of the outbox (Parametrização → E-mail).
 *
 * - The SMTP password is sealed with AES-GCM (crypto.server.ts) under
 *   DATA_ENCRYPTION_KEY, bound to the agency id, and never leaves the server:
 *   `publicSettings` says only whether one is saved.
 * - Every mail is an outbox row first (mail.server.ts writes it and hands it
 *   here, after the response). Delivery reads the transport of the mail's agency:
 *   "local" (and a mail of no agency) delivers nowhere (status `local`,
 *   visible in /dev/mailbox while developing); "smtp" hands the mail to the
 *   agency's server through the Workers TCP socket API (`cloudflare:sockets`,
 *   via worker-mailer) and records `sent`, or `failed` with the server's error,
 *   counting attempts.
 */
import { and, count, desc, eq, isNull, sql } from "drizzle-orm";
import { agency, emailOutbox, emailSettings } from "~/db/schema";
import { auditIfChanged, changedRows } from "~/lib/system/agencies.server";
import { decryptSecret, encryptSecret } from "~/lib/platform/crypto.server";
import type { Db } from "~/lib/platform/db.server";
import { senderDisplayName, type EmailSettingsInput, type SmtpSecurity, type Transport } from "~/lib/settings/email-settings";
import { enforceStartTls } from "~/lib/settings/smtp-starttls";

export const OUTBOX_PAGE_SIZE = 20;
const PASSWORD_PURPOSE = "email-settings/smtp-password";
const ERROR_MAX = 500;

type Row = typeof emailSettings.$inferSelect;

export type PublicEmailSettings = {
  senderName: string | null;
  senderEmail: string | null;
  replyTo: string | null;
  transport: Transport;
  smtpHost: string | null;
  smtpPort: number | null;
  smtpSecurity: SmtpSecurity;
  smtpUser: string | null;
  /** Whether a password is saved; the password itself never leaves the server. */
  hasPassword: boolean;
  /** 0 while the agency has no settings row. */
  version: number;
};

const DEFAULTS: PublicEmailSettings = {
  senderName: null,
  senderEmail: null,
  replyTo: null,
  transport: "local",
  smtpHost: null,
  smtpPort: null,
  smtpSecurity: "starttls",
  smtpUser: null,
  hasPassword: false,
  version: 0,
};

async function settingsRow(db: Db, agencyId: string): Promise<Row | null> {
  const [row] = await db.select().from(emailSettings).where(eq(emailSettings.agencyId, agencyId));
  return row ?? null;
}

export function toPublic(row: Row | null): PublicEmailSettings {
  if (!row) return { ...DEFAULTS };
  return {
    senderName: row.senderName,
    senderEmail: row.senderEmail,
    replyTo: row.replyTo,
    transport: row.transport,
    smtpHost: row.smtpHost,
    smtpPort: row.smtpPort,
    smtpSecurity: row.smtpSecurity,
    smtpUser: row.smtpUser,
    hasPassword: !!row.smtpPasswordEnc,
    version: row.version,
  };
}

export async function publicSettings(db: Db, agencyId: string): Promise<PublicEmailSettings> {
  return toPublic(await settingsRow(db, agencyId));
}

const secretCtx = (key: string, agencyId: string) => ({ secret: key, purpose: PASSWORD_PURPOSE, aad: agencyId });

/**
 * Saves the settings if the version is still the one loaded (0: none yet);
 * false when stale. A blank password keeps the saved one; `clearPassword` drops it.
 */
export async function saveSettings(
  db: Db,
  input: EmailSettingsInput,
  ctx: { agencyId: string; userId: string; ip: string | null; encryptionKey: string },
): Promise<boolean> {
  const { agencyId } = ctx;
  const before = await settingsRow(db, agencyId);
  if ((before?.version ?? 0) !== input.version) return false;
  let smtpPasswordEnc = before?.smtpPasswordEnc ?? null;
  if (input.clearPassword) smtpPasswordEnc = null;
  else if (input.smtpPassword) smtpPasswordEnc = await encryptSecret(input.smtpPassword, secretCtx(ctx.encryptionKey, agencyId));
  const values = {
    senderName: input.senderName,
    senderEmail: input.senderEmail,
    replyTo: input.replyTo,
    transport: input.transport,
    smtpHost: input.smtpHost,
    smtpPort: input.smtpPort ?? null,
    smtpSecurity: input.smtpSecurity,
    smtpUser: input.smtpUser,
    smtpPasswordEnc,
  };
  const old = toPublic(before);
  const changes: Record<string, [unknown, unknown]> = {};
  for (const key of ["senderName", "senderEmail", "replyTo", "transport", "smtpHost", "smtpPort", "smtpSecurity", "smtpUser"] as const) {
    if ((old[key] ?? null) !== (values[key] ?? null)) changes[key] = [old[key] ?? null, values[key] ?? null];
  }
  // The audit says that the password changed, never what it is.
  if ((before?.smtpPasswordEnc ?? null) !== smtpPasswordEnc) changes.smtpPassword = [old.hasPassword ? "set" : null, smtpPasswordEnc ? "set" : null];
  const audit = auditIfChanged(db, {
    agencyId,
    userId: ctx.userId,
    entity: "email_settings",
    entityId: agencyId,
    action: before ? "update" : "create",
    changes,
    ip: ctx.ip,
  });
  if (!before) {
    const [result] = await db.batch([
      db.insert(emailSettings).values({ agencyId, ...values, updatedBy: ctx.userId }).onConflictDoNothing(),
      audit,
    ]);
    return changedRows(result) === 1;
  }
  if (Object.keys(changes).length === 0) return true;
  const [result] = await db.batch([
    db
      .update(emailSettings)
      .set({ ...values, updatedBy: ctx.userId, version: sql`${emailSettings.version} + 1` })
      .where(and(eq(emailSettings.agencyId, agencyId), eq(emailSettings.version, input.version))),
    audit,
  ]);
  return changedRows(result) === 1;
}

export type OutgoingMessage = { from: { name: string; email: string }; replyTo: string | null; to: string; subject: string; text: string; html: string | null };

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
        },
      );
    },
  };
}

export type DeliveryResult = { status: "local" } | { status: "sent" } | { status: "failed"; error: string };

/** Builds the transport for an agency's SMTP settings (tests may pass their own). */
export type TransportFactory = (settings: Row, password: string | null) => MailTransport;

export const errorText = (error: unknown) => {
  const text = error instanceof Error ? error.message : String(error);
  return text.replace(/\s+/g, " ").trim().slice(0, ERROR_MAX) || "error";
};

async function agencyName(db: Db, agencyId: string): Promise<string | null> {
  const [row] = await db.select({ name: agency.name }).from(agency).where(eq(agency.id, agencyId));
  return row?.name ?? null;
}

/**
 * Delivers one outbox mail with the settings of the mail's own agency (never
 * another's). `agencyId` scopes the lookup: a mail of another agency is not
 * found (404); null stands for the mails of no agency (a SuperAdmin's password
 * reset), which always use the local default. Local transport: the mail is
 * marked `local` (delivered nowhere). SMTP: one attempt, recorded as `sent` or
 * `failed` with the error; the attempt is counted before the server is reached.
 */
export async function deliverMail(
  db: Db,
  ctx: { agencyId: string | null; agencyName?: string | null; encryptionKey: string; transport?: TransportFactory },
  mailId: string,
): Promise<DeliveryResult> {
  const [mail] = await db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.id, mailId), ctx.agencyId === null ? isNull(emailOutbox.agencyId) : eq(emailOutbox.agencyId, ctx.agencyId)));
  if (!mail) throw new Response("Not found", { status: 404 });
  const settings = mail.agencyId ? await settingsRow(db, mail.agencyId) : null;
  if (!mail.agencyId || !settings || settings.transport === "local") {
    await db.update(emailOutbox).set({ status: "local", lastError: null }).where(eq(emailOutbox.id, mail.id));
    return { status: "local" };
  }
  const agencyId = mail.agencyId;
  await db
    .update(emailOutbox)
    .set({ status: "queued", attempts: sql`${emailOutbox.attempts} + 1` })
    .where(eq(emailOutbox.id, mail.id));
  let result: DeliveryResult;
  try {
    if (!settings.smtpHost || !settings.smtpPort || !settings.senderEmail) throw new Error("SMTP settings incomplete");
    const password = settings.smtpPasswordEnc ? await decryptSecret(settings.smtpPasswordEnc, secretCtx(ctx.encryptionKey, agencyId)) : null;
    if (settings.smtpPasswordEnc && password === null) throw new Error("the saved SMTP password cannot be decrypted with the current key");
    const transport =
      ctx.transport?.(settings, password) ??
      smtpTransport({ host: settings.smtpHost, port: settings.smtpPort, security: settings.smtpSecurity, user: settings.smtpUser, password });
    const name = senderDisplayName(settings.senderName, settings.senderName ? null : (ctx.agencyName ?? (await agencyName(db, agencyId))));
    await transport.send({
      from: { name, email: settings.senderEmail },
      replyTo: settings.replyTo,
      to: mail.toAddress,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
    });
    result = { status: "sent" };
  } catch (error) {
    result = { status: "failed", error: errorText(error) };
  }
  await db
    .update(emailOutbox)
    .set(
      result.status === "sent"
        ? { status: "sent", sentAt: new Date().toISOString(), lastError: null }
        : { status: "failed", lastError: result.status === "failed" ? result.error : null },
    )
    .where(eq(emailOutbox.id, mail.id));
  return result;
}

/** The agency's outbox, newest first, a page at a time. */
export async function listOutbox(db: Db, agencyId: string, page: number) {
  const where = eq(emailOutbox.agencyId, agencyId);
  const [mails, [total]] = await Promise.all([
    db
      .select({
        id: emailOutbox.id,
        to: emailOutbox.toAddress,
        subject: emailOutbox.subject,
        kind: emailOutbox.kind,
        status: emailOutbox.status,
        attempts: emailOutbox.attempts,
        lastError: emailOutbox.lastError,
        createdAt: emailOutbox.createdAt,
        sentAt: emailOutbox.sentAt,
      })
      .from(emailOutbox)
      .where(where)
      .orderBy(desc(emailOutbox.createdAt), desc(emailOutbox.id))
      .limit(OUTBOX_PAGE_SIZE)
      .offset((page - 1) * OUTBOX_PAGE_SIZE),
    db.select({ n: count() }).from(emailOutbox).where(where),
  ]);
  return { mails, total: total?.n ?? 0 };
}

/** Statuses a retry may start from. */
export const RETRYABLE = ["failed", "queued", "local"] as const;

export async function isRetryable(db: Db, agencyId: string, mailId: string): Promise<boolean | null> {
  const [row] = await db
    .select({ status: emailOutbox.status })
    .from(emailOutbox)
    .where(and(eq(emailOutbox.id, mailId), eq(emailOutbox.agencyId, agencyId)));
  if (!row) return null;
  return (RETRYABLE as readonly string[]).includes(row.status);
}

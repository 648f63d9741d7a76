/**
 * Per-agency e-mail settings (Parametrização → E-mail): the sender and the
 * transport. The SMTP password is sealed with AES-GCM (crypto.server.ts) under
 * DATA_ENCRYPTION_KEY, bound to the agency id, and never leaves the server:
 * `publicSettings` says only whether one is saved. Delivery of the outbox with
 * these settings is outbox.server.ts.
 */
import { and, eq, sql } from "drizzle-orm";
import { emailSettings } from "~/db/schema";
import { auditIfChanged, changedRows } from "~/lib/system/agencies.server";
import { encryptSecret } from "~/lib/platform/crypto.server";
import type { Db } from "~/lib/platform/db.server";
import { fail, ok, type Result } from "~/lib/platform/result";
import type { EmailSettingsInput, SmtpSecurity, Transport } from "~/lib/settings/email-settings";

const PASSWORD_PURPOSE = "email-settings/smtp-password";

/** An agency's database: a Scope, or plain arguments (the mailer). */
export type AgencyDb = { db: Db; agencyId: string };

export type EmailSettingsRow = typeof emailSettings.$inferSelect;

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

/** The agency's settings row (with the sealed password), or null. */
export async function settingsRow({ db, agencyId }: AgencyDb): Promise<EmailSettingsRow | null> {
  const [row] = await db.select().from(emailSettings).where(eq(emailSettings.agencyId, agencyId));
  return row ?? null;
}

export function toPublic(row: EmailSettingsRow | null): PublicEmailSettings {
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

export async function publicSettings(scope: AgencyDb): Promise<PublicEmailSettings> {
  return toPublic(await settingsRow(scope));
}

/** The crypto context of an agency's SMTP password. */
export const secretCtx = (key: string, agencyId: string) => ({ secret: key, purpose: PASSWORD_PURPOSE, aad: agencyId });

/**
 * Saves the settings if the version is still the one loaded (0: none yet);
 * `stale` otherwise. A blank password keeps the saved one; `clearPassword` drops it.
 */
export async function saveSettings(
  scope: AgencyDb & { userId: string; ip: string | null },
  input: EmailSettingsInput,
  encryptionKey: string,
): Promise<Result<object, "stale">> {
  const { db, agencyId } = scope;
  const before = await settingsRow(scope);
  if ((before?.version ?? 0) !== input.version) return fail("stale");
  let smtpPasswordEnc = before?.smtpPasswordEnc ?? null;
  if (input.clearPassword) smtpPasswordEnc = null;
  else if (input.smtpPassword) smtpPasswordEnc = await encryptSecret(input.smtpPassword, secretCtx(encryptionKey, agencyId));
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
    userId: scope.userId,
    entity: "email_settings",
    entityId: agencyId,
    action: before ? "update" : "create",
    changes,
    ip: scope.ip,
  });
  if (!before) {
    const [result] = await db.batch([db.insert(emailSettings).values({ agencyId, ...values, updatedBy: scope.userId }).onConflictDoNothing(), audit]);
    return changedRows(result) === 1 ? ok() : fail("stale");
  }
  if (Object.keys(changes).length === 0) return ok();
  const [result] = await db.batch([
    db
      .update(emailSettings)
      .set({ ...values, updatedBy: scope.userId, version: sql`${emailSettings.version} + 1` })
      .where(and(eq(emailSettings.agencyId, agencyId), eq(emailSettings.version, input.version))),
    audit,
  ]);
  return changedRows(result) === 1 ? ok() : fail("stale");
}

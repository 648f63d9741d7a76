/**
 * Invitations to join an agency (user management; licence management invites an
 * agency's first Admin). The link carries a random 32-byte token; only its
 * SHA-256 (hex) is stored, so a database leak yields no usable link. A token is
 * valid for 7 days and once: accepting, resending (new token) or revoking ends it.
 * Every change writes an audit row in the same batch; the mail is written to the
 * outbox in that batch, in the invitation's language, and delivered afterwards
 * with the inviting agency's e-mail settings (mail.server.ts).
 */
import { randomToken, sha256Hex } from "~/lib/platform/crypto.server";
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { v7 as uuidv7 } from "uuid";
import { account, agency, invitation, profile, user, type Role } from "~/db/schema";
import { auditInsert } from "~/lib/platform/audit.server";
import { formatDate } from "~/lib/platform/format";
import { crossTenant, type Db } from "~/lib/platform/db.server";
import { dispatchMail, outboxInsert, type Mailer } from "~/lib/platform/mail.server";
import { hashPassword } from "~/lib/platform/password.server";
import { languageOf, textIn } from "~/lib/platform/text-in";
import type { Language } from "~/locales";
import { isInviteRole } from "~/lib/system/users";

export { INVITE_ROLES, isInviteRole, type InviteRole } from "~/lib/system/users";

export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

export type InvitationState = "valid" | "expired" | "revoked" | "used" | "invalid";

/** A thrown refusal with a translation key, for callers that show it as a field or form error. */
export class InvitationError extends Error {
  constructor(
    readonly code: "email_taken" | "role",
    readonly key: string,
  ) {
    super(code);
    this.name = "InvitationError";
  }
}

/** 32 random bytes, base64url (43 characters). */
export const generateInvitationToken = randomToken;

export const hashInvitationToken = (token: string): Promise<string> => sha256Hex(token);

export const invitationLink = (origin: string, token: string) => `${origin}/convite/${token}`;

/** Whether an e-mail already belongs to a user (of any agency). */
export async function emailInUse(db: Db, email: string): Promise<boolean> {
  const [row] = await db.select({ id: user.id }).from(user).where(eq(user.email, email.trim().toLowerCase())).limit(1);
  return !!row;
}

function invitationMail(
  locale: Language,
  v: { name: string; email: string; agencyName: string; inviterName: string; role: Role; link: string; expiresAt: string; timeZone?: string | null },
) {
  const expires = formatDate(v.expiresAt, locale, v.timeZone, "long");
  const values = {
    name: v.name || v.email,
    agency: v.agencyName,
    inviter: v.inviterName,
    role: textIn(locale, `roles.${v.role}`),
    link: v.link,
    expires,
  };
  return { subject: textIn(locale, "users.inviteMail.subject", values), text: textIn(locale, "users.inviteMail.body", values) };
}

async function agencyTimeZone(db: Db, agencyId: string): Promise<string | null> {
  const [row] = await db.select({ timeZone: agency.timeZone }).from(agency).where(eq(agency.id, agencyId));
  return row?.timeZone ?? null;
}

async function inviterName(db: Db, invitedBy: string | null): Promise<string> {
  if (!invitedBy) return "Rota";
  const [row] = await db
    .select({ name: profile.name, userName: user.name, email: user.email })
    .from(user)
    .leftJoin(profile, eq(profile.id, user.id))
    .where(eq(user.id, invitedBy));
  return row?.name || row?.userName || row?.email || "Rota";
}

export type CreateInvitationInput = {
  /** The request's mailer (its db is the one used throughout). */
  mailer: Mailer;
  agencyId: string;
  email: string;
  name: string;
  role: Role;
  /** The language of the mail (and the new user's default language). */
  locale: string;
  /** The inviting user's id (audit "who"; named in the mail). */
  invitedBy: string | null;
  /** The app's origin for the link, e.g. new URL(request.url).origin. */
  origin: string;
  agencyName: string;
  ip?: string | null;
};

/**
 * Creates an invitation and queues its mail; returns the id and the token (only
 * its hash is stored). An earlier pending invitation of the same e-mail to the
 * same agency is revoked. Throws InvitationError for an e-mail that already
 * belongs to a user or a SuperAdmin role: check with `emailInUse` first to show
 * a field error.
 */
export async function createInvitation(input: CreateInvitationInput): Promise<{ id: string; token: string }> {
  const { mailer, agencyId } = input;
  const db = mailer.db;
  const email = input.email.trim().toLowerCase();
  if (!isInviteRole(input.role)) throw new InvitationError("role", "users.errors.role");
  if (await emailInUse(db, email)) throw new InvitationError("email_taken", "users.errors.emailTaken");
  const locale = languageOf(input.locale);
  const token = generateInvitationToken();
  const tokenHash = await hashInvitationToken(token);
  const now = new Date();
  const nowIso = now.toISOString();
  const expiresAt = new Date(now.getTime() + INVITATION_TTL_MS).toISOString();
  const id = uuidv7();
  const name = input.name.trim();
  const mail = invitationMail(locale, {
    name,
    email,
    agencyName: input.agencyName,
    inviterName: await inviterName(db, input.invitedBy),
    role: input.role,
    link: invitationLink(input.origin, token),
    expiresAt,
    timeZone: await agencyTimeZone(db, agencyId),
  });
  const outbox = outboxInsert(db, { agencyId, kind: "invitation", to: email, locale, subject: mail.subject, text: mail.text });
  const superseded = await db
    .select({ id: invitation.id })
    .from(invitation)
    .where(and(eq(invitation.agencyId, agencyId), eq(invitation.email, email), isNull(invitation.acceptedAt), isNull(invitation.revokedAt)));
  const statements: BatchItem<"sqlite">[] = [
    ...superseded.map((old) =>
      db
        .update(invitation)
        .set({ revokedAt: nowIso, updatedAt: nowIso, version: sql`${invitation.version} + 1` })
        .where(and(eq(invitation.id, old.id), eq(invitation.agencyId, agencyId))),
    ),
    ...superseded.map((old) =>
      auditInsert(db, {
        agencyId,
        userId: input.invitedBy,
        entity: "invitation",
        entityId: old.id,
        action: "update",
        changes: { status: ["pending", "revoked"] },
        ip: input.ip,
      }),
    ),
    db.insert(invitation).values({ id, agencyId, email, name, role: input.role, locale, tokenHash, invitedBy: input.invitedBy, expiresAt, createdAt: nowIso, updatedAt: nowIso }),
    auditInsert(db, {
      agencyId,
      userId: input.invitedBy,
      entity: "invitation",
      entityId: id,
      action: "create",
      changes: { email: [null, email], name: [null, name], role: [null, input.role], locale: [null, locale], expiresAt: [null, expiresAt] },
      ip: input.ip,
    }),
    outbox.statement,
  ];
  await db.batch(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
  await dispatchMail(mailer, outbox.mail);
  return { id, token };
}

/** A pending (not accepted, not revoked) invitation of the agency, expired or not. */
async function pendingInvitation(db: Db, agencyId: string, invitationId: string) {
  const [row] = await db
    .select()
    .from(invitation)
    .where(and(eq(invitation.id, invitationId), eq(invitation.agencyId, agencyId)));
  if (!row) return { found: false as const };
  return { found: true as const, row, pending: !row.acceptedAt && !row.revokedAt };
}

export type InvitationActionResult = { ok: true; token?: string } | { ok: false; reason: "not_found" | "not_pending" | "email_taken" };

/** A new token and a new 7-day expiry; the old link stops working at once. */
export async function resendInvitation(input: {
  mailer: Mailer;
  agencyId: string;
  invitationId: string;
  actorId: string;
  origin: string;
  agencyName: string;
  ip?: string | null;
}): Promise<InvitationActionResult> {
  const { mailer, agencyId } = input;
  const db = mailer.db;
  const found = await pendingInvitation(db, agencyId, input.invitationId);
  if (!found.found) return { ok: false, reason: "not_found" };
  if (!found.pending) return { ok: false, reason: "not_pending" };
  const inv = found.row;
  if (await emailInUse(db, inv.email)) return { ok: false, reason: "email_taken" };
  const token = generateInvitationToken();
  const tokenHash = await hashInvitationToken(token);
  const now = new Date();
  const nowIso = now.toISOString();
  const expiresAt = new Date(now.getTime() + INVITATION_TTL_MS).toISOString();
  const locale = languageOf(inv.locale);
  const mail = invitationMail(locale, {
    name: inv.name,
    email: inv.email,
    agencyName: input.agencyName,
    inviterName: await inviterName(db, input.actorId),
    role: inv.role,
    link: invitationLink(input.origin, token),
    expiresAt,
    timeZone: await agencyTimeZone(db, agencyId),
  });
  const [updated] = await db
    .update(invitation)
    .set({ tokenHash, expiresAt, updatedAt: nowIso, version: sql`${invitation.version} + 1` })
    .where(and(eq(invitation.id, inv.id), eq(invitation.agencyId, agencyId), isNull(invitation.acceptedAt), isNull(invitation.revokedAt)))
    .returning({ id: invitation.id });
  if (!updated) return { ok: false, reason: "not_pending" };
  const outbox = outboxInsert(db, { agencyId, kind: "invitation", to: inv.email, locale, subject: mail.subject, text: mail.text });
  await db.batch([
    auditInsert(db, {
      agencyId,
      userId: input.actorId,
      entity: "invitation",
      entityId: inv.id,
      action: "update",
      changes: { expiresAt: [inv.expiresAt, expiresAt], resent: [null, nowIso] },
      ip: input.ip,
    }),
    outbox.statement,
  ]);
  await dispatchMail(mailer, outbox.mail);
  return { ok: true, token };
}

export async function revokeInvitation(input: {
  db: Db;
  agencyId: string;
  invitationId: string;
  actorId: string;
  ip?: string | null;
}): Promise<InvitationActionResult> {
  const { db, agencyId } = input;
  const found = await pendingInvitation(db, agencyId, input.invitationId);
  if (!found.found) return { ok: false, reason: "not_found" };
  if (!found.pending) return { ok: false, reason: "not_pending" };
  const nowIso = new Date().toISOString();
  const [updated] = await db
    .update(invitation)
    .set({ revokedAt: nowIso, updatedAt: nowIso, version: sql`${invitation.version} + 1` })
    .where(and(eq(invitation.id, input.invitationId), eq(invitation.agencyId, agencyId), isNull(invitation.acceptedAt), isNull(invitation.revokedAt)))
    .returning({ id: invitation.id });
  if (!updated) return { ok: false, reason: "not_pending" };
  await auditInsert(db, {
    agencyId,
    userId: input.actorId,
    entity: "invitation",
    entityId: input.invitationId,
    action: "update",
    changes: { status: ["pending", "revoked"] },
    ip: input.ip,
  });
  return { ok: true };
}

/** What a token stands for; the e-mail and agency only for a valid one. */
export async function invitationByToken(db: Db, token: string) {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return { state: "invalid" as const, invitation: null };
  const tokenHash = await hashInvitationToken(token);
  // Across agencies on purpose: the token is the only key a visitor has, and it names its agency.
  const [row] = await crossTenant(db)
    .select({
      id: invitation.id,
      agencyId: invitation.agencyId,
      agencyName: agency.name,
      agencyActive: agency.active,
      email: invitation.email,
      name: invitation.name,
      role: invitation.role,
      locale: invitation.locale,
      invitedBy: invitation.invitedBy,
      expiresAt: invitation.expiresAt,
      acceptedAt: invitation.acceptedAt,
      revokedAt: invitation.revokedAt,
    })
    .from(invitation)
    .innerJoin(agency, eq(agency.id, invitation.agencyId))
    .where(eq(invitation.tokenHash, tokenHash));
  if (!row || !row.agencyActive) return { state: "invalid" as const, invitation: null };
  const state: InvitationState = row.acceptedAt ? "used" : row.revokedAt ? "revoked" : row.expiresAt <= new Date().toISOString() ? "expired" : "valid";
  return { state, invitation: row };
}

export type AcceptResult =
  | { ok: true; userId: string; email: string; name: string; agencyId: string; agencyName: string; role: Role; invitedBy: string | null }
  | { ok: false; reason: Exclude<InvitationState, "valid"> | "email_taken" };

/**
 * Creates the user, their credential account and profile (role, agency) and marks
 * the invitation accepted, in one batch. The invitation update is conditional
 * (still pending and unexpired) and runs first; the user insert only happens if
 * that update took, and the account and profile reference the user, so a token
 * raced by a resend, revoke or a second acceptance makes the whole batch fail
 * and creates nothing.
 */
export async function acceptInvitation(input: {
  db: Db;
  token: string;
  name: string;
  password: string;
  /** The new user's language (profile.locale); the invitation's when absent. */
  locale?: string | null;
  ip?: string | null;
}): Promise<AcceptResult> {
  const { db } = input;
  const found = await invitationByToken(db, input.token);
  if (found.state !== "valid" || !found.invitation) return { ok: false, reason: found.state === "valid" ? "invalid" : found.state };
  const inv = found.invitation;
  if (await emailInUse(db, inv.email)) return { ok: false, reason: "email_taken" };
  const userId = uuidv7();
  const hash = await hashPassword(input.password);
  const now = new Date();
  const nowIso = now.toISOString();
  const name = input.name.trim();
  const locale = languageOf(input.locale ?? inv.locale);
  try {
    await db.batch([
      db
        .update(invitation)
        .set({ acceptedAt: nowIso, acceptedUserId: userId, updatedAt: nowIso, version: sql`${invitation.version} + 1` })
        .where(
          and(eq(invitation.id, inv.id), eq(invitation.agencyId, inv.agencyId), isNull(invitation.acceptedAt), isNull(invitation.revokedAt), gt(invitation.expiresAt, nowIso)),
        ),
      // Inserted only if the update above took (same statement order inside the batch's transaction).
      db.insert(user).select(
        db
          .select({
            id: sql<string>`${userId}`.as("id"),
            name: sql<string>`${name}`.as("name"),
            email: sql<string>`${inv.email}`.as("email"),
            emailVerified: sql<boolean>`1`.as("email_verified"),
            image: sql<string | null>`null`.as("image"),
            createdAt: sql<Date>`${now.getTime()}`.as("created_at"),
            updatedAt: sql<Date>`${now.getTime()}`.as("updated_at"),
          })
          .from(invitation)
          .where(and(eq(invitation.id, inv.id), eq(invitation.agencyId, inv.agencyId), eq(invitation.acceptedUserId, userId))),
      ),
      db.insert(account).values({ id: uuidv7(), accountId: userId, providerId: "credential", userId, password: hash, createdAt: now, updatedAt: now }),
      db.insert(profile).values({ id: userId, role: inv.role, agencyId: inv.agencyId, name, locale, createdAt: nowIso, updatedAt: nowIso }),
      auditInsert(db, {
        agencyId: inv.agencyId,
        userId,
        entity: "invitation",
        entityId: inv.id,
        action: "update",
        changes: { status: ["pending", "accepted"] },
        ip: input.ip,
      }),
      auditInsert(db, {
        agencyId: inv.agencyId,
        userId,
        entity: "profile",
        entityId: userId,
        action: "create",
        changes: { email: [null, inv.email], name: [null, name], role: [null, inv.role], active: [null, true] },
        ip: input.ip,
      }),
    ]);
  } catch (error) {
    // Raced: the invitation changed (or the e-mail was taken) between the check and the batch.
    const again = await invitationByToken(db, input.token);
    if (again.state !== "valid") return { ok: false, reason: again.state };
    if (await emailInUse(db, inv.email)) return { ok: false, reason: "email_taken" };
    throw error;
  }
  return { ok: true, userId, email: inv.email, name, agencyId: inv.agencyId, agencyName: inv.agencyName, role: inv.role, invitedBy: inv.invitedBy };
}

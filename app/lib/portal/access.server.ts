/**
 * Client portal access (issue #21 item 4; docs/decisions/0021-client-portal.md).
 *
 * - A code is asked for an agency and an e-mail. Whether or not a live client of that
 *   agency has the e-mail, the same thing happens to the database (a code row, counted
 *   tries) and the visitor sees the same answer; only a known e-mail is mailed the code.
 *   So neither the answer nor later tries tell whether the e-mail is registered.
 * - Only hashes are stored: the code's (bound to its row) and the session token's.
 * - Sessions are this module's own table; the cookie is the portal middleware's
 *   (app/middleware/portal.ts), which alone turns a session into a PortalScope.
 */
import { and, asc, eq, isNull, sql, type SQLWrapper } from "drizzle-orm";
import { agency, client, portalCode, portalSession } from "~/db/schema";
import { newId } from "~/db/schema/columns";
import {
  CODE_MAX_TRIES,
  CODE_RATE_PER_EMAIL,
  CODE_RATE_PER_IP,
  CODE_TTL_MS,
  PORTAL_SESSION_MS,
  VERIFY_RATE_PER_IP,
} from "~/lib/portal/access";
import { crossTenant, type Db } from "~/lib/platform/db.server";
import { randomToken, sha256Hex } from "~/lib/platform/crypto.server";
import { sendMail, type Mailer } from "~/lib/platform/mail.server";
import { hitRateLimit } from "~/lib/platform/rate-limit.server";
import { fail, ok, type Result } from "~/lib/platform/result";
import { textIn } from "~/lib/platform/text-in";
import type { Language } from "~/locales";

export type PortalAgency = { id: string; name: string; slug: string; logoKey: string | null; timeZone: string; currency: string };

const AGENCY_COLUMNS = { id: agency.id, name: agency.name, slug: agency.slug, logoKey: agency.logoKey, timeZone: agency.timeZone, currency: agency.currency };

/** An active agency by its id or its slug (the portal's URL takes either). */
export async function findPortalAgency(db: Db, idOrSlug: string | undefined): Promise<PortalAgency | null> {
  if (!idOrSlug || idOrSlug.length > 100) return null;
  const [row] = await db
    .select(AGENCY_COLUMNS)
    .from(agency)
    .where(and(sql`(${agency.id} = ${idOrSlug} or ${agency.slug} = ${idOrSlug})`, eq(agency.active, true)))
    .limit(1);
  return row ?? null;
}

/** A live client's e-mails contain this one (case-insensitive). */
const hasEmail = (email: string | SQLWrapper) => sql`exists (select 1 from json_each(${client.emails}) where lower(trim(json_each.value)) = ${email})`;

/** The agency's live client with this e-mail (the oldest, when the register has duplicates). */
export async function clientByEmail(db: Db, agencyId: string, email: string): Promise<{ id: string; name: string } | null> {
  const [row] = await db
    .select({ id: client.id, name: client.name })
    .from(client)
    .where(and(eq(client.agencyId, agencyId), isNull(client.deletedAt), hasEmail(email)))
    .orderBy(asc(client.createdAt), asc(client.id))
    .limit(1);
  return row ?? null;
}

const codeHash = (rowId: string, code: string) => sha256Hex(`portal:${rowId}:${code}`);

function sixDigits(): string {
  const [n] = crypto.getRandomValues(new Uint32Array(1));
  return String(n! % 1_000_000).padStart(6, "0");
}

export type CodeRequest = { db: Db; mailer: Mailer; agency: PortalAgency; email: string; locale: Language; ip: string | null; origin: string; now?: number };

/**
 * Asks for a code: "sent" whether or not the e-mail is a client's (nothing tells them
 * apart), "tooMany" when this e-mail or this address asked too often.
 */
export async function requestCode(r: CodeRequest): Promise<"sent" | "tooMany"> {
  const now = r.now ?? Date.now();
  const byIp = await hitRateLimit(r.db, `portal-code-ip:${r.ip ?? "none"}`, CODE_RATE_PER_IP, now);
  const byEmail = await hitRateLimit(r.db, `portal-code-email:${r.agency.id}:${r.email}`, CODE_RATE_PER_EMAIL, now);
  if (!byIp || !byEmail) return "tooMany";
  const code = sixDigits();
  const id = newId();
  const expiresAt = new Date(now + CODE_TTL_MS).toISOString();
  const hash = await codeHash(id, code);
  const at = new Date(now).toISOString();
  // One live code per agency and e-mail: a new one replaces the last (and its tries).
  await r.db
    .insert(portalCode)
    .values({ id, agencyId: r.agency.id, email: r.email, codeHash: hash, expiresAt, attempts: 0, usedAt: null, createdAt: at, updatedAt: at })
    .onConflictDoUpdate({
      target: [portalCode.agencyId, portalCode.email],
      set: { id, codeHash: hash, expiresAt, attempts: 0, usedAt: null, createdAt: at, updatedAt: at },
    });
  const found = await clientByEmail(r.db, r.agency.id, r.email);
  if (found) {
    const values = { code, agency: r.agency.name, name: found.name, minutes: CODE_TTL_MS / 60_000, link: `${r.origin}/portal/${r.agency.slug}/acesso` };
    await sendMail(r.mailer, {
      agencyId: r.agency.id,
      kind: "portal-code",
      to: r.email,
      locale: r.locale,
      subject: textIn(r.locale, "portal.mail.subject", values),
      text: textIn(r.locale, "portal.mail.body", values),
    });
  }
  return "sent";
}

export type VerifyFailure = "invalid" | "expired" | "locked" | "tooMany";

/**
 * Checks a code. A wrong code counts a try; after 5 the code is dead ("locked") and a
 * new one must be asked. An unknown e-mail has a code row too (see requestCode), so its
 * answers are the same as a known one's. On success the code is spent and the client returned.
 */
export async function verifyCode(
  db: Db,
  agencyId: string,
  email: string,
  code: string,
  ip: string | null,
  now = Date.now(),
): Promise<Result<{ clientId: string }, VerifyFailure, { triesLeft?: number }>> {
  if (!(await hitRateLimit(db, `portal-verify-ip:${ip ?? "none"}`, VERIFY_RATE_PER_IP, now))) return fail("tooMany");
  const [row] = await db
    .select()
    .from(portalCode)
    .where(and(eq(portalCode.agencyId, agencyId), eq(portalCode.email, email)))
    .limit(1);
  if (!row || row.usedAt) return fail("invalid");
  if (row.attempts >= CODE_MAX_TRIES) return fail("locked");
  if (Date.parse(row.expiresAt) <= now) return fail("expired");
  if ((await codeHash(row.id, code)) !== row.codeHash) {
    // Counted atomically and only on this code (a newer code has another id).
    const [counted] = await db
      .update(portalCode)
      .set({ attempts: sql`${portalCode.attempts} + 1`, updatedAt: new Date(now).toISOString() })
      .where(and(eq(portalCode.agencyId, agencyId), eq(portalCode.id, row.id)))
      .returning({ attempts: portalCode.attempts });
    const left = CODE_MAX_TRIES - (counted?.attempts ?? CODE_MAX_TRIES);
    return left <= 0 ? fail("locked") : fail("invalid", { triesLeft: left });
  }
  // Spend the code (once: a concurrent check of the same code finds it used).
  const spent = await db
    .update(portalCode)
    .set({ usedAt: new Date(now).toISOString(), updatedAt: new Date(now).toISOString() })
    .where(and(eq(portalCode.agencyId, agencyId), eq(portalCode.id, row.id), isNull(portalCode.usedAt)))
    .returning({ id: portalCode.id });
  if (spent.length === 0) return fail("invalid");
  const found = await clientByEmail(db, agencyId, email);
  if (!found) return fail("invalid");
  return ok({ clientId: found.id });
}

export type PortalSessionRow = {
  id: string;
  email: string;
  agencyId: string;
  clientId: string;
  expiresAt: string;
  agency: PortalAgency;
};

/** Opens a session for the client; returns the token for the cookie (only its hash is stored). */
export async function openSession(
  db: Db,
  s: { email: string; agencyId: string; clientId: string; ip: string | null; userAgent: string | null },
  now = Date.now(),
): Promise<{ token: string; expiresAt: string }> {
  const token = randomToken();
  const expiresAt = new Date(now + PORTAL_SESSION_MS).toISOString();
  await db.insert(portalSession).values({
    tokenHash: await sha256Hex(token),
    email: s.email,
    agencyId: s.agencyId,
    clientId: s.clientId,
    expiresAt,
    ip: s.ip,
    userAgent: s.userAgent?.slice(0, 300) ?? null,
  });
  return { token, expiresAt };
}

/**
 * The session of a cookie's token, with its agency, while it lasts and while the
 * agency is active and the client still has the e-mail. A read by the token across
 * agencies on purpose (the token decides the agency, like an invitation's).
 */
export async function sessionByToken(anyDb: Db, token: string, now = Date.now()): Promise<PortalSessionRow | null> {
  if (!token || token.length > 100) return null;
  const db = crossTenant(anyDb);
  const [row] = await db
    .select({ id: portalSession.id, email: portalSession.email, agencyId: portalSession.agencyId, clientId: portalSession.clientId, expiresAt: portalSession.expiresAt, agency: AGENCY_COLUMNS, active: agency.active })
    .from(portalSession)
    .innerJoin(agency, eq(agency.id, portalSession.agencyId))
    .innerJoin(client, and(eq(client.id, portalSession.clientId), eq(client.agencyId, portalSession.agencyId), isNull(client.deletedAt), hasEmail(portalSession.email)))
    .where(eq(portalSession.tokenHash, await sha256Hex(token)))
    .limit(1);
  if (!row || !row.active || Date.parse(row.expiresAt) <= now) return null;
  const { active: _active, ...session } = row;
  return session;
}

/** Ends the session of this token (sign-out). */
export async function closeSession(anyDb: Db, token: string): Promise<void> {
  await crossTenant(anyDb)
    .delete(portalSession)
    .where(eq(portalSession.tokenHash, await sha256Hex(token)));
}

/**
 * The active agencies where this e-mail is a live client's: the choice at
 * /portal/selecionar-agencia. Across agencies on purpose: the session proved the e-mail.
 */
export async function agenciesOfEmail(anyDb: Db, email: string): Promise<PortalAgency[]> {
  const db = crossTenant(anyDb);
  return db
    .selectDistinct(AGENCY_COLUMNS)
    .from(client)
    .innerJoin(agency, eq(agency.id, client.agencyId))
    .where(and(isNull(client.deletedAt), eq(agency.active, true), hasEmail(email)))
    .orderBy(asc(agency.name), asc(agency.id))
    .limit(50);
}

/** Moves the session to another agency where its e-mail is a client's; false when it is not. */
export async function switchAgency(anyDb: Db, session: PortalSessionRow, agencyId: string): Promise<PortalAgency | null> {
  const target = await findPortalAgency(anyDb, agencyId);
  if (!target) return null;
  const found = await clientByEmail(anyDb, target.id, session.email);
  if (!found) return null;
  await crossTenant(anyDb)
    .update(portalSession)
    .set({ agencyId: target.id, clientId: found.id })
    .where(eq(portalSession.id, session.id));
  return target;
}

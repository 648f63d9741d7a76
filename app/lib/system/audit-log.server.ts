/**
 * Reading the audit trail of one agency (Sistema → Auditoria): filters by user,
 * entity and a range of calendar days in the agency's time zone, newest first,
 * keyset-paginated on (created_at, id) so deep pages cost the same as the first.
 */
import { and, desc, eq, gte, inArray, lt, or, sql, type SQL } from "drizzle-orm";
import { auditEntry, invitation, profile, user } from "~/db/schema";
import type { Db } from "~/lib/platform/db.server";
import { parseCalendarDate, zonedDayRange } from "~/lib/platform/time-zone";

export const AUDIT_PAGE_SIZE = 50;

export type AuditCursor = { createdAt: string; id: string };
export type AuditQuery = {
  user: string;
  entity: string;
  from: string | null;
  to: string | null;
  cursor: AuditCursor | null;
  /** The end date was before the start date: the range is ignored. */
  rangeError: boolean;
};

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?Z$/;
const ID = /^[A-Za-z0-9_-]{1,64}$/;
const ENTITY = /^[a-z][a-z0-9_]{0,63}$/;

export const encodeCursor = (c: AuditCursor) => `${c.createdAt}~${c.id}`;

export function decodeCursor(value: string | null): AuditCursor | null {
  if (!value) return null;
  const [createdAt, id, ...rest] = value.split("~");
  if (rest.length > 0 || !createdAt || !id || !ISO.test(createdAt) || !ID.test(id)) return null;
  return { createdAt, id };
}

/** The filters from the URL; anything malformed is dropped, never an error. */
export function parseAuditQuery(params: URLSearchParams): AuditQuery {
  const userId = params.get("user") ?? "";
  const entity = params.get("entity") ?? "";
  let from = parseCalendarDate(params.get("from"));
  let to = parseCalendarDate(params.get("to"));
  const rangeError = !!from && !!to && from > to;
  if (rangeError) from = to = null;
  return {
    user: ID.test(userId) ? userId : "",
    entity: ENTITY.test(entity) ? entity : "",
    from,
    to,
    cursor: decodeCursor(params.get("cursor")),
    rangeError,
  };
}

export type AuditRow = {
  id: string;
  createdAt: string;
  userId: string | null;
  who: string | null;
  whoEmail: string | null;
  entity: string;
  entityId: string;
  /** A name for the record when the entity is known (a user, an invitation). */
  target: string | null;
  action: "create" | "update" | "delete" | "restore";
  changes: Record<string, [unknown, unknown]> | null;
};

export async function listAudit(
  db: Db,
  agencyId: string,
  timeZone: string,
  query: AuditQuery,
  size = AUDIT_PAGE_SIZE,
): Promise<{ rows: AuditRow[]; next: string | null }> {
  const where: SQL[] = [eq(auditEntry.agencyId, agencyId)];
  if (query.user) where.push(eq(auditEntry.userId, query.user));
  if (query.entity) where.push(eq(auditEntry.entity, query.entity));
  const { start, end } = zonedDayRange(query.from, query.to, timeZone);
  if (start) where.push(gte(auditEntry.createdAt, start));
  if (end) where.push(lt(auditEntry.createdAt, end));
  if (query.cursor) {
    const { createdAt, id } = query.cursor;
    where.push(or(lt(auditEntry.createdAt, createdAt), and(eq(auditEntry.createdAt, createdAt), lt(auditEntry.id, id)))!);
  }
  const found = await db
    .select({
      id: auditEntry.id,
      createdAt: auditEntry.createdAt,
      userId: auditEntry.userId,
      profileName: profile.name,
      userName: user.name,
      userEmail: user.email,
      entity: auditEntry.entity,
      entityId: auditEntry.entityId,
      action: auditEntry.action,
      changes: auditEntry.changes,
    })
    .from(auditEntry)
    .leftJoin(user, eq(user.id, auditEntry.userId))
    .leftJoin(profile, eq(profile.id, auditEntry.userId))
    .where(and(...where))
    .orderBy(desc(auditEntry.createdAt), desc(auditEntry.id))
    .limit(size + 1);
  const page = found.slice(0, size);
  const targets = await targetNames(db, agencyId, page);
  const last = page[page.length - 1];
  return {
    rows: page.map((r) => ({
      id: r.id,
      createdAt: r.createdAt,
      userId: r.userId,
      who: r.profileName || r.userName || null,
      whoEmail: r.userEmail ?? null,
      entity: r.entity,
      entityId: r.entityId,
      target: targets.get(`${r.entity}:${r.entityId}`) ?? null,
      action: r.action,
      changes: (r.changes as Record<string, [unknown, unknown]> | null) ?? null,
    })),
    next: found.length > size && last ? encodeCursor(last) : null,
  };
}

/** Names of the users and invitations a page of entries is about (of this agency only). */
async function targetNames(db: Db, agencyId: string, rows: { entity: string; entityId: string }[]) {
  const ids = (entity: string) => [...new Set(rows.filter((r) => r.entity === entity).map((r) => r.entityId))];
  const profiles = ids("profile");
  const invitations = ids("invitation");
  const [p, i] = await Promise.all([
    profiles.length
      ? db
          .select({ id: profile.id, name: profile.name, email: user.email })
          .from(profile)
          .innerJoin(user, eq(user.id, profile.id))
          .where(and(inArray(profile.id, profiles), eq(profile.agencyId, agencyId)))
      : [],
    invitations.length
      ? db
          .select({ id: invitation.id, name: invitation.name, email: invitation.email })
          .from(invitation)
          .where(and(inArray(invitation.id, invitations), eq(invitation.agencyId, agencyId)))
      : [],
  ]);
  const out = new Map<string, string>();
  for (const r of p) out.set(`profile:${r.id}`, r.name ? `${r.name} <${r.email}>` : r.email);
  for (const r of i) out.set(`invitation:${r.id}`, r.name ? `${r.name} <${r.email}>` : r.email);
  return out;
}

/** The choices of the filters: who has acted in this agency, and which entities have entries. */
export async function auditFilterOptions(db: Db, agencyId: string) {
  const [actors, entities] = await Promise.all([
    db.all<{ id: string; name: string | null; email: string | null }>(
      sql`select a.user_id as id, coalesce(nullif(p.name, ''), u.name) as name, u.email as email
            from (select distinct user_id from audit_entry where agency_id = ${agencyId} and user_id is not null limit 500) a
            left join user u on u.id = a.user_id
            left join profile p on p.id = a.user_id
           order by lower(coalesce(nullif(p.name, ''), u.name, a.user_id))`,
    ),
    db.all<{ entity: string }>(sql`select distinct entity from audit_entry where agency_id = ${agencyId} order by entity limit 100`),
  ]);
  return { users: actors.map((a) => ({ id: a.id, name: a.name || a.email || a.id, email: a.email })), entities: entities.map((e) => e.entity) };
}

/**
 * Reading the audit trail of one agency (Sistema → Auditoria): filters by user,
 * entity and a range of calendar days in the agency's time zone, newest first,
 * keyset pages on (created_at, id) through the list kit, so deep pages cost the
 * same as the first.
 */
import { and, eq, gte, inArray, lt, sql, type SQL } from "drizzle-orm";
import { auditEntry, invitation, profile, user } from "~/db/schema";
import { runList, type ListSource } from "~/lib/kit/list.server";
import type { Db } from "~/lib/platform/db.server";
import { zonedDayRange } from "~/lib/platform/time-zone";
import type { AuditFilters, AuditQuery, AuditRow } from "~/lib/system/audit-log";

export { parseAuditQuery, type AuditQuery, type AuditRow } from "~/lib/system/audit-log";

/** The agency's entries (default scope: agency_id) with these filters; no search, no soft delete, no counter. */
function auditSource(filters: AuditFilters, timeZone: string): ListSource<"created", never> {
  const where: SQL[] = [];
  if (filters.user) where.push(eq(auditEntry.userId, filters.user));
  if (filters.entity) where.push(eq(auditEntry.entity, filters.entity));
  const { start, end } = zonedDayRange(filters.from, filters.to, timeZone);
  if (start) where.push(gte(auditEntry.createdAt, start));
  if (end) where.push(lt(auditEntry.createdAt, end));
  return { table: auditEntry, sortColumns: { created: auditEntry.createdAt }, filterWhere: () => where };
}

/** One keyset page of the agency's audit trail. */
export async function listAudit(scope: { db: Db; agencyId: string; timeZone: string }, query: AuditQuery) {
  const { db, agencyId } = scope;
  const { rows, page } = await runList(scope, auditSource(query, scope.timeZone), query.list, (where, order, limit) =>
    db
      .select({
        id: auditEntry.id,
        sortValue: auditEntry.createdAt,
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
      .where(where)
      .orderBy(...order)
      .limit(limit),
  );
  const targets = await targetNames(db, agencyId, rows);
  return {
    rows: rows.map(
      (r): AuditRow => ({
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
      }),
    ),
    page,
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
export async function auditFilterOptions({ db, agencyId }: { db: Db; agencyId: string }) {
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

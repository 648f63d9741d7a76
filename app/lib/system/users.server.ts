/**
 * User management of one agency (Sistema → Gestão de Usuários): the members list
 * (users and pending invitations, one keyset list over the agency_member view), role changes,
 * deactivation and reactivation. Every function takes the viewer's agency id and
 * filters on it: another agency's user is simply not found. The rules that keep an
 * agency manageable are enforced in the update itself (a conditional UPDATE), so
 * two admins acting at once cannot both demote the last Admin.
 */
import { and, eq, ne, sql } from "drizzle-orm";
import { agencyMember, profile, session, user, type Role } from "~/db/schema";
import { runList, type ListSource, type ListTable } from "~/lib/kit/list.server";
import { auditInsert } from "~/lib/platform/audit.server";
import type { Db } from "~/lib/platform/db.server";
import type { InviteRole, MemberQuery, MemberRow, MemberStatus } from "~/lib/system/users";
import { notify } from "~/lib/platform/realtime.server";
import { languageOf, textIn } from "~/lib/platform/text-in";

/**
 * The agency_member view (users and pending invitations) as a list source: the
 * default scope (its agency_id), by name then e-mail; a search looks for the
 * whole text in the name or the e-mail, case-insensitively (as before: no term
 * splitting, no accent folding). The kit types a source's table; the view has
 * the same shape (id, agency_id, columns).
 */
const MEMBER_SOURCE: ListSource<"name", "role" | "status"> = {
  table: agencyMember as unknown as ListTable,
  sortColumns: { name: agencyMember.sortName },
  search: (q) => {
    const text = q.toLowerCase();
    return [sql`(instr(lower(${agencyMember.name}), ${text}) > 0 or instr(lower(${agencyMember.email}), ${text}) > 0)`];
  },
  filterWhere: (f) => [
    ...(f.role ? [eq(agencyMember.role, f.role as Role)] : []),
    ...(f.status ? [eq(agencyMember.status, f.status as MemberStatus)] : []),
  ],
};

/** The agency's users and its pending invitations (expired ones included), filtered, one keyset page. */
export async function listMembers(scope: { db: Db; agencyId: string }, query: MemberQuery) {
  const { rows, page } = await runList(scope, MEMBER_SOURCE, query, (where, order, limit) =>
    scope.db
      .select({
        id: agencyMember.id,
        sortValue: agencyMember.sortName,
        kind: agencyMember.kind,
        name: agencyMember.name,
        email: agencyMember.email,
        role: agencyMember.role,
        status: agencyMember.status,
        expiresAt: agencyMember.expiresAt,
        version: agencyMember.version,
        createdAt: agencyMember.createdAt,
      })
      .from(agencyMember)
      .where(where)
      .orderBy(...order)
      .limit(limit),
  );
  return { rows: rows.map(({ sortValue: _sort, ...row }): MemberRow => row), page };
}

export type Member = { id: string; name: string; email: string; role: Role; active: boolean; version: number; locale: string | null };

/** A user of the agency, or null (another agency's user counts as missing). */
export async function findMember(db: Db, agencyId: string, userId: string): Promise<Member | null> {
  const [row] = await db
    .select({ id: profile.id, name: profile.name, email: user.email, role: profile.role, active: profile.active, version: profile.version, locale: profile.locale })
    .from(profile)
    .innerJoin(user, eq(user.id, profile.id))
    .where(and(eq(profile.id, userId), eq(profile.agencyId, agencyId)));
  return row ?? null;
}

/** Active Admins of the agency other than this user. */
async function otherActiveAdmins(db: Db, agencyId: string, userId: string): Promise<number> {
  const [row] = await db.all<{ n: number }>(
    sql`select count(*) as n from profile where agency_id = ${agencyId} and role = 'Admin' and active = 1 and id != ${userId}`,
  );
  return row?.n ?? 0;
}

/** In an UPDATE's WHERE: the row is not an active Admin, or another active Admin remains. */
const keepsAnAdmin = (agencyId: string) =>
  sql`(${profile.role} != 'Admin' or ${profile.active} = 0 or
       (select count(*) from profile p2 where p2.agency_id = ${agencyId} and p2.role = 'Admin' and p2.active = 1 and p2.id != ${profile.id}) > 0)`;

export type MemberChange =
  | { ok: true; changed: boolean; member: Member }
  | { ok: false; reason: "not_found" | "self" | "last_admin" | "stale" };

type ChangeInput = { db: Db; agencyId: string; actorId: string; userId: string; ip?: string | null };

/** Changes a user's role (never to SuperAdmin: not an agency role). */
export async function changeMemberRole(input: ChangeInput & { role: InviteRole; version: number }): Promise<MemberChange> {
  const { db, agencyId, userId, role } = input;
  const member = await findMember(db, agencyId, userId);
  if (!member) return { ok: false, reason: "not_found" };
  if (member.id === input.actorId) return { ok: false, reason: "self" };
  if (member.version !== input.version) return { ok: false, reason: "stale" };
  if (member.role === role) return { ok: true, changed: false, member };
  if (member.role === "Admin" && member.active && (await otherActiveAdmins(db, agencyId, userId)) === 0) return { ok: false, reason: "last_admin" };
  const now = new Date().toISOString();
  const [updated] = await db
    .update(profile)
    .set({ role, updatedAt: now, version: sql`${profile.version} + 1` })
    .where(and(eq(profile.id, userId), eq(profile.agencyId, agencyId), eq(profile.version, input.version), keepsAnAdmin(agencyId)))
    .returning({ id: profile.id });
  if (!updated) return { ok: false, reason: (await findMember(db, agencyId, userId))?.version !== input.version ? "stale" : "last_admin" };
  await auditInsert(db, { agencyId, userId: input.actorId, entity: "profile", entityId: userId, action: "update", changes: { role: [member.role, role] }, ip: input.ip });
  return { ok: true, changed: true, member: { ...member, role, version: member.version + 1 } };
}

/**
 * Deactivates (sessions deleted at once; sign-in is refused for inactive
 * profiles) or reactivates a user.
 */
export async function setMemberActive(input: ChangeInput & { active: boolean }): Promise<MemberChange> {
  const { db, agencyId, userId, active } = input;
  const member = await findMember(db, agencyId, userId);
  if (!member) return { ok: false, reason: "not_found" };
  if (member.id === input.actorId) return { ok: false, reason: "self" };
  if (member.active === active) return { ok: true, changed: false, member };
  if (!active && member.role === "Admin" && (await otherActiveAdmins(db, agencyId, userId)) === 0) return { ok: false, reason: "last_admin" };
  const now = new Date().toISOString();
  const [updated] = await db
    .update(profile)
    .set({ active, updatedAt: now, version: sql`${profile.version} + 1` })
    .where(and(eq(profile.id, userId), eq(profile.agencyId, agencyId), eq(profile.active, !active), ...(active ? [] : [keepsAnAdmin(agencyId)])))
    .returning({ id: profile.id });
  if (!updated) {
    const again = await findMember(db, agencyId, userId);
    return again?.active === active ? { ok: true, changed: false, member: again } : { ok: false, reason: "last_admin" };
  }
  const audit = auditInsert(db, { agencyId, userId: input.actorId, entity: "profile", entityId: userId, action: "update", changes: { active: [!active, active] }, ip: input.ip });
  if (active) await audit;
  else await db.batch([db.delete(session).where(eq(session.userId, userId)), audit]);
  return { ok: true, changed: true, member: { ...member, active, version: member.version + 1 } };
}

type RealtimeEnv = Parameters<typeof notify>[0];

/** Tells a user about a change to their access, in their own language. */
export async function notifyMemberChange(
  env: RealtimeEnv,
  input: { member: Member; agencyId: string; agencyName: string; actorName: string; change: "role" | "deactivated" | "reactivated" },
) {
  const lng = languageOf(input.member.locale);
  const values = { actor: input.actorName, agency: input.agencyName, role: textIn(lng, `roles.${input.member.role}`) };
  const key = { role: "roleChanged", deactivated: "deactivated", reactivated: "reactivated" }[input.change];
  return notify(env, {
    userId: input.member.id,
    agencyId: input.agencyId,
    title: textIn(lng, `users.notify.${key}Title`, values),
    message: textIn(lng, `users.notify.${key}Message`, values),
    link: input.change === "role" ? "/perfil" : null,
  });
}

/** Tells the agency's active Admins (other than the newcomer) that someone joined, each in their own language. */
export async function notifyAdminsOfNewMember(
  env: RealtimeEnv,
  db: Db,
  input: { agencyId: string; agencyName: string; userId: string; name: string; email: string; role: Role },
) {
  const admins = await db
    .select({ id: profile.id, locale: profile.locale })
    .from(profile)
    .where(and(eq(profile.agencyId, input.agencyId), eq(profile.role, "Admin"), eq(profile.active, true), ne(profile.id, input.userId)));
  return Promise.all(
    admins.map((admin) => {
      const lng = languageOf(admin.locale);
      const values = { name: input.name || input.email, email: input.email, agency: input.agencyName, role: textIn(lng, `roles.${input.role}`) };
      return notify(env, {
        userId: admin.id,
        agencyId: input.agencyId,
        title: textIn(lng, "users.notify.joinedTitle", values),
        message: textIn(lng, "users.notify.joinedMessage", values),
        link: "/sistema/user-management",
      });
    }),
  );
}

/**
 * User management of one agency (Sistema → Gestão de Usuários): the members list
 * (users and pending invitations, one server-paginated list), role changes,
 * deactivation and reactivation. Every function takes the viewer's agency id and
 * filters on it: another agency's user is simply not found. The rules that keep an
 * agency manageable are enforced in the update itself (a conditional UPDATE), so
 * two admins acting at once cannot both demote the last Admin.
 */
import { and, eq, ne, sql } from "drizzle-orm";
import { profile, session, user, type Role } from "~/db/schema";
import { auditInsert } from "~/lib/platform/audit.server";
import type { Db } from "~/lib/platform/db.server";
import type { InviteRole, MemberQuery, MemberRow, MemberStatus } from "~/lib/system/users";
import { notify } from "~/lib/platform/realtime.server";
import { languageOf, textIn } from "~/lib/platform/text-in";

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The agency's users and its pending invitations (expired ones included), filtered, one page. */
export async function listMembers(db: Db, agencyId: string, query: MemberQuery): Promise<{ rows: MemberRow[]; total: number }> {
  const members = sql`
    select 'user' as kind, p.id as id, p.name as name, u.email as email, p.role as role,
           case when p.active = 1 then 'active' else 'deactivated' end as status,
           null as expires_at, p.version as version, p.created_at as created_at
      from profile p join user u on u.id = p.id
     where p.agency_id = ${agencyId}
    union all
    select 'invitation', i.id, i.name, i.email, i.role, 'pending', i.expires_at, i.version, i.created_at
      from invitation i
     where i.agency_id = ${agencyId} and i.accepted_at is null and i.revoked_at is null`;
  const filters = [sql`1 = 1`];
  if (query.q) {
    const pattern = `%${escapeLike(query.q.toLowerCase())}%`;
    filters.push(sql`(lower(m.name) like ${pattern} escape '\\' or lower(m.email) like ${pattern} escape '\\')`);
  }
  if (query.role) filters.push(sql`m.role = ${query.role}`);
  if (query.status) filters.push(sql`m.status = ${query.status}`);
  const where = sql.join(filters, sql` and `);
  const [rows, [total]] = await Promise.all([
    db.all<{
      kind: "user" | "invitation";
      id: string;
      name: string;
      email: string;
      role: Role;
      status: MemberStatus;
      expires_at: string | null;
      version: number;
      created_at: string;
    }>(
      sql`select * from (${members}) m where ${where}
          order by lower(m.name), m.email, m.id
          limit ${query.size} offset ${(query.page - 1) * query.size}`,
    ),
    db.all<{ n: number }>(sql`select count(*) as n from (${members}) m where ${where}`),
  ]);
  return {
    rows: rows.map((r) => ({
      kind: r.kind,
      id: r.id,
      name: r.name,
      email: r.email,
      role: r.role,
      status: r.status,
      expiresAt: r.expires_at,
      version: r.version,
      createdAt: r.created_at,
    })),
    total: total?.n ?? 0,
  };
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

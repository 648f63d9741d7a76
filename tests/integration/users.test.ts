/**
 * User management (Sistema → Gestão de Usuários), invitations (/convite/:token)
 * and the audit log (Sistema → Auditoria), through the real route table and
 * middleware: the role table, the invitation lifecycle, deactivation ending
 * sessions at once, the rules that keep an agency manageable, tenant isolation,
 * notifications and audit rows.
 */
import { env } from "cloudflare:test";
import { v7 as uuidv7 } from "uuid";
import { beforeAll, describe, expect, it } from "vitest";
import type { MemberRow } from "~/lib/system/users";
import { appRequest, json } from "./harness";
import { cookieFrom, createAgency, createUser, freshIp, MAR, seedDemo, signIn, SOL } from "./fixtures";

beforeAll(seedDemo);

const PAGE = "/sistema/user-management";
const AUDIT = "/sistema/auditoria";
const location = (res: Response) => res.headers.get("Location");
const newEmail = () => `convidado-${uuidv7().slice(-12)}@test.example`;

type ListData = { rows: MemberRow[]; page: { total: number; totalCapped: boolean; next: string | null; prev: string | null }; query: Record<string, unknown> };
type FormReply = { result: { status?: string; error?: Record<string, string[]> } };

/** A new agency with one Admin, signed in. */
async function agencyWithAdmin(name?: string) {
  const agency = await createAgency(name);
  const admin = await createUser({ role: "Admin", agencyId: agency.id, name: "Admin da Agência" });
  return { agency, admin, cookie: await signIn(admin.email) };
}

async function invite(cookie: string, fields: { email: string; name?: string; role?: string; locale?: string }) {
  return appRequest(PAGE, { cookie, form: { intent: "invite", name: "Pessoa Convidada", role: "Agente", locale: "pt", ...fields } });
}

const mailsTo = (email: string) =>
  env.DB.prepare("select subject, text, locale, kind, agency_id from email_outbox where to_address = ? order by created_at, id")
    .bind(email)
    .all<{ subject: string; text: string; locale: string; kind: string; agency_id: string | null }>()
    .then((r) => r.results);

/** The token of the newest invitation mailed to this address. */
async function lastToken(email: string) {
  const mails = await mailsTo(email);
  const text = mails[mails.length - 1]?.text ?? "";
  const match = text.match(/http:\/\/localhost:8787\/convite\/([A-Za-z0-9_-]+)/);
  if (!match) throw new Error(`no invitation link mailed to ${email}`);
  return match[1]!;
}

async function accept(token: string, { name = "Nova Pessoa", password = "senha-nova-123", confirm }: { name?: string; password?: string; confirm?: string } = {}) {
  return appRequest(`/convite/${token}`, { form: { name, password, confirm: confirm ?? password }, headers: { "cf-connecting-ip": freshIp() } });
}

const invitationOf = (email: string) =>
  env.DB.prepare("select * from invitation where email = ? order by created_at desc, id desc")
    .bind(email)
    .first<{ id: string; agency_id: string; token_hash: string; expires_at: string; accepted_at: string | null; revoked_at: string | null; role: string; locale: string }>();
const userByEmail = (email: string) =>
  env.DB.prepare("select u.id, p.role, p.agency_id, p.active, p.name, p.locale, p.version from user u join profile p on p.id = u.id where u.email = ?")
    .bind(email)
    .first<{ id: string; role: string; agency_id: string | null; active: number; name: string; locale: string | null; version: number }>();
const countUsers = (email: string) => env.DB.prepare("select count(*) as n from user where email = ?").bind(email).first<{ n: number }>().then((r) => r!.n);
const profileOf = (id: string) =>
  env.DB.prepare("select role, active, version, agency_id from profile where id = ?").bind(id).first<{ role: string; active: number; version: number; agency_id: string }>();
const notificationsOf = (userId: string) =>
  env.DB.prepare("select title, message, link from notification where user_id = ? order by created_at, id")
    .bind(userId)
    .all<{ title: string; message: string; link: string | null }>()
    .then((r) => r.results);
const auditOf = (entityId: string) =>
  env.DB.prepare("select agency_id, user_id, entity, action, changes from audit_entry where entity_id = ? order by created_at, id")
    .bind(entityId)
    .all<{ agency_id: string; user_id: string | null; entity: string; action: string; changes: string | null }>()
    .then((r) => r.results.map((a) => ({ ...a, changes: a.changes ? (JSON.parse(a.changes) as Record<string, unknown>) : null })));

async function list(cookie: string, search = "") {
  const res = await appRequest(`${PAGE}${search}`, { cookie });
  expect(res.status).toBe(200);
  return json<ListData>(res);
}

async function post(cookie: string, form: Record<string, string>) {
  return appRequest(PAGE, { cookie, form });
}

describe("role table (spec §6)", () => {
  it("sends a visitor without a session to /login", async () => {
    expect(location(await appRequest(PAGE))).toBe(`/login?redirectTo=${encodeURIComponent(PAGE)}`);
    expect(location(await appRequest(AUDIT))).toBe(`/login?redirectTo=${encodeURIComponent(AUDIT)}`);
  });

  it("sends an Agente to /dashboard on GET and refuses their writes with 403, creating nothing", async () => {
    const agent = await signIn("agente@sol.example");
    for (const path of [PAGE, AUDIT]) {
      const res = await appRequest(path, { cookie: agent });
      expect(res.status, path).toBe(302);
      expect(location(res), path).toBe("/dashboard");
    }
    const email = newEmail();
    const res = await invite(agent, { email });
    expect(res.status).toBe(403);
    expect(await invitationOf(email)).toBeNull();
    expect(await mailsTo(email)).toEqual([]);
    const target = await createUser({ agencyId: SOL.id });
    expect((await post(agent, { intent: "deactivate", userId: target.id })).status).toBe(403);
    expect((await profileOf(target.id))!.active).toBe(1);
  });

  it("lets Financeiro and Operacional not in either", async () => {
    for (const role of ["Financeiro", "Operacional"]) {
      const u = await createUser({ role, agencyId: SOL.id });
      const cookie = await signIn(u.email);
      expect(location(await appRequest(PAGE, { cookie })), role).toBe("/dashboard");
    }
  });

  it("lets an Admin and a SuperAdmin (inside the agency they picked) open both screens", async () => {
    const admin = await signIn("admin@sol.example");
    expect((await appRequest(PAGE, { cookie: admin })).status).toBe(200);
    expect((await appRequest(AUDIT, { cookie: admin })).status).toBe(200);
    const superAdmin = await signIn("super@rota.example");
    expect(location(await appRequest(PAGE, { cookie: superAdmin }))).toBe(`/selecionar-agencia?redirectTo=${encodeURIComponent(PAGE)}`);
    await appRequest("/selecionar-agencia", { cookie: superAdmin, form: { agencyId: MAR.id } });
    const data = await list(superAdmin);
    expect(data.rows.some((r) => r.email === "admin@mar.example")).toBe(true);
    expect(data.rows.some((r) => r.email === "admin@sol.example")).toBe(false);
    expect((await appRequest(AUDIT, { cookie: superAdmin })).status).toBe(200);
  });
});

describe("invitations", () => {
  it("invite → mail with the link in the chosen language → accept → signed in, in the right agency with the right role", async () => {
    const { agency, admin, cookie } = await agencyWithAdmin("Agência Convite");
    const email = newEmail();
    const res = await invite(cookie, { email: `  ${email.toUpperCase()} `, name: "Carla Nunes", role: "Financeiro", locale: "es" });
    expect(res.status).toBe(200);
    expect(await json(res)).toMatchObject({ toast: { title: "users.toast.invited", values: { email } } });

    // Only the token's SHA-256 is stored; it expires in 7 days.
    const inv = (await invitationOf(email))!;
    expect(inv).toMatchObject({ agency_id: agency.id, role: "Financeiro", locale: "es", accepted_at: null, revoked_at: null });
    expect(inv.token_hash).toMatch(/^[0-9a-f]{64}$/);
    const days = (Date.parse(inv.expires_at) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThanOrEqual(7);

    const [mail] = await mailsTo(email);
    expect(mail).toMatchObject({ kind: "invitation", locale: "es", agency_id: agency.id });
    expect(mail!.subject).toBe("Invitación al equipo de Agência Convite en Rota");
    expect(mail!.text).toContain("Admin da Agência le invitó");
    const token = await lastToken(email);
    expect(token).toHaveLength(43);
    expect(inv.token_hash).not.toContain(token);

    // The page shows the agency and the e-mail.
    const page = await appRequest(`/convite/${token}`);
    expect(page.status).toBe(200);
    expect(await json(page)).toMatchObject({ state: "valid", invitation: { agencyName: "Agência Convite", email, role: "Financeiro" } });

    const done = await accept(token, { name: "Carla Nunes Prado" });
    expect(done.status).toBe(302);
    expect(location(done)).toBe("/dashboard");
    const session = cookieFrom(done);
    expect(session).toMatch(/better-auth\.session_token=/);
    const layout = await json<{ viewer: { role: string; email: string; agency: { id: string } } }>(
      await appRequest("/dashboard", { cookie: session, loaderOf: "routes/app/layout.tsx" }),
    );
    expect(layout.viewer).toMatchObject({ role: "Financeiro", email, agency: { id: agency.id } });

    const created = (await userByEmail(email))!;
    expect(created).toMatchObject({ role: "Financeiro", agency_id: agency.id, active: 1, name: "Carla Nunes Prado" });
    expect((await invitationOf(email))!.accepted_at).not.toBeNull();
    // The new user signs in with the password they chose.
    expect(await signIn(email, "senha-nova-123")).toContain("session_token");

    // The agency's admins hear about it; the audit trail has the invitation and the new profile.
    const notes = await notificationsOf(admin.id);
    expect(notes).toEqual([
      { title: "Novo usuário na equipe", message: `Carla Nunes Prado (${email}) aceitou o convite e entrou em Agência Convite como Financeiro.`, link: PAGE },
    ]);
    const invAudit = await auditOf(inv.id);
    expect(invAudit.map((a) => [a.action, a.user_id])).toEqual([
      ["create", admin.id],
      ["update", created.id],
    ]);
    expect(invAudit[0]!.changes).toMatchObject({ email: [null, email], role: [null, "Financeiro"] });
    expect(invAudit[1]!.changes).toEqual({ status: ["pending", "accepted"] });
    expect(await auditOf(created.id)).toMatchObject([{ agency_id: agency.id, entity: "profile", action: "create" }]);

    // And the new user appears in the list as an active user, no longer as an invitation.
    const rows = (await list(cookie)).rows.filter((r) => r.email === email);
    expect(rows).toMatchObject([{ kind: "user", status: "active", role: "Financeiro" }]);
  });

  it("writes the notification in each admin's own language", async () => {
    const { agency, admin, cookie } = await agencyWithAdmin("Agencia Idiomas");
    await env.DB.prepare("update profile set locale = 'en' where id = ?").bind(admin.id).run();
    const email = newEmail();
    await invite(cookie, { email, role: "Operacional" });
    expect((await accept(await lastToken(email), { name: "Dora" })).status).toBe(302);
    expect(await notificationsOf(admin.id)).toEqual([
      { title: "New team member", message: `Dora (${email}) accepted the invitation and joined Agencia Idiomas as Operations.`, link: PAGE },
    ]);
    // A newcomer who joins as Admin is not told about themselves.
    const adminEmail = newEmail();
    await invite(cookie, { email: adminEmail, role: "Admin" });
    expect((await accept(await lastToken(adminEmail), { name: "Edu" })).status).toBe(302);
    const edu = (await userByEmail(adminEmail))!;
    expect(edu).toMatchObject({ role: "Admin", agency_id: agency.id });
    expect(await notificationsOf(edu.id)).toEqual([]);
    expect((await notificationsOf(admin.id)).map((n) => n.message)).toContain(`Edu (${adminEmail}) accepted the invitation and joined Agencia Idiomas as Administrator.`);
  });

  it("is single use", async () => {
    const { cookie } = await agencyWithAdmin();
    const email = newEmail();
    await invite(cookie, { email });
    const token = await lastToken(email);
    expect((await accept(token)).status).toBe(302);
    const again = await accept(token, { password: "outra-senha-456" });
    expect(again.status).toBe(410);
    expect((await json<FormReply>(again)).result.error![""]).toEqual(["users.accept.used"]);
    const page = await appRequest(`/convite/${token}`);
    expect(page.status).toBe(410);
    expect(await json(page)).toEqual({ state: "used", invitation: null });
    expect(await countUsers(email)).toBe(1);
    // The second password was not set.
    expect((await appRequest("/login", { form: { email, password: "outra-senha-456" }, headers: { "cf-connecting-ip": freshIp() } })).status).toBe(401);
  });

  it("creates one user when the same link is accepted twice at once", async () => {
    const { cookie } = await agencyWithAdmin();
    const email = newEmail();
    await invite(cookie, { email });
    const token = await lastToken(email);
    const results = await Promise.all([accept(token), accept(token)]);
    expect(results.map((r) => r.status).sort()).toEqual([302, 410]);
    expect(await countUsers(email)).toBe(1);
    // The losing batch left nothing behind (no account or profile without its user).
    const orphans = await env.DB.prepare(
      "select (select count(*) from profile where id not in (select id from user)) + (select count(*) from account where user_id not in (select id from user)) as n",
    ).first<{ n: number }>();
    expect(orphans!.n).toBe(0);
  });

  it("refuses an expired link and creates nothing", async () => {
    const { cookie } = await agencyWithAdmin();
    const email = newEmail();
    await invite(cookie, { email });
    const token = await lastToken(email);
    await env.DB.prepare("update invitation set expires_at = ? where email = ?").bind(new Date(Date.now() - 60_000).toISOString(), email).run();
    const page = await appRequest(`/convite/${token}`);
    expect(page.status).toBe(410);
    expect(await json(page)).toEqual({ state: "expired", invitation: null });
    const res = await accept(token);
    expect(res.status).toBe(410);
    expect((await json<FormReply>(res)).result.error![""]).toEqual(["users.accept.expired"]);
    expect(await countUsers(email)).toBe(0);
    // The list shows it as an expired invitation that can be resent.
    const row = (await list(cookie, "?status=pending")).rows.find((r) => r.email === email)!;
    expect(row.kind).toBe("invitation");
    expect(Date.parse(row.expiresAt!)).toBeLessThan(Date.now());
    expect((await post(cookie, { intent: "resend", invitationId: row.id })).status).toBe(200);
    expect((await accept(await lastToken(email))).status).toBe(302);
  });

  it("revokes: the link stops working, the row leaves the list, the audit keeps it", async () => {
    const { admin, cookie } = await agencyWithAdmin();
    const email = newEmail();
    await invite(cookie, { email });
    const token = await lastToken(email);
    const inv = (await invitationOf(email))!;
    const res = await post(cookie, { intent: "revoke", invitationId: inv.id });
    expect(res.status).toBe(200);
    expect(await json(res)).toMatchObject({ toast: { title: "users.toast.revoked" } });
    expect(await json(await appRequest(`/convite/${token}`))).toEqual({ state: "revoked", invitation: null });
    const refused = await accept(token);
    expect(refused.status).toBe(410);
    expect((await json<FormReply>(refused)).result.error![""]).toEqual(["users.accept.revoked"]);
    expect(await countUsers(email)).toBe(0);
    expect((await list(cookie)).rows.some((r) => r.email === email)).toBe(false);
    expect((await auditOf(inv.id)).at(-1)).toMatchObject({ action: "update", user_id: admin.id, changes: { status: ["pending", "revoked"] } });
    // Revoking twice is refused clearly.
    const twice = await post(cookie, { intent: "revoke", invitationId: inv.id });
    expect(twice.status).toBe(409);
    expect(await json(twice)).toEqual({ error: "users.errors.notPending" });
  });

  it("resends with a new token and a new expiry; the old token stops working", async () => {
    const { cookie } = await agencyWithAdmin();
    const email = newEmail();
    await invite(cookie, { email, locale: "en" });
    const oldToken = await lastToken(email);
    const before = (await invitationOf(email))!;
    await env.DB.prepare("update invitation set expires_at = ? where id = ?").bind(new Date(Date.now() + 86_400_000).toISOString(), before.id).run();
    const res = await post(cookie, { intent: "resend", invitationId: before.id });
    expect(res.status).toBe(200);
    const mails = await mailsTo(email);
    expect(mails).toHaveLength(2);
    expect(mails[1]).toMatchObject({ locale: "en", subject: expect.stringContaining("Invitation to join") });
    const newToken = await lastToken(email);
    expect(newToken).not.toBe(oldToken);
    const after = (await invitationOf(email))!;
    expect(after.id).toBe(before.id);
    expect(after.token_hash).not.toBe(before.token_hash);
    expect(Date.parse(after.expires_at) - Date.now()).toBeGreaterThan(6.9 * 86_400_000);
    expect((await appRequest(`/convite/${oldToken}`)).status).toBe(404);
    expect((await accept(oldToken)).status).toBe(404);
    expect(await countUsers(email)).toBe(0);
    expect((await accept(newToken)).status).toBe(302);
  });

  it("inviting the same e-mail again replaces the pending invitation", async () => {
    const { cookie } = await agencyWithAdmin();
    const email = newEmail();
    await invite(cookie, { email, role: "Agente" });
    const first = await lastToken(email);
    await invite(cookie, { email, role: "Admin" });
    expect((await appRequest(`/convite/${first}`)).status).toBe(410);
    expect((await list(cookie)).rows.filter((r) => r.email === email)).toMatchObject([{ kind: "invitation", role: "Admin" }]);
  });

  it("validates the invitation form on the server and creates nothing on bad input", async () => {
    const { cookie } = await agencyWithAdmin();
    const bad = await appRequest(PAGE, { cookie, form: { intent: "invite", email: "not-an-email", name: "", role: "SuperAdmin", locale: "fr" } });
    expect(bad.status).toBe(400);
    const body = await json<FormReply>(bad);
    expect(body.result.error).toMatchObject({
      email: ["validation.email"],
      name: ["validation.required"],
      role: ["users.errors.role"],
      locale: ["validation.invalid"],
    });
    // Nobody can be invited as SuperAdmin here, whoever asks.
    const superAdmin = await signIn("super@rota.example");
    await appRequest("/selecionar-agencia", { cookie: superAdmin, form: { agencyId: SOL.id } });
    const email = newEmail();
    const asSuper = await invite(superAdmin, { email, role: "SuperAdmin" });
    expect(asSuper.status).toBe(400);
    expect(await invitationOf(email)).toBeNull();
    expect(await mailsTo(email)).toEqual([]);
  });

  it("refuses an e-mail that already belongs to a user, of any agency", async () => {
    const { cookie } = await agencyWithAdmin();
    const res = await invite(cookie, { email: "Admin@Mar.example" });
    expect(res.status).toBe(400);
    expect((await json<FormReply>(res)).result.error).toEqual({ email: ["users.errors.emailTaken"] });
    expect(await invitationOf("admin@mar.example")).toBeNull();
  });

  it("validates the acceptance form and creates nothing on bad input", async () => {
    const { cookie } = await agencyWithAdmin();
    const email = newEmail();
    await invite(cookie, { email });
    const token = await lastToken(email);
    const res = await accept(token, { name: " ", password: "curta", confirm: "outra" });
    expect(res.status).toBe(400);
    const body = await json<FormReply & { result: { initialValue?: Record<string, unknown> } }>(res);
    expect(body.result.error).toMatchObject({ name: ["validation.required"], password: ["validation.passwordMin"], confirm: ["validation.passwordsDiffer"] });
    expect(body.result.initialValue?.password).toBeUndefined();
    expect(await countUsers(email)).toBe(0);
    expect((await invitationOf(email))!.accepted_at).toBeNull();
  });

  it("answers 404 for an unknown or malformed token and creates nothing", async () => {
    for (const token of ["A".repeat(43), "x", "abc%24def%3Bghi-jkl_mno.pqr", "a".repeat(200)]) {
      const page = await appRequest(`/convite/${token}`);
      expect(page.status, token).toBe(404);
      expect(await json(page)).toEqual({ state: "invalid", invitation: null });
      expect((await accept(token)).status, token).toBe(404);
    }
  });

  it("sends a signed-in user away from the invitation page (public-route guard)", async () => {
    const cookie = await signIn("agente@sol.example");
    expect(location(await appRequest(`/convite/${"A".repeat(43)}`, { cookie }))).toBe("/dashboard");
  });
});

describe("managing users", () => {
  it("changes a role: audit, notification in the user's language, stale versions refused", async () => {
    const { agency, admin, cookie } = await agencyWithAdmin("Agência Perfis");
    const target = await createUser({ agencyId: agency.id, name: "Eva Lopes" });
    await env.DB.prepare("update profile set locale = 'es' where id = ?").bind(target.id).run();
    const row = (await list(cookie)).rows.find((r) => r.id === target.id)!;
    const res = await post(cookie, { intent: "changeRole", userId: target.id, role: "Financeiro", version: String(row.version) });
    expect(res.status).toBe(200);
    expect(await json(res)).toMatchObject({ ok: true, toast: { title: "users.toast.roleChanged" } });
    expect(await profileOf(target.id)).toMatchObject({ role: "Financeiro", version: row.version + 1 });
    expect(await auditOf(target.id)).toMatchObject([{ agency_id: agency.id, user_id: admin.id, entity: "profile", action: "update", changes: { role: ["Agente", "Financeiro"] } }]);
    expect(await notificationsOf(target.id)).toEqual([
      { title: "Su perfil de acceso cambió", message: "Admin da Agência cambió su perfil en Agência Perfis a Finanzas.", link: "/perfil" },
    ]);
    // The same (now stale) version again is refused and changes nothing.
    const stale = await post(cookie, { intent: "changeRole", userId: target.id, role: "Admin", version: String(row.version) });
    expect(stale.status).toBe(409);
    expect(await json(stale)).toEqual({ error: "users.errors.stale" });
    expect((await profileOf(target.id))!.role).toBe("Financeiro");
    // SuperAdmin is not an agency role; nonsense is a 400.
    for (const role of ["SuperAdmin", "Chefe", ""]) {
      const bad = await post(cookie, { intent: "changeRole", userId: target.id, role, version: String(row.version + 1) });
      expect(bad.status, role).toBe(400);
    }
    expect((await post(cookie, { intent: "changeRole", userId: target.id, role: "Admin", version: "abc" })).status).toBe(400);
    expect((await post(cookie, { intent: "explode", userId: target.id })).status).toBe(400);
    expect((await post(cookie, {})).status).toBe(400);
    expect((await profileOf(target.id))!.role).toBe("Financeiro");
  });

  it("deactivation ends the user's sessions at once and blocks sign-in; reactivation restores access", async () => {
    const { agency, admin, cookie } = await agencyWithAdmin("Agência Sessões");
    const target = await createUser({ agencyId: agency.id, name: "Gil Souza" });
    const theirs = await signIn(target.email);
    const other = await signIn(target.email);
    expect((await appRequest("/dashboard", { cookie: theirs })).status).toBe(200);

    const res = await post(cookie, { intent: "deactivate", userId: target.id });
    expect(res.status).toBe(200);
    expect(await json(res)).toMatchObject({ toast: { title: "users.toast.deactivated" } });
    for (const c of [theirs, other]) expect(location(await appRequest("/dashboard", { cookie: c }))).toBe("/login?redirectTo=%2Fdashboard");
    const sessions = await env.DB.prepare("select count(*) as n from session where user_id = ?").bind(target.id).first<{ n: number }>();
    expect(sessions!.n).toBe(0);
    const login = await appRequest("/login", { form: { email: target.email, password: target.password }, headers: { "cf-connecting-ip": freshIp() } });
    expect(login.status).toBe(401);
    expect((await list(cookie, "?status=deactivated")).rows.map((r) => r.id)).toEqual([target.id]);
    expect(await notificationsOf(target.id)).toMatchObject([{ title: "Acesso desativado", message: "Admin da Agência desativou seu acesso a Agência Sessões." }]);

    const back = await post(cookie, { intent: "reactivate", userId: target.id });
    expect(back.status).toBe(200);
    expect(await signIn(target.email)).toContain("session_token");
    expect((await notificationsOf(target.id)).map((n) => n.title)).toEqual(["Acesso desativado", "Acesso reativado"]);
    expect((await auditOf(target.id)).map((a) => a.changes)).toEqual([{ active: [true, false] }, { active: [false, true] }]);
    expect((await auditOf(target.id)).every((a) => a.user_id === admin.id)).toBe(true);
    // Doing it twice changes nothing.
    expect(await json(await post(cookie, { intent: "reactivate", userId: target.id }))).toMatchObject({ toast: { title: "users.toast.unchanged" } });
    expect(await auditOf(target.id)).toHaveLength(2);
  });

  it("nobody deactivates or demotes the last active Admin of an agency", async () => {
    const agency = await createAgency("Agência Um Admin");
    const only = await createUser({ role: "Admin", agencyId: agency.id });
    const superAdmin = await signIn("super@rota.example");
    await appRequest("/selecionar-agencia", { cookie: superAdmin, form: { agencyId: agency.id } });
    const version = (await profileOf(only.id))!.version;
    const demote = await post(superAdmin, { intent: "changeRole", userId: only.id, role: "Agente", version: String(version) });
    expect(demote.status).toBe(409);
    expect(await json(demote)).toEqual({ error: "users.errors.lastAdmin" });
    const deactivate = await post(superAdmin, { intent: "deactivate", userId: only.id });
    expect(deactivate.status).toBe(409);
    expect(await json(deactivate)).toEqual({ error: "users.errors.lastAdmin" });
    expect(await profileOf(only.id)).toMatchObject({ role: "Admin", active: 1, version });
    expect(await auditOf(only.id)).toEqual([]);

    // With a second active Admin, one of them may step down; an inactive Admin does not count.
    const second = await createUser({ role: "Admin", agencyId: agency.id });
    await env.DB.prepare("update profile set active = 0 where id = ?").bind(second.id).run();
    expect((await post(superAdmin, { intent: "deactivate", userId: only.id })).status).toBe(409);
    await env.DB.prepare("update profile set active = 1 where id = ?").bind(second.id).run();
    expect((await post(superAdmin, { intent: "changeRole", userId: only.id, role: "Agente", version: String(version) })).status).toBe(200);
    expect((await post(superAdmin, { intent: "deactivate", userId: second.id })).status).toBe(409);
  });

  it("an Admin cannot deactivate or demote themselves", async () => {
    const { agency, admin, cookie } = await agencyWithAdmin();
    await createUser({ role: "Admin", agencyId: agency.id });
    const version = (await profileOf(admin.id))!.version;
    for (const form of [
      { intent: "deactivate", userId: admin.id } as Record<string, string>,
      { intent: "changeRole", userId: admin.id, role: "Agente", version: String(version) },
    ]) {
      const res = await post(cookie, form);
      expect(res.status, form.intent).toBe(409);
      expect(await json(res)).toEqual({ error: "users.errors.self" });
    }
    expect(await profileOf(admin.id)).toMatchObject({ role: "Admin", active: 1, version });
    expect((await appRequest("/dashboard", { cookie })).status).toBe(200);
  });
});

describe("tenant isolation", () => {
  it("an Admin of Mar neither sees nor changes Sol's users or invitations", async () => {
    const sol = await signIn("admin@sol.example");
    const solEmail = newEmail();
    await invite(sol, { email: solEmail });
    const solInvitation = (await invitationOf(solEmail))!;
    const solUser = await createUser({ agencyId: SOL.id, name: "Pessoa de Sol" });
    const before = (await profileOf(solUser.id))!;

    const mar = await signIn("admin@mar.example");
    const data = await list(mar, "?size=100");
    const solIds = new Set([solInvitation.id, solUser.id, "0190a000-0000-7000-8000-000000000102", "0190a000-0000-7000-8000-000000000103"]);
    expect(data.rows.length).toBeGreaterThan(0);
    expect(data.rows.filter((r) => solIds.has(r.id) || r.email.endsWith("@sol.example") || r.email === solEmail)).toEqual([]);
    expect((await list(mar, `?q=${encodeURIComponent(solEmail)}`)).page.total).toBe(0);

    for (const form of [
      { intent: "changeRole", userId: solUser.id, role: "Admin", version: String(before.version) } as Record<string, string>,
      { intent: "deactivate", userId: solUser.id },
      { intent: "reactivate", userId: solUser.id },
      { intent: "resend", invitationId: solInvitation.id },
      { intent: "revoke", invitationId: solInvitation.id },
    ]) {
      const res = await post(mar, form);
      expect(res.status, form.intent).toBe(404);
    }
    expect(await profileOf(solUser.id)).toEqual(before);
    expect(await invitationOf(solEmail)).toEqual(solInvitation);
    expect(await mailsTo(solEmail)).toHaveLength(1);
    expect(await auditOf(solUser.id)).toEqual([]);
    expect(await notificationsOf(solUser.id)).toEqual([]);

    // Mar's audit log shows none of Sol's entries.
    const audit = await json<{ rows: { entityId: string }[] }>(await appRequest(`${AUDIT}?entity=invitation`, { cookie: mar }));
    expect(audit.rows.some((r) => r.entityId === solInvitation.id)).toBe(false);
  });
});

describe("the list", () => {
  it("searches by name or e-mail, filters by role and status, and pages on the server with keyset cursors", async () => {
    const { agency, cookie } = await agencyWithAdmin();
    for (let i = 1; i <= 26; i++) await createUser({ agencyId: agency.id, name: `Agente ${String(i).padStart(2, "0")}` });
    const fin = await createUser({ agencyId: agency.id, role: "Financeiro", name: "Júlia Finanças" });
    const off = await createUser({ agencyId: agency.id, role: "Operacional", name: "Otávio Desligado" });
    await env.DB.prepare("update profile set active = 0 where id = ?").bind(off.id).run();
    const invited = newEmail();
    await invite(cookie, { email: invited, name: "Zeca Convidado", role: "Operacional" });

    const all = await list(cookie, "?size=50");
    expect(all.page.total).toBe(30);
    expect(all.rows).toHaveLength(30);
    expect(all.page.next).toBeNull();

    // Forwards: 25 + 5, users and the invitation in one order, no gaps or repeats.
    const page1 = await list(cookie);
    expect(page1.page).toMatchObject({ total: 30, prev: null });
    const page2 = await list(cookie, `?after=${page1.page.next}`);
    expect([page1.rows.length, page2.rows.length, page2.page.next]).toEqual([25, 5, null]);
    const walked = [...page1.rows, ...page2.rows].map((r) => r.id);
    expect(walked).toEqual(all.rows.map((r) => r.id));
    expect(new Set(walked).size).toBe(30);
    const names = all.rows.map((r) => r.name.toLowerCase());
    expect(names).toEqual([...names].sort());
    // Backwards from page 2: page 1 again.
    const back = await list(cookie, `?before=${page2.page.prev}`);
    expect(back.rows.map((r) => r.id)).toEqual(page1.rows.map((r) => r.id));
    expect(back.page.prev).toBeNull();

    expect((await list(cookie, "?q=agente%2011")).rows.map((r) => r.name)).toEqual(["Agente 11"]);
    expect((await list(cookie, `?q=${encodeURIComponent(fin.email.toUpperCase())}`)).rows.map((r) => r.id)).toEqual([fin.id]);
    expect((await list(cookie, "?q=%25")).page.total).toBe(0);
    expect((await list(cookie, "?role=Financeiro")).rows.map((r) => r.id)).toEqual([fin.id]);
    expect((await list(cookie, "?role=Operacional")).rows.map((r) => r.email).sort()).toEqual([off.email, invited].sort());
    expect((await list(cookie, "?status=deactivated")).rows.map((r) => r.id)).toEqual([off.id]);
    expect((await list(cookie, "?status=pending")).rows).toMatchObject([{ kind: "invitation", email: invited, name: "Zeca Convidado" }]);
    expect((await list(cookie, "?role=Admin&status=active")).page.total).toBe(1);
    // A filtered list pages too, with its own total.
    const agents = await list(cookie, "?role=Agente&size=25");
    expect(agents.page.total).toBe(26);
    const agents2 = await list(cookie, `?role=Agente&after=${agents.page.next}`);
    expect(agents2.rows.map((r) => r.name)).toEqual(["Agente 26"]);

    // Unknown values fall back to the defaults rather than failing.
    const odd = await list(cookie, "?role=SuperAdmin&status=weird&size=7&after=%27%3B--");
    expect(odd.query).toMatchObject({ filters: {}, size: 25, after: null });
    expect(odd.page.total).toBe(30);
  });
});

describe("audit log screen", () => {
  async function auditData(cookie: string, search = "") {
    const res = await appRequest(`${AUDIT}${search}`, { cookie });
    expect(res.status).toBe(200);
    return json<{
      rows: { id: string; createdAt: string; userId: string | null; who: string | null; entity: string; entityId: string; target: string | null; action: string; changes: Record<string, unknown> | null }[];
      page: { next: string | null; prev: string | null; total: number };
      query: { rangeError: boolean };
      options: { users: { id: string; name: string }[]; entities: string[] };
    }>(res);
  }

  it("shows who, when, what and the changed fields, and filters by user and entity", async () => {
    const { agency, admin, cookie } = await agencyWithAdmin("Agência Auditoria");
    const target = await createUser({ agencyId: agency.id, name: "Hugo Alvo" });
    const version = (await profileOf(target.id))!.version;
    await post(cookie, { intent: "changeRole", userId: target.id, role: "Operacional", version: String(version) });
    const email = newEmail();
    await invite(cookie, { email, name: "Íris" });

    const data = await auditData(cookie);
    expect(data.rows).toHaveLength(2);
    expect(data.rows[0]).toMatchObject({ entity: "invitation", action: "create", who: "Admin da Agência", target: `Íris <${email}>` });
    expect(data.rows[1]).toMatchObject({
      entity: "profile",
      entityId: target.id,
      action: "update",
      userId: admin.id,
      target: `Hugo Alvo <${target.email}>`,
      changes: { role: ["Agente", "Operacional"] },
    });
    expect(data.options.entities).toEqual(["invitation", "profile"]);
    expect(data.options.users).toEqual([{ id: admin.id, name: "Admin da Agência", email: admin.email }]);

    expect((await auditData(cookie, "?entity=profile")).rows.map((r) => r.entityId)).toEqual([target.id]);
    expect((await auditData(cookie, `?user=${admin.id}`)).rows).toHaveLength(2);
    expect((await auditData(cookie, `?user=${target.id}`)).rows).toHaveLength(0);
    // Bad filter values are ignored, never a 500.
    expect((await auditData(cookie, "?user=%27%3B--&entity=DROP%20TABLE&from=2026-13-45&after=zzz")).rows).toHaveLength(2);
  });

  it("filters by days entered in the agency's time zone (stored in UTC)", async () => {
    const { agency, cookie } = await agencyWithAdmin();
    const insert = (id: string, createdAt: string) =>
      env.DB.prepare("insert into audit_entry (id, agency_id, user_id, entity, entity_id, action, created_at) values (?, ?, null, 'agency', ?, 'update', ?)")
        .bind(id, agency.id, agency.id, createdAt)
        .run();
    // 2026-03-01 in São Paulo (UTC-3) runs from 03:00Z on the 1st to 03:00Z on the 2nd.
    await insert(uuidv7(), "2026-03-01T02:30:00.000Z"); // 28 Feb, 23:30 local
    const first = uuidv7();
    await insert(first, "2026-03-01T03:30:00.000Z"); // 1 Mar, 00:30 local
    const last = uuidv7();
    await insert(last, "2026-03-02T02:59:00.000Z"); // 1 Mar, 23:59 local
    await insert(uuidv7(), "2026-03-02T03:00:00.000Z"); // 2 Mar, 00:00 local

    expect((await auditData(cookie, "?from=2026-03-01&to=2026-03-01")).rows.map((r) => r.id)).toEqual([last, first]);
    expect((await auditData(cookie, "?from=2026-03-02")).rows).toHaveLength(1);
    expect((await auditData(cookie, "?to=2026-02-28")).rows).toHaveLength(1);
    const backwards = await auditData(cookie, "?from=2026-03-02&to=2026-03-01");
    expect(backwards.query.rangeError).toBe(true);
    expect(backwards.rows).toHaveLength(4);
    // Entries without a user are shown as the system's.
    expect(backwards.rows[0]).toMatchObject({ userId: null, who: null });
  });

  it("pages newest first with a keyset cursor, without gaps or repeats", async () => {
    const { agency, cookie } = await agencyWithAdmin();
    const same = "2026-04-10T12:00:00.000Z";
    const statements = [];
    for (let i = 0; i < 62; i++) {
      const createdAt = i < 10 ? same : new Date(Date.UTC(2026, 3, 1, 12, i)).toISOString();
      statements.push(
        env.DB.prepare("insert into audit_entry (id, agency_id, user_id, entity, entity_id, action, created_at) values (?, ?, null, 'agency', ?, 'update', ?)").bind(
          uuidv7(),
          agency.id,
          agency.id,
          createdAt,
        ),
      );
    }
    await env.DB.batch(statements);
    const first = await auditData(cookie);
    expect(first.rows).toHaveLength(50);
    expect(first.page).toMatchObject({ total: 62, prev: null });
    expect(first.page.next).toBeTruthy();
    const second = await auditData(cookie, `?after=${encodeURIComponent(first.page.next!)}`);
    expect(second.rows).toHaveLength(12);
    expect(second.page.next).toBeNull();
    // And back: the first page again.
    const back = await auditData(cookie, `?before=${encodeURIComponent(second.page.prev!)}`);
    expect(back.rows.map((r) => r.id)).toEqual(first.rows.map((r) => r.id));
    // Filters keep paging: 10 entries share one instant, 25 a page.
    const sameDay = await auditData(cookie, "?from=2026-04-10&to=2026-04-10&size=25");
    expect(sameDay.page.total).toBe(10);
    const ids = [...first.rows, ...second.rows].map((r) => r.id);
    expect(new Set(ids).size).toBe(62);
    const keys = [...first.rows, ...second.rows].map((r) => `${r.createdAt}~${r.id}`);
    expect(keys).toEqual([...keys].sort().reverse());
  });
});

/**
 * Mail delivery end to end: invitations and password resets go through the
 * outbox and then out with the agency's own e-mail settings — to a fake SMTP
 * server (tests/integration/smtp-server.ts) reached through the real Workers TCP
 * socket API — in the recipient's language. SMTP failures are recorded on the
 * outbox row without breaking the request, and retried from Parametrização →
 * E-mail; STARTTLS is never downgraded to plain text.
 */
import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { v7 as uuidv7 } from "uuid";
import { beforeAll, describe, expect, it } from "vitest";
import { STARTTLS_REFUSED } from "~/lib/settings/smtp-starttls";
import { appRequest, json } from "./harness";
import { createAgency, createUser, freshIp, seedDemo, signIn } from "./fixtures";
import type { SmtpSession } from "./smtp-server";
import { received, smtp, useSmtp } from "./smtp-fixtures";

beforeAll(seedDemo);

const USERS = "/sistema/user-management";
const EMAIL = "/parametrizacao/email";

type OutboxRow = { id: string; agency_id: string | null; kind: string; locale: string; status: string; attempts: number; last_error: string | null; sent_at: string | null; subject: string };
const outboxTo = (to: string) =>
  env.DB.prepare("select * from email_outbox where to_address = ? order by created_at, id")
    .bind(to)
    .all<OutboxRow>()
    .then((r) => r.results);
const sessions = async () => (await (await fetch(`${smtp.inbox}/sessions`)).json()) as SmtpSession[];
const newEmail = (prefix = "convidado") => `${prefix}-${uuidv7().slice(-12)}@test.example`;

/** A new agency with a signed-in Admin. */
async function agencyWithAdmin() {
  const agency = await createAgency();
  const admin = await createUser({ role: "Admin", agencyId: agency.id, name: "Admin da Agência" });
  return { agency, admin, cookie: await signIn(admin.email) };
}
type World = Awaited<ReturnType<typeof agencyWithAdmin>>;

function invite(w: World, email: string, locale = "pt", init: { ctx?: ExecutionContext } = {}) {
  return appRequest(USERS, { cookie: w.cookie, form: { intent: "invite", name: "Pessoa Convidada", role: "Agente", locale, email }, ...init });
}

function requestReset(email: string, lng: string) {
  return appRequest("/esqueci-senha", { form: { email }, headers: { "cf-connecting-ip": freshIp(), Cookie: `lng=${lng}` } });
}

describe("invitations", () => {
  let a: World;
  let smtpA: Awaited<ReturnType<typeof useSmtp>>;
  beforeAll(async () => {
    a = await agencyWithAdmin();
    smtpA = await useSmtp(a);
  });

  it("leave through the agency's SMTP server with its sender name and reply-to, in the invitation's language", async () => {
    const email = newEmail();
    const res = await invite(a, email, "en");
    expect(res.status).toBe(200);
    expect(await json(res)).toMatchObject({ toast: { title: "users.toast.invited" } });

    const [row] = await outboxTo(email);
    expect(row).toMatchObject({ agency_id: a.agency.id, kind: "invitation", locale: "en", status: "sent", attempts: 1, last_error: null });
    expect(row!.sent_at).not.toBeNull();

    const [mail, ...more] = await received(email);
    expect(more).toEqual([]);
    expect(mail).toMatchObject({ port: smtp.port, user: smtpA.user, mailFrom: smtpA.senderEmail, rcptTo: [email] });
    expect(mail!.headers.from).toBe(`"${smtpA.senderName}" <${smtpA.senderEmail}>`);
    expect(mail!.headers["reply-to"]).toBe(smtpA.replyTo);
    expect(mail!.headers.to).toBe(email);
    expect(mail!.headers.subject).toBe(`Invitation to join ${a.agency.name} on Rota`);
    expect(mail!.text).toMatch(/^Hello, Pessoa Convidada\./);
    expect(mail!.text).toContain("Admin da Agência invited you");
    expect(mail!.text).toMatch(/http:\/\/localhost:8787\/convite\/[A-Za-z0-9_-]{43}/);
  });

  it("are sent again through SMTP on resend, still in the invitation's language", async () => {
    const email = newEmail();
    await invite(a, email, "es");
    const inv = await env.DB.prepare("select id from invitation where email = ?").bind(email).first<{ id: string }>();
    const res = await appRequest(USERS, { cookie: a.cookie, form: { intent: "resend", invitationId: inv!.id } });
    expect(res.status).toBe(200);
    const mails = await received(email);
    expect(mails.map((m) => m.headers.subject)).toEqual([`Invitación al equipo de ${a.agency.name} en Rota`, `Invitación al equipo de ${a.agency.name} en Rota`]);
    expect(mails[0]!.text).not.toBe(mails[1]!.text); // a new link
    expect((await outboxTo(email)).map((r) => r.status)).toEqual(["sent", "sent"]);
  });

  it("are delivered after the response, through the request's ExecutionContext", async () => {
    const email = newEmail();
    const ctx = createExecutionContext();
    const res = await invite(a, email, "pt", { ctx });
    expect(res.status).toBe(200);
    // Answered before the SMTP conversation: the mail is in the outbox, not yet out.
    expect((await outboxTo(email)).map((r) => r.status)).toEqual(["queued"]);
    await waitOnExecutionContext(ctx);
    expect((await outboxTo(email)).map((r) => r.status)).toEqual(["sent"]);
    expect((await received(email)).map((m) => m.headers.subject)).toEqual([`Convite para a equipe de ${a.agency.name} no Rota`]);
  });

  it("of an agency with the local transport stay in the outbox as local, delivered to nobody", async () => {
    const local = await agencyWithAdmin();
    const email = newEmail();
    expect((await invite(local, email, "en")).status).toBe(200);
    expect(await outboxTo(email)).toMatchObject([{ agency_id: local.agency.id, status: "local", attempts: 0, locale: "en" }]);
    expect(await received(email)).toEqual([]);
  });
});

describe("password reset", () => {
  let a: World;
  let smtpA: Awaited<ReturnType<typeof useSmtp>>;
  beforeAll(async () => {
    a = await agencyWithAdmin();
    smtpA = await useSmtp(a);
  });

  it("of a user of an agency with SMTP leaves through SMTP in the user's saved language", async () => {
    const u = await createUser({ agencyId: a.agency.id });
    await env.DB.prepare("update profile set locale = 'es' where id = ?").bind(u.id).run();
    const res = await requestReset(u.email, "en");
    expect(await json(res)).toMatchObject({ sent: true });
    expect(await outboxTo(u.email)).toMatchObject([{ agency_id: a.agency.id, kind: "password-reset", locale: "es", status: "sent", attempts: 1 }]);
    const [mail] = await received(u.email);
    expect(mail).toMatchObject({ user: smtpA.user, mailFrom: smtpA.senderEmail });
    expect(mail!.headers.from).toBe(`"${smtpA.senderName}" <${smtpA.senderEmail}>`);
    expect(mail!.headers["reply-to"]).toBe(smtpA.replyTo);
    expect(mail!.headers.subject).toBe("Rota: restablecimiento de contraseña");

    // The link that arrived works.
    const token = decodeURIComponent(mail!.text.match(/resetar-senha\?token=(\S+)/)![1]!);
    const done = await appRequest("/resetar-senha", { form: { token, password: "nova-senha-segura-1", confirm: "nova-senha-segura-1" }, headers: { "cf-connecting-ip": freshIp() } });
    expect(done.headers.get("Location")).toBe("/login?reset=1");
  });

  it("falls back to the request's language when the user has none saved", async () => {
    const u = await createUser({ agencyId: a.agency.id });
    await requestReset(u.email, "en");
    expect((await received(u.email)).map((m) => m.headers.subject)).toEqual(["Rota: password reset"]);
    expect((await outboxTo(u.email))[0]).toMatchObject({ locale: "en", status: "sent" });
  });

  it("with the local transport stays in the outbox as local", async () => {
    const local = await createAgency();
    const u = await createUser({ agencyId: local.id });
    await requestReset(u.email, "pt");
    expect(await outboxTo(u.email)).toMatchObject([{ agency_id: local.id, locale: "pt", status: "local", attempts: 0, subject: "Rota: redefinição de senha" }]);
    expect(await received(u.email)).toEqual([]);
  });

  it("of a SuperAdmin without an agency uses the local default", async () => {
    const sup = await createUser({ role: "SuperAdmin", agencyId: null });
    await requestReset(sup.email, "es");
    expect(await outboxTo(sup.email)).toMatchObject([{ agency_id: null, locale: "es", status: "local", attempts: 0 }]);
    expect(await received(sup.email)).toEqual([]);
  });
});

describe("SMTP failures", () => {
  it("leave the mail failed with the error and one attempt, the invitation created, and a retry sends it", async () => {
    const w = await agencyWithAdmin();
    const settings = await useSmtp(w, { smtpPassword: "wrong-password" });
    const email = newEmail();
    const res = await invite(w, email, "en");
    expect(res.status).toBe(200);
    expect(await json(res)).toMatchObject({ toast: { title: "users.toast.invited" } });
    expect(await env.DB.prepare("select role, locale from invitation where email = ? and agency_id = ?").bind(email, w.agency.id).first()).toEqual({ role: "Agente", locale: "en" });

    const [row] = await outboxTo(email);
    expect(row).toMatchObject({ status: "failed", attempts: 1, sent_at: null });
    expect(row!.last_error).toContain("535");
    expect(await received(email)).toEqual([]);
    // Listed in the agency's outbox with its error.
    const list = await json<{ outbox: { id: string; status: string; attempts: number; lastError: string }[] }>(await appRequest(EMAIL, { cookie: w.cookie }));
    expect(list.outbox.find((m) => m.id === row!.id)).toMatchObject({ status: "failed", attempts: 1, lastError: row!.last_error });

    // Fixed password, then the retry from the outbox.
    await useSmtp(w, { smtpUser: settings.user, smtpPassword: "the-right-password" });
    const retry = await appRequest(EMAIL, { cookie: w.cookie, form: { intent: "retry", id: row!.id } });
    expect(await json(retry)).toMatchObject({ delivery: { status: "sent" }, toast: { title: "emailSettings.retried" } });
    expect((await outboxTo(email))[0]).toMatchObject({ status: "sent", attempts: 2, last_error: null });
    const [mail] = await received(email);
    expect(mail).toMatchObject({ user: settings.user });
    expect(mail!.headers.subject).toBe(`Invitation to join ${w.agency.name} on Rota`);
  });

  it("do not change the answer to a password reset request", async () => {
    const w = await agencyWithAdmin();
    await useSmtp(w, { smtpPort: "9" }); // nothing listens there
    const u = await createUser({ agencyId: w.agency.id });
    const res = await requestReset(u.email, "pt");
    expect(res.status).toBe(200);
    expect(await json(res)).toMatchObject({ sent: true });
    const [row] = await outboxTo(u.email);
    expect(row).toMatchObject({ kind: "password-reset", status: "failed", attempts: 1 });
    expect(row!.last_error!.length).toBeGreaterThan(0);
  });
});

describe("tenant isolation", () => {
  it("a mail of agency A never uses agency B's settings", async () => {
    const a = await agencyWithAdmin();
    const b = await agencyWithAdmin();
    const local = await agencyWithAdmin();
    const smtpA = await useSmtp(a);
    const smtpB = await useSmtp(b);
    const [toA, toB, toLocal] = [newEmail("a"), newEmail("b"), newEmail("local")];
    await invite(a, toA);
    await invite(b, toB);
    await invite(local, toLocal);

    const [mailA] = await received(toA);
    const [mailB] = await received(toB);
    expect(mailA).toMatchObject({ user: smtpA.user, mailFrom: smtpA.senderEmail });
    expect(mailA!.headers["reply-to"]).toBe(smtpA.replyTo);
    expect(mailA!.headers.subject).toContain(a.agency.name);
    expect(mailB).toMatchObject({ user: smtpB.user, mailFrom: smtpB.senderEmail });
    expect(mailB!.headers["reply-to"]).toBe(smtpB.replyTo);
    // The agency without SMTP settings does not borrow anyone's.
    expect(await received(toLocal)).toEqual([]);
    expect((await outboxTo(toLocal))[0]).toMatchObject({ agency_id: local.agency.id, status: "local" });
    // Each outbox lists its own mails only.
    const outboxOf = async (w: World) => (await json<{ outbox: { to: string }[] }>(await appRequest(EMAIL, { cookie: w.cookie }))).outbox.map((m) => m.to);
    expect(await outboxOf(a)).toEqual([toA]);
    expect(await outboxOf(b)).toEqual([toB]);
  });
});

describe("STARTTLS", () => {
  it("refuses a server that does not offer it: no credentials, no mail in plain text", async () => {
    const w = await agencyWithAdmin();
    const settings = await useSmtp(w, { smtpSecurity: "starttls" });
    const email = newEmail();
    expect((await invite(w, email)).status).toBe(200);
    const [row] = await outboxTo(email);
    expect(row).toMatchObject({ status: "failed", attempts: 1, last_error: STARTTLS_REFUSED });
    expect(await received(email)).toEqual([]);
    expect((await sessions()).filter((s) => s.user === settings.user)).toEqual([]);
  });

  it("asks to upgrade when the server offers it, and fails rather than continue unencrypted", async () => {
    const w = await agencyWithAdmin();
    const settings = await useSmtp(w, { smtpSecurity: "starttls", smtpPort: String(smtp.startTlsPort) });
    const email = newEmail();
    await invite(w, email);
    const [row] = await outboxTo(email);
    expect(row).toMatchObject({ status: "failed", attempts: 1 });
    expect(row!.last_error).toContain("454");
    expect(await received(email)).toEqual([]);
    const tried = (await sessions()).filter((s) => s.port === smtp.startTlsPort);
    expect(tried.some((s) => s.commands.includes("STARTTLS"))).toBe(true);
    expect(tried.flatMap((s) => s.commands).some((c) => c.startsWith("AUTH"))).toBe(false);
    expect((await sessions()).filter((s) => s.user === settings.user)).toEqual([]);
  });
});

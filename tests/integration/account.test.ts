import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { appRequest, json } from "./harness";
import { createAgency, createUser, freshIp, MAR, seedDemo, signIn, SOL } from "./fixtures";

beforeAll(seedDemo);

const location = (res: Response) => res.headers.get("Location");
const mailsTo = (email: string) =>
  env.DB.prepare("select subject, text, locale, kind, agency_id from email_outbox where to_address = ? order by created_at")
    .bind(email)
    .all<{ subject: string; text: string; locale: string; kind: string; agency_id: string | null }>()
    .then((r) => r.results);
const tokenIn = (text: string) => decodeURIComponent(text.match(/resetar-senha\?token=([^\s]+)/)![1]!);

async function requestReset(email: string, lng = "pt") {
  return appRequest("/esqueci-senha", { form: { email }, headers: { "cf-connecting-ip": freshIp(), Cookie: `lng=${lng}` } });
}
async function reset(token: string, password: string) {
  return appRequest("/resetar-senha", { form: { token, password, confirm: password }, headers: { "cf-connecting-ip": freshIp() } });
}

describe("password reset", () => {
  it("mails a reset link through the outbox in the user's language", async () => {
    const u = await createUser();
    const res = await requestReset(u.email, "es");
    expect(res.status).toBe(200);
    expect(await json(res)).toMatchObject({ sent: true });
    const [mail] = await mailsTo(u.email);
    expect(mail).toMatchObject({ kind: "password-reset", locale: "es", agency_id: SOL.id });
    expect(mail!.subject).toBe("Rota: restablecimiento de contraseña");
    expect(mail!.text).toMatch(/http:\/\/localhost:8787\/resetar-senha\?token=/);
  });

  it("answers the same for an unknown e-mail and sends nothing", async () => {
    const known = await createUser();
    const a = await json(await requestReset(known.email));
    const b = await json(await requestReset("ghost@nowhere.example"));
    expect(b).toEqual(a);
    expect(await mailsTo("ghost@nowhere.example")).toEqual([]);
  });

  it("sets the new password once: the link is single use and the old password stops working", async () => {
    const u = await createUser();
    await requestReset(u.email);
    const token = tokenIn((await mailsTo(u.email))[0]!.text);
    const done = await reset(token, "nova-senha-segura-1");
    expect(location(done)).toBe("/login?reset=1");
    expect(await signIn(u.email, "nova-senha-segura-1")).toContain("session_token");
    const old = await appRequest("/login", { form: { email: u.email, password: u.password }, headers: { "cf-connecting-ip": freshIp() } });
    expect(old.status).toBe(401);
    const again = await reset(token, "outra-senha-segura-2");
    expect(again.status).toBe(400);
    expect((await json<{ result: { error: Record<string, string[]> } }>(again)).result.error[""]).toEqual(["auth.resetInvalid"]);
  });

  it("refuses an expired link", async () => {
    const u = await createUser();
    await requestReset(u.email);
    const token = tokenIn((await mailsTo(u.email))[0]!.text);
    await env.DB.prepare("update verification set expires_at = ? where identifier like ?").bind(Date.now() - 1000, `%${token}%`).run();
    const res = await reset(token, "nova-senha-segura-1");
    expect(res.status).toBe(400);
    expect(await signIn(u.email, u.password)).toContain("session_token");
  });

  it("validates the new password and its confirmation", async () => {
    const res = await appRequest("/resetar-senha", { form: { token: "x", password: "short", confirm: "other" } });
    expect(res.status).toBe(400);
    const body = await json<{ result: { error: Record<string, string[]> } }>(res);
    expect(body.result.error.password).toEqual(["validation.passwordMin"]);
    expect(body.result.error.confirm).toEqual(["validation.passwordsDiffer"]);
  });
});

describe("/perfil", () => {
  const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);

  it("edits the name and writes an audit entry with the change", async () => {
    const u = await createUser({ name: "Nome Antigo" });
    const cookie = await signIn(u.email);
    const res = await appRequest("/perfil", { cookie, form: { intent: "name", name: "  Nome Novo da Silva " } });
    expect(res.status).toBe(200);
    const row = await env.DB.prepare("select name from profile where id = ?").bind(u.id).first<{ name: string }>();
    expect(row?.name).toBe("Nome Novo da Silva");
    const audit = await env.DB.prepare("select action, changes, agency_id, user_id from audit_entry where entity = 'profile' and entity_id = ?").bind(u.id).first<{ changes: string }>();
    expect(audit).toMatchObject({ action: "update", agency_id: SOL.id, user_id: u.id });
    expect(JSON.parse(audit!.changes)).toEqual({ name: ["Nome Antigo", "Nome Novo da Silva"] });
  });

  it("refuses an empty or oversized name and changes nothing", async () => {
    const u = await createUser({ name: "Fica Igual" });
    const cookie = await signIn(u.email);
    for (const name of ["   ", "x".repeat(121)]) {
      const res = await appRequest("/perfil", { cookie, form: { intent: "name", name } });
      expect(res.status).toBe(400);
    }
    expect((await env.DB.prepare("select name from profile where id = ?").bind(u.id).first<{ name: string }>())?.name).toBe("Fica Igual");
  });

  it("uploads an avatar to R2 under the agency's prefix and serves it to the same agency only", async () => {
    const u = await createUser();
    const cookie = await signIn(u.email);
    const res = await appRequest("/perfil", { cookie, form: { intent: "avatar", avatar: new File([png], "me.gif", { type: "image/gif" }) } });
    expect(res.status).toBe(200);
    const key = (await env.DB.prepare("select avatar_key as k from profile where id = ?").bind(u.id).first<{ k: string }>())!.k;
    expect(key).toMatch(new RegExp(`^agencies/${SOL.id}/avatars/.+\\.png$`));
    expect(await env.FILES.head(key)).not.toBeNull();
    const same = await appRequest(`/arquivos/avatar/${u.id}`, { cookie: await signIn("admin@sol.example") });
    expect(same.status).toBe(200);
    expect(same.headers.get("Content-Type")).toBe("image/png");
    expect(same.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(new Uint8Array(await same.arrayBuffer())).toEqual(png);
    const other = await appRequest(`/arquivos/avatar/${u.id}`, { cookie: await signIn("admin@mar.example") });
    expect(other.status).toBe(404);
    expect((await appRequest(`/arquivos/avatar/${u.id}`)).status).toBe(404);
  });

  it("refuses a disguised or oversized file and keeps the current avatar", async () => {
    const u = await createUser();
    const cookie = await signIn(u.email);
    const svg = new File(["<svg xmlns='http://www.w3.org/2000/svg'><script>alert(1)</script></svg>"], "a.png", { type: "image/png" });
    const bad = await appRequest("/perfil", { cookie, form: { intent: "avatar", avatar: svg } });
    expect(bad.status).toBe(400);
    expect(await json(bad)).toEqual({ avatarError: "validation.fileType" });
    const big = new Uint8Array(2 * 1024 * 1024 + 1);
    big.set(png);
    const large = await appRequest("/perfil", { cookie, form: { intent: "avatar", avatar: new File([big], "big.png") } });
    expect(await json(large)).toEqual({ avatarError: "validation.fileTooLarge" });
    expect((await env.DB.prepare("select avatar_key as k from profile where id = ?").bind(u.id).first<{ k: string | null }>())?.k).toBeNull();
  });

  it("changes the password only with the current one, and ends the other sessions", async () => {
    const u = await createUser();
    const here = await signIn(u.email);
    const elsewhere = await signIn(u.email);
    const wrong = await appRequest("/perfil", { cookie: here, form: { intent: "password", currentPassword: "not-it-123", newPassword: "nova-senha-123", confirm: "nova-senha-123" } });
    expect(wrong.status).toBe(400);
    expect((await json<{ result: { error: Record<string, string[]> } }>(wrong)).result.error.currentPassword).toEqual(["profile.wrongPassword"]);
    const ok = await appRequest("/perfil", { cookie: here, form: { intent: "password", currentPassword: u.password, newPassword: "nova-senha-123", confirm: "nova-senha-123" } });
    expect(ok.status).toBe(200);
    const newCookie = ok.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ") || here;
    expect((await appRequest("/perfil", { cookie: newCookie })).status).toBe(200);
    expect(location(await appRequest("/perfil", { cookie: elsewhere }))).toMatch(/^\/login/);
    expect(await signIn(u.email, "nova-senha-123")).toContain("session_token");
    const notice = await env.DB.prepare("select title, link from notification where user_id = ?").bind(u.id).first();
    expect(notice).toEqual({ title: "Senha alterada", link: "/perfil" });
  });

  it("a user of one agency never reaches another agency's profile data", async () => {
    const other = await createAgency();
    const stranger = await createUser({ agencyId: other.id });
    const cookie = await signIn("admin@mar.example");
    expect((await appRequest(`/arquivos/avatar/${stranger.id}`, { cookie })).status).toBe(404);
    const dash = await json(await appRequest("/dashboard", { cookie }));
    expect(dash).toMatchObject({ agency: { slug: "mar-turismo" } });
    expect(MAR.id).not.toBe(other.id);
  });
});

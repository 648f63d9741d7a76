/**
 * Hostile input on the platform: redirect targets from user input (one rule,
 * ~/lib/platform/redirect-target) and bodies that are not forms (one guard,
 * ~/middleware/form-body). Nothing here may answer 500 or change data.
 */
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import en from "~/locales/en";
import pt from "~/locales/pt";
import { appRequest, BASE_URL } from "./harness";
import { createAgency, createUser, freshIp, MAR, seedDemo, signIn } from "./fixtures";

beforeAll(seedDemo);

const location = (res: Response) => res.headers.get("Location");

/** A Location a browser would follow to another site, after dropping tab and newlines. */
function leavesTheSite(value: string | null): boolean {
  if (value === null) return false;
  return new URL(value, `${BASE_URL}/somewhere`).origin !== BASE_URL;
}

const ATTACKS = [
  "/\t/evil.example",
  "/\n/evil.example",
  "/\r/evil.example",
  "/\v/evil.example",
  "/\r\nSet-Cookie: x=1",
  "/.//evil.example",
  "//evil.example",
  "/\\evil.example",
  "https://evil.example",
  "/\u2028/x",
  "/ok\u0000",
];

describe("redirect targets from user input", () => {
  it("the login lands on a path of the app, never elsewhere and never a 500", async () => {
    for (const redirectTo of ATTACKS) {
      const res = await appRequest("/login", {
        form: { email: "admin@sol.example", password: "demo-rota-2026", redirectTo },
        headers: { "cf-connecting-ip": freshIp() },
      });
      expect(res.status, JSON.stringify(redirectTo)).toBe(302);
      expect(leavesTheSite(location(res)), JSON.stringify(redirectTo)).toBe(false);
      expect(location(res)).toMatch(/^\/(?!\/)[\x21-\x7e]*$/);
    }
  });

  it("the language switch goes back to a path of the app", async () => {
    for (const redirectTo of ATTACKS) {
      const res = await appRequest("/idioma", { form: { lng: "en", redirectTo } });
      expect(res.status, JSON.stringify(redirectTo)).toBe(302);
      expect(leavesTheSite(location(res)), JSON.stringify(redirectTo)).toBe(false);
      expect(location(res)).toMatch(/^\/(?!\/)/);
    }
    const ok = await appRequest("/idioma", { form: { lng: "es", redirectTo: "/cadastros/clientes?q=joão" } });
    expect(location(ok)).toBe("/cadastros/clientes?q=jo%C3%A3o");
  });

  it("the agency choice goes on to a path of the app", async () => {
    const cookie = await signIn("super@rota.example");
    for (const redirectTo of ATTACKS) {
      const res = await appRequest("/selecionar-agencia", { cookie, form: { agencyId: MAR.id, redirectTo } });
      expect(res.status, JSON.stringify(redirectTo)).toBe(302);
      expect(leavesTheSite(location(res)), JSON.stringify(redirectTo)).toBe(false);
    }
  });
});

/** Bodies that are not a form, each with the status the guard answers. */
const BAD_BODIES: { name: string; init: () => RequestInit; status: number }[] = [
  { name: "no Content-Type", init: () => ({ body: new TextEncoder().encode("intent=name&name=Mudado") }), status: 415 },
  {
    name: "application/json",
    init: () => ({ body: JSON.stringify({ intent: "name", name: "Mudado" }), headers: { "Content-Type": "application/json" } }),
    status: 415,
  },
  { name: "text/plain", init: () => ({ body: "intent=name&name=Mudado", headers: { "Content-Type": "text/plain" } }), status: 415 },
  {
    name: "multipart without a boundary",
    init: () => ({
      body: '--x\r\nContent-Disposition: form-data; name="intent"\r\n\r\nname\r\n--x--\r\n',
      headers: { "Content-Type": "multipart/form-data" },
    }),
    status: 400,
  },
  {
    name: "multipart with a broken body",
    init: () => ({ body: "--x\r\nContent-Disposition: form-data; name=\"intent\"\r\n\r\nname", headers: { "Content-Type": "multipart/form-data; boundary=x" } }),
    status: 400,
  },
];

describe("bodies that are not forms", () => {
  let agencyId: string;
  let admin: { id: string; email: string };
  let cookie: string;

  beforeAll(async () => {
    agencyId = (await createAgency()).id;
    admin = await createUser({ role: "Admin", agencyId, name: "Nome Original" });
    cookie = await signIn(admin.email);
  });

  const counts = async () => {
    const q = (sql: string) => env.DB.prepare(sql).bind(agencyId).first<{ n: number }>().then((r) => r?.n ?? 0);
    return {
      clients: await q("select count(*) as n from client where agency_id = ?"),
      audit: await q("select count(*) as n from audit_entry where agency_id = ?"),
      invitations: await q("select count(*) as n from invitation where agency_id = ?"),
      outbox: await q("select count(*) as n from email_outbox where agency_id = ?"),
      profiles: await q("select count(*) as n from profile where agency_id = ?"),
    };
  };
  const profileName = () => env.DB.prepare("select name from profile where id = ?").bind(admin.id).first<{ name: string }>();

  const ACTIONS = ["/login", "/perfil", "/sistema/user-management", "/cadastros/clientes/novo", "/idioma", "/notificacoes", "/logout", "/selecionar-agencia"];

  it("answer 415 or 400 in the user's language on every action, and change nothing", async () => {
    const before = await counts();
    for (const path of ACTIONS) {
      for (const bad of BAD_BODIES) {
        for (const method of ["POST", "PUT"]) {
          const init = bad.init();
          const headers = new Headers(init.headers);
          headers.set("Accept-Language", "en");
          headers.set("cf-connecting-ip", freshIp());
          const res = await appRequest(path, { ...init, method, headers, cookie: path === "/login" ? undefined : cookie });
          const label = `${method} ${path} with ${bad.name}`;
          expect(res.status, label).toBe(bad.status);
          const body = (await res.json()) as { message: string };
          expect(body.message, label).toBe(bad.status === 415 ? en.errors.unsupportedBody : en.errors.notAForm);
          expect(res.headers.getSetCookie().join(""), label).not.toMatch(/session_token=|lng=/);
        }
      }
    }
    expect(await counts()).toEqual(before);
    expect((await profileName())?.name).toBe("Nome Original");
    // The session survived the bad posts to /logout.
    expect((await appRequest("/dashboard", { cookie })).status).toBe(200);
  });

  it("answers in the language of the user's cookie", async () => {
    const res = await appRequest("/perfil", {
      cookie: `${cookie}; lng=pt`,
      method: "POST",
      body: "{}",
      headers: { "Content-Type": "application/json", "Accept-Language": "en" },
    });
    expect(res.status).toBe(415);
    expect(((await res.json()) as { message: string }).message).toBe(pt.errors.unsupportedBody);
  });

  it("lets a real form through, urlencoded or multipart", async () => {
    const urlencoded = await appRequest("/perfil", {
      cookie,
      method: "POST",
      body: new URLSearchParams({ intent: "name", name: "Nome Novo" }),
    });
    expect(urlencoded.status).toBe(200);
    expect((await profileName())?.name).toBe("Nome Novo");
    const multipart = await appRequest("/perfil", { cookie, form: { intent: "name", name: "Nome Original" } });
    expect(multipart.status).toBe(200);
    expect((await profileName())?.name).toBe("Nome Original");
  });

  it("leaves better-auth's JSON API to better-auth", async () => {
    const res = await appRequest("/api/auth/sign-in/email", {
      method: "POST",
      body: JSON.stringify({ email: admin.email, password: "wrong-password" }),
      headers: { "Content-Type": "application/json", "cf-connecting-ip": freshIp() },
    });
    expect(res.status).toBe(401);
  });
});

describe("hostile cookies", () => {
  it("a malformed language cookie counts as no choice, never a 500", async () => {
    for (const lng of ["%E0%A4%A", "%", "en%00", "x".repeat(5000)]) {
      const res = await appRequest("/login", { headers: { Cookie: `lng=${lng}`, "Accept-Language": "es" } });
      expect(res.status, lng).toBeLessThan(500);
    }
    const post = await appRequest("/idioma", { form: { lng: "en" }, headers: { Cookie: "lng=%E0%A4%A" } });
    expect(post.status).toBe(302);
  });
});

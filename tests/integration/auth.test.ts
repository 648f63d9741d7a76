import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { isSameOrigin } from "~/middleware/csrf";
import { appRequest, json } from "./harness";
import { cookieFrom, createUser, freshIp, MAR, seedDemo, signIn, SOL } from "./fixtures";

beforeAll(seedDemo);

const location = (res: Response) => res.headers.get("Location");

describe("sign-in", () => {
  it("signs in and lands on /dashboard with a secure session cookie", async () => {
    const res = await appRequest("/login", {
      form: { email: "admin@sol.example", password: "demo-rota-2026" },
      headers: { "cf-connecting-ip": freshIp() },
    });
    expect(res.status).toBe(302);
    expect(location(res)).toBe("/dashboard");
    const setCookie = res.headers.getSetCookie().join("\n");
    expect(setCookie).toMatch(/better-auth\.session_token=/);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    const dash = await appRequest("/dashboard", { cookie: cookieFrom(res) });
    expect(dash.status).toBe(200);
    expect(await json(dash)).toMatchObject({ agency: { slug: "sol-viagens" } });
  });

  it("accepts the e-mail in any case and with spaces", async () => {
    const res = await appRequest("/login", {
      form: { email: "  Admin@SOL.example ", password: "demo-rota-2026" },
      headers: { "cf-connecting-ip": freshIp() },
    });
    expect(res.status).toBe(302);
  });

  it("lands on the remembered location, never on another site", async () => {
    const ok = await appRequest("/login", {
      form: { email: "admin@sol.example", password: "demo-rota-2026", redirectTo: "/perfil?x=1" },
      headers: { "cf-connecting-ip": freshIp() },
    });
    expect(location(ok)).toBe("/perfil?x=1");
    for (const evil of ["//evil.example/x", "https://evil.example", "/\\evil.example"]) {
      const res = await appRequest("/login", {
        form: { email: "admin@sol.example", password: "demo-rota-2026", redirectTo: evil },
        headers: { "cf-connecting-ip": freshIp() },
      });
      expect(location(res)).toBe("/dashboard");
    }
  });

  it("refuses a wrong password with the invalid-credentials message and no cookie", async () => {
    const res = await appRequest("/login", {
      form: { email: "admin@sol.example", password: "wrong-password" },
      headers: { "cf-connecting-ip": freshIp() },
    });
    expect(res.status).toBe(401);
    expect(res.headers.getSetCookie().join("")).not.toMatch(/session_token=[^;]/);
    const body = await json<{ result: { error: Record<string, string[]> } }>(res);
    expect(body.result.error[""]).toEqual(["auth.invalidCredentials"]);
  });

  it("gives the same answer for an unknown e-mail", async () => {
    const res = await appRequest("/login", {
      form: { email: "nobody@nowhere.example", password: "whatever-123" },
      headers: { "cf-connecting-ip": freshIp() },
    });
    expect(res.status).toBe(401);
    expect((await json<{ result: { error: Record<string, string[]> } }>(res)).result.error[""]).toEqual(["auth.invalidCredentials"]);
  });

  it("validates the form on the server: field errors, password never echoed", async () => {
    const res = await appRequest("/login", { form: { email: "not-an-email", password: "" }, headers: { "cf-connecting-ip": freshIp() } });
    expect(res.status).toBe(400);
    const body = await json<{ result: { error: Record<string, string[]>; initialValue: Record<string, unknown> } }>(res);
    expect(body.result.error.email).toEqual(["validation.email"]);
    expect(body.result.error.password).toEqual(["validation.required"]);
    expect(body.result.initialValue.password).toBeUndefined();
  });

  it("the 4th attempt within 10 s from one IP gets 429 and the too-many-attempts message", async () => {
    const ip = freshIp();
    const attempt = () =>
      appRequest("/login", { form: { email: "agente@sol.example", password: "wrong-password" }, headers: { "cf-connecting-ip": ip } });
    for (let i = 0; i < 3; i++) expect((await attempt()).status).toBe(401);
    const fourth = await attempt();
    expect(fourth.status).toBe(429);
    expect((await json<{ result: { error: Record<string, string[]> } }>(fourth)).result.error[""]).toEqual(["auth.tooManyAttempts"]);
    // Even the right password is refused while limited, and another IP is not affected.
    const right = await appRequest("/login", { form: { email: "agente@sol.example", password: "demo-rota-2026" }, headers: { "cf-connecting-ip": ip } });
    expect(right.status).toBe(429);
    expect(await signIn("agente@sol.example")).toContain("session_token");
    const stored = await env.DB.prepare("select count(*) as n from rate_limit").first<{ n: number }>();
    expect(stored?.n).toBeGreaterThan(0);
  });

  it("refuses a deactivated user", async () => {
    const u = await createUser();
    await env.DB.prepare("update profile set active = 0 where id = ?").bind(u.id).run();
    const res = await appRequest("/login", { form: { email: u.email, password: u.password }, headers: { "cf-connecting-ip": freshIp() } });
    expect(res.status).toBe(401);
  });
});

describe("route access", () => {
  it("sends a visitor without a session to /login, remembering the location", async () => {
    const res = await appRequest("/perfil?tab=senha");
    expect(res.status).toBe(302);
    expect(location(res)).toBe("/login?redirectTo=%2Fperfil%3Ftab%3Dsenha");
  });

  it("sends a signed-in user away from the public routes to /dashboard", async () => {
    const cookie = await signIn("agente@sol.example");
    for (const path of ["/login", "/esqueci-senha", "/resetar-senha?token=x"]) {
      const res = await appRequest(path, { cookie });
      expect(res.status, path).toBe(302);
      expect(location(res)).toBe("/dashboard");
    }
  });

  it("sends root and unknown paths to /dashboard", async () => {
    const cookie = await signIn("agente@sol.example");
    expect(location(await appRequest("/", { cookie }))).toBe("/dashboard");
    expect(location(await appRequest("/nao/existe", { cookie }))).toBe("/dashboard");
  });

  it("an expired or forged session cookie counts as no session", async () => {
    const res = await appRequest("/dashboard", { cookie: "better-auth.session_token=forged.value" });
    expect(location(res)).toBe("/login?redirectTo=%2Fdashboard");
  });
});

describe("CSRF", () => {
  it("a cross-origin POST to an action changes nothing and gets 403", async () => {
    const cookie = await signIn("admin@sol.example");
    const before = await env.DB.prepare("select name from profile where id = (select id from user where email = 'admin@sol.example')").first<{ name: string }>();
    const res = await appRequest("/perfil", {
      cookie,
      form: { intent: "name", name: "Hacked Name" },
      headers: { Origin: "https://evil.example" },
    });
    expect(res.status).toBe(403);
    const after = await env.DB.prepare("select name from profile where id = (select id from user where email = 'admin@sol.example')").first<{ name: string }>();
    expect(after?.name).toBe(before?.name);
  });

  it("a POST with neither Origin nor Sec-Fetch-Site is refused; same-origin is accepted", () => {
    const post = (headers: Record<string, string>) => new Request("http://localhost:8787/login", { method: "POST", headers });
    expect(isSameOrigin(post({}))).toBe(false);
    expect(isSameOrigin(post({ Origin: "http://localhost:8787" }))).toBe(true);
    expect(isSameOrigin(post({ Origin: "http://127.0.0.1:8787" }))).toBe(false);
    expect(isSameOrigin(new Request("http://127.0.0.1:8787/login", { method: "POST", headers: { Origin: "http://127.0.0.1:8787" } }))).toBe(true);
    expect(isSameOrigin(post({ "Sec-Fetch-Site": "cross-site" }))).toBe(false);
    expect(isSameOrigin(post({ "Sec-Fetch-Site": "same-origin" }))).toBe(true);
    expect(isSameOrigin(new Request("http://localhost:8787/login"))).toBe(true);
  });
});

describe("agency selection (SuperAdmin)", () => {
  it("sends a SuperAdmin without an agency to /selecionar-agencia with the origin remembered", async () => {
    const cookie = await signIn("super@rota.example");
    const res = await appRequest("/dashboard", { cookie });
    expect(location(res)).toBe("/selecionar-agencia?redirectTo=%2Fdashboard");
    const list = await json<{ agencies: { slug: string }[]; total: number }>(await appRequest("/selecionar-agencia?q=sol", { cookie }));
    expect(list.agencies.map((a) => a.slug)).toEqual(["sol-viagens"]);
  });

  it("works inside the picked agency and can switch later", async () => {
    const cookie = await signIn("super@rota.example");
    const pick = await appRequest("/selecionar-agencia", { cookie, form: { agencyId: MAR.id, redirectTo: "/perfil" } });
    expect(location(pick)).toBe("/perfil");
    const dash = await json(await appRequest("/dashboard", { cookie }));
    expect(dash).toMatchObject({ agency: { slug: "mar-turismo" } });
    await appRequest("/selecionar-agencia", { cookie, form: { agencyId: SOL.id } });
    expect(await json(await appRequest("/dashboard", { cookie }))).toMatchObject({ agency: { slug: "sol-viagens" } });
  });

  it("the choice lives on the session: another sign-in of the same SuperAdmin picks again", async () => {
    const first = await signIn("super@rota.example");
    await appRequest("/selecionar-agencia", { cookie: first, form: { agencyId: SOL.id } });
    const second = await signIn("super@rota.example");
    expect(location(await appRequest("/dashboard", { cookie: second }))).toMatch(/^\/selecionar-agencia/);
  });

  it("an unknown agency answers 404 and changes nothing", async () => {
    const cookie = await signIn("super@rota.example");
    const res = await appRequest("/selecionar-agencia", { cookie, form: { agencyId: "does-not-exist" } });
    expect(res.status).toBe(404);
    expect(location(await appRequest("/dashboard", { cookie }))).toMatch(/^\/selecionar-agencia/);
  });

  it("is SuperAdmin only: others are sent to /dashboard and cannot switch agency", async () => {
    const cookie = await signIn("admin@sol.example");
    expect(location(await appRequest("/selecionar-agencia", { cookie }))).toBe("/dashboard");
    const res = await appRequest("/selecionar-agencia", { cookie, form: { agencyId: MAR.id } });
    expect(res.status).toBe(403);
    expect(await json(await appRequest("/dashboard", { cookie }))).toMatchObject({ agency: { slug: "sol-viagens" } });
  });
});

describe("sign-out", () => {
  it("ends the server session and goes to /login", async () => {
    const cookie = await signIn("agente@sol.example");
    const token = decodeURIComponent(cookie.split("=")[1]!.split(";")[0]!).split(".")[0];
    const res = await appRequest("/logout", { cookie, form: {} });
    expect(location(res)).toBe("/login");
    expect(res.headers.getSetCookie().join("\n")).toMatch(/session_token=;|Max-Age=0/);
    const row = await env.DB.prepare("select count(*) as n from session where token = ?").bind(token).first<{ n: number }>();
    expect(row?.n).toBe(0);
    expect(location(await appRequest("/dashboard", { cookie }))).toBe("/login?redirectTo=%2Fdashboard");
  });
});

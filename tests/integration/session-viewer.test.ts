/**
 * The viewer is read from the verified session cookie in one statement on every
 * request (app/middleware/session.ts): nothing is cached, so revocation, expiry,
 * deactivation, role and licence changes apply on the very next request, and a
 * cookie whose signature does not verify is no session.
 */
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { defaultLicence } from "~/lib/system/licence";
import { signValue } from "~/lib/platform/auth-cookie.server";
import { SESSION_TTL_SECONDS } from "~/lib/platform/auth.server";
import { parseEnv } from "~/lib/platform/env.server";
import { appRequest, json } from "./harness";
import { createAgency, createUser, seedDemo, signIn } from "./fixtures";

beforeAll(seedDemo);

const LAYOUT = "routes/app/layout.tsx";
const location = (res: Response) => res.headers.get("Location");
const secret = () => parseEnv(env).BETTER_AUTH_SECRET;

/** The session token inside a `better-auth.session_token=<token>.<sig>` cookie. */
function tokenOf(cookie: string): string {
  const value = decodeURIComponent(cookie.match(/better-auth\.session_token=([^;]+)/)![1]!);
  return value.slice(0, value.lastIndexOf("."));
}

async function expectSignedIn(cookie: string) {
  const res = await appRequest("/dashboard", { cookie });
  expect(res.status).toBe(200);
}

async function expectRefused(cookie: string) {
  const res = await appRequest("/dashboard", { cookie });
  expect(res.status).toBe(302);
  expect(location(res)).toBe("/login?redirectTo=%2Fdashboard");
}

async function staffOf(role = "Agente") {
  const agency = await createAgency();
  const user = await createUser({ role, agencyId: agency.id });
  return { agency, user, cookie: await signIn(user.email) };
}

describe("the session cookie", () => {
  it("a better-auth cookie verifies and gives the viewer of its session", async () => {
    const { user, agency, cookie } = await staffOf("Admin");
    const res = await appRequest("/dashboard", { cookie, loaderOf: LAYOUT });
    expect(res.status).toBe(200);
    const body = await json<{ viewer: { id: string; email: string; role: string; agency: { id: string } } }>(res);
    expect(body.viewer).toMatchObject({ id: user.id, email: user.email, role: "Admin", agency: { id: agency.id } });
  });

  it("refuses a forged or tampered cookie", async () => {
    const { cookie } = await staffOf();
    const token = tokenOf(cookie);
    const value = decodeURIComponent(cookie.match(/better-auth\.session_token=([^;]+)/)![1]!);
    const signature = value.slice(value.lastIndexOf(".") + 1);
    const flipped = signature[0] === "A" ? `B${signature.slice(1)}` : `A${signature.slice(1)}`;
    const forged = [
      `better-auth.session_token=${token}`, // unsigned
      `better-auth.session_token=${encodeURIComponent(`${token}.${flipped}`)}`, // signature changed
      `better-auth.session_token=${encodeURIComponent(`${token}x.${signature}`)}`, // token changed
      `better-auth.session_token=${await signValue(token, "another-secret-another-secret-another-secret")}`, // wrong key
      `better-auth.session_token=${encodeURIComponent(`${token}.${"=".repeat(44)}`)}`, // not base64
      `better-auth.session_token=%E0%A4%A`, // broken escape
    ];
    for (const c of forged) await expectRefused(c);
    // A correctly signed cookie of a token that is no session is refused too.
    await expectRefused(`better-auth.session_token=${await signValue("no-such-session-token", secret())}`);
    // The genuine cookie still works.
    await expectSignedIn(cookie);
  });

  it("a https origin reads the __Secure- cookie only", async () => {
    const { cookie } = await staffOf();
    const plain = await appRequest("https://rota.example/dashboard", { cookie });
    expect(plain.status).toBe(302);
    const secure = await appRequest("https://rota.example/dashboard", { cookie: `__Secure-${cookie}` });
    expect(secure.status).toBe(200);
  });
});

describe("applied on the next request", () => {
  it("a revoked session (row deleted) is refused at once", async () => {
    const { cookie } = await staffOf();
    await expectSignedIn(cookie);
    await env.DB.prepare("delete from session where token = ?").bind(tokenOf(cookie)).run();
    await expectRefused(cookie);
  });

  it("signing out on one device leaves the other session; that cookie is refused", async () => {
    const { user, cookie } = await staffOf();
    const other = await signIn(user.email);
    const out = await appRequest("/logout", { cookie, method: "POST", form: {} });
    expect(out.status).toBe(302);
    await expectRefused(cookie);
    await expectSignedIn(other);
  });

  it("an expired session is refused", async () => {
    const { cookie } = await staffOf();
    await env.DB.prepare("update session set expires_at = ? where token = ?").bind(Date.now() - 1000, tokenOf(cookie)).run();
    await expectRefused(cookie);
  });

  it("a deactivated user is refused", async () => {
    const { user, cookie } = await staffOf();
    await expectSignedIn(cookie);
    await env.DB.prepare("update profile set active = 0 where id = ?").bind(user.id).run();
    await expectRefused(cookie);
  });

  it("a deactivated agency signs its staff out", async () => {
    const { agency, cookie } = await staffOf();
    await expectSignedIn(cookie);
    await env.DB.prepare("update agency set active = 0 where id = ?").bind(agency.id).run();
    await expectRefused(cookie);
  });

  it("a role change applies on the next request", async () => {
    const { user, cookie } = await staffOf("Agente");
    const before = await appRequest("/sistema/minha-agencia", { cookie });
    expect(before.status).toBe(302);
    expect(location(before)).toBe("/dashboard");
    await env.DB.prepare("update profile set role = 'Admin' where id = ?").bind(user.id).run();
    const after = await appRequest("/sistema/minha-agencia", { cookie });
    expect(after.status).toBe(200);
    const viewer = await json<{ viewer: { role: string } }>(await appRequest("/dashboard", { cookie, loaderOf: LAYOUT }));
    expect(viewer.viewer.role).toBe("Admin");
    await env.DB.prepare("update profile set role = 'Agente' where id = ?").bind(user.id).run();
    expect(location(await appRequest("/sistema/minha-agencia", { cookie }))).toBe("/dashboard");
  });

  it("a licence change (module removed) applies on the next request", async () => {
    const { agency, cookie } = await staffOf("Admin");
    expect((await appRequest("/cadastros/clientes", { cookie })).status).toBe(200);
    const licence = defaultLicence();
    licence.cadastros!.submodules!.clientes!.enabled = false;
    await env.DB.prepare("update licence set modules = ? where agency_id = ?").bind(JSON.stringify(licence), agency.id).run();
    const refused = await appRequest("/cadastros/clientes", { cookie });
    expect(refused.status).toBe(302);
    expect(location(refused)).toBe("/dashboard");
    const layout = await json<{ viewer: { licence: typeof licence } }>(await appRequest("/dashboard", { cookie, loaderOf: LAYOUT }));
    expect(layout.viewer.licence.cadastros!.submodules!.clientes!.enabled).toBe(false);
  });
});

describe("the daily refresh", () => {
  it("a session not refreshed for a day is extended, row and cookie", async () => {
    const { cookie } = await staffOf();
    const token = tokenOf(cookie);
    const stale = Date.now() + (SESSION_TTL_SECONDS - 2 * 24 * 60 * 60) * 1000; // last extended two days ago
    await env.DB.prepare("update session set expires_at = ? where token = ?").bind(stale, token).run();
    const res = await appRequest("/dashboard", { cookie });
    expect(res.status).toBe(200);
    const setCookie = res.headers.getSetCookie().join("\n");
    expect(setCookie).toMatch(/better-auth\.session_token=[^;]+;.*Max-Age=604800/i);
    const row = await env.DB.prepare("select expires_at from session where token = ?").bind(token).first<{ expires_at: number }>();
    expect(row!.expires_at).toBeGreaterThan(Date.now() + (SESSION_TTL_SECONDS - 60) * 1000);
  });

  it("a fresh session is not rewritten and sets no cookie", async () => {
    const { cookie } = await staffOf();
    const token = tokenOf(cookie);
    const before = await env.DB.prepare("select expires_at from session where token = ?").bind(token).first<{ expires_at: number }>();
    const res = await appRequest("/dashboard", { cookie });
    expect(res.status).toBe(200);
    expect(res.headers.getSetCookie().join("\n")).not.toMatch(/session_token/);
    const after = await env.DB.prepare("select expires_at from session where token = ?").bind(token).first<{ expires_at: number }>();
    expect(after!.expires_at).toBe(before!.expires_at);
  });
});

describe("the dashboard's figures (one batch)", () => {
  it("counts the agency's active users and the viewer's unread notifications, no other agency's", async () => {
    const { agency, user, cookie } = await staffOf("Admin");
    await createUser({ agencyId: agency.id });
    const inactive = await createUser({ agencyId: agency.id });
    await env.DB.prepare("update profile set active = 0 where id = ?").bind(inactive.id).run();
    const other = await createAgency();
    await createUser({ agencyId: other.id });
    const now = new Date().toISOString();
    for (const [id, read] of [["n1", 0], ["n2", 0], ["n3", 1]] as const) {
      await env.DB.prepare("insert into notification (id, user_id, agency_id, title, message, read, created_at) values (?, ?, ?, 't', 'm', ?, ?)")
        .bind(`${id}-${user.id}`, user.id, agency.id, read, now)
        .run();
    }
    const res = await appRequest("/dashboard", { cookie });
    expect(res.status).toBe(200);
    const body = await json<{ figures: { activeUsers: number; unreadNotifications: number } }>(res);
    // The rest of the dashboard's figures: tests/integration/dashboard.test.ts.
    expect(body.figures).toMatchObject({ activeUsers: 2, unreadNotifications: 2 });
  });
});

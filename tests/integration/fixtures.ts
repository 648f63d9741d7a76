/** Factories and session helpers for the integration tests (never the demo seed's business data). */
import { env } from "cloudflare:test";
import { v7 as uuidv7 } from "uuid";
import { defaultLicence } from "~/lib/system/licence";
import { ensureFinanceDefaults } from "~/lib/finance/defaults.server";
import { createDb } from "~/lib/platform/db.server";
import type { Scope } from "~/lib/platform/scope.server";
import { hashPassword } from "~/lib/platform/password.server";
import { buildSeedStatements, DEMO_AGENCIES, DEMO_PASSWORD } from "../../scripts/seed/seed";
import { appRequest } from "./harness";

export { DEMO_AGENCIES, DEMO_PASSWORD };
export const SOL = DEMO_AGENCIES[0];
export const MAR = DEMO_AGENCIES[1];

let seeded = false;
/** The platform seed (agencies, users) the auth tests sign in with. Idempotent. */
export async function seedDemo() {
  if (seeded) return;
  const statements = await buildSeedStatements(hashPassword);
  await env.DB.batch(statements.map((s) => env.DB.prepare(s)));
  seeded = true;
}

let ipCounter = 0;
/** A distinct client address, so rate limits of one test never bleed into another. */
export const freshIp = () => `198.51.100.${(ipCounter = (ipCounter + 1) % 250) + 1}`;

/** Cookie header value from a response's Set-Cookie headers. */
export function cookieFrom(res: Response): string {
  return res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .filter((c) => !c.endsWith("="))
    .join("; ");
}

export async function signIn(email: string, password = DEMO_PASSWORD): Promise<string> {
  const res = await appRequest("/login", {
    form: { email, password },
    headers: { "cf-connecting-ip": freshIp() },
  });
  if (res.status !== 302) throw new Error(`sign-in of ${email} failed with ${res.status}: ${await res.text()}`);
  const cookie = cookieFrom(res);
  if (!cookie) throw new Error(`sign-in of ${email} set no cookie`);
  return cookie;
}

export async function createAgency(name = `Agência ${uuidv7().slice(-6)}`) {
  const id = uuidv7();
  const now = new Date().toISOString();
  await env.DB.batch([
    env.DB.prepare("insert into agency (id, name, slug, created_at, updated_at) values (?, ?, ?, ?, ?)").bind(id, name, `ag-${id.slice(-12)}`, now, now),
    env.DB.prepare("insert into licence (agency_id, modules, created_at, updated_at) values (?, ?, ?, ?)").bind(id, JSON.stringify(defaultLicence()), now, now),
  ]);
  return { id, name };
}

/** A new agency with its finance defaults, and an Admin scope of no user for calling the finance modules directly. */
export async function financeAgency() {
  const agency = await createAgency();
  const db = createDb(env.DB);
  await ensureFinanceDefaults(db, agency.id);
  const scope: Scope = { db, ip: null, userId: null as unknown as string, role: "Admin", agencyId: agency.id, timeZone: "America/Sao_Paulo", currency: "BRL" };
  return { agency, db, scope };
}

export async function createUser({
  role = "Agente",
  agencyId = SOL.id as string | null,
  name = "Teste da Silva",
  password = DEMO_PASSWORD,
}: { role?: string; agencyId?: string | null; name?: string; password?: string } = {}) {
  const id = uuidv7();
  const email = `user-${id.slice(-12)}@test.example`;
  const ms = Date.now();
  const iso = new Date(ms).toISOString();
  const hash = await hashPassword(password);
  await env.DB.batch([
    env.DB.prepare("insert into user (id, name, email, email_verified, created_at, updated_at) values (?, ?, ?, 1, ?, ?)").bind(id, name, email, ms, ms),
    env.DB.prepare("insert into account (id, account_id, provider_id, user_id, password, created_at, updated_at) values (?, ?, 'credential', ?, ?, ?, ?)").bind(`acc-${id}`, id, id, hash, ms, ms),
    env.DB.prepare("insert into profile (id, role, agency_id, name, created_at, updated_at) values (?, ?, ?, ?, ?, ?)").bind(id, role, agencyId, name, iso, iso),
  ]);
  return { id, email, password };
}

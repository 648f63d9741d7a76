/** Shared helpers of the finance settings integration tests (finance-settings*.test.ts). */
import { env } from "cloudflare:test";
import { appRequest } from "./harness";
import { createAgency, createUser, signIn } from "./fixtures";

export const BASE = "/financeiro/configuracoes";
export const P = {
  terms: `${BASE}/prazos-de-pagamento`,
  types: `${BASE}/tipos-de-conta`,
  chart: `${BASE}/plano-de-contas`,
  intermediaries: `${BASE}/intermediadores`,
  banks: `${BASE}/bancos-e-caixas`,
};
export const location = (res: Response) => res.headers.get("Location");

export type Session = { id: string; name: string; cookie: string; userId: string };
export async function agencyWith(role = "Admin", name?: string): Promise<Session> {
  const agency = await createAgency(name);
  const user = await createUser({ role, agencyId: agency.id, name: `${role} da ${agency.name}` });
  return { ...agency, cookie: await signIn(user.email), userId: user.id };
}
export async function memberOf(agencyId: string, role: string) {
  const user = await createUser({ role, agencyId, name: `${role} Membro` });
  return { cookie: await signIn(user.email), userId: user.id };
}

/** Every row of a finance settings table of an agency (deleted too), in id order. */
export const rowsOf = async (table: string, agencyId: string) =>
  (await env.DB.prepare(`select * from ${table} where agency_id = ? order by id`).bind(agencyId).all<Record<string, unknown>>()).results;
export const rowOf = (table: string, id: string) => env.DB.prepare(`select * from ${table} where id = ?`).bind(id).first<Record<string, unknown> & { version: number; deleted_at: string | null }>();
export const auditCount = async (agencyId: string) => (await env.DB.prepare("select count(*) as n from audit_entry where agency_id = ?").bind(agencyId).first<{ n: number }>())!.n;

/** Creates through the screen; answers the new row's id (by name). */
export async function createInline(cookie: string, path: string, table: string, agencyId: string, form: Record<string, string>, key = "name") {
  const res = await appRequest(`${path}?novo`, { cookie, form });
  if (res.status !== 302) throw new Error(`create at ${path} answered ${res.status}: ${await res.text()}`);
  const row = await env.DB.prepare(`select id from ${table} where agency_id = ? and ${key} = ? and deleted_at is null`).bind(agencyId, form[key]).first<{ id: string }>();
  return row!.id;
}

export async function createBank(cookie: string, agencyId: string, form: Record<string, string> = {}) {
  const type = await env.DB.prepare("select id from account_type where agency_id = ? and kind = 'checking' and deleted_at is null").bind(agencyId).first<{ id: string }>();
  const res = await appRequest(`${P.banks}/novo`, {
    cookie,
    form: { name: `Conta ${crypto.randomUUID().slice(0, 8)}`, accountTypeId: type!.id, bankCode: "341", branch: "0001", number: "12345-6", openingBalance: "1.000,00", openingDate: "2025-01-01", currency: "BRL", active: "on", ...form },
  });
  if (res.status !== 302) throw new Error(`bank create answered ${res.status}: ${await res.text()}`);
  return location(res)!.split("/").pop()!;
}


/**
 * A client, supplier, provider or agent that a live (not cancelled) receivable
 * or payable points at cannot be deleted: the refusal names the titles and
 * nothing changes; once the title is cancelled the delete goes through.
 */
import { env } from "cloudflare:test";
import { v7 as uuidv7 } from "uuid";
import { beforeAll, describe, expect, it } from "vitest";
import { appRequest, json } from "./harness";
import { seedDemo, signIn, SOL } from "./fixtures";

let sol: string;
const one = <T>(sql: string, ...binds: unknown[]) => env.DB.prepare(sql).bind(...binds).first<T>();

beforeAll(async () => {
  await seedDemo();
  sol = await signIn("admin@sol.example");
  expect((await appRequest("/financeiro/contas-a-receber", { cookie: sol })).status).toBe(200);
});

const REGISTERS = [
  { table: "client", path: "/cadastros/clientes", titles: "/financeiro/contas-a-receber", category: "revenue.packages" },
  { table: "supplier", path: "/cadastros/fornecedores", titles: "/financeiro/contas-a-pagar", category: "cost.hotel" },
  { table: "provider", path: "/cadastros/prestadores", titles: "/financeiro/contas-a-pagar", category: "cost.transport" },
  { table: "agent", path: "/cadastros/agentes", titles: "/financeiro/contas-a-pagar", category: "cost.agent_commissions" },
] as const;

describe("registers referenced by finance titles", () => {
  for (const reg of REGISTERS) {
    it(`a ${reg.table} with a live title is not deleted (reason given, nothing changes); after the title is cancelled it is`, async () => {
      const id = uuidv7();
      const now = new Date().toISOString();
      await env.DB.prepare(`insert into ${reg.table} (id, agency_id, name, created_at, updated_at) values (?, ?, ?, ?, ?)`).bind(id, SOL.id, `Ref ${id.slice(-6)}`, now, now).run();
      const category = (await one<{ id: string }>("select id from chart_account where agency_id = ? and system_key = ?", SOL.id, reg.category))!.id;
      const created = await appRequest(`${reg.titles}/novo`, {
        cookie: sol,
        form: { party: `${reg.table}:${id}`, description: "Referência", categoryId: category, competenceDate: "2026-05-01", dueDate: "2026-05-10", amount: "100,00" },
      });
      expect(created.status, await created.clone().text()).toBe(302);
      const titleId = created.headers.get("Location")!.split("/").pop()!;
      const audits = async () => (await one<{ n: number }>("select count(*) n from audit_entry where agency_id = ?", SOL.id))!.n;
      const before = { row: await one(`select * from ${reg.table} where id = ?`, id), audits: await audits() };
      const refused = await appRequest(`${reg.path}/editar/${id}`, { cookie: sol, form: { intent: "delete" } });
      expect(refused.status).toBe(409);
      const body = await json<{ references?: { count: number; label: string }[] }>(refused);
      expect(body.references).toEqual([{ count: 1, label: "financeLedger.references.titles" }]);
      expect(await one(`select * from ${reg.table} where id = ?`, id)).toEqual(before.row);
      expect(await audits()).toBe(before.audits);

      const { version } = (await one<{ version: number }>("select version from finance_title where id = ?", titleId))!;
      expect((await appRequest(`${reg.titles}/editar/${titleId}`, { cookie: sol, form: { intent: "cancel", version: String(version), reason: "teste" } })).status).toBe(302);
      expect((await appRequest(`${reg.path}/editar/${id}`, { cookie: sol, form: { intent: "delete" } })).status).toBe(302);
      expect((await one<{ deleted_at: string | null }>(`select deleted_at from ${reg.table} where id = ?`, id))!.deleted_at).not.toBeNull();
    });
  }
});

/**
 * The dashboard's figures (issue #22 item 1; decision 0022) against a hand-computed
 * world: one agency with sales, titles, accounts, an excursion, tasks, deals,
 * contracts and commissions at a fixed "now" (Wed 2026-06-17 12:00 in São Paulo),
 * another agency whose rows must never count, each role's view, the licence, and
 * the route.
 */
import { env } from "cloudflare:test";
import { v7 as uuidv7 } from "uuid";
import { beforeAll, describe, expect, it } from "vitest";
import type { Role } from "~/db/schema";
import { dashboardFigures } from "~/lib/dashboard/figures.server";
import { createDb } from "~/lib/platform/db.server";
import type { Scope } from "~/lib/platform/scope.server";
import { defaultLicence } from "~/lib/system/licence";
import { appRequest, json } from "./harness";
import { createAgency, createUser, seedDemo, signIn } from "./fixtures";

const NOW = Date.parse("2026-06-17T15:00:00Z");
const T = "2026-06-01T00:00:00.000Z";
const P = (query: string, ...values: unknown[]) => env.DB.prepare(query).bind(...values);

type World = Awaited<ReturnType<typeof buildWorld>>;

async function buildWorld() {
  const agency = await createAgency();
  const other = await createAgency();
  const admin = await createUser({ role: "Admin", agencyId: agency.id });
  const agente = await createUser({ role: "Agente", agencyId: agency.id });
  const financeiro = await createUser({ role: "Financeiro", agencyId: agency.id });
  const operacional = await createUser({ role: "Operacional", agencyId: agency.id });
  const otherAdmin = await createUser({ role: "Admin", agencyId: other.id });
  const ids = { client: uuidv7(), mine: uuidv7(), house: uuidv7(), otherClient: uuidv7(), otherAgent: uuidv7(), type: uuidv7(), otherType: uuidv7(), dest: uuidv7(), otherDest: uuidv7() };
  const a = agency.id;
  const o = other.id;
  let number = 0;
  const saleRow = (agencyId: string, clientId: string, agentId: string, owner: string | null, status: string, day: string, currency: string, rate: number | null, total: number, margin: number, deleted = false) => {
    const id = uuidv7();
    return {
      id,
      stmt: P(
        "insert into sale (id, agency_id, number, kind, status, client_id, agent_id, owner_user_id, sale_date, currency, fx_rate_e6, cost_cents, price_cents, total_cents, margin_cents, deleted_at, created_at, updated_at) values (?, ?, ?, 'emissivo', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        id, agencyId, ++number, status, clientId, agentId, owner, day, currency, rate, total - margin, total, total, margin, deleted ? T : null, T, T,
      ),
    };
  };
  const sales = {
    s1: saleRow(a, ids.client, ids.mine, agente.id, "confirmed", "2026-06-03", "BRL", 1_000_000, 100_000, 20_000),
    s2: saleRow(a, ids.client, ids.house, admin.id, "confirmed", "2026-06-10", "BRL", null, 50_000, 5_000),
    s3: saleRow(a, ids.client, ids.house, admin.id, "confirmed", "2026-06-12", "USD", 5_000_000, 10_000, 2_000),
    s4: saleRow(a, ids.client, ids.house, admin.id, "draft", "2026-06-05", "BRL", null, 99_999, 0),
    s5: saleRow(a, ids.client, ids.house, admin.id, "cancelled", "2026-06-06", "BRL", null, 44_444, 0),
    s6: saleRow(a, ids.client, ids.mine, agente.id, "confirmed", "2026-05-20", "BRL", null, 30_000, 3_000),
    s7: saleRow(a, ids.client, ids.house, admin.id, "confirmed", "2025-06-30", "BRL", null, 7_777, 0),
    s8: saleRow(a, ids.client, ids.house, admin.id, "confirmed", "2026-06-11", "BRL", null, 8_888, 0, true),
    s9: saleRow(a, ids.client, ids.house, admin.id, "confirmed", "2026-06-13", "USD", null, 500, 100),
    s10: saleRow(a, ids.client, ids.house, admin.id, "confirmed", "2025-07-01", "BRL", null, 1_234, 34),
    x1: saleRow(o, ids.otherClient, ids.otherAgent, otherAdmin.id, "confirmed", "2026-06-04", "BRL", null, 123_456, 23_456),
  };
  const title = (agencyId: string, direction: string, status: string, due: string, amount: number, paid = 0, currency = "BRL", rate: number | null = 1_000_000, brl: number | null = amount) =>
    P(
      "insert into finance_title (id, agency_id, direction, party_kind, party_id, description, category_id, competence_date, due_date, amount_cents, currency, fx_rate_e6, amount_brl_cents, paid_cents, status, group_id, created_at, updated_at) values (?, ?, ?, 'client', 'x', 'Título', 'cat', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
      uuidv7(), agencyId, direction, due, due, amount, currency, rate, brl, paid, status, uuidv7(), T, T,
    );
  const bank1 = uuidv7();
  const bank2 = uuidv7();
  const bank3 = uuidv7();
  const otherBank = uuidv7();
  const excursions = { e1: uuidv7(), e2: uuidv7(), e3: uuidv7(), x: uuidv7() };
  const excursionRow = (id: string, agencyId: string, dest: string, departure: string, status: string) =>
    P(
      "insert into excursion (id, agency_id, title, slug, destination_id, departure_at, return_at, capacity, min_passengers, status, created_at, updated_at) values (?, ?, ?, ?, ?, ?, ?, 40, 10, ?, ?, ?)",
      id, agencyId, `Viagem ${id.slice(-4)}`, `viagem-${id.slice(-8)}`, dest, departure, departure.replace("T10", "T22"), status, T, T,
    );
  const passenger = (excursionId: string, agencyId: string, status: string, expires: string | null = null) =>
    P("insert into excursion_passenger (id, agency_id, excursion_id, status, hold_expires_at, name, created_at, updated_at) values (?, ?, ?, ?, ?, 'Pax', ?, ?)", uuidv7(), agencyId, excursionId, status, expires, T, T);
  let taskNo = 0;
  const taskRow = (agencyId: string, assignee: string, status: string, due: string | null, deleted = false) =>
    P(
      "insert into task (id, agency_id, number, title, status, priority, position, due_at, assignee_user_id, deleted_at, created_at, updated_at) values (?, ?, ?, 'Tarefa', ?, 'medium', 0, ?, ?, ?, ?, ?)",
      uuidv7(), agencyId, ++taskNo, status, due, assignee, deleted ? T : null, T, T,
    );
  const stages = { lead: uuidv7(), proposal: uuidv7(), won: uuidv7(), otherLead: uuidv7() };
  const stage = (id: string, agencyId: string, name: string, slug: string, kind: string, position: number) =>
    P("insert into crm_stage (id, agency_id, name, slug, kind, position, created_at, updated_at) values (?, ?, ?, ?, ?, ?, ?, ?)", id, agencyId, name, slug, kind, position, T, T);
  let dealNo = 0;
  const dealRow = (agencyId: string, stageId: string, owner: string, currency: string, value: number, deleted = false) =>
    P(
      "insert into deal (id, agency_id, number, title, lead_name, stage_id, currency, value_cents, owner_user_id, stage_entered_at, deleted_at, created_at, updated_at) values (?, ?, ?, 'Negócio', 'Lead', ?, ?, ?, ?, ?, ?, ?, ?)",
      uuidv7(), agencyId, ++dealNo, stageId, currency, value, owner, T, deleted ? T : null, T, T,
    );
  const template = uuidv7();
  const templateVersion = uuidv7();
  let contractNo = 0;
  const contractRow = (saleId: string, status: string) =>
    P(
      "insert into contract (id, agency_id, number, sale_id, template_id, template_version_id, language, status, content, title, pdf_key, pdf_sha256, pdf_bytes, created_at, updated_at) values (?, ?, ?, ?, ?, ?, 'pt', ?, '{\"blocks\":[]}', 'Contrato', 'k', 'h', 1, ?, ?)",
      uuidv7(), a, ++contractNo, saleId, template, templateVersion, status, T, T,
    );
  const commission = (agentId: string, saleId: string, day: string, amount: number, status = "pending") =>
    P(
      "insert into commission_line (id, agency_id, sale_id, agent_id, sale_date, sale_number, rule, bps, base_cents, amount_cents, status, created_at, updated_at) values (?, ?, ?, ?, ?, 1, 'sale_percent', 1000, ?, ?, ?, ?, ?)",
      uuidv7(), a, saleId, agentId, day, amount * 10, amount, status, T, T,
    );

  await env.DB.batch([
    P("insert into client (id, agency_id, name, search_text, created_at, updated_at) values (?, ?, 'Carla', 'carla', ?, ?)", ids.client, a, T, T),
    P("insert into client (id, agency_id, name, search_text, created_at, updated_at) values (?, ?, 'Outra', 'outra', ?, ?)", ids.otherClient, o, T, T),
    P("insert into agent (id, agency_id, name, user_id, search_text, created_at, updated_at) values (?, ?, 'Ana Agente', ?, 'ana', ?, ?)", ids.mine, a, agente.id, T, T),
    P("insert into agent (id, agency_id, name, search_text, created_at, updated_at) values (?, ?, 'Casa', 'casa', ?, ?)", ids.house, a, T, T),
    P("insert into agent (id, agency_id, name, search_text, created_at, updated_at) values (?, ?, 'Outro', 'outro', ?, ?)", ids.otherAgent, o, T, T),
    ...Object.values(sales).map((s) => s.stmt),
    // Receivables: overdue 10 000 + (20 000 − 5 000); today 7 000 + US$ 10,00 at its stored R$ 55,00.
    title(a, "receivable", "open", "2026-06-10", 10_000),
    title(a, "receivable", "partial", "2026-06-01", 20_000, 5_000),
    title(a, "receivable", "open", "2026-06-17", 7_000),
    title(a, "receivable", "paid", "2026-06-17", 9_000, 9_000),
    title(a, "receivable", "open", "2026-06-17", 1_000, 0, "USD", 5_500_000, 5_500),
    title(a, "receivable", "cancelled", "2026-06-02", 3_333),
    title(a, "receivable", "open", "2026-07-01", 2_000),
    // Payables of this week (Mon 15 – Sun 21): 3 000 (Tue, already late) + 4 000 + 6 000; next week 8 000.
    title(a, "payable", "open", "2026-06-16", 3_000),
    title(a, "payable", "open", "2026-06-19", 4_000),
    title(a, "payable", "open", "2026-06-21", 6_000),
    title(a, "payable", "open", "2026-06-22", 8_000),
    title(a, "payable", "open", "2026-06-14", 1_500),
    title(o, "receivable", "open", "2026-06-10", 999_999),
    title(o, "payable", "open", "2026-06-19", 999_999),
    // Accounts: R$ 1 000,00 + 50,00 − 20,00; US$ 10,00; a deleted one.
    P("insert into account_type (id, agency_id, name, kind, created_at, updated_at) values (?, ?, 'Corrente', 'checking', ?, ?)", ids.type, a, T, T),
    P("insert into account_type (id, agency_id, name, kind, created_at, updated_at) values (?, ?, 'Corrente', 'checking', ?, ?)", ids.otherType, o, T, T),
    P("insert into bank_account (id, agency_id, name, account_type_id, opening_balance_cents, opening_date, currency, created_at, updated_at) values (?, ?, 'Banco A', ?, 100000, '2026-01-01', 'BRL', ?, ?)", bank1, a, ids.type, T, T),
    P("insert into bank_account (id, agency_id, name, account_type_id, opening_balance_cents, opening_date, currency, created_at, updated_at) values (?, ?, 'Conta USD', ?, 1000, '2026-01-01', 'USD', ?, ?)", bank2, a, ids.type, T, T),
    P("insert into bank_account (id, agency_id, name, account_type_id, opening_balance_cents, opening_date, currency, deleted_at, created_at, updated_at) values (?, ?, 'Velha', ?, 777, '2026-01-01', 'BRL', ?, ?, ?)", bank3, a, ids.type, T, T, T),
    P("insert into bank_account (id, agency_id, name, account_type_id, opening_balance_cents, opening_date, currency, created_at, updated_at) values (?, ?, 'Banco B', ?, 5555, '2026-01-01', 'BRL', ?, ?)", otherBank, o, ids.otherType, T, T),
    P("insert into finance_entry (id, agency_id, bank_account_id, kind, date, net_cents, currency, origin, created_at) values (?, ?, ?, 'manual', '2026-06-01', 5000, 'BRL', 'manual', ?)", uuidv7(), a, bank1, T),
    P("insert into finance_entry (id, agency_id, bank_account_id, kind, date, net_cents, currency, origin, created_at) values (?, ?, ?, 'manual', '2026-06-02', -2000, 'BRL', 'manual', ?)", uuidv7(), a, bank1, T),
    P("insert into finance_entry (id, agency_id, bank_account_id, kind, date, net_cents, currency, origin, created_at) values (?, ?, ?, 'manual', '2026-06-02', 100, 'BRL', 'manual', ?)", uuidv7(), o, otherBank, T),
    // Excursions: one within the 7 days, one later, one cancelled, another agency's.
    P("insert into destination (id, agency_id, name, search_text, created_at, updated_at) values (?, ?, 'Gramado', 'gramado', ?, ?)", ids.dest, a, T, T),
    P("insert into destination (id, agency_id, name, search_text, created_at, updated_at) values (?, ?, 'Canela', 'canela', ?, ?)", ids.otherDest, o, T, T),
    excursionRow(excursions.e1, a, ids.dest, "2026-06-19T10:00:00.000Z", "open"),
    excursionRow(excursions.e2, a, ids.dest, "2026-06-30T10:00:00.000Z", "open"),
    excursionRow(excursions.e3, a, ids.dest, "2026-06-20T10:00:00.000Z", "cancelled"),
    excursionRow(excursions.x, o, ids.otherDest, "2026-06-19T10:00:00.000Z", "open"),
    passenger(excursions.e1, a, "confirmed"),
    passenger(excursions.e1, a, "confirmed"),
    passenger(excursions.e1, a, "confirmed"),
    passenger(excursions.e1, a, "held"),
    passenger(excursions.e1, a, "held", "2026-06-18T00:00:00.000Z"),
    passenger(excursions.e1, a, "held", "2026-06-01T00:00:00.000Z"),
    passenger(excursions.e1, a, "cancelled"),
    passenger(excursions.x, o, "confirmed"),
    // Tasks: the Agente's overdue to-do and today's in-progress; later, done and deleted ones; the Admin's one.
    taskRow(a, agente.id, "a_fazer", "2026-06-16T12:00:00.000Z"),
    taskRow(a, agente.id, "em_andamento", "2026-06-17T20:00:00.000Z"),
    taskRow(a, agente.id, "a_fazer", "2026-06-20T12:00:00.000Z"),
    taskRow(a, agente.id, "concluida", "2026-06-10T12:00:00.000Z"),
    taskRow(a, agente.id, "a_fazer", "2026-06-10T12:00:00.000Z", true),
    taskRow(a, agente.id, "a_fazer", null),
    taskRow(a, admin.id, "a_fazer", "2026-06-17T13:00:00.000Z"),
    // Pipeline.
    stage(stages.lead, a, "Lead", "lead", "open", 1),
    stage(stages.proposal, a, "Proposta", "proposta", "open", 2),
    stage(stages.won, a, "Ganho", "ganho", "won", 3),
    stage(stages.otherLead, o, "Lead", "lead", "open", 1),
    dealRow(a, stages.lead, agente.id, "BRL", 100_000),
    dealRow(a, stages.lead, admin.id, "BRL", 50_000),
    dealRow(a, stages.proposal, admin.id, "USD", 2_000),
    dealRow(a, stages.won, admin.id, "BRL", 70_000),
    dealRow(a, stages.lead, admin.id, "BRL", 30_000, true),
    dealRow(o, stages.otherLead, otherAdmin.id, "BRL", 90_000),
    // Contracts: waiting on s1 (the Agente's) and s2; cancelled on s3.
    P("insert into contract_template (id, agency_id, name, body, created_at, updated_at) values (?, ?, 'Modelo', '{}', ?, ?)", template, a, T, T),
    P("insert into contract_template_version (id, agency_id, template_id, number, name, language, body, created_at) values (?, ?, ?, 1, 'Modelo', 'pt', '{}', ?)", templateVersion, a, template, T),
    contractRow(sales.s1.id, "generated"),
    contractRow(sales.s2.id, "sent"),
    contractRow(sales.s3.id, "cancelled"),
    // Commissions of June: the Agente's 2 000, the house's 3 000, a cancelled one; May's.
    commission(ids.mine, sales.s1.id, "2026-06-03", 2_000),
    commission(ids.house, sales.s2.id, "2026-06-10", 3_000, "released"),
    commission(ids.house, sales.s2.id, "2026-06-10", 9_000, "cancelled"),
    commission(ids.mine, sales.s6.id, "2026-05-20", 600),
  ]);
  const scopeOf = (role: Role, userId: string, agencyId = a): Scope => ({
    db: createDb(env.DB),
    ip: null,
    userId,
    role,
    agencyId,
    timeZone: "America/Sao_Paulo",
    currency: "BRL",
  });
  return { agency, other, admin, agente, financeiro, operacional, otherAdmin, scopeOf, bank1, bank2, excursions, stages, sales };
}

let w: World;
beforeAll(async () => {
  await seedDemo();
  w = await buildWorld();
});

const brl = (brlCents: number, unconverted: { currency: string; cents: number }[] = []) => ({ brlCents, unconverted });

describe("dashboard figures (Admin: the agency)", () => {
  it("sales this month against last month, in reais, confirmed only, in the agency's calendar", async () => {
    const d = await dashboardFigures(w.scopeOf("Admin", w.admin.id), defaultLicence(), NOW);
    expect(d.today).toBe("2026-06-17");
    expect(d.sales).toMatchObject({
      month: "2026-06",
      lastMonth: "2026-05",
      // s1 + s2 + s3 (US$ 100,00 at 5,00 = R$ 500,00) + s9 (US$ 5,00 without a rate, apart).
      current: { count: 4, value: brl(200_000, [{ currency: "USD", cents: 500 }]), margin: brl(35_000, [{ currency: "USD", cents: 100 }]) },
      previous: { count: 1, value: brl(30_000), margin: brl(3_000) },
      href: "/vendas?mes=2026-06",
    });
    expect(d.sales!.byMonth.map((m) => m.month)).toEqual([
      "2025-07", "2025-08", "2025-09", "2025-10", "2025-11", "2025-12", "2026-01", "2026-02", "2026-03", "2026-04", "2026-05", "2026-06",
    ]);
    expect(d.sales!.byMonth[0]).toMatchObject({ count: 1, value: brl(1_234) });
    expect(d.sales!.byMonth.reduce((s, m) => s + m.count, 0)).toBe(6);
  });

  it("receivables due today and overdue, payables of this week, and the 8 weeks", async () => {
    const d = await dashboardFigures(w.scopeOf("Admin", w.admin.id), defaultLicence(), NOW);
    expect(d.receivables).toEqual({
      overdue: { count: 2, open: brl(25_000) },
      today: { count: 2, open: brl(12_500) },
      overdueHref: "/financeiro/contas-a-receber?status=overdue",
      todayHref: "/financeiro/contas-a-receber?status=pending&dueFrom=2026-06-17&dueTo=2026-06-17",
    });
    expect(d.payables).toEqual({
      week: { count: 3, open: brl(13_000) },
      from: "2026-06-15",
      to: "2026-06-21",
      href: "/financeiro/contas-a-pagar?status=pending&dueFrom=2026-06-15&dueTo=2026-06-21",
    });
    const weeks = d.titlesByWeek!;
    expect(weeks.map((x) => x.week)).toEqual(["2026-06-15", "2026-06-22", "2026-06-29", "2026-07-06", "2026-07-13", "2026-07-20", "2026-07-27", "2026-08-03"]);
    expect(weeks[0]).toMatchObject({ receivable: { count: 2, open: brl(12_500) }, payable: { count: 3, open: brl(13_000) } });
    expect(weeks[1]).toMatchObject({ receivable: { count: 0, open: brl(0) }, payable: { count: 1, open: brl(8_000) } });
    expect(weeks[2]).toMatchObject({ receivable: { count: 1, open: brl(2_000) }, payable: { count: 0 } });
    expect(weeks[0]!.payableHref).toBe("/financeiro/contas-a-pagar?status=pending&dueFrom=2026-06-15&dueTo=2026-06-21");
  });

  it("the cash position by account (opening balance + entries), foreign accounts apart", async () => {
    const d = await dashboardFigures(w.scopeOf("Admin", w.admin.id), defaultLicence(), NOW);
    expect(d.cash!.accounts).toEqual([
      { id: w.bank1, name: "Banco A", currency: "BRL", balanceCents: 103_000, href: `/financeiro/relatorios/extrato-de-contas?account=${w.bank1}` },
      { id: w.bank2, name: "Conta USD", currency: "USD", balanceCents: 1_000, href: `/financeiro/relatorios/extrato-de-contas?account=${w.bank2}` },
    ]);
    expect(d.cash!.total).toEqual(brl(103_000, [{ currency: "USD", cents: 1_000 }]));
  });

  it("the next 7 days' departures with occupancy and the checklist", async () => {
    const d = await dashboardFigures(w.scopeOf("Admin", w.admin.id), defaultLicence(), NOW);
    expect(d.departures!.rows).toEqual([
      expect.objectContaining({
        id: w.excursions.e1,
        capacity: 40,
        confirmed: 3,
        held: 2,
        occupied: 5,
        ready: false,
        failing: ["vehicle", "driver", "minimum"],
        manifestFinal: false,
        href: `/servicos/excursoes/operacional/${w.excursions.e1}`,
      }),
    ]);
    expect(d.departures!.href).toBe("/servicos/excursoes?de=2026-06-17&ate=2026-06-24");
  });

  it("my tasks due, the pipeline by stage and the contracts waiting", async () => {
    const d = await dashboardFigures(w.scopeOf("Admin", w.admin.id), defaultLicence(), NOW);
    expect(d.tasks).toMatchObject({ todo: 1, doing: 0, overdue: 0, todoHref: `/tarefas/a_fazer?assignee=${w.admin.id}&dueTo=2026-06-17` });
    expect(d.pipeline!.stages.map((s) => [s.name, s.deals, s.value, s.href])).toEqual([
      ["Lead", 2, [{ currency: "BRL", cents: 150_000 }], "/crm/lead"],
      ["Proposta", 1, [{ currency: "USD", cents: 2_000 }], "/crm/proposta"],
    ]);
    expect(d.pipeline!.total).toEqual([
      { currency: "BRL", cents: 150_000 },
      { currency: "USD", cents: 2_000 },
    ]);
    expect(d.contracts).toEqual({ waiting: 2, href: "/contratos/assinaturas" });
    expect(d.commissions).toMatchObject({ lines: 2, amount: brl(5_000), href: "/financeiro/faturamento/comissoes?from=2026-06-01&to=2026-06-30" });
    expect(d.setup).toEqual({ clients: true, excursions: true, sales: true, asaas: false });
    expect(d.isNew).toBe(false);
  });
});

describe("dashboard figures by role and licence", () => {
  it("an Agente sees their own sales, commissions, tasks, deals and contracts, and not the agency's books", async () => {
    const d = await dashboardFigures(w.scopeOf("Agente", w.agente.id), defaultLicence(), NOW);
    expect(d.sales).toMatchObject({ current: { count: 1, value: brl(100_000), margin: brl(20_000) }, previous: { count: 1, value: brl(30_000) } });
    expect(d.commissions).toMatchObject({ lines: 1, amount: brl(2_000) });
    expect(d.tasks).toMatchObject({ todo: 1, doing: 1, overdue: 1 });
    expect(d.pipeline!.stages.map((s) => [s.name, s.deals, s.value])).toEqual([
      ["Lead", 1, [{ currency: "BRL", cents: 100_000 }]],
      ["Proposta", 0, []],
    ]);
    expect(d.contracts!.waiting).toBe(1);
    expect(d.receivables).toBeNull();
    expect(d.payables).toBeNull();
    expect(d.cash).toBeNull();
    expect(d.titlesByWeek).toBeNull();
    expect(d.visible).not.toContain("cash");
  });

  it("an Agente without an agent record sees no commissions", async () => {
    const loner = await createUser({ role: "Agente", agencyId: w.agency.id });
    const d = await dashboardFigures(w.scopeOf("Agente", loner.id), defaultLicence(), NOW);
    expect(d.commissions).toMatchObject({ lines: 0, amount: brl(0) });
    expect(d.sales!.current.count).toBe(0);
  });

  it("Financeiro sees the agency's books; Operacional sees sales and departures but not the books", async () => {
    const fin = await dashboardFigures(w.scopeOf("Financeiro", w.financeiro.id), defaultLicence(), NOW);
    expect(fin.receivables!.overdue.open.brlCents).toBe(25_000);
    expect(fin.cash!.accounts).toHaveLength(2);
    expect(fin.sales!.current.count).toBe(4);
    const op = await dashboardFigures(w.scopeOf("Operacional", w.operacional.id), defaultLicence(), NOW);
    expect(op.cash).toBeNull();
    expect(op.receivables).toBeNull();
    expect(op.departures!.rows).toHaveLength(1);
  });

  it("a module the licence leaves out has no figure", async () => {
    const licence = defaultLicence();
    licence.crm!.enabled = false;
    licence.financeiro!.enabled = false;
    const d = await dashboardFigures(w.scopeOf("Admin", w.admin.id), licence, NOW);
    expect(d.pipeline).toBeNull();
    expect(d.receivables).toBeNull();
    expect(d.commissions).toBeNull();
    expect(d.cash).toBeNull();
    expect(d.sales).not.toBeNull();
    expect(await dashboardFigures(w.scopeOf("Admin", w.admin.id), null, NOW)).toMatchObject({ sales: null, tasks: null, visible: [] });
  });
});

describe("dashboard tenant isolation", () => {
  it("another agency's rows never count, and that agency sees only its own", async () => {
    const d = await dashboardFigures(w.scopeOf("Admin", w.otherAdmin.id, w.other.id), defaultLicence(), NOW);
    expect(d.sales!.current).toEqual({ count: 1, value: brl(123_456), margin: brl(23_456) });
    expect(d.receivables!.overdue).toEqual({ count: 1, open: brl(999_999) });
    expect(d.payables!.week).toEqual({ count: 1, open: brl(999_999) });
    expect(d.cash!.accounts.map((x) => [x.name, x.balanceCents])).toEqual([["Banco B", 5_655]]);
    expect(d.departures!.rows.map((r) => r.occupied)).toEqual([1]);
    expect(d.pipeline!.stages.map((s) => s.deals)).toEqual([1]);
    expect(d.contracts!.waiting).toBe(0);
    expect(d.tasks).toMatchObject({ todo: 0, doing: 0 });
  });

  it("a new agency has no figures to show but its first steps", async () => {
    const fresh = await createAgency();
    const admin = await createUser({ role: "Admin", agencyId: fresh.id });
    const d = await dashboardFigures(w.scopeOf("Admin", admin.id, fresh.id), defaultLicence(), NOW);
    expect(d.setup).toEqual({ clients: false, excursions: false, sales: false, asaas: false });
    expect(d.isNew).toBe(true);
    expect(d.steps).toEqual([
      { key: "clients", href: "/cadastros/clientes/novo", done: false },
      { key: "excursions", href: "/servicos/excursoes/novo", done: false },
      { key: "asaas", href: "/sistema/integracoes/asaas", done: false },
    ]);
    // An Agente is not shown the integration they may not open.
    const agente = await createUser({ role: "Agente", agencyId: fresh.id });
    const forAgente = await dashboardFigures(w.scopeOf("Agente", agente.id, fresh.id), defaultLicence(), NOW);
    expect(forAgente.steps.map((x) => x.key)).toEqual(["clients", "excursions"]);
    expect(d.sales!.current).toEqual({ count: 0, value: brl(0), margin: brl(0) });
    expect(d.cash!.accounts).toEqual([]);
  });
});

describe("the /dashboard route", () => {
  it("answers the signed-in user's figures from the session's agency and licence", async () => {
    const cookie = await signIn("admin@mar.example");
    const res = await appRequest("/dashboard", { cookie });
    expect(res.status).toBe(200);
    const data = await json<{ figures: { visible: string[]; sales: unknown }; agency: { slug: string } }>(res);
    expect(data.agency.slug).toBe("mar-turismo");
    expect(data.figures.visible).toContain("sales");
    expect(data.figures.sales).not.toBeNull();
  });
});

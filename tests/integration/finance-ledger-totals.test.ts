/**
 * The trigger-kept titles totals (finance_title_total, migration 0011) against
 * the titles themselves, for any sequence of create, edit, settle, reverse and
 * cancel through the domain functions: the table equals a GROUP BY of the titles,
 * and the lists' totals from it equal the totals summed over the titles, for
 * every status and due-date filter (docs/decisions/0010-finance-totals.md).
 */
import { env } from "cloudflare:test";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { v7 as uuidv7 } from "uuid";
import { reverseEntry, settleTitles } from "~/lib/finance/ledger/entries.server";
import { TITLE_FILTER_STATUSES, type TitleListFilter } from "~/lib/finance/ledger/title-list";
import { titleTotals, titleTotalsFromAggregate, titleTotalsFromTitles } from "~/lib/finance/ledger/title-list.server";
import { cancelTitle, createTitles, findTitle, updateTitle } from "~/lib/finance/ledger/titles.server";
import { addDays } from "~/lib/finance/schedule";
import { todayIn } from "~/lib/platform/time-zone";
import { financeAgency } from "./fixtures";

const RUNS = Number((import.meta as { env?: Record<string, string | undefined> }).env?.VITE_FINANCE_PROPERTY_RUNS) || 12;
const TODAY = todayIn("America/Sao_Paulo");
/** Due dates around today, so that "overdue" splits them. */
const DUES = [-40, -3, -1, 0, 1, 15, 70].map((d) => addDays(TODAY, d));

async function world() {
  const { agency, scope } = await financeAgency();
  const now = new Date().toISOString();
  const clientId = uuidv7();
  const supplierId = uuidv7();
  const bank = uuidv7();
  const type = await env.DB.prepare("select id from account_type where agency_id = ? limit 1").bind(agency.id).first<{ id: string }>();
  await env.DB.batch([
    env.DB.prepare("insert into client (id, agency_id, name, created_at, updated_at) values (?, ?, ?, ?, ?)").bind(clientId, agency.id, "Cliente", now, now),
    env.DB.prepare("insert into supplier (id, agency_id, name, created_at, updated_at) values (?, ?, ?, ?, ?)").bind(supplierId, agency.id, "Fornecedor", now, now),
    env.DB.prepare("insert into bank_account (id, agency_id, name, account_type_id, opening_date, created_at, updated_at) values (?, ?, 'Banco', ?, '2020-01-01', ?, ?)").bind(bank, agency.id, type!.id, now, now),
    // A USD rate on each competence day: a USD title keeps it (decision 0018); without one it would be refused.
    ...DUES.map((d, i) => env.DB.prepare("insert into fx_rate (id, agency_id, currency, date, rate_e6, source, created_at, updated_at) values (?, ?, 'USD', ?, ?, 'manual', ?, ?)").bind(uuidv7(), agency.id, d, 5_100_000 + i * 12_345, now, now)),
  ]);
  const key = async (k: string) => (await env.DB.prepare("select id from chart_account where agency_id = ? and system_key = ?").bind(agency.id, k).first<{ id: string }>())!.id;
  return { scope, clientId, supplierId, bank, revenue: await key("revenue.packages"), cost: await key("cost.suppliers") };
}

type Op =
  | { op: "create"; payable: boolean; amount: number; due: number; usd: boolean; installments: boolean }
  | { op: "settle"; title: number; part: number }
  | { op: "reverse"; entry: number }
  | { op: "cancel"; title: number }
  | { op: "edit"; title: number; due: number; amount: number };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ op: fc.constant("create" as const), payable: fc.boolean(), amount: fc.integer({ min: 3, max: 500_000 }), due: fc.nat(DUES.length - 1), usd: fc.boolean(), installments: fc.boolean() }),
  fc.record({ op: fc.constant("settle" as const), title: fc.nat(40), part: fc.integer({ min: 1, max: 3 }) }),
  fc.record({ op: fc.constant("reverse" as const), entry: fc.nat(40) }),
  fc.record({ op: fc.constant("cancel" as const), title: fc.nat(40) }),
  fc.record({ op: fc.constant("edit" as const), title: fc.nat(40), due: fc.nat(DUES.length - 1), amount: fc.integer({ min: 3, max: 500_000 }) }),
);

/** Status and due-date filters (what the aggregate answers), with and without a period. */
const FILTERS: TitleListFilter[] = [
  {},
  ...TITLE_FILTER_STATUSES.map((status) => ({ status })),
  { dueFrom: DUES[1], dueTo: DUES[4] },
  { status: "pending", dueFrom: DUES[0], dueTo: DUES[3] },
  { status: "paid", dueFrom: DUES[2] },
  { status: "overdue", dueTo: DUES[5] },
];

const rowsOf = async (sql: string, agencyId: string) => (await env.DB.prepare(sql).bind(agencyId).all<Record<string, string | number>>()).results;

describe("finance_title_total, kept by triggers", () => {
  it("equals the titles after any sequence of create, edit, settle, reverse and cancel; so do the lists' totals", async () => {
    const term = async (agencyId: string) => (await env.DB.prepare("select id from payment_term where agency_id = ? and name = '30/60/90'").bind(agencyId).first<{ id: string }>())!.id;
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 1, maxLength: 16 }), async (ops) => {
        const w = await world();
        const titles: string[] = [];
        const settlements: string[] = [];
        for (const o of ops) {
          if (o.op === "create") {
            const created = await createTitles(w.scope, {
              direction: o.payable ? "payable" : "receivable",
              partyKind: o.payable ? "supplier" : "client",
              partyId: o.payable ? w.supplierId : w.clientId,
              description: "Título",
              documentNumber: null,
              categoryId: o.payable ? w.cost : w.revenue,
              competenceDate: DUES[o.due]!,
              dueDate: DUES[o.due]!,
              amountCents: o.amount,
              currency: o.usd ? "USD" : "BRL",
              paymentTermId: o.installments ? await term(w.scope.agencyId) : null,
              notes: null,
            });
            expect(created.ok || (o.installments && created.reason === "split")).toBe(true);
            if (created.ok) titles.push(...created.ids);
          } else if (o.op === "settle" && titles.length > 0) {
            const t = (await findTitle(w.scope.db, w.scope.agencyId, titles[o.title % titles.length]!))!;
            const open = t.amountCents - t.paidCents;
            if (open <= 0 || t.status === "cancelled") continue;
            const done = await settleTitles(w.scope, { date: TODAY, bankAccountId: w.bank, description: null }, [
              { titleId: t.id, version: t.version, principalCents: Math.max(1, Math.floor(open / o.part)), interestCents: 0, fineCents: 0, discountCents: 0, feeCents: 0, intermediaryId: null },
            ]);
            if (done.ok) settlements.push(...done.entryIds);
          } else if (o.op === "reverse" && settlements.length > 0) {
            await reverseEntry(w.scope, settlements[o.entry % settlements.length]!, TODAY, "teste");
          } else if (o.op === "cancel" && titles.length > 0) {
            const t = (await findTitle(w.scope.db, w.scope.agencyId, titles[o.title % titles.length]!))!;
            await cancelTitle(w.scope, t.id, t.version, "teste");
          } else if (o.op === "edit" && titles.length > 0) {
            const t = (await findTitle(w.scope.db, w.scope.agencyId, titles[o.title % titles.length]!))!;
            await updateTitle(w.scope, t.id, t.version, {
              partyKind: t.partyKind,
              partyId: t.partyId,
              description: t.description,
              documentNumber: t.documentNumber,
              categoryId: t.categoryId,
              competenceDate: t.competenceDate,
              dueDate: DUES[o.due]!,
              amountCents: t.paidCents > 0 ? t.amountCents : o.amount,
              currency: t.currency,
              notes: t.notes,
            });
          }
        }
        // The table is the GROUP BY of the titles (rows emptied by moves stay at zero).
        const kept = await rowsOf(
          "select direction, status, due_date, currency, titles, amount_cents, paid_cents from finance_title_total where agency_id = ? and titles <> 0 order by 1, 2, 3, 4",
          w.scope.agencyId,
        );
        const grouped = await rowsOf(
          "select direction, status, due_date, currency, count(*) as titles, sum(amount_cents) as amount_cents, sum(paid_cents) as paid_cents from finance_title where agency_id = ? group by 1, 2, 3, 4 order by 1, 2, 3, 4",
          w.scope.agencyId,
        );
        expect(kept).toEqual(grouped);
        const zeros = await rowsOf("select * from finance_title_total where agency_id = ? and titles = 0 and (amount_cents <> 0 or paid_cents <> 0)", w.scope.agencyId);
        expect(zeros).toEqual([]);
        // The lists' totals: the same figures either way, for every filter the aggregate answers.
        for (const direction of ["receivable", "payable"] as const) {
          for (const filter of FILTERS) {
            const fromAggregate = await titleTotalsFromAggregate(w.scope, direction, filter);
            const fromTitles = await titleTotalsFromTitles(w.scope, direction, filter, "");
            expect({ ...fromAggregate, from: "titles" }, JSON.stringify(filter)).toEqual(fromTitles);
          }
        }
      }),
      { numRuns: RUNS },
    );
  }, 300_000);

  it("a party, account or search filter is summed over the titles (a category has its own aggregate)", async () => {
    const w = await world();
    expect((await titleTotals(w.scope, "receivable", { status: "pending" }, "")).from).toBe("aggregate");
    expect((await titleTotals(w.scope, "receivable", { party: { kind: "client", id: w.clientId } }, "")).from).toBe("titles");
    expect((await titleTotals(w.scope, "receivable", { category: w.revenue }, "")).from).toBe("aggregate");
    expect((await titleTotals(w.scope, "receivable", { account: w.bank }, "")).from).toBe("titles");
    expect((await titleTotals(w.scope, "receivable", {}, "pacote")).from).toBe("titles");
  });
});

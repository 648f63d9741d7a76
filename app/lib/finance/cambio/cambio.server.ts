/**
 * Câmbio on the server (decision 0018): the enabled currencies, the rates (the
 * record kit's store and spec for novo / editar/:id, keyset list with filters,
 * the CSV import's preview and import), the rate a day uses and the converter.
 * Every function takes the agency's Scope; another agency's rate is not found.
 */
import { and, asc, desc, eq, gte, inArray, lte, sql, type SQL } from "drizzle-orm";
import { auditEntry, fxCurrency, fxRate, type FxRateSource, type FxUsedSource } from "~/db/schema";
import { newId, nowIso } from "~/db/schema/columns";
import { CAMBIO_PATH, type RateFilter, type RateSort } from "~/lib/finance/cambio/cambio";
import { rateEditSchema, rateSchema, type ConvertInput, type RateInput } from "~/lib/finance/cambio/cambio.schema";
import { BASE_CURRENCY, dayMinus, formatRate, fxErr, FX_CODES, MAX_RATE_AGE_DAYS, minorUnits, parseRateRow, RATE_SCALE, tryConvert, type RateRow, type RateRowError } from "~/lib/finance/fx";
import { canManageFinance } from "~/lib/finance/roles";
import type { ListQuery } from "~/lib/kit/list";
import { runList } from "~/lib/kit/list.server";
import { listSourceOf, recordStore, type ReadScope, type WriteScope } from "~/lib/kit/record.server";
import type { RecordSpec } from "~/lib/kit/record-action.server";
import { auditInsert } from "~/lib/platform/audit.server";

type RateRowDb = typeof fxRate.$inferSelect;

// ---------------------------------------------------------------------------
// Currencies

/** The agency's enabled foreign currencies (BRL, the base, is always on), in catalogue order. */
export async function enabledCurrencies({ db, agencyId }: ReadScope): Promise<string[]> {
  const rows = await db.select({ code: fxCurrency.code }).from(fxCurrency).where(eq(fxCurrency.agencyId, agencyId)).limit(FX_CODES.length);
  const on = new Set(rows.map((r) => r.code));
  return FX_CODES.filter((c) => on.has(c));
}

/** Sets the enabled currencies (one batch, audited as the agency's "fx_currency" setting). */
export async function setEnabledCurrencies(scope: WriteScope, codes: readonly string[]) {
  const { db, agencyId, userId, ip } = scope;
  const before = await enabledCurrencies(scope);
  const after = FX_CODES.filter((c) => codes.includes(c));
  if (before.join() === after.join()) return { changed: false };
  await db.batch([
    db.delete(fxCurrency).where(and(eq(fxCurrency.agencyId, agencyId), sql`${fxCurrency.code} not in (${sql.join(after.length ? after.map((c) => sql`${c}`) : [sql`''`], sql`, `)})`)),
    ...after.map((code) => db.insert(fxCurrency).values({ agencyId, code, createdBy: userId }).onConflictDoNothing()),
    auditInsert(db, { agencyId, userId, entity: "fx_currency", entityId: agencyId, action: "update", changes: { currencies: [before, after] }, ip }),
  ] as never);
  return { changed: true };
}

// ---------------------------------------------------------------------------
// Rates: the record kit

export const rateStore = recordStore({
  table: fxRate,
  entity: "fx_rate",
  label: (row) => `${row.currency} ${row.date}`,
  createdBy: fxRate.createdBy,
});

export type RateQuery = ListQuery<RateSort, RateFilter>;

export const rateSource = {
  ...listSourceOf<RateSort, RateFilter>(rateStore, {
  sortColumns: { date: fxRate.date },
  filterWhere: (f) => {
    const out: SQL[] = [];
    if (f.currency) out.push(eq(fxRate.currency, f.currency));
    if (f.from) out.push(gte(fxRate.date, f.from));
    if (f.to) out.push(lte(fxRate.date, f.to));
    return out;
  },
  }),
  // The search box finds a currency by its code ("usd").
  search: (q: string) => [sql`instr(${fxRate.currency}, ${q.trim().toUpperCase().slice(0, 3)}) > 0`],
};

export type RateListRow = { id: string; sortValue: string | number | null; currency: string; date: string; rateE6: number; source: FxRateSource; createdAt: string; createdByName: string | null };

export function listRates(scope: ReadScope, query: RateQuery) {
  const { db } = scope;
  return runList(scope, rateSource, query, (where, order, limit) =>
    db
      .select({
        id: fxRate.id,
        sortValue: sql<string | number | null>`${fxRate.date}`,
        currency: fxRate.currency,
        date: fxRate.date,
        rateE6: fxRate.rateE6,
        source: fxRate.source,
        createdAt: fxRate.createdAt,
        createdByName: sql<string | null>`(select name from user where user.id = ${fxRate.createdBy})`,
      })
      .from(fxRate)
      .where(where)
      .orderBy(...order)
      .limit(limit),
  );
}

export const rateValues = (input: RateInput) => ({ currency: input.currency, date: input.date, rateE6: input.rate, source: "manual" as const });

export const rateFormValues = (row: Pick<RateRowDb, "currency" | "date" | "rateE6">) => ({ currency: row.currency, date: row.date, rate: formatRate(row.rateE6) });

/** The currency must be one the agency enabled (a stored rate keeps its own). */
async function checkRate(scope: ReadScope, input: RateInput, current: RateRowDb | null): Promise<Record<string, string[]> | null> {
  if (current?.currency === input.currency) return null;
  const enabled = await enabledCurrencies(scope);
  return enabled.includes(input.currency) ? null : { currency: [fxErr.currency] };
}

export const rateSpec: RecordSpec<typeof fxRate, RateInput> = {
  store: rateStore,
  listPath: CAMBIO_PATH,
  canDelete: canManageFinance,
  schemas: { create: rateSchema, edit: rateEditSchema },
  values: rateValues,
  display: rateFormValues,
  check: (scope, input, current) => checkRate(scope, input, current),
  // One rate per currency and day: a second one names the first (the user replaces it there).
  duplicate: async ({ db, agencyId }, input, exceptId) => {
    const [row] = await db
      .select({ id: fxRate.id, currency: fxRate.currency, date: fxRate.date })
      .from(fxRate)
      .where(and(eq(fxRate.agencyId, agencyId), eq(fxRate.currency, input.currency), eq(fxRate.date, input.date)))
      .limit(1);
    return row && row.id !== exceptId ? { field: "date", id: row.id, name: `${row.currency} ${row.date}` } : null;
  },
};

// ---------------------------------------------------------------------------
// The rate a day uses

/** A rate as a stored amount keeps it (source "base" for BRL, which needs none). */
export type UsedRate = { currency: string; date: string; rateE6: number; source: FxUsedSource };

/**
 * The rate of `currency` for `day`: that day's, or else the latest of the
 * MAX_RATE_AGE_DAYS before it (a weekend, a holiday); null when there is none.
 * BRL is 1 on every day.
 */
export async function rateFor({ db, agencyId }: ReadScope, currency: string, day: string): Promise<UsedRate | null> {
  if (currency === BASE_CURRENCY) return { currency, date: day, rateE6: RATE_SCALE, source: "base" };
  const [row] = await db
    .select({ currency: fxRate.currency, date: fxRate.date, rateE6: fxRate.rateE6, source: fxRate.source })
    .from(fxRate)
    .where(and(eq(fxRate.agencyId, agencyId), eq(fxRate.currency, currency), lte(fxRate.date, day), gte(fxRate.date, dayMinus(day, MAX_RATE_AGE_DAYS))))
    .orderBy(desc(fxRate.date))
    .limit(1);
  return row ?? null;
}

export type Conversion = { amount: number; from: string; to: string; date: string; result: number; fromRate: UsedRate; toRate: UsedRate };

/** The converter: field errors (no rate for the day, an amount too large), or the result with the rates used. */
export async function convertAmount(scope: ReadScope, input: ConvertInput): Promise<{ ok: true; conversion: Conversion } | { ok: false; errors: Record<string, string[]> }> {
  // The amount is typed with up to 2 decimals; a currency without cents takes whole units.
  const minor = minorUnits(input.from);
  if (minor === 0 && input.amount % 100 !== 0) return { ok: false, errors: { amount: [fxErr.amount] } };
  const amount = minor === 0 ? input.amount / 100 : input.amount;
  const [fromRate, toRate] = await Promise.all([rateFor(scope, input.from, input.date), rateFor(scope, input.to, input.date)]);
  const errors: Record<string, string[]> = {};
  if (!fromRate) errors.from = [fxErr.noRate];
  if (!toRate) errors.to = [fxErr.noRate];
  if (!fromRate || !toRate) return { ok: false, errors };
  const result = tryConvert(amount, fromRate, toRate);
  if (result === null) return { ok: false, errors: { amount: [fxErr.amount] } };
  return { ok: true, conversion: { amount, from: input.from, to: input.to, date: input.date, result, fromRate, toRate } };
}

// ---------------------------------------------------------------------------
// CSV import

export type ImportRowStatus = "new" | "replace" | "unchanged" | "invalid";
export type ImportRow = { line: number; currency: string; date: string; rate: string; status: ImportRowStatus; previous?: string; errors: RateRowError[] };
export type ImportReport = { rows: ImportRow[]; counts: Record<ImportRowStatus, number>; written: number };

/**
 * Checks every record (fields, enabled currency, a day twice in the file, an
 * existing rate for the day) and, when `write` and no row is invalid, writes the
 * new rates and — only with `replace` — the changed ones, in one batch with their
 * audit entries. A day that already has a different rate is an error unless
 * `replace`; the same rate again is left as it is.
 */
export async function importRates(
  scope: WriteScope,
  records: Record<string, string>[],
  lines: number[],
  today: string,
  options: { replace: boolean; write: boolean },
): Promise<ImportReport> {
  const enabled = new Set(await enabledCurrencies(scope));
  const seen = new Set<string>();
  const parsed: { line: number; raw: Record<string, string>; row: RateRow | null; errors: RateRowError[] }[] = records.map((raw, i) => {
    const result = parseRateRow(raw, today);
    const errors = result.ok ? [] : [...result.errors];
    const row = result.ok ? result.row : null;
    if (row && !enabled.has(row.currency)) errors.push({ field: "currency", message: fxErr.currency });
    if (row) {
      const key = `${row.currency}|${row.date}`;
      if (seen.has(key)) errors.push({ field: "date", message: fxErr.duplicateInFile });
      seen.add(key);
    }
    return { line: lines[i] ?? i + 2, raw, row: errors.length ? null : row, errors };
  });

  // The stored rates of the file's currencies within its days (one read).
  const valid = parsed.flatMap((p) => (p.row ? [p.row] : []));
  const existing = new Map<string, { id: string; rateE6: number; version: number }>();
  if (valid.length > 0) {
    const days = valid.map((r) => r.date).sort();
    const rows = await scope.db
      .select({ id: fxRate.id, currency: fxRate.currency, date: fxRate.date, rateE6: fxRate.rateE6, version: fxRate.version })
      .from(fxRate)
      .where(and(eq(fxRate.agencyId, scope.agencyId), inArray(fxRate.currency, [...new Set(valid.map((r) => r.currency))]), gte(fxRate.date, days[0]!), lte(fxRate.date, days[days.length - 1]!)))
      .orderBy(asc(fxRate.date))
      .limit(FX_CODES.length * 4000);
    for (const r of rows) existing.set(`${r.currency}|${r.date}`, r);
  }

  const report: ImportRow[] = parsed.map((p) => {
    const base = { line: p.line, currency: (p.raw.currency ?? "").trim().toUpperCase(), date: (p.raw.date ?? "").trim(), rate: (p.raw.rate ?? "").trim() };
    if (!p.row) return { ...base, status: "invalid", errors: p.errors };
    const stored = existing.get(`${p.row.currency}|${p.row.date}`);
    if (!stored) return { ...base, date: p.row.date, status: "new", errors: [] };
    if (stored.rateE6 === p.row.rateE6) return { ...base, date: p.row.date, status: "unchanged", errors: [] };
    const previous = formatRate(stored.rateE6);
    if (!options.replace) return { ...base, date: p.row.date, status: "invalid", previous, errors: [{ field: "date", message: fxErr.taken }] };
    return { ...base, date: p.row.date, status: "replace", previous, errors: [] };
  });
  const counts = { new: 0, replace: 0, unchanged: 0, invalid: 0 } satisfies Record<ImportRowStatus, number>;
  for (const r of report) counts[r.status]++;
  if (!options.write || counts.invalid > 0 || counts.new + counts.replace === 0) return { rows: report, counts, written: 0 };

  const { db, agencyId, userId, ip } = scope;
  const now = nowIso();
  const statements: unknown[] = [];
  const inserts: (typeof fxRate.$inferInsert)[] = [];
  const audits: (typeof auditEntry.$inferInsert)[] = [];
  parsed.forEach((p, i) => {
    const status = report[i]!.status;
    if (!p.row || (status !== "new" && status !== "replace")) return;
    if (status === "new") {
      const id = newId();
      inserts.push({ id, agencyId, currency: p.row.currency, date: p.row.date, rateE6: p.row.rateE6, source: "csv", createdBy: userId, createdAt: now, updatedAt: now, version: 1 });
      audits.push({ agencyId, userId, entity: rateStore.entity, entityId: id, action: "create", changes: { currency: [null, p.row.currency], date: [null, p.row.date], rateE6: [null, p.row.rateE6], source: [null, "csv"] }, ip });
    } else {
      const stored = existing.get(`${p.row.currency}|${p.row.date}`)!;
      statements.push(
        db
          .update(fxRate)
          .set({ rateE6: p.row.rateE6, source: "csv", updatedAt: now, version: sql`${fxRate.version} + 1` })
          .where(and(eq(fxRate.agencyId, agencyId), eq(fxRate.id, stored.id))),
      );
      audits.push({ agencyId, userId, entity: rateStore.entity, entityId: stored.id, action: "update", changes: { rateE6: [stored.rateE6, p.row.rateE6], source: [null, "csv"] }, ip });
    }
  });
  // D1 takes at most 100 bound parameters a statement: 9 rows of 10 columns per insert.
  for (let i = 0; i < inserts.length; i += 9) statements.push(db.insert(fxRate).values(inserts.slice(i, i + 9)));
  for (let i = 0; i < audits.length; i += 10) statements.push(db.insert(auditEntry).values(audits.slice(i, i + 10)));
  await db.batch(statements as never);
  return { rows: report, counts, written: counts.new + counts.replace };
}

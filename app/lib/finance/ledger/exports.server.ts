/**
 * CSV exports of the ledger: a titles list's current filter (in the list's
 * order, keyset batches), an account statement, and the DRE. Column names and
 * labels in the user's language (`label`); amounts as plain decimals ("1234.56").
 */
import { BASE_CURRENCY, formatRate } from "~/lib/finance/fx";
import type { TitleDirection } from "~/db/schema/finance";
import { csvResponse } from "~/lib/kit/csv.server";
import type { ListQuery } from "~/lib/kit/list";
import { allRows } from "~/lib/kit/list.server";
import { shownStatus, type DreLine, type DreRow } from "~/lib/finance/ledger/ledger";
import type { accountStatement } from "~/lib/finance/ledger/reports.server";
import type { TitleListFilter } from "~/lib/finance/ledger/title-list";
import { pageSort, titleListSource, titleSelect, type TitleSort } from "~/lib/finance/ledger/title-list.server";
import type { Scope } from "~/lib/platform/scope.server";
import { todayIn } from "~/lib/platform/time-zone";

type Label = (key: string) => string;

/** Cents as a plain decimal a spreadsheet reads in any locale. */
export const decimal = (cents: number) => {
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
};

export function titlesCsv(scope: Scope, direction: TitleDirection, query: ListQuery<TitleSort, string>, filter: TitleListFilter, label: Label, filename: string) {
  const c = (k: string) => label(`financeLedger.csv.${k}`);
  const columns = ["description", "document", "party", "category", "installment", "competence", "due", "amount", "paid", "open", "currency", "status"].map(c);
  const today = todayIn(scope.timeZone);
  const source = titleListSource(scope, direction, filter, query.sort);
  async function* batches() {
    for await (const rows of allRows(scope, source, query, titleSelect(scope, pageSort(query.sort, filter)))) {
      yield rows.map((r) => {
        const values = [
          r.description,
          r.documentNumber ?? "",
          r.partyName ?? "",
          r.categoryName ?? "",
          `${r.installmentNo}/${r.installmentCount}`,
          r.competenceDate,
          r.dueDate,
          decimal(r.amountCents),
          decimal(r.paidCents),
          decimal(r.status === "cancelled" ? 0 : r.amountCents - r.paidCents),
          r.currency,
          label(`financeLedger.statuses.${shownStatus(r, today)}`),
        ];
        return Object.fromEntries(columns.map((col, i) => [col, values[i]!]));
      });
    }
  }
  return csvResponse(filename, columns, batches());
}

export function statementCsv(statement: NonNullable<Awaited<ReturnType<typeof accountStatement>>>, label: Label, filename: string) {
  const c = (k: string) => label(`financeLedger.csv.${k}`);
  // A foreign-currency account: each entry in reais too, with its rate (decision 0018).
  const foreign = statement.account.currency !== BASE_CURRENCY;
  const fxColumns = foreign ? [c("netBrl"), c("rate")] : [];
  const columns = [c("date"), c("kind"), c("description"), c("origin"), c("category"), c("net"), c("balance"), ...fxColumns];
  const rows = [
    { [columns[0]!]: statement.from, [columns[1]!]: label("financeLedger.statement.opening"), [columns[6]!]: decimal(statement.openingCents) },
    ...statement.rows.map((r) => ({
      [columns[0]!]: r.date,
      [columns[1]!]: label(`financeLedger.entryKinds.${r.kind}`),
      [columns[2]!]: r.description ?? "",
      [columns[3]!]: r.titleDescription ? `${r.titleDescription}${r.installmentCount && r.installmentCount > 1 ? ` ${r.installmentNo}/${r.installmentCount}` : ""}` : (r.counterpartName ?? ""),
      [columns[4]!]: r.categoryName ?? "",
      [columns[5]!]: decimal(r.netCents),
      [columns[6]!]: decimal(r.balanceCents),
      ...(foreign ? { [columns[7]!]: r.amountBrlCents === null ? "" : decimal(r.amountBrlCents), [columns[8]!]: r.fxRateE6 === null ? "" : formatRate(r.fxRateE6).replace(",", ".") } : {}),
    })),
    { [columns[0]!]: statement.to, [columns[1]!]: label("financeLedger.statement.closing"), [columns[6]!]: decimal(statement.closingCents) },
  ];
  async function* one() {
    yield rows.map((r) => Object.fromEntries(columns.map((col) => [col, r[col] ?? ""])));
  }
  return csvResponse(filename, columns, one());
}

export function dreCsv(dre: { months: string[]; rows: DreRow[]; lines: DreLine[] }, label: Label, filename: string) {
  const columns = [label("financeLedger.csv.code"), label("financeLedger.csv.line"), ...dre.months, label("financeLedger.csv.total")];
  const line = (key: string) => dre.lines.find((l) => l.key === key)!;
  const record = (code: string, name: string, months: Record<string, number>, total: number) =>
    Object.fromEntries([
      [columns[0]!, code],
      [columns[1]!, name],
      ...dre.months.map((m) => [m, decimal(months[m] ?? 0)]),
      [columns[columns.length - 1]!, decimal(total)],
    ]) as Record<string, string>;
  const out: Record<string, string>[] = [];
  const section = (nature: string, key: string, after?: string) => {
    const l = line(key);
    out.push(record("", label(`financeLedger.dre.lines.${key}`), l.months, l.totalCents));
    for (const r of dre.rows.filter((r) => r.nature === nature)) out.push(record(r.code, r.name, r.months, r.totalCents));
    if (after) {
      const a = line(after);
      out.push(record("", label(`financeLedger.dre.lines.${after}`), a.months, a.totalCents));
    }
  };
  section("revenue", "grossRevenue");
  section("deduction", "deductions", "netRevenue");
  section("cost", "costs", "grossProfit");
  section("expense", "expenses", "result");
  async function* one() {
    yield out;
  }
  return csvResponse(filename, columns, one());
}

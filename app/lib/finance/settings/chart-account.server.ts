/**
 * Plano de contas on the server: the whole tree (bounded: MAX_CHART_ACCOUNTS,
 * rendered at once in code order), the form's checks and the inline spec.
 *
 * The tree's rules, checked on every save: a root account has a one-part code
 * ("3"); a child's code is its parent's plus one part ("3" → "3.1" → "3.1.02"),
 * and it has its parent's nature. So the tree cannot loop (a parent's code is
 * shorter), and the code order is the tree order. An account with children
 * keeps its code, parent and nature. An account with titles or entries (or
 * children) is not deleted: it is deactivated.
 */
import { and, asc, eq, isNull } from "drizzle-orm";
import { chartAccount } from "~/db/schema";
import { PATHS, finErr, MAX_CHART_ACCOUNTS, type ChartAccountInput } from "~/lib/finance/settings/settings";
import type { InlineSpec } from "~/lib/finance/settings/inline.server";
import { chartAccountEditSchema, chartAccountSchema } from "~/lib/finance/settings/settings.schema";
import { chartAccountStore } from "~/lib/finance/settings/stores.server";
import { findRecord, type ReadScope } from "~/lib/kit/record.server";
import type { Scope } from "~/lib/platform/scope.server";

type Row = typeof chartAccount.$inferSelect;

export type ChartNode = Pick<Row, "id" | "code" | "name" | "nature" | "parentId" | "systemKey" | "active" | "version"> & { depth: number };

/** The agency's live accounts in code order with their depth; `capped` when there are more than MAX_CHART_ACCOUNTS. */
export async function chartTree({ db, agencyId }: ReadScope): Promise<{ nodes: ChartNode[]; capped: boolean }> {
  const rows = await db
    .select({
      id: chartAccount.id,
      code: chartAccount.code,
      name: chartAccount.name,
      nature: chartAccount.nature,
      parentId: chartAccount.parentId,
      systemKey: chartAccount.systemKey,
      active: chartAccount.active,
      version: chartAccount.version,
    })
    .from(chartAccount)
    .where(and(eq(chartAccount.agencyId, agencyId), isNull(chartAccount.deletedAt)))
    .orderBy(asc(chartAccount.code), asc(chartAccount.id))
    .limit(MAX_CHART_ACCOUNTS + 1);
  const capped = rows.length > MAX_CHART_ACCOUNTS;
  // SQLite orders "10" before "2"; the tree orders codes part by part.
  const kept = rows.slice(0, MAX_CHART_ACCOUNTS).sort((a, b) => compareCodes(a.code, b.code));
  return { nodes: kept.map((r) => ({ ...r, depth: r.code.split(".").length - 1 })), capped };
}

/** "3.2" < "3.10": codes compared part by part as numbers. */
export function compareCodes(a: string, b: string): number {
  const pa = a.split(".").map(Number);
  const pb = b.split(".").map(Number);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const x = pa[i] ?? -1;
    const y = pb[i] ?? -1;
    if (x !== y) return x - y;
  }
  return a < b ? -1 : a > b ? 1 : 0;
}

const parentCodeOf = (code: string) => (code.includes(".") ? code.slice(0, code.lastIndexOf(".")) : null);

async function hasChildren({ db, agencyId }: ReadScope, id: string) {
  const [row] = await db
    .select({ id: chartAccount.id })
    .from(chartAccount)
    .where(and(eq(chartAccount.agencyId, agencyId), eq(chartAccount.parentId, id), isNull(chartAccount.deletedAt)))
    .limit(1);
  return !!row;
}

/** The tree's rules (see the header), as field errors. */
export async function checkChartAccount(scope: Scope, input: ChartAccountInput, current: Row | null): Promise<Record<string, string[]> | null> {
  const errors: Record<string, string[]> = {};
  const parent = input.parentId ? await findRecord(scope, chartAccountStore, input.parentId) : null;
  if (input.parentId && (!parent || parent.id === current?.id)) errors.parentId = [finErr.parent];
  else if (parent) {
    if (parentCodeOf(input.code) !== parent.code) errors.code = [finErr.parentCode];
    if (parent.nature !== input.nature) errors.nature = [finErr.parentNature];
  } else if (input.code.includes(".")) errors.code = [finErr.parentCode];
  if (current && (current.code !== input.code || current.nature !== input.nature || current.parentId !== input.parentId) && (await hasChildren(scope, current.id))) {
    errors[current.code !== input.code ? "code" : current.nature !== input.nature ? "nature" : "parentId"] = [finErr.hasChildren];
  }
  return Object.keys(errors).length > 0 ? errors : null;
}

export const chartAccountValues = (input: ChartAccountInput) => ({ code: input.code, name: input.name, nature: input.nature, parentId: input.parentId, active: input.active });

export const chartAccountFormValues = (row: Pick<Row, "code" | "name" | "nature" | "parentId" | "active">) => ({
  code: row.code,
  name: row.name,
  nature: row.nature,
  parentId: row.parentId ?? "",
  active: row.active ? "on" : "",
});

export const CHART_ACCOUNT_EMPTY = chartAccountFormValues({ code: "", name: "", nature: "expense", parentId: null, active: true });

export const chartAccountSpec: InlineSpec<typeof chartAccount, ChartAccountInput> = {
  store: chartAccountStore,
  listPath: PATHS.chart,
  schemas: { create: chartAccountSchema, edit: chartAccountEditSchema },
  values: chartAccountValues,
  display: chartAccountFormValues,
  check: checkChartAccount,
  uniqueField: "code",
};

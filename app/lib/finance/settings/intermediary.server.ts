/** Intermediadores on the server: the list (keyset pages by name), the form's checks and values, the inline spec. */
import { sql } from "drizzle-orm";
import { intermediary } from "~/db/schema";
import { formatBp, formatCents } from "~/lib/finance/money";
import { PATHS, finErr, type IntermediaryInput, type NameSort } from "~/lib/finance/settings/settings";
import type { InlineSpec } from "~/lib/finance/settings/inline.server";
import { intermediaryEditSchema, intermediarySchema } from "~/lib/finance/settings/settings.schema";
import { bankAccountStore, intermediaryStore } from "~/lib/finance/settings/stores.server";
import type { ListQuery } from "~/lib/kit/list";
import { runList } from "~/lib/kit/list.server";
import { findRecord, listSourceOf, type ReadScope } from "~/lib/kit/record.server";
import type { Scope } from "~/lib/platform/scope.server";

type Row = typeof intermediary.$inferSelect;

export const intermediarySource = listSourceOf<NameSort, never>(intermediaryStore, { sortColumns: { name: intermediary.name } });

export function listIntermediaries(scope: ReadScope, query: ListQuery<NameSort, never>) {
  const { db } = scope;
  return runList(scope, intermediarySource, query, (where, order, limit) =>
    db
      .select({
        id: intermediary.id,
        sortValue: sql<string | number | null>`${intermediary.name}`,
        name: intermediary.name,
        kind: intermediary.kind,
        feeBp: intermediary.feeBp,
        fixedFeeCents: intermediary.fixedFeeCents,
        settlementDays: intermediary.settlementDays,
        bankAccountId: intermediary.bankAccountId,
        active: intermediary.active,
        version: intermediary.version,
      })
      .from(intermediary)
      .where(where)
      .orderBy(...order)
      .limit(limit),
  );
}

/** The account the intermediary pays into must be one of the agency's live bank accounts. */
export async function checkIntermediary(scope: Scope, input: IntermediaryInput): Promise<Record<string, string[]> | null> {
  if (input.bankAccountId && !(await findRecord(scope, bankAccountStore, input.bankAccountId))) return { bankAccountId: [finErr.bankAccount] };
  return null;
}

export const intermediaryValues = (input: IntermediaryInput) => ({
  name: input.name,
  kind: input.kind,
  feeBp: input.fee,
  fixedFeeCents: input.fixedFee,
  settlementDays: input.settlementDays,
  bankAccountId: input.bankAccountId,
  active: input.active,
});

export const intermediaryFormValues = (row: Pick<Row, "name" | "kind" | "feeBp" | "fixedFeeCents" | "settlementDays" | "bankAccountId" | "active">) => ({
  name: row.name,
  kind: row.kind,
  fee: formatBp(row.feeBp),
  fixedFee: formatCents(row.fixedFeeCents),
  settlementDays: String(row.settlementDays),
  bankAccountId: row.bankAccountId ?? "",
  active: row.active ? "on" : "",
});

export const INTERMEDIARY_EMPTY = intermediaryFormValues({ name: "", kind: "gateway", feeBp: 0, fixedFeeCents: 0, settlementDays: 0, bankAccountId: null, active: true });

export const intermediarySpec: InlineSpec<typeof intermediary, IntermediaryInput> = {
  store: intermediaryStore,
  listPath: PATHS.intermediaries,
  schemas: { create: intermediarySchema, edit: intermediaryEditSchema },
  values: intermediaryValues,
  display: intermediaryFormValues,
  check: (scope, input) => checkIntermediary(scope, input),
  uniqueField: "name",
};

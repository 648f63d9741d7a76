/** Tipos de conta on the server: the list (keyset pages by name), the form's values and the inline spec. */
import { and, asc, eq, isNull, sql } from "drizzle-orm";
import { accountType } from "~/db/schema";
import { PATHS, type AccountTypeInput, type NameSort } from "~/lib/finance/settings/settings";
import type { InlineSpec } from "~/lib/finance/settings/inline.server";
import { accountTypeEditSchema, accountTypeSchema } from "~/lib/finance/settings/settings.schema";
import { accountTypeStore } from "~/lib/finance/settings/stores.server";
import type { ListQuery } from "~/lib/kit/list";
import { runList } from "~/lib/kit/list.server";
import { listSourceOf, type ReadScope } from "~/lib/kit/record.server";

type Row = typeof accountType.$inferSelect;

export const accountTypeSource = listSourceOf<NameSort, never>(accountTypeStore, { sortColumns: { name: accountType.name } });

export function listAccountTypes(scope: ReadScope, query: ListQuery<NameSort, never>) {
  const { db } = scope;
  return runList(scope, accountTypeSource, query, (where, order, limit) =>
    db
      .select({
        id: accountType.id,
        sortValue: sql<string | number | null>`${accountType.name}`,
        name: accountType.name,
        kind: accountType.kind,
        active: accountType.active,
        version: accountType.version,
      })
      .from(accountType)
      .where(where)
      .orderBy(...order)
      .limit(limit),
  );
}

/** The agency's live account types (the bank account form's choices; at most 200). */
export function accountTypeOptions({ db, agencyId }: ReadScope) {
  return db
    .select({ id: accountType.id, name: accountType.name, kind: accountType.kind, active: accountType.active })
    .from(accountType)
    .where(and(eq(accountType.agencyId, agencyId), isNull(accountType.deletedAt)))
    .orderBy(asc(accountType.name))
    .limit(200);
}

export const accountTypeValues = (input: AccountTypeInput) => ({ name: input.name, kind: input.kind, active: input.active });

export const accountTypeFormValues = (row: Pick<Row, "name" | "kind" | "active">) => ({ name: row.name, kind: row.kind, active: row.active ? "on" : "" });

export const ACCOUNT_TYPE_EMPTY = accountTypeFormValues({ name: "", kind: "checking", active: true });

export const accountTypeSpec: InlineSpec<typeof accountType, AccountTypeInput> = {
  store: accountTypeStore,
  listPath: PATHS.types,
  schemas: { create: accountTypeSchema, edit: accountTypeEditSchema },
  values: accountTypeValues,
  display: accountTypeFormValues,
  uniqueField: "name",
};

/** Prazos de pagamento on the server: the list (keyset pages by name), the form's values and the inline spec. */
import { sql } from "drizzle-orm";
import { paymentTerm } from "~/db/schema";
import { formatBp } from "~/lib/finance/money";
import { PATHS, type NameSort, type PaymentTermInput } from "~/lib/finance/settings/settings";
import type { InlineSpec } from "~/lib/finance/settings/inline.server";
import { paymentTermEditSchema, paymentTermSchema } from "~/lib/finance/settings/settings.schema";
import { paymentTermStore } from "~/lib/finance/settings/stores.server";
import type { ListQuery } from "~/lib/kit/list";
import { runList } from "~/lib/kit/list.server";
import { listSourceOf, type ReadScope } from "~/lib/kit/record.server";

type Row = typeof paymentTerm.$inferSelect;

export const paymentTermSource = listSourceOf<NameSort, never>(paymentTermStore, { sortColumns: { name: paymentTerm.name } });

export type PaymentTermListRow = Pick<Row, "id" | "name" | "downPaymentBp" | "installments" | "firstDueDays" | "intervalKind" | "intervalDays" | "dayOfMonth" | "active" | "version"> & {
  sortValue: string | number | null;
};

export function listPaymentTerms(scope: ReadScope, query: ListQuery<NameSort, never>) {
  const { db } = scope;
  return runList(scope, paymentTermSource, query, (where, order, limit) =>
    db
      .select({
        id: paymentTerm.id,
        sortValue: sql<string | number | null>`${paymentTerm.name}`,
        name: paymentTerm.name,
        downPaymentBp: paymentTerm.downPaymentBp,
        installments: paymentTerm.installments,
        firstDueDays: paymentTerm.firstDueDays,
        intervalKind: paymentTerm.intervalKind,
        intervalDays: paymentTerm.intervalDays,
        dayOfMonth: paymentTerm.dayOfMonth,
        active: paymentTerm.active,
        version: paymentTerm.version,
      })
      .from(paymentTerm)
      .where(where)
      .orderBy(...order)
      .limit(limit),
  );
}

export function paymentTermValues(input: PaymentTermInput) {
  return {
    name: input.name,
    downPaymentBp: input.downPayment,
    installments: input.installments,
    firstDueDays: input.firstDueDays,
    intervalKind: input.intervalKind,
    intervalDays: input.intervalKind === "days" ? input.intervalDays : 30,
    dayOfMonth: input.intervalKind === "day_of_month" ? input.dayOfMonth : null,
    active: input.active,
  };
}

/** A stored term as the form shows it. */
export function paymentTermFormValues(row: Pick<Row, "name" | "downPaymentBp" | "installments" | "firstDueDays" | "intervalKind" | "intervalDays" | "dayOfMonth" | "active">) {
  return {
    name: row.name,
    downPayment: row.downPaymentBp > 0 ? formatBp(row.downPaymentBp) : "",
    installments: String(row.installments),
    firstDueDays: String(row.firstDueDays),
    intervalKind: row.intervalKind,
    intervalDays: String(row.intervalDays),
    dayOfMonth: row.dayOfMonth === null ? "" : String(row.dayOfMonth),
    active: row.active ? "on" : "",
  };
}

export const PAYMENT_TERM_EMPTY = paymentTermFormValues({ name: "", downPaymentBp: 0, installments: 1, firstDueDays: 30, intervalKind: "days", intervalDays: 30, dayOfMonth: null, active: true });

export const paymentTermSpec: InlineSpec<typeof paymentTerm, PaymentTermInput> = {
  store: paymentTermStore,
  listPath: PATHS.terms,
  schemas: { create: paymentTermSchema, edit: paymentTermEditSchema },
  values: paymentTermValues,
  display: paymentTermFormValues,
  uniqueField: "name",
};

/**
 * Product kinds (Cadastros → Produtos): the agency's row per kind of
 * PRODUCT_KINDS, enabled or not, with a default finance category (free text
 * until Finance has its chart of accounts). Edited inline, one small form per
 * row: `save` posts the switch and the category (works without JavaScript),
 * `toggle` only the switch (the instant switch, with JavaScript).
 */
import { PRODUCT_KINDS, type ProductKind } from "~/db/schema/registers";
import type { Role } from "~/db/schema/platform";

export type { ProductKindInput } from "~/lib/registers/product-kind.schema";

export const CATEGORY_MAX = 80;

/** Who may change product kinds: the agency's administrators and its finance staff. */
export const PRODUCT_KIND_EDITORS: readonly Role[] = ["SuperAdmin", "Admin", "Financeiro"];
export const canEditProductKinds = (role: Role) => PRODUCT_KIND_EDITORS.includes(role);

/** One row of the screen: the stored row, or the kind as disabled when the agency has none yet. */
export type ProductKindRow = { kind: ProductKind; id: string | null; enabled: boolean; defaultCategory: string | null; version: number };

/** The screen's rows in PRODUCT_KINDS order, stored or not. */
export function productKindRows(stored: readonly ProductKindRow[]): ProductKindRow[] {
  const byKind = new Map(stored.map((r) => [r.kind, r]));
  return PRODUCT_KINDS.map((kind) => byKind.get(kind) ?? { kind, id: null, enabled: false, defaultCategory: null, version: 0 });
}

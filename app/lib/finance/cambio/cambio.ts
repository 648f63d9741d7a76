/**
 * Câmbio (Financeiro → cambio) without zod, for the screens and the server: the
 * paths, the rates list's spec, the import's limits. The conversion itself is
 * app/lib/finance/fx.ts; the forms' schemas are in cambio.schema.ts.
 */
import { FX_CODES, parseDay } from "~/lib/finance/fx";
import type { ListSpec } from "~/lib/kit/list";

export type { ConvertInput, CurrenciesInput, RateInput } from "~/lib/finance/cambio/cambio.schema";

export const CAMBIO_PATH = "/financeiro/cambio";
export const CAMBIO_PATHS = {
  list: CAMBIO_PATH,
  newRate: `${CAMBIO_PATH}/novo`,
  edit: (id: string) => `${CAMBIO_PATH}/editar/${id}`,
  import: `${CAMBIO_PATH}/importar`,
} as const;

export type RateSort = "date";
export type RateFilter = "currency" | "from" | "to";
const isDay = (v: string) => parseDay(v) === v;
/** The rates: newest day first, keyset pages; filters by currency and a period of days. */
export const rateListSpec = {
  sorts: ["date"],
  defaultSort: "date",
  defaultDir: "desc",
  filters: { currency: FX_CODES, from: isDay, to: isDay },
} as const satisfies ListSpec<RateSort, RateFilter>;

/** A CSV import's limits. */
export const FX_IMPORT_MAX_ROWS = 2000;
export const FX_IMPORT_MAX_BYTES = 256 * 1024;

export type RateSourceKey = "manual" | "csv" | "provider";

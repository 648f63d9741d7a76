// Câmbio (spec §2.3 Financeiro → cambio; issue #20 item 4; decision 0018):
// the currencies an agency uses and the dated rates that convert them to BRL.
//
// - a rate is "how many BRL one unit of the currency is worth on that day",
//   stored as an exact integer at a fixed scale: rate_e6 = rate × 1,000,000
//   (5.4321 BRL per USD → 5432100). Never a float in the database; the one
//   conversion module is app/lib/finance/fx.ts.
// - one rate per agency, currency and day (unique); a second one for the same
//   day is refused, or replaces it when the user says so (an update, audited).
// - `source` says where it came from (typed by hand, a CSV import, a provider)
//   and created_at/created_by when and by whom it was recorded.

import { sql } from "drizzle-orm";
import { check, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { user } from "~/db/schema/auth";
import { id, timestamps, version } from "~/db/schema/columns";
import { agency } from "~/db/schema/platform";

export const FX_RATE_SOURCES = ["manual", "csv", "provider"] as const;
export type FxRateSource = (typeof FX_RATE_SOURCES)[number];

/** Where the rate a stored amount used came from: a stored rate's source, or "base" (BRL, 1). */
export const FX_USED_SOURCES = ["base", ...FX_RATE_SOURCES] as const;
export type FxUsedSource = (typeof FX_USED_SOURCES)[number];

/**
 * The rate a foreign-currency amount was converted to BRL at (decision 0018),
 * on a title, an entry or a sale: rate_e6 (BRL per unit × 1,000,000;
 * 1,000,000 for BRL), the rate's day and its source. Null: written before rates
 * were kept, in a foreign currency ("no rate": left out of the BRL figures,
 * never converted 1:1).
 */
export const fxUsed = () => ({
  fxRateE6: integer("fx_rate_e6"),
  fxRateDate: text("fx_rate_date"),
  fxRateSource: text("fx_rate_source", { enum: FX_USED_SOURCES }),
});

/** The currencies an agency has enabled (BRL, the base, is always on and never stored). */
export const fxCurrency = sqliteTable(
  "fx_currency",
  {
    agencyId: text("agency_id")
      .notNull()
      .references(() => agency.id),
    code: text("code").notNull(),
    createdBy: text("created_by").references(() => user.id, { onDelete: "set null" }),
    createdAt: timestamps.createdAt,
  },
  (t) => [primaryKey({ columns: [t.agencyId, t.code] }), check("fx_currency_code_ck", sql`length(code) = 3 and code not glob '*[^A-Z]*' and code <> 'BRL'`)],
);

/** A dated rate of a currency to BRL. */
export const fxRate = sqliteTable(
  "fx_rate",
  {
    id: id(),
    agencyId: text("agency_id")
      .notNull()
      .references(() => agency.id),
    currency: text("currency").notNull(),
    /** The day the rate holds for, "YYYY-MM-DD". */
    date: text("date").notNull(),
    /** BRL per unit × 1,000,000 (RATE_SCALE in app/lib/finance/fx.ts). */
    rateE6: integer("rate_e6").notNull(),
    source: text("source", { enum: FX_RATE_SOURCES }).notNull().default("manual"),
    createdBy: text("created_by").references(() => user.id, { onDelete: "set null" }),
    ...timestamps,
    version: version(),
  },
  (t) => [
    uniqueIndex("fx_rate_day_uq").on(t.agencyId, t.currency, t.date),
    // The list's pages: by date (newest first) across currencies, or within one currency.
    index("fx_rate_date_idx").on(t.agencyId, t.date, t.id),
    index("fx_rate_currency_date_idx").on(t.agencyId, t.currency, t.date, t.id),
    check("fx_rate_currency_ck", sql`length(currency) = 3 and currency not glob '*[^A-Z]*' and currency <> 'BRL'`),
    check("fx_rate_positive_ck", sql`rate_e6 > 0`),
    check("fx_rate_source_ck", sql`source in ('manual', 'csv', 'provider')`),
  ],
);

// Agents' commissions (issue #20 item 3; spec §2.3 Financeiro → Faturamento →
// Comissões; DOMAIN.md "commission"; decision 0017).
//
// A confirmed sale has commission lines for its seller (agent): the rule
// (% of the sale or of the margin) and basis points from the agent's register or
// the sale's override, the base and the amount in the sale's currency. Only the
// open line (pending or released) is ever rewritten; a paid line is never touched
// again: a later edit adds an adjustment line (positive or negative), so the sum of
// a sale's live (non-cancelled) lines is always the rule applied to the sale as it
// is now. `released_cents` is how much of the line the agency's release policy frees
// for payment; paying creates one payable (finance_title, origin "commission") per
// agent and links the lines to it.

import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { user } from "~/db/schema/auth";
import { id, timestamps, version } from "~/db/schema/columns";
import { agency } from "~/db/schema/platform";
import { agent, COMMISSION_RULES } from "~/db/schema/registers";
import { sale } from "~/db/schema/sales";

const enumList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(", "));

export const COMMISSION_STATUSES = ["pending", "released", "paid", "cancelled"] as const;
export type CommissionStatus = (typeof COMMISSION_STATUSES)[number];
export const COMMISSION_LINE_KINDS = ["sale", "adjustment"] as const;
export type CommissionLineKind = (typeof COMMISSION_LINE_KINDS)[number];
/** When a line is released for payment: on the sale's confirmation, when the client paid in full, or in proportion to what the client paid. */
export const COMMISSION_RELEASE_POLICIES = ["confirmation", "full_payment", "proportional"] as const;
export type CommissionReleasePolicy = (typeof COMMISSION_RELEASE_POLICIES)[number];

export const commissionLine = sqliteTable(
  "commission_line",
  {
    id: id(),
    agencyId: text("agency_id")
      .notNull()
      .references(() => agency.id),
    saleId: text("sale_id")
      .notNull()
      .references(() => sale.id),
    agentId: text("agent_id")
      .notNull()
      .references(() => agent.id),
    /** The sale's day (the report's period and the list's order). */
    saleDate: text("sale_date").notNull(),
    saleNumber: integer("sale_number").notNull(),
    kind: text("kind", { enum: COMMISSION_LINE_KINDS }).notNull().default("sale"),
    rule: text("rule", { enum: COMMISSION_RULES }).notNull(),
    bps: integer("bps").notNull(),
    baseCents: integer("base_cents").notNull(),
    amountCents: integer("amount_cents").notNull(),
    releasedCents: integer("released_cents").notNull().default(0),
    currency: text("currency").notNull().default("BRL"),
    status: text("status", { enum: COMMISSION_STATUSES }).notNull().default("pending"),
    /** The payable (finance_title, origin commission) that paid it. */
    payableId: text("payable_id"),
    paidAt: text("paid_at"),
    cancelledAt: text("cancelled_at"),
    createdBy: text("created_by").references(() => user.id, { onDelete: "set null" }),
    ...timestamps,
    version: version(),
  },
  (t) => [
    // The list: by sale day (keyset on (sale_date, id)), optionally by status or agent.
    index("commission_line_date_idx").on(t.agencyId, t.saleDate, t.id),
    index("commission_line_status_idx").on(t.agencyId, t.status, t.saleDate, t.id),
    index("commission_line_agent_idx").on(t.agencyId, t.agentId, t.saleDate, t.id),
    // The report per agent and period reads only this index (covering).
    index("commission_line_report_idx").on(t.agencyId, t.saleDate, t.agentId, t.status, t.currency, t.amountCents, t.releasedCents),
    index("commission_line_sale_idx").on(t.agencyId, t.saleId),
    index("commission_line_payable_idx").on(t.agencyId, t.payableId),
    check("commission_line_status_ck", sql`status in (${enumList(COMMISSION_STATUSES)})`),
    check("commission_line_kind_ck", sql`kind in (${enumList(COMMISSION_LINE_KINDS)})`),
    check("commission_line_rule_ck", sql`rule in (${enumList(COMMISSION_RULES)})`),
    check("commission_line_bps_ck", sql`bps between 0 and 10000`),
  ],
);

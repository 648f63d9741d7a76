/**
 * A sale's life (issue #16 item 1, DOMAIN.md "sale"; decision 0011): draft →
 * confirmed → cancelled, or a draft cancelled or deleted (soft: its number is
 * never reused). The rules a move must pass are checked here on the facts the
 * server gathers, so the screen and the action agree. Pure.
 */

export const SALE_STATUSES = ["draft", "confirmed", "cancelled"] as const;
export type SaleStatus = (typeof SALE_STATUSES)[number];

/** Where each status may go. */
export const SALE_MOVES: Readonly<Record<SaleStatus, readonly SaleStatus[]>> = {
  draft: ["confirmed", "cancelled"],
  confirmed: ["cancelled"],
  cancelled: [],
};

/** What the server knows when a move is asked for. */
export type SaleMoveFacts = {
  /** The sale's items (emissivo) or places (excursion). */
  items: number;
  /** Places whose seat hold lapsed before the confirmation (the seat must be picked again). */
  lapsedHolds: number;
  /** Whether the discount is above the agency's limit (totals.ts discountNeedsAdmin). */
  discountNeedsAdmin: boolean;
  /** Whether the user is an Admin (or a SuperAdmin working in the agency). */
  isAdmin: boolean;
  /** The reason given, for a cancellation. */
  reason: string | null;
};

export type SaleMoveRefusal = "notAllowed" | "noItems" | "holdsLapsed" | "discountNeedsAdmin" | "reasonRequired";

/** Whether `from` may move to `to` given the facts: null when it may, else why not. */
export function refuseSaleMove(from: SaleStatus, to: SaleStatus, facts: SaleMoveFacts): SaleMoveRefusal | null {
  if (!SALE_MOVES[from].includes(to)) return "notAllowed";
  switch (to) {
    case "confirmed":
      if (facts.items === 0) return "noItems";
      if (facts.lapsedHolds > 0) return "holdsLapsed";
      if (facts.discountNeedsAdmin && !facts.isAdmin) return "discountNeedsAdmin";
      return null;
    case "cancelled":
      return facts.reason && facts.reason.trim().length >= 3 ? null : "reasonRequired";
    default:
      return "notAllowed";
  }
}

export type SaleDeleteRefusal = "notDraft";
/** Only a draft may be deleted (soft); a confirmed sale is cancelled instead, a cancelled one is history. */
export const refuseSaleDelete = (status: SaleStatus): SaleDeleteRefusal | null => (status === "draft" ? null : "notDraft");

/** Whether the sale's data may still be edited (a confirmed sale's edit adjusts its titles: titles.ts adjustSaleTitles). */
export const isSaleEditable = (status: SaleStatus) => status === "draft" || status === "confirmed";

/**
 * An excursion's life (issue #15, DOMAIN.md "excursion"): draft → open
 * (selling) → closed (no more sales) → done, or cancelled with a reason from
 * draft, open or closed. The rules a move must pass are checked here, on the
 * facts the server gathers, so the screen and the action agree and the state
 * machine is tested on its own. Pure.
 */

export const EXCURSION_STATUSES = ["draft", "open", "closed", "done", "cancelled"] as const;
export type ExcursionStatus = (typeof EXCURSION_STATUSES)[number];

/** Where each status may go. */
export const EXCURSION_MOVES: Readonly<Record<ExcursionStatus, readonly ExcursionStatus[]>> = {
  draft: ["open", "cancelled"],
  open: ["closed", "cancelled"],
  // A closed trip may open again for last-minute sales, until it departs.
  closed: ["open", "done", "cancelled"],
  done: [],
  cancelled: [],
};

/** What the server knows when a move is asked for. */
export type MoveFacts = {
  /** Price tiers (age band × room type) with a price. */
  priceTiers: number;
  /** Boarding points with a time. */
  boardingPoints: number;
  /** Seats held by sales not yet confirmed. */
  unconfirmedHolds: number;
  /** Whether the trip has departed (its departure instant is past). */
  departed: boolean;
  /** The reason given, for a cancellation. */
  reason: string | null;
};

export type MoveRefusal =
  | "notAllowed"
  | "noPriceTier"
  | "noBoardingPoint"
  | "unconfirmedHolds"
  | "notDeparted"
  | "alreadyDeparted"
  | "reasonRequired";

/** Whether `from` may move to `to` given the facts: null when it may, else why not. */
export function refuseMove(from: ExcursionStatus, to: ExcursionStatus, facts: MoveFacts): MoveRefusal | null {
  if (!EXCURSION_MOVES[from].includes(to)) return "notAllowed";
  switch (to) {
    case "open":
      if (facts.priceTiers === 0) return "noPriceTier";
      if (facts.boardingPoints === 0) return "noBoardingPoint";
      if (facts.departed) return "alreadyDeparted";
      return null;
    case "closed":
      return facts.unconfirmedHolds > 0 ? "unconfirmedHolds" : null;
    case "done":
      return facts.departed ? null : "notDeparted";
    case "cancelled":
      return facts.reason && facts.reason.trim().length >= 3 ? null : "reasonRequired";
    default:
      return "notAllowed";
  }
}

/** Whether sales may add passengers in a status. */
export const isSelling = (status: ExcursionStatus) => status === "open";
/** Whether the excursion's data may still be edited freely (done and cancelled trips are history). */
export const isEditable = (status: ExcursionStatus) => status === "draft" || status === "open" || status === "closed";

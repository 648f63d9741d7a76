/**
 * Reserving through the client portal: the limits and error keys the screen, the schema
 * (reserve.schema.ts, loaded on demand by the form) and the server share, without zod.
 */
import type { RateRule } from "~/lib/platform/rate-limit.server";

/** Places one reservation may take (a larger group talks to the agency). */
export const PORTAL_RESERVE_MAX = 10;
/** A reservation waiting for the agency holds its seats this long (a seller's own holds last HOLD_MINUTES). */
export const PORTAL_HOLD_HOURS = 48;
/** Reservations per client, and per address, in an hour. */
export const PORTAL_RESERVE_RATE: RateRule = { windowMs: 60 * 60 * 1000, max: 5 };

export const reserveErr = {
  places: "portal.reserve.errors.places",
  name: "portal.reserve.errors.name",
  seat: "portal.reserve.errors.seat",
  seats: "portal.reserve.errors.seats",
  boarding: "portal.reserve.errors.boarding",
} as const;

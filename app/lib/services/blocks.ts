/**
 * What the hotel and air block forms share, without zod: the error keys of
 * their locale module (app/locales/services/blocks), the id pattern and the
 * list's filters (a supplier, a destination, a date range). Their zod field
 * builders (ids, money, whole numbers, days, instants) are in blocks.schema.ts.
 */
import { parseCalendarDate } from "~/lib/platform/time-zone";

export const blockErr = {
  checkOut: "services.blocks.errors.checkOut",
  release: "services.blocks.errors.release",
  roomTypes: "services.blocks.errors.roomTypes",
  roomTypeName: "services.blocks.errors.roomTypeName",
  roomsInUse: "services.blocks.errors.roomsInUse",
  roomTypeInUse: "services.blocks.errors.roomTypeInUse",
  whole: "services.blocks.errors.whole",
  hotelCategory: "services.blocks.errors.hotelCategory",
  airlineCategory: "services.blocks.errors.airlineCategory",
  segments: "services.blocks.errors.segments",
  iata: "services.blocks.errors.iata",
  sameAirport: "services.blocks.errors.sameAirport",
  flightNumber: "services.blocks.errors.flightNumber",
  arrival: "services.blocks.errors.arrival",
  segmentOrder: "services.blocks.errors.segmentOrder",
  seats: "services.blocks.errors.seats",
  passengersOverSeats: "services.blocks.errors.passengersOverSeats",
  passengerSold: "services.blocks.errors.passengerSold",
  seatsBelowPassengers: "services.blocks.errors.seatsBelowPassengers",
  ticketing: "services.blocks.errors.ticketing",
  guests: "services.blocks.errors.guests",
  stale: "services.blocks.errors.stale",
} as const;

/** A stored id (uuid v7 or the seed's), as forms post it. */
export const ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

export type BlockFilter = "fornecedor" | "destino" | "de" | "ate";

/** The list filters both blocks share: supplier and destination by id, a range of calendar days. */
export const BLOCK_FILTERS = {
  fornecedor: (v: string) => ID_PATTERN.test(v),
  destino: (v: string) => ID_PATTERN.test(v),
  de: (v: string) => parseCalendarDate(v) !== null,
  ate: (v: string) => parseCalendarDate(v) !== null,
} as const;

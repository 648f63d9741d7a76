/**
 * The seat layout of a vehicle: the one format the charter's editor writes, and
 * the seat map of sales and public pages reads (components/services/SeatMap).
 * Pure, without zod (the vehicle types of the schema); the validation is in
 * seat-layout.schema.ts.
 *
 * A layout is one or two decks (array order = numbering order); a deck is a
 * grid of rows × columns, row 0 at the front of the vehicle and column 0 on its
 * left (the driver's side in Brazil). Every row of a deck has the same number of
 * cells. A cell is a seat (with its number, and when it cannot be sold, why:
 * crew or broken), or the aisle, the driver, a door, stairs, a WC, or nothing.
 *
 * Numbers run front to back, left to right, deck after deck (`renumber`); a
 * blocked seat keeps its number, so blocking never changes the numbering.
 * Capacity (what can be sold) = seats − blocked seats.
 */
import { VEHICLE_TYPES, type VehicleTypeKey } from "~/db/schema/services";

export const CELL_KINDS = ["seat", "aisle", "driver", "door", "stairs", "wc", "empty"] as const;
export type CellKind = (typeof CELL_KINDS)[number];
export const BLOCK_REASONS = ["crew", "broken"] as const;
export type BlockReason = (typeof BLOCK_REASONS)[number];
export const DECK_LEVELS = ["lower", "upper"] as const;
export type DeckLevel = (typeof DECK_LEVELS)[number];

export const MAX_DECKS = 2;
export const MAX_ROWS = 30;
export const MAX_COLUMNS = 8;
export const MAX_SEAT_NUMBER = 999;
/** The longest layout JSON a form may post (a full 2 × 30 × 8 layout is ~25 KB). */
export const MAX_LAYOUT_JSON = 60_000;

export type SeatCell = { kind: "seat"; number: number; blocked?: BlockReason };
export type OtherCell = { kind: Exclude<CellKind, "seat"> };
export type Cell = SeatCell | OtherCell;
export type Deck = { level: DeckLevel; rows: Cell[][] };
export type SeatLayout = { decks: Deck[] };

/** Error keys (app/locales/services) of a layout the schema refuses. */
export const layoutErr = {
  invalid: "services.errors.layout.invalid",
  decks: "services.errors.layout.decks",
  rows: "services.errors.layout.rows",
  columns: "services.errors.layout.columns",
  ragged: "services.errors.layout.ragged",
  levels: "services.errors.layout.levels",
  duplicate: "services.errors.layout.duplicate",
  noSeats: "services.errors.layout.noSeats",
} as const;

export type LayoutParse = { ok: true; layout: SeatLayout } | { ok: false; error: string };

/**
 * A layout JSON's shape (decks of rows of cells with a kind) → the layout, or
 * null; for showing a posted or stored layout in the browser without zod. It
 * does not apply the layout's rules: the server validates every post with
 * `parseLayoutJson` (seat-layout.schema.ts).
 */
export function layoutFromJson(text: string): SeatLayout | null {
  if (text.length > MAX_LAYOUT_JSON) return null;
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return null;
  }
  const isArray = Array.isArray;
  const decks = (raw as { decks?: unknown } | null)?.decks;
  if (!isArray(decks) || decks.length < 1 || decks.length > MAX_DECKS) return null;
  for (const deck of decks as unknown[]) {
    const rows = (deck as { rows?: unknown } | null)?.rows;
    if (!isArray(rows) || rows.length < 1 || rows.length > MAX_ROWS) return null;
    for (const row of rows as unknown[]) {
      if (!isArray(row) || row.length < 1 || row.length > MAX_COLUMNS) return null;
      for (const cell of row as unknown[]) {
        const kind = (cell as { kind?: unknown } | null)?.kind;
        if (!(CELL_KINDS as readonly unknown[]).includes(kind)) return null;
        if (kind === "seat" && !Number.isInteger((cell as { number?: unknown }).number)) return null;
      }
    }
  }
  return raw as SeatLayout;
}

/** Every seat cell with its position, in numbering order (deck, row, column). */
export function* seatsWithPosition(layout: SeatLayout): Generator<{ seat: SeatCell; deck: number; row: number; column: number }> {
  for (let d = 0; d < layout.decks.length; d++) {
    const rows = layout.decks[d]!.rows;
    for (let r = 0; r < rows.length; r++) {
      const row = rows[r]!;
      for (let c = 0; c < row.length; c++) {
        const cell = row[c]!;
        if (cell.kind === "seat") yield { seat: cell, deck: d, row: r, column: c };
      }
    }
  }
}

/** Every seat cell in numbering order. */
export function* seatsOf(layout: SeatLayout): Generator<SeatCell> {
  for (const { seat } of seatsWithPosition(layout)) yield seat;
}

export type Capacity = { seats: number; blocked: number; sellable: number };

/** Seats, blocked seats, and what can be sold (seats − blocked). */
export function capacityOf(layout: SeatLayout): Capacity {
  let seats = 0;
  let blocked = 0;
  for (const seat of seatsOf(layout)) {
    seats++;
    if (seat.blocked) blocked++;
  }
  return { seats, blocked, sellable: seats - blocked };
}

/** The blocked seats' numbers with their reasons. */
export function blockedSeats(layout: SeatLayout): { number: number; reason: BlockReason }[] {
  return [...seatsOf(layout)].filter((s) => s.blocked).map((s) => ({ number: s.number, reason: s.blocked! }));
}

const cloneCell = (cell: Cell): Cell => ({ ...cell });
export const cloneLayout = (layout: SeatLayout): SeatLayout => ({
  decks: layout.decks.map((deck) => ({ level: deck.level, rows: deck.rows.map((row) => row.map(cloneCell)) })),
});

/** Seats numbered 1..N front to back, left to right, deck after deck; blocked flags kept. */
export function renumber(layout: SeatLayout): SeatLayout {
  const out = cloneLayout(layout);
  let n = 0;
  for (const { seat } of seatsWithPosition(out)) seat.number = ++n;
  return out;
}

const nextNumber = (layout: SeatLayout) => {
  let max = 0;
  for (const seat of seatsOf(layout)) max = Math.max(max, seat.number);
  return max + 1;
};

export type CellPosition = { deck: number; row: number; column: number };

const cellAt = (layout: SeatLayout, p: CellPosition): Cell | undefined => layout.decks[p.deck]?.rows[p.row]?.[p.column];

/**
 * The cell at `p` made of `kind`: a new seat gets the next free number (renumber
 * to close gaps); a seat stays the same seat; nothing else changes.
 */
export function setCellKind(layout: SeatLayout, p: CellPosition, kind: CellKind): SeatLayout {
  const current = cellAt(layout, p);
  if (!current || current.kind === kind) return layout;
  const out = cloneLayout(layout);
  const number = nextNumber(layout);
  out.decks[p.deck]!.rows[p.row]![p.column] = kind === "seat" ? { kind: "seat", number: Math.min(number, MAX_SEAT_NUMBER) } : { kind };
  return out;
}

/** The seat at `p` blocked for `reason`, or unblocked with null; other cells unchanged. */
export function setBlocked(layout: SeatLayout, p: CellPosition, reason: BlockReason | null): SeatLayout {
  const current = cellAt(layout, p);
  if (!current || current.kind !== "seat") return layout;
  const out = cloneLayout(layout);
  const seat: SeatCell = { kind: "seat", number: current.number };
  if (reason) seat.blocked = reason;
  out.decks[p.deck]!.rows[p.row]![p.column] = seat;
  return out;
}

/** The next block state of a seat for the keyboard's toggle: free → crew → broken → free. */
export const nextBlock = (reason: BlockReason | undefined): BlockReason | null =>
  reason === undefined ? "crew" : reason === "crew" ? "broken" : null;

/**
 * A row added after `afterRow` (-1 = at the front) of a deck, shaped like its
 * neighbour: seats where it has seats (numbered after the highest), the aisle
 * where it has the aisle, nothing elsewhere. Refused (unchanged) at MAX_ROWS.
 */
export function addRow(layout: SeatLayout, deck: number, afterRow: number): SeatLayout {
  const d = layout.decks[deck];
  if (!d || d.rows.length >= MAX_ROWS) return layout;
  const at = Math.max(0, Math.min(afterRow + 1, d.rows.length));
  const model = d.rows[Math.min(Math.max(afterRow, 0), d.rows.length - 1)]!;
  let number = nextNumber(layout);
  const row: Cell[] = model.map((cell) => {
    if (cell.kind === "seat" && number <= MAX_SEAT_NUMBER) return { kind: "seat", number: number++ };
    return { kind: cell.kind === "aisle" ? "aisle" : "empty" };
  });
  const out = cloneLayout(layout);
  out.decks[deck]!.rows.splice(at, 0, row);
  return out;
}

/** The row removed (its seats go with it); a deck keeps at least one row. */
export function removeRow(layout: SeatLayout, deck: number, row: number): SeatLayout {
  const d = layout.decks[deck];
  if (!d || d.rows.length <= 1 || row < 0 || row >= d.rows.length) return layout;
  const out = cloneLayout(layout);
  out.decks[deck]!.rows.splice(row, 1);
  return out;
}

/** An empty column added after `afterColumn` (-1 = on the left); refused at MAX_COLUMNS. */
export function addColumn(layout: SeatLayout, deck: number, afterColumn: number): SeatLayout {
  const d = layout.decks[deck];
  const width = d?.rows[0]?.length ?? 0;
  if (!d || width >= MAX_COLUMNS) return layout;
  const at = Math.max(0, Math.min(afterColumn + 1, width));
  const out = cloneLayout(layout);
  for (const row of out.decks[deck]!.rows) row.splice(at, 0, { kind: "empty" });
  return out;
}

/** The column removed from every row of the deck; a deck keeps at least one column. */
export function removeColumn(layout: SeatLayout, deck: number, column: number): SeatLayout {
  const d = layout.decks[deck];
  const width = d?.rows[0]?.length ?? 0;
  if (!d || width <= 1 || column < 0 || column >= width) return layout;
  const out = cloneLayout(layout);
  for (const row of out.decks[deck]!.rows) row.splice(column, 1);
  return out;
}

// ---------------------------------------------------------------------------
// Templates of real Brazilian vehicles

export { VEHICLE_TYPES };
export type VehicleType = VehicleTypeKey;
export type TemplateKey = Exclude<VehicleType, "other">;
export const TEMPLATE_KEYS = VEHICLE_TYPES.filter((v): v is TemplateKey => v !== "other");

/**
 * Rows written as strings, one character per cell: S seat, | aisle, M driver
 * (motorista), P door (porta), E stairs (escada), W WC, . nothing.
 */
const CODES: Record<string, CellKind> = { S: "seat", "|": "aisle", M: "driver", P: "door", E: "stairs", W: "wc", ".": "empty" };

function deckOf(level: DeckLevel, rows: string[]): Deck {
  return { level, rows: rows.map((line) => [...line].map((ch) => ({ kind: CODES[ch]! }) as Cell)) };
}

const repeat = (line: string, times: number) => Array.from({ length: times }, () => line);

/** The template's shape before numbering (seats get numbers from renumber). */
const TEMPLATE_SHAPES: Record<TemplateKey, () => SeatLayout> = {
  // Rodoviário executivo (e.g. Marcopolo Paradiso 1200): 2 + 2, 11 full rows, the last row beside the WC.
  executivo: () => ({ decks: [deckOf("lower", ["M.|.P", ...repeat("SS|SS", 11), "SS|WW"])] }),
  // Semi-leito: 2 + 2 with more legroom, 10 full rows, the last row beside the WC.
  semi_leito: () => ({ decks: [deckOf("lower", ["M.|.P", ...repeat("SS|SS", 10), "SS|WW"])] }),
  // Leito: 2 + 1 wide seats, 9 full rows, one seat beside the WC.
  leito: () => ({ decks: [deckOf("lower", ["M.|P", ...repeat("SS|S", 9), "S.|W"])] }),
  // Double-decker (e.g. Paradiso 1800 DD): 48 semi-leito seats upstairs (numbered first), 12 leito seats downstairs.
  double_decker: () => ({
    decks: [
      deckOf("upper", [...repeat("SS|SS", 6), "SS|E.", ...repeat("SS|SS", 5), "SS|.."]),
      deckOf("lower", ["M.|P", ...repeat("SS|S", 4), "E.|W"]),
    ],
  }),
  // Micro-ônibus (e.g. Volare W9): 2 + 2, 7 rows, door at the front right.
  micro_onibus: () => ({ decks: [deckOf("lower", ["M.|.P", ...repeat("SS|SS", 7)])] }),
  // Van (e.g. Mercedes-Benz Sprinter 15 + 1): 4 rows of 2 + 1 and a back bench of 3.
  van: () => ({ decks: [deckOf("lower", ["M..P", ...repeat("SS|S", 4), "SSS."])] }),
};

/** A template's layout, numbered. */
export function templateLayout(key: TemplateKey): SeatLayout {
  return renumber(TEMPLATE_SHAPES[key]());
}

/** The seats each template must have (the list); a unit test holds them to it. */
export const TEMPLATE_SEATS: Record<TemplateKey, number> = {
  executivo: 46,
  semi_leito: 42,
  leito: 28,
  double_decker: 60,
  micro_onibus: 28,
  van: 15,
};

/** The layout a vehicle type starts from ("other" starts from the executivo). */
export const defaultLayout = (type: VehicleType): SeatLayout => templateLayout(type === "other" ? "executivo" : type);

/** Whether a value is one of the templates' keys. */
export const isTemplateKey = (value: unknown): value is TemplateKey => typeof value === "string" && (TEMPLATE_KEYS as readonly string[]).includes(value);

/** Width (columns) of a deck. */
export const deckWidth = (deck: Deck) => deck.rows[0]?.length ?? 0;

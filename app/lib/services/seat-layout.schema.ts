/**
 * A seat layout's validation (zod): the schema and the posted JSON's parse.
 * The server (the charter's schema) uses it; components take seat-layout.ts,
 * whose `layoutFromJson` only checks the shape for display.
 */
import { z } from "zod";
import {
  BLOCK_REASONS,
  CELL_KINDS,
  DECK_LEVELS,
  layoutErr,
  MAX_COLUMNS,
  MAX_DECKS,
  MAX_LAYOUT_JSON,
  MAX_ROWS,
  MAX_SEAT_NUMBER,
  seatsOf,
  type CellKind,
  type LayoutParse,
  type SeatLayout,
} from "~/lib/services/seat-layout";

const seatCell = z
  .object({
    kind: z.literal("seat"),
    number: z.number().int().min(1).max(MAX_SEAT_NUMBER),
    blocked: z.enum(BLOCK_REASONS).optional(),
  })
  .strict();
const otherCell = z.object({ kind: z.enum(CELL_KINDS.filter((k) => k !== "seat") as [Exclude<CellKind, "seat">, ...Exclude<CellKind, "seat">[]]) }).strict();
const cellSchema = z.union([seatCell, otherCell], { error: layoutErr.invalid });

const deckSchema = z
  .object({
    level: z.enum(DECK_LEVELS),
    rows: z
      .array(z.array(cellSchema).min(1, layoutErr.columns).max(MAX_COLUMNS, layoutErr.columns))
      .min(1, layoutErr.rows)
      .max(MAX_ROWS, layoutErr.rows),
  })
  .strict();

/** A valid layout: 1–2 decks of distinct levels, rectangular grids within bounds, unique seat numbers, at least one seat. */
export const seatLayoutSchema = z
  .object({ decks: z.array(deckSchema).min(1, layoutErr.decks).max(MAX_DECKS, layoutErr.decks) })
  .strict()
  .superRefine((layout, ctx) => {
    const levels = new Set<string>();
    layout.decks.forEach((deck, d) => {
      if (levels.has(deck.level)) ctx.addIssue({ code: "custom", path: ["decks", d, "level"], message: layoutErr.levels });
      levels.add(deck.level);
      const width = deck.rows[0]?.length ?? 0;
      deck.rows.forEach((row, r) => {
        if (row.length !== width) ctx.addIssue({ code: "custom", path: ["decks", d, "rows", r], message: layoutErr.ragged });
      });
    });
    const seen = new Set<number>();
    let seats = 0;
    for (const seat of seatsOf(layout as SeatLayout)) {
      seats++;
      if (seen.has(seat.number)) {
        ctx.addIssue({ code: "custom", path: ["decks"], message: layoutErr.duplicate, params: { number: seat.number } });
        return;
      }
      seen.add(seat.number);
    }
    if (seats === 0) ctx.addIssue({ code: "custom", path: ["decks"], message: layoutErr.noSeats });
  }) as unknown as z.ZodType<SeatLayout>;


/** A posted layout JSON → the layout, or the first error's key (never throws). */
export function parseLayoutJson(text: string): LayoutParse {
  if (text.length > MAX_LAYOUT_JSON) return { ok: false, error: layoutErr.invalid };
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return { ok: false, error: layoutErr.invalid };
  }
  const parsed = seatLayoutSchema.safeParse(raw);
  if (parsed.success) return { ok: true, layout: parsed.data };
  const message = parsed.error.issues[0]?.message ?? "";
  return { ok: false, error: (Object.values(layoutErr) as string[]).includes(message) ? message : layoutErr.invalid };
}

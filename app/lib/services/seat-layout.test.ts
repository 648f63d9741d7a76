import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { addColumn, addRow, BLOCK_REASONS, capacityOf, CELL_KINDS, DECK_LEVELS, layoutErr, layoutFromJson, MAX_COLUMNS, MAX_ROWS, nextBlock, removeColumn, removeRow, renumber, seatsOf, seatsWithPosition, setBlocked, setCellKind, TEMPLATE_KEYS, TEMPLATE_SEATS, templateLayout, type Cell, type SeatLayout } from "~/lib/services/seat-layout";
import { parseLayoutJson, seatLayoutSchema } from "~/lib/services/seat-layout.schema";

const numbers = (layout: SeatLayout) => [...seatsOf(layout)].map((s) => s.number);

/** Any cell, seats with arbitrary (possibly duplicate) numbers and block states. */
const cellArb: fc.Arbitrary<Cell> = fc.oneof(
  fc.record({ kind: fc.constant("seat" as const), number: fc.integer({ min: 1, max: 999 }), blocked: fc.option(fc.constantFrom(...BLOCK_REASONS), { nil: undefined }) }).map(
    (c) => (c.blocked ? c : { kind: c.kind, number: c.number }),
  ),
  fc.constantFrom(...CELL_KINDS.filter((k) => k !== "seat")).map((kind) => ({ kind }) as Cell),
);

/** Any rectangular layout of one or two decks within the bounds. */
const layoutArb: fc.Arbitrary<SeatLayout> = fc
  .integer({ min: 1, max: 2 })
  .chain((deckCount) =>
    fc.tuple(
      ...DECK_LEVELS.slice(0, deckCount).map((level) =>
        fc
          .record({ rows: fc.integer({ min: 1, max: MAX_ROWS }), columns: fc.integer({ min: 1, max: MAX_COLUMNS }) })
          .chain(({ rows, columns }) => fc.array(fc.array(cellArb, { minLength: columns, maxLength: columns }), { minLength: rows, maxLength: rows }))
          .map((rows) => ({ level, rows })),
      ),
    ),
  )
  .map((decks) => ({ decks }));

describe("templates", () => {
  it.each(TEMPLATE_KEYS)("%s is valid and has the vehicle's seats", (key) => {
    const layout = templateLayout(key);
    expect(seatLayoutSchema.safeParse(layout).success).toBe(true);
    expect(capacityOf(layout)).toEqual({ seats: TEMPLATE_SEATS[key], blocked: 0, sellable: TEMPLATE_SEATS[key] });
    expect(numbers(layout)).toEqual(Array.from({ length: TEMPLATE_SEATS[key] }, (_, i) => i + 1));
  });

  it("has the issue's seat counts", () => {
    expect(TEMPLATE_SEATS).toEqual({ executivo: 46, semi_leito: 42, leito: 28, double_decker: 60, micro_onibus: 28, van: 15 });
  });

  it("numbers the double-decker's upper deck first, then continues downstairs", () => {
    const layout = templateLayout("double_decker");
    const upper = layout.decks[0]!;
    expect(upper.level).toBe("upper");
    expect(upper.rows[0]).toEqual([
      { kind: "seat", number: 1 },
      { kind: "seat", number: 2 },
      { kind: "aisle" },
      { kind: "seat", number: 3 },
      { kind: "seat", number: 4 },
    ]);
    const lowerFirst = [...seatsWithPosition(layout)].find((s) => s.deck === 1)!;
    expect(lowerFirst.seat.number).toBe(49);
  });
});

describe("renumber", () => {
  it("gives 1..N front to back, left to right, for any layout (no gaps, no duplicates)", () => {
    fc.assert(
      fc.property(layoutArb, (layout) => {
        const out = renumber(layout);
        const n = numbers(out);
        expect(n).toEqual(Array.from({ length: n.length }, (_, i) => i + 1));
        // Same cells otherwise: kinds and block flags in place.
        const before = [...seatsWithPosition(layout)];
        const after = [...seatsWithPosition(out)];
        expect(after.map((s) => [s.deck, s.row, s.column, s.seat.blocked])).toEqual(before.map((s) => [s.deck, s.row, s.column, s.seat.blocked]));
      }),
    );
  });

  it("makes any rectangular layout with a seat valid", () => {
    fc.assert(
      fc.property(layoutArb, (layout) => {
        const out = renumber(layout);
        const valid = seatLayoutSchema.safeParse(out).success;
        expect(valid).toBe(capacityOf(out).seats > 0);
      }),
    );
  });

  it("does not touch its input", () => {
    const layout = templateLayout("van");
    const copy = structuredClone(layout);
    layout.decks[0]!.rows[1]![0] = { kind: "seat", number: 40 };
    const snapshot = structuredClone(layout);
    renumber(layout);
    expect(layout).toEqual(snapshot);
    expect(copy).not.toEqual(layout);
  });
});

describe("blocking", () => {
  const positionsArb = fc.array(fc.record({ pick: fc.nat(), reason: fc.option(fc.constantFrom(...BLOCK_REASONS), { nil: null }) }), { maxLength: 20 });

  it("never changes numbering, and capacity is seats − blocked", () => {
    fc.assert(
      fc.property(layoutArb, positionsArb, (layout, picks) => {
        let current = renumber(layout);
        const seats = [...seatsWithPosition(current)];
        for (const { pick, reason } of picks) {
          if (seats.length === 0) break;
          const s = seats[pick % seats.length]!;
          current = setBlocked(current, s, reason);
        }
        expect(numbers(current)).toEqual(numbers(renumber(layout)));
        expect(numbers(renumber(current))).toEqual(numbers(current));
        const blocked = [...seatsOf(current)].filter((s) => s.blocked).length;
        expect(capacityOf(current)).toEqual({ seats: seats.length, blocked, sellable: seats.length - blocked });
      }),
    );
  });

  it("blocks only seats", () => {
    const layout = templateLayout("executivo");
    expect(setBlocked(layout, { deck: 0, row: 0, column: 0 }, "crew")).toBe(layout);
    const blocked = setBlocked(layout, { deck: 0, row: 1, column: 0 }, "crew");
    expect(blocked.decks[0]!.rows[1]![0]).toEqual({ kind: "seat", number: 1, blocked: "crew" });
    expect(capacityOf(blocked)).toEqual({ seats: 46, blocked: 1, sellable: 45 });
    expect(setBlocked(blocked, { deck: 0, row: 1, column: 0 }, null).decks[0]!.rows[1]![0]).toEqual({ kind: "seat", number: 1 });
  });

  it("cycles free → crew → broken → free", () => {
    expect(nextBlock(undefined)).toBe("crew");
    expect(nextBlock("crew")).toBe("broken");
    expect(nextBlock("broken")).toBeNull();
  });
});

describe("editing", () => {
  it("a new seat takes the next number; renumber closes the gaps", () => {
    const layout = templateLayout("van");
    const withSeat = setCellKind(layout, { deck: 0, row: 5, column: 3 }, "seat");
    expect(withSeat.decks[0]!.rows[5]![3]).toEqual({ kind: "seat", number: 16 });
    const without = setCellKind(withSeat, { deck: 0, row: 1, column: 0 }, "empty");
    expect(seatLayoutSchema.safeParse(without).success).toBe(true);
    expect(numbers(renumber(without))).toEqual(Array.from({ length: 15 }, (_, i) => i + 1));
  });

  it("adds rows shaped like their neighbour and columns of nothing, within bounds", () => {
    const layout = templateLayout("executivo");
    const more = addRow(layout, 0, 11);
    expect(more.decks[0]!.rows).toHaveLength(14);
    expect(more.decks[0]!.rows[12]!.map((c) => c.kind)).toEqual(["seat", "seat", "aisle", "seat", "seat"]);
    expect(capacityOf(more).seats).toBe(50);
    expect(seatLayoutSchema.safeParse(more).success).toBe(true);
    const wider = addColumn(layout, 0, 4);
    expect(wider.decks[0]!.rows.every((r) => r.length === 6 && r[5]!.kind === "empty")).toBe(true);
    expect(removeColumn(wider, 0, 5)).toEqual(layout);
    expect(removeRow(more, 0, 12).decks[0]!.rows).toHaveLength(13);
  });

  it("keeps any layout valid under any sequence of edits (then renumbered)", () => {
    const op = fc.record({
      kind: fc.constantFrom("addRow", "removeRow", "addColumn", "removeColumn", "setKind", "block"),
      deck: fc.nat(1),
      a: fc.integer({ min: -1, max: 31 }),
      b: fc.integer({ min: -1, max: 8 }),
      cell: fc.constantFrom(...CELL_KINDS),
    });
    fc.assert(
      fc.property(fc.constantFrom(...TEMPLATE_KEYS), fc.array(op, { maxLength: 40 }), (key, ops) => {
        let layout = templateLayout(key);
        for (const o of ops) {
          if (o.kind === "addRow") layout = addRow(layout, o.deck, o.a);
          else if (o.kind === "removeRow") layout = removeRow(layout, o.deck, o.a);
          else if (o.kind === "addColumn") layout = addColumn(layout, o.deck, o.b);
          else if (o.kind === "removeColumn") layout = removeColumn(layout, o.deck, o.b);
          else if (o.kind === "setKind") layout = setCellKind(layout, { deck: o.deck, row: o.a, column: o.b }, o.cell);
          else layout = setBlocked(layout, { deck: o.deck, row: o.a, column: o.b }, "broken");
        }
        const out = renumber(layout);
        expect(seatLayoutSchema.safeParse(out).success).toBe(capacityOf(out).seats > 0);
        for (const deck of out.decks) {
          expect(deck.rows.length).toBeLessThanOrEqual(MAX_ROWS);
          expect(new Set(deck.rows.map((r) => r.length)).size).toBe(1);
        }
      }),
    );
  });
});

describe("validation", () => {
  const base = () => templateLayout("van");

  it("refuses duplicate seat numbers", () => {
    const layout = base();
    layout.decks[0]!.rows[2]![0] = { kind: "seat", number: 1 };
    expect(parseLayoutJson(JSON.stringify(layout))).toEqual({ ok: false, error: layoutErr.duplicate });
  });

  it("refuses ragged rows, too many rows or columns, repeated levels and layouts without seats", () => {
    const ragged = base();
    ragged.decks[0]!.rows[1]!.pop();
    expect(parseLayoutJson(JSON.stringify(ragged))).toEqual({ ok: false, error: layoutErr.ragged });
    const tall = { decks: [{ level: "lower", rows: Array.from({ length: MAX_ROWS + 1 }, () => [{ kind: "aisle" }]) }] };
    expect(parseLayoutJson(JSON.stringify(tall))).toEqual({ ok: false, error: layoutErr.rows });
    const wide = { decks: [{ level: "lower", rows: [Array.from({ length: MAX_COLUMNS + 1 }, (_, i) => ({ kind: "seat", number: i + 1 }))] }] };
    expect(parseLayoutJson(JSON.stringify(wide))).toEqual({ ok: false, error: layoutErr.columns });
    const twice = { decks: [base().decks[0], { ...base().decks[0], rows: [[{ kind: "wc" }]] }] };
    expect(parseLayoutJson(JSON.stringify(twice))).toEqual({ ok: false, error: layoutErr.levels });
    expect(parseLayoutJson(JSON.stringify({ decks: [{ level: "lower", rows: [[{ kind: "aisle" }]] }] }))).toEqual({ ok: false, error: layoutErr.noSeats });
    expect(parseLayoutJson(JSON.stringify({ decks: [] }))).toEqual({ ok: false, error: layoutErr.decks });
  });

  it("refuses anything that is not a layout, without throwing", () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.json(), fc.jsonValue().map((v) => JSON.stringify({ decks: [{ level: "lower", rows: [[v]] }] }))), (text) => {
        const result = parseLayoutJson(text);
        if (result.ok) expect(seatLayoutSchema.safeParse(result.layout).success).toBe(true);
        else expect(Object.values(layoutErr)).toContain(result.error);
      }),
    );
    expect(parseLayoutJson("{").ok).toBe(false);
    expect(parseLayoutJson(JSON.stringify({ decks: [{ level: "lower", rows: [[{ kind: "seat", number: 1, extra: 1 }]] }] })).ok).toBe(false);
    expect(parseLayoutJson(JSON.stringify({ decks: [{ level: "lower", rows: [[{ kind: "seat", number: 0 }]] }] })).ok).toBe(false);
    expect(parseLayoutJson(JSON.stringify({ decks: [{ level: "lower", rows: [[{ kind: "seat", number: 1, blocked: "sold" }]] }] })).ok).toBe(false);
    expect(parseLayoutJson("x".repeat(70_000)).ok).toBe(false);
  });

  it("reads a layout's shape for display without zod: every valid layout, never a non-layout, never throws", () => {
    for (const key of TEMPLATE_KEYS) expect(layoutFromJson(JSON.stringify(templateLayout(key)))).toEqual(templateLayout(key));
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.json(), fc.jsonValue().map((v) => JSON.stringify({ decks: [{ level: "lower", rows: [[v]] }] }))), (text) => {
        const shape = layoutFromJson(text);
        // What the full validation accepts, the shape check accepts too; what it returns is decks of rows of known cells.
        if (parseLayoutJson(text).ok) expect(shape).not.toBeNull();
        if (shape) expect(capacityOf(shape).seats).toBeGreaterThanOrEqual(0);
      }),
    );
    expect(layoutFromJson("{")).toBeNull();
    expect(layoutFromJson(JSON.stringify({ decks: [{ level: "lower", rows: [[{ kind: "sofa" }]] }] }))).toBeNull();
    expect(layoutFromJson(JSON.stringify({ decks: [{ level: "lower", rows: [[{ kind: "seat" }]] }] }))).toBeNull();
    expect(layoutFromJson("x".repeat(70_000))).toBeNull();
  });
});

/**
 * The seat map: the one picture of a vehicle's seat layout (lib/services/seat-layout.ts)
 * that the charter's layout editor, sales and public pages show.
 *
 * Modes:
 * - "view": read only; each seat shows its state (free, held, sold, blocked).
 * - "select": free seats can be picked (sales, public booking): arrow keys move
 *   between seats (roving focus: one tab stop per deck), Enter or Space picks
 *   or drops the seat, `onToggle` hears it.
 * - "edit": every cell is focusable (the layout editor): arrows move, and the
 *   editor's `onCellKey` handles the keys of the active cell.
 *
 * States are never told by colour alone: each has its own mark (a check, a
 * clock, a cross, a lock or wrench) and its words in the aria label
 * ("Poltrona 12, livre").
 */
import { Ban, Check, Clock, DoorOpen, HardHat, ShipWheel, Toilet, Wrench, ChevronsUp } from "lucide-react";
import { useCallback, useRef, useState, type KeyboardEvent } from "react";
import { useTranslation } from "react-i18next";
import { deckWidth, type Cell, type CellPosition, type SeatLayout } from "~/lib/services/seat-layout";

export type SeatState = "free" | "held" | "sold" | "blocked";

type Common = {
  layout: SeatLayout;
  /** An accessible name for the whole map. */
  label?: string;
  testId?: string;
  /** Sold / held seats by number (blocked ones come from the layout); free otherwise. */
  states?: Readonly<Record<number, SeatState>>;
};

export type SeatMapProps =
  | (Common & { mode: "view" })
  | (Common & { mode: "select"; selected: readonly number[]; onToggle: (seat: number) => void })
  | (Common & {
      mode: "edit";
      active: CellPosition;
      onActiveChange: (position: CellPosition) => void;
      /** A key pressed on the active cell: return true when handled (the map then ignores it). */
      onCellKey?: (event: KeyboardEvent<HTMLElement>, position: CellPosition) => boolean;
    });

const samePosition = (a: CellPosition | null | undefined, b: CellPosition) => !!a && a.deck === b.deck && a.row === b.row && a.column === b.column;

/** The state a seat shows: blocked in the layout wins, then the given state. */
export function seatState(cell: Cell, states: Readonly<Record<number, SeatState>> | undefined): SeatState | null {
  if (cell.kind !== "seat") return null;
  if (cell.blocked) return "blocked";
  return states?.[cell.number] ?? "free";
}

const ICONS = { driver: ShipWheel, door: DoorOpen, stairs: ChevronsUp, wc: Toilet } as const;

export function SeatMap(props: SeatMapProps) {
  const { t } = useTranslation();
  const { layout, mode, states } = props;
  const interactive = mode !== "view";
  const refs = useRef(new Map<string, HTMLElement>());
  const keyOf = (p: CellPosition) => `${p.deck}:${p.row}:${p.column}`;
  const selected = mode === "select" ? new Set(props.selected) : null;

  // Where each deck's tab stop is (the last cell focused there).
  const [stops, setStops] = useState<Record<number, CellPosition>>({});

  const canFocus = useCallback(
    (p: CellPosition) => {
      const cell = layout.decks[p.deck]?.rows[p.row]?.[p.column];
      if (!cell) return false;
      return mode === "edit" || cell.kind === "seat";
    },
    [layout, mode],
  );

  const firstStop = (deck: number): CellPosition | null => {
    const rows = layout.decks[deck]?.rows ?? [];
    for (let row = 0; row < rows.length; row++) {
      for (let column = 0; column < rows[row]!.length; column++) if (canFocus({ deck, row, column })) return { deck, row, column };
    }
    return null;
  };
  const stopOf = (deck: number): CellPosition | null => {
    if (mode === "edit" && props.active.deck === deck && canFocus(props.active)) return props.active;
    const remembered = stops[deck];
    return remembered && canFocus(remembered) ? remembered : firstStop(deck);
  };

  const moveTo = (p: CellPosition) => {
    setStops((s) => ({ ...s, [p.deck]: p }));
    if (mode === "edit") props.onActiveChange(p);
    // The cells stay the same elements while focus moves: focus the new one now.
    refs.current.get(keyOf(p))?.focus();
  };

  /** The next focusable cell from `p` in a direction, within the deck (none: stay). */
  const step = (p: CellPosition, dRow: number, dColumn: number): CellPosition | null => {
    const deck = layout.decks[p.deck];
    if (!deck) return null;
    const width = deckWidth(deck);
    let { row, column } = p;
    for (;;) {
      row += dRow;
      column += dColumn;
      if (row < 0 || row >= deck.rows.length || column < 0 || column >= width) return null;
      // Cells that cannot take focus (the aisle in select mode) are stepped over.
      if (canFocus({ deck: p.deck, row, column })) return { deck: p.deck, row, column };
    }
  };
  const edge = (p: CellPosition, toEnd: boolean, wholeDeck: boolean): CellPosition | null => {
    const deck = layout.decks[p.deck];
    if (!deck) return null;
    const rows = wholeDeck ? (toEnd ? [...deck.rows.keys()].reverse() : [...deck.rows.keys()]) : [p.row];
    for (const row of rows) {
      const columns = toEnd ? [...deck.rows[row]!.keys()].reverse() : [...deck.rows[row]!.keys()];
      for (const column of columns) if (canFocus({ deck: p.deck, row, column })) return { deck: p.deck, row, column };
    }
    return null;
  };

  const onKeyDown = (event: KeyboardEvent<HTMLElement>, p: CellPosition, cell: Cell) => {
    if (mode === "edit" && props.onCellKey?.(event, p)) return;
    let next: CellPosition | null | undefined;
    switch (event.key) {
      case "ArrowUp":
        next = step(p, -1, 0);
        break;
      case "ArrowDown":
        next = step(p, 1, 0);
        break;
      case "ArrowLeft":
        next = step(p, 0, -1);
        break;
      case "ArrowRight":
        next = step(p, 0, 1);
        break;
      case "Home":
        next = edge(p, false, event.ctrlKey);
        break;
      case "End":
        next = edge(p, true, event.ctrlKey);
        break;
      case "Enter":
      case " ":
        if (mode === "select" && cell.kind === "seat") {
          event.preventDefault();
          const state = seatState(cell, states);
          if (state === "free" || selected?.has(cell.number)) props.onToggle(cell.number);
        }
        return;
      default:
        return;
    }
    event.preventDefault();
    if (next) moveTo(next);
  };

  const cellLabel = (cell: Cell, p: CellPosition): string => {
    if (cell.kind !== "seat") {
      const where = t("services.seatMap.position", { row: p.row + 1, column: p.column + 1 });
      return `${t(`services.seatMap.cells.${cell.kind}`)}, ${where}`;
    }
    const state = seatState(cell, states)!;
    const words =
      selected?.has(cell.number) ? t("services.seatMap.states.selected") : cell.blocked ? t(`services.seatMap.blockedReason.${cell.blocked}`) : t(`services.seatMap.states.${state}`);
    return t("services.seatMap.seat", { number: cell.number, state: words });
  };

  const multiDeck = layout.decks.length > 1;
  return (
    <div className={`seat-map seat-map-${mode}`} data-testid={props.testId} aria-label={props.label} role="group">
      {layout.decks.map((deck, d) => {
        const stop = interactive ? stopOf(d) : null;
        const width = deckWidth(deck);
        return (
          <figure key={d} className="seat-map-deck" data-deck={deck.level}>
            <figcaption className="seat-map-caption">
              {multiDeck && <span className="seat-map-level">{t(`services.seatMap.deck.${deck.level}`)}</span>}
              <span className="seat-map-front">
                <ChevronsUp size={14} aria-hidden /> {t("services.seatMap.front")}
              </span>
            </figcaption>
            <div
              role={interactive ? "grid" : "table"}
              aria-label={multiDeck ? t(`services.seatMap.deck.${deck.level}`) : (props.label ?? t("services.seatMap.label"))}
              className="seat-map-grid"
              style={{ gridTemplateColumns: `repeat(${width}, var(--seat-size))` }}
            >
              {deck.rows.map((row, r) => (
                <div role="row" key={r} className="seat-map-row" aria-rowindex={r + 1}>
                  {row.map((cell, c) => {
                    const p = { deck: d, row: r, column: c };
                    const focusable = interactive && canFocus(p);
                    const state = seatState(cell, states);
                    const isSelected = cell.kind === "seat" && !!selected?.has(cell.number);
                    const isActive = mode === "edit" && samePosition(props.active, p);
                    const Icon = cell.kind in ICONS ? ICONS[cell.kind as keyof typeof ICONS] : null;
                    return (
                      <div
                        key={c}
                        role={interactive ? "gridcell" : "cell"}
                        aria-colindex={c + 1}
                        ref={(el) => {
                          if (el) refs.current.set(keyOf(p), el);
                          else refs.current.delete(keyOf(p));
                        }}
                        tabIndex={focusable ? (samePosition(stop, p) ? 0 : -1) : undefined}
                        aria-label={cell.kind === "aisle" || cell.kind === "empty" ? (mode === "edit" ? cellLabel(cell, p) : undefined) : cellLabel(cell, p)}
                        aria-selected={mode === "select" && cell.kind === "seat" ? isSelected : mode === "edit" ? isActive : undefined}
                        aria-disabled={mode === "select" && cell.kind === "seat" && state !== "free" && !isSelected ? true : undefined}
                        data-kind={cell.kind}
                        data-state={state ?? undefined}
                        data-blocked={cell.kind === "seat" ? cell.blocked : undefined}
                        data-seat={cell.kind === "seat" ? cell.number : undefined}
                        data-selected={isSelected || undefined}
                        data-active={isActive || undefined}
                        className="seat-map-cell"
                        onFocus={() => {
                          if (!focusable) return;
                          if (!samePosition(stops[d], p)) setStops((s) => ({ ...s, [d]: p }));
                          if (mode === "edit" && !isActive) props.onActiveChange(p);
                        }}
                        onClick={() => {
                          if (!focusable) return;
                          moveTo(p);
                          if (mode === "select" && cell.kind === "seat" && (state === "free" || isSelected)) props.onToggle(cell.number);
                        }}
                        onKeyDown={focusable ? (e) => onKeyDown(e, p, cell) : undefined}
                      >
                        {cell.kind === "seat" ? (
                          <>
                            <span className="seat-map-number">{cell.number}</span>
                            <SeatMark blocked={cell.blocked} state={isSelected ? "selected" : state} />
                          </>
                        ) : Icon ? (
                          <Icon size={16} aria-hidden />
                        ) : null}
                      </div>
                    );
                  })}
                </div>
              ))}
            </div>
          </figure>
        );
      })}
    </div>
  );
}

function SeatMark({ blocked, state }: { blocked?: "crew" | "broken"; state: SeatState | "selected" | null }) {
  if (blocked === "crew") return <HardHat size={12} aria-hidden className="seat-map-mark" />;
  if (blocked === "broken") return <Wrench size={12} aria-hidden className="seat-map-mark" />;
  if (state === "selected") return <Check size={12} aria-hidden className="seat-map-mark" />;
  if (state === "held") return <Clock size={12} aria-hidden className="seat-map-mark" />;
  if (state === "sold") return <Ban size={12} aria-hidden className="seat-map-mark" />;
  return null;
}

/** The legend of the states and cells a map shows. */
export function SeatMapLegend({ states = ["free", "held", "sold"], blocked = true }: { states?: readonly SeatState[]; blocked?: boolean }) {
  const { t } = useTranslation();
  return (
    <ul className="seat-map-legend" aria-label={t("services.seatMap.legend")}>
      {states.map((s) => (
        <li key={s}>
          <span className="seat-map-cell seat-map-swatch" data-kind="seat" data-state={s} aria-hidden>
            <SeatMark state={s} />
          </span>
          {t(`services.seatMap.states.${s}`)}
        </li>
      ))}
      {blocked && (
        <>
          <li>
            <span className="seat-map-cell seat-map-swatch" data-kind="seat" data-state="blocked" data-blocked="crew" aria-hidden>
              <SeatMark blocked="crew" state="blocked" />
            </span>
            {t("services.seatMap.blockedReason.crew")}
          </li>
          <li>
            <span className="seat-map-cell seat-map-swatch" data-kind="seat" data-state="blocked" data-blocked="broken" aria-hidden>
              <SeatMark blocked="broken" state="blocked" />
            </span>
            {t("services.seatMap.blockedReason.broken")}
          </li>
        </>
      )}
    </ul>
  );
}

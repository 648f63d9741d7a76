/**
 * The seat layout editor of a ground charter: the seat map (SeatMap, edit mode)
 * with a toolbar acting on the active cell. Starts from a template of a real
 * vehicle, adds and removes rows and columns, sets a cell's kind, blocks and
 * unblocks seats, renumbers. Fully usable with the keyboard:
 * - arrow keys move over the cells (Home/End: row ends; Ctrl+Home/End: deck ends);
 * - Enter or Space on a seat cycles free → blocked (crew) → blocked (broken) → free;
 *   on any other cell it makes a seat;
 * - Delete or Backspace empties the cell;
 * - the toolbar's buttons act on the active cell, which stays marked while
 *   focus is in the toolbar.
 * A hidden input named `name` carries the layout JSON, so the form posts it
 * with or without JavaScript; the server validates it with the zod schema.
 */
import { Button, Flex, Text } from "@radix-ui/themes";
import { ListOrdered, Minus, Plus } from "lucide-react";
import { useEffect, useRef, useState, type KeyboardEvent } from "react";
import { useTranslation } from "react-i18next";
import { SeatMap, SeatMapLegend } from "~/components/services/SeatMap";
import { useHydrated } from "~/components/shell/PageTransition";
import {
  addColumn,
  blockedSeats,
  addRow,
  capacityOf,
  CELL_KINDS,
  deckWidth,
  nextBlock,
  removeColumn,
  removeRow,
  renumber,
  setBlocked,
  setCellKind,
  TEMPLATE_KEYS,
  templateLayout,
  type BlockReason,
  type Cell,
  type CellKind,
  type CellPosition,
  type SeatLayout,
  type TemplateKey,
} from "~/lib/services/seat-layout";

type Props = {
  /** The hidden input's name (the form field). */
  name: string;
  id?: string;
  defaultValue: SeatLayout;
  /** The template offered first (the vehicle type's). */
  template?: TemplateKey;
  /** Translated errors of the field, shown under the map. */
  error?: string;
  errorId?: string;
  /** A template was applied (the form sets its vehicle type to match). */
  onApplyTemplate?: (key: TemplateKey) => void;
};

const START: CellPosition = { deck: 0, row: 0, column: 0 };

export function SeatLayoutEditor({ name, id, defaultValue, template = "executivo", error, errorId, onApplyTemplate }: Props) {
  const { t } = useTranslation();
  const [layout, setLayout] = useState(defaultValue);
  const [active, setActive] = useState<CellPosition>(START);
  const [choice, setChoice] = useState<TemplateKey>(template);
  const [announcement, setAnnouncement] = useState("");
  const hydrated = useHydrated();
  const input = useRef<HTMLInputElement>(null);
  const first = useRef(true);

  // The vehicle type chosen in the form proposes its template.
  const [proposed, setProposed] = useState(template);
  if (proposed !== template) {
    setProposed(template);
    setChoice(template);
  }

  // Tell the form (Conform's dirty state, the unsaved-changes guard) that the value changed.
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    input.current?.dispatchEvent(new Event("input", { bubbles: true }));
  }, [layout]);

  const cell: Cell | undefined = layout.decks[active.deck]?.rows[active.row]?.[active.column];
  const deck = layout.decks[active.deck];
  const capacity = capacityOf(layout);

  /** Applies an edit and keeps the active cell inside the grid. */
  const apply = (next: SeatLayout, message?: string, position: CellPosition = active) => {
    setLayout(next);
    const d = next.decks[position.deck] ?? next.decks[0]!;
    const deckIndex = next.decks[position.deck] ? position.deck : 0;
    setActive({
      deck: deckIndex,
      row: Math.min(position.row, d.rows.length - 1),
      column: Math.min(position.column, deckWidth(d) - 1),
    });
    if (message) setAnnouncement(message);
  };

  const seatWords = (c: Cell | undefined) => {
    if (!c) return "";
    if (c.kind !== "seat") return t(`services.seatMap.cells.${c.kind}`);
    const state = c.blocked ? t(`services.seatMap.blockedReason.${c.blocked}`) : t("services.seatMap.states.free");
    return t("services.seatMap.seat", { number: c.number, state });
  };

  const setKind = (kind: CellKind, p: CellPosition = active) => {
    const next = setCellKind(layout, p, kind);
    apply(next, seatWords(next.decks[p.deck]?.rows[p.row]?.[p.column]), p);
  };
  const block = (reason: BlockReason | null, p: CellPosition = active) => {
    const next = setBlocked(layout, p, reason);
    apply(next, seatWords(next.decks[p.deck]?.rows[p.row]?.[p.column]), p);
  };

  const onCellKey = (event: KeyboardEvent<HTMLElement>, p: CellPosition) => {
    const c = layout.decks[p.deck]?.rows[p.row]?.[p.column];
    if (!c) return false;
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      if (c.kind === "seat") block(nextBlock(c.blocked), p);
      else setKind("seat", p);
      return true;
    }
    if (event.key === "Delete" || event.key === "Backspace") {
      event.preventDefault();
      setKind("empty", p);
      return true;
    }
    return false;
  };

  const width = deck ? deckWidth(deck) : 0;
  const rows = deck?.rows.length ?? 0;
  const disabled = !hydrated;
  const where = t("services.seatMap.position", { row: active.row + 1, column: active.column + 1 });
  return (
    <Flex direction="column" gap="3" className="seat-editor" data-testid="seat-layout-editor">
      <input ref={input} type="hidden" name={name} id={id} value={JSON.stringify(layout)} aria-describedby={error ? errorId : undefined} />
      <Flex gap="2" align="end" wrap="wrap">
        <Flex direction="column" gap="1">
          <Text as="label" size="2" weight="medium" htmlFor="seat-template">
            {t("services.layoutEditor.template")}
          </Text>
          <select id="seat-template" className="native-select" value={choice} onChange={(e) => setChoice(e.target.value as TemplateKey)} disabled={disabled}>
            {TEMPLATE_KEYS.map((k) => (
              <option key={k} value={k}>
                {t(`services.vehicleTypes.${k}`)} · {t("services.layoutEditor.seats", { count: capacityOf(templateLayout(k)).seats })}
              </option>
            ))}
          </select>
        </Flex>
        <Button
          type="button"
          variant="soft"
          disabled={disabled}
          onClick={() => {
            apply(templateLayout(choice), t("services.layoutEditor.applied", { name: t(`services.vehicleTypes.${choice}`) }), START);
            onApplyTemplate?.(choice);
          }}
        >
          {t("services.layoutEditor.applyTemplate")}
        </Button>
      </Flex>

      <Text size="1" color="gray" id="seat-editor-help">
        {t("services.layoutEditor.help")}
      </Text>

      <Text size="2" weight="medium" data-testid="seat-editor-active">
        {t("services.layoutEditor.active", { cell: seatWords(cell), where })}
      </Text>
      <div className="seat-editor-toolbar" role="group" aria-label={t("services.layoutEditor.kind")}>
        <div className="seat-editor-kinds">
          {CELL_KINDS.map((kind) => (
            <Button key={kind} type="button" size="1" variant="soft" color="gray" aria-pressed={cell?.kind === kind} disabled={disabled} onClick={() => setKind(kind)} data-kind={kind}>
              {t(`services.seatMap.cells.${kind}`)}
            </Button>
          ))}
        </div>
      </div>
      <div className="seat-editor-toolbar" role="group" aria-label={t("services.layoutEditor.block")}>
        <Button type="button" size="1" variant="soft" disabled={disabled || cell?.kind !== "seat"} aria-pressed={cell?.kind === "seat" && !cell.blocked} onClick={() => block(null)}>
          {t("services.layoutEditor.unblock")}
        </Button>
        <Button type="button" size="1" variant="soft" color="red" disabled={disabled || cell?.kind !== "seat"} aria-pressed={cell?.kind === "seat" && cell.blocked === "crew"} onClick={() => block("crew")}>
          {t("services.layoutEditor.blockCrew")}
        </Button>
        <Button type="button" size="1" variant="soft" color="red" disabled={disabled || cell?.kind !== "seat"} aria-pressed={cell?.kind === "seat" && cell.blocked === "broken"} onClick={() => block("broken")}>
          {t("services.layoutEditor.blockBroken")}
        </Button>
      </div>
      <div className="seat-editor-toolbar" role="group" aria-label={t("services.layoutEditor.structure")}>
        <Button type="button" size="1" variant="outline" disabled={disabled || rows >= 30} onClick={() => apply(addRow(layout, active.deck, active.row), t("services.layoutEditor.rowAdded"), { ...active, row: active.row + 1 })}>
          <Plus size={14} aria-hidden /> {t("services.layoutEditor.addRow")}
        </Button>
        <Button type="button" size="1" variant="outline" disabled={disabled || rows <= 1} onClick={() => apply(removeRow(layout, active.deck, active.row), t("services.layoutEditor.rowRemoved"))}>
          <Minus size={14} aria-hidden /> {t("services.layoutEditor.removeRow")}
        </Button>
        <Button type="button" size="1" variant="outline" disabled={disabled || width >= 8} onClick={() => apply(addColumn(layout, active.deck, active.column), t("services.layoutEditor.columnAdded"), { ...active, column: active.column + 1 })}>
          <Plus size={14} aria-hidden /> {t("services.layoutEditor.addColumn")}
        </Button>
        <Button type="button" size="1" variant="outline" disabled={disabled || width <= 1} onClick={() => apply(removeColumn(layout, active.deck, active.column), t("services.layoutEditor.columnRemoved"))}>
          <Minus size={14} aria-hidden /> {t("services.layoutEditor.removeColumn")}
        </Button>
        <Button type="button" size="1" variant="outline" disabled={disabled} onClick={() => apply(renumber(layout), t("services.layoutEditor.renumbered", { count: capacity.seats }))}>
          <ListOrdered size={14} aria-hidden /> {t("services.layoutEditor.renumber")}
        </Button>
      </div>

      <div id="seat-editor-map" aria-describedby="seat-editor-help">
        <SeatMap mode="edit" layout={layout} active={active} onActiveChange={setActive} onCellKey={onCellKey} label={t("services.seatMap.label")} testId="seat-map-editor" />
      </div>
      <SeatMapLegend states={["free"]} />
      <Text size="2" className="seat-editor-summary" data-testid="seat-layout-summary">
        {t("services.layoutEditor.summary", { seats: capacity.seats, blocked: capacity.blocked, sellable: capacity.sellable })}
      </Text>
      {capacity.blocked > 0 && (
        <Text size="1" color="gray" data-testid="seat-layout-blocked">
          {t("services.charters.layoutBlocked", { seats: blockedSeats(layout).map((b) => `${b.number} (${t(`services.layoutEditor.reason.${b.reason}`)})`).join(", ") })}
        </Text>
      )}
      <Text size="1" className="seat-editor-status" role="status" aria-live="polite">
        {announcement}
      </Text>
      {!hydrated && (
        <Text size="1" color="gray">
          {t("services.layoutEditor.noScript")}
        </Text>
      )}
      {error && (
        <Text id={errorId} size="1" color="red" role="alert">
          {error}
        </Text>
      )}
    </Flex>
  );
}

import { createInstance } from "i18next";
import { renderToStaticMarkup } from "react-dom/server";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { beforeAll, describe, expect, it } from "vitest";
import resources from "~/locales/resources";
import { SeatMap, seatState, type SeatMapProps } from "~/components/services/SeatMap";
import { setBlocked, templateLayout } from "~/lib/services/seat-layout";

const i18n = createInstance();
beforeAll(async () => {
  await i18n.use(initReactI18next).init({ lng: "pt", resources, interpolation: { escapeValue: false } });
});

const render = (props: SeatMapProps) =>
  renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <SeatMap {...props} />
    </I18nextProvider>,
  );

/** The van with seat 1 blocked (crew). */
const layout = setBlocked(templateLayout("van"), { deck: 0, row: 1, column: 0 }, "crew");

/** The attributes of seat `n`'s cell. */
const seat = (html: string, n: number) => {
  const tag = html.match(new RegExp(`<div[^>]*data-seat="${n}"[^>]*>`))?.[0] ?? "";
  const attr = (name: string) => tag.match(new RegExp(`${name}="([^"]*)"`))?.[1];
  return { label: attr("aria-label"), state: attr("data-state"), tabIndex: attr("tabindex"), disabled: attr("aria-disabled"), selected: attr("aria-selected") };
};

describe("SeatMap", () => {
  it("reads each seat's state in words, the layout's blocks first", () => {
    const html = render({ mode: "view", layout, states: { 1: "sold", 2: "sold", 3: "held" } });
    expect(seat(html, 1)).toMatchObject({ label: "Poltrona 1, bloqueada (tripulação)", state: "blocked", tabIndex: undefined });
    expect(seat(html, 2)).toMatchObject({ label: "Poltrona 2, vendida", state: "sold" });
    expect(seat(html, 3)).toMatchObject({ label: "Poltrona 3, reservada", state: "held" });
    expect(seat(html, 4)).toMatchObject({ label: "Poltrona 4, livre", state: "free" });
    expect(html).toContain('role="table"');
    expect(html.match(/data-kind="seat"/g)).toHaveLength(15);
  });

  it("in select mode has one tab stop, marks chosen seats and refuses taken ones", () => {
    const html = render({ mode: "select", layout, states: { 3: "sold" }, selected: [2], onToggle: () => {} });
    expect(html).toContain('role="grid"');
    expect(html.match(/tabindex="0"/g)).toHaveLength(1);
    // The first seat is the tab stop, even when blocked (it can be read, not picked).
    expect(seat(html, 1)).toMatchObject({ tabIndex: "0", disabled: "true" });
    expect(seat(html, 2)).toMatchObject({ label: "Poltrona 2, selecionada", selected: "true", tabIndex: "-1" });
    expect(seat(html, 3)).toMatchObject({ disabled: "true", selected: "false" });
    expect(seat(html, 4)).toMatchObject({ disabled: undefined, selected: "false" });
  });

  it("in edit mode makes every cell focusable, the active one the tab stop", () => {
    const html = render({ mode: "edit", layout, active: { deck: 0, row: 2, column: 3 }, onActiveChange: () => {} });
    const cells = html.match(/role="gridcell"/g)!.length;
    expect(html.match(/tabindex="-1"/g)).toHaveLength(cells - 1);
    expect(seat(html, 6)).toMatchObject({ tabIndex: "0" });
    expect(html).toContain('aria-label="Corredor, fila 2, coluna 3"');
  });

  it("derives a state from the cell and the given states", () => {
    expect(seatState({ kind: "aisle" }, {})).toBeNull();
    expect(seatState({ kind: "seat", number: 1, blocked: "broken" }, { 1: "sold" })).toBe("blocked");
    expect(seatState({ kind: "seat", number: 1 }, undefined)).toBe("free");
  });
});

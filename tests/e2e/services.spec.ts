/**
 * Ground charter end to end (Serviços › Fretamento Terrestre), in Chromium, in
 * Portuguese and English, at 1280×800 and 390×844: build the seat layout from a
 * template with the keyboard only (template choice, the grid's roving focus,
 * Enter to block two seats), save, reopen and find the same layout; the list
 * shows the seats for sale. Screenshots go to SHOTS_DIR (default
 * test-results/screenshots/services, ignored by git).
 */
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { expect, test, signIn } from "./fixtures";

const SHOTS = process.env.SHOTS_DIR ?? "test-results/screenshots/services";
const LIST = "/servicos/fretamento-terrestre";
const VIEWPORTS = { desktop: { width: 1280, height: 800 }, mobile: { width: 390, height: 844 } } as const;
type Size = keyof typeof VIEWPORTS;

const TEXT = {
  pt: {
    title: "Fretamento Terrestre",
    newCharter: "Novo fretamento",
    template: "Modelo de veículo",
    apply: "Usar este modelo",
    summary28: "28 poltronas · 0 bloqueadas · 28 à venda",
    summaryBlocked: "28 poltronas · 2 bloqueadas · 26 à venda",
    summaryThree: "28 poltronas · 3 bloqueadas · 25 à venda",
    cancel: "Cancelar",
    seat1: "Poltrona 1, bloqueada (tripulação)",
    seat2: "Poltrona 2, bloqueada (com defeito)",
    seat3: "Poltrona 3, livre",
    saved: (name: string) => `${name} foi salvo.`,
    availability: "26 de 26 livres",
  },
  en: {
    title: "Ground Charter",
    newCharter: "New charter",
    template: "Vehicle template",
    apply: "Use this template",
    summary28: "28 seats · 0 blocked · 28 for sale",
    summaryBlocked: "28 seats · 2 blocked · 26 for sale",
    summaryThree: "28 seats · 3 blocked · 25 for sale",
    cancel: "Cancel",
    seat1: "Seat 1, blocked (crew)",
    seat2: "Seat 2, blocked (broken)",
    seat3: "Seat 3, free",
    saved: (name: string) => `${name} was saved.`,
    availability: "26 of 26 free",
  },
} as const;

const RUN = Date.now();

function watchConsole(page: Page) {
  const errors: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error" && !/status of 404/.test(m.text())) errors.push(m.text());
  });
  page.on("pageerror", (e) => errors.push(e.message));
  return errors;
}

async function shot(page: Page, name: string, fullPage = false) {
  mkdirSync(SHOTS, { recursive: true });
  await page.waitForTimeout(350);
  await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage });
}

async function expectNoHorizontalOverflow(page: Page) {
  const { scroll, client } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
  expect(scroll, "page wider than the window").toBeLessThanOrEqual(client);
}

/** No serious or critical WCAG 2.1 AA violation in the screen's content (axe, as the shell's e2e; the shell's header is the shell suite's). */
async function axe(page: Page) {
  // Colours are measured as painted: wait until the page transition's fade-in (motion) has finished.
  // (Bounded: an endless animation elsewhere, such as a spinner, must not hold the check.)
  await page
    .waitForFunction(() => [...document.querySelectorAll<HTMLElement>('main [style*="opacity"]')].every((el) => Number(getComputedStyle(el).opacity) === 1), undefined, { timeout: 3000 })
    .catch(() => undefined);
  const results = await new AxeBuilder({ page })
    .include("#main")
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    .options({ rules: { "label-content-name-mismatch": { enabled: true } } })
    .analyze();
  const bad = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => `${n.target.join(" ")} ${n.html.slice(0, 120)}`).join(", ")}`)).toEqual([]);
}

/** The focused element's accessible label. */
const focusedLabel = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute("aria-label") ?? "");

for (const lang of ["pt", "en"] as const) {
  for (const size of ["desktop", "mobile"] as const) {
    test(`charter from a template with the keyboard, two seats blocked, saved and reopened (${lang}, ${size})`, async ({ page, baseURL }) => {
      const text = TEXT[lang];
      const errors = watchConsole(page);
      await page.setViewportSize(VIEWPORTS[size as Size]);
      if (lang !== "pt") await page.context().addCookies([{ name: "lng", value: lang, url: baseURL! }]);
      await signIn(page);
      const name = `Gramado ${lang} ${size} ${RUN}`;

      await page.goto(`${LIST}/novo`);
      await page.waitForLoadState("networkidle");
      await expect(page.getByRole("heading", { level: 1, name: text.newCharter })).toBeVisible();

      // The form's fields, typed.
      await page.locator("input[name=title]").fill(name);
      await page.locator("select[name=supplierId]").selectOption({ label: "Serra Verde Turismo" });
      await page.locator("input[name=origin]").fill("São Paulo - SP");
      await page.locator("input[name=destinationName]").fill("Gramado - RS");
      await page.locator("input[name=departureAt]").fill("2027-07-10T22:30");
      await page.locator("input[name=returnAt]").fill("2027-07-17T08:00");
      await page.locator("input[name=cost]").fill("18.500,00");

      // Keyboard only from here: the template select, its button, then the grid.
      const template = page.getByLabel(text.template);
      await template.focus();
      await page.keyboard.press("ArrowDown"); // executivo → semi-leito
      await page.keyboard.press("ArrowDown"); // → leito (28)
      await expect(template).toHaveValue("leito");
      await page.keyboard.press("Tab");
      await expect(page.locator(":focus")).toHaveText(text.apply);
      await page.keyboard.press("Enter");
      await expect(page.getByTestId("seat-layout-summary")).toHaveText(text.summary28);
      // The vehicle type follows the template.
      await expect(page.locator("select[name=vehicleType]")).toHaveValue("leito");

      // Tab on to the map's one tab stop (the driver's cell, front left).
      for (let i = 0; i < 20 && !(await page.evaluate(() => !!document.activeElement?.closest("[data-testid=seat-map-editor]"))); i++) await page.keyboard.press("Tab");
      expect(await page.evaluate(() => document.activeElement?.getAttribute("data-kind"))).toBe("driver");
      await page.keyboard.press("ArrowDown"); // seat 1
      await page.keyboard.press("Enter"); // blocked: crew
      expect(await focusedLabel(page)).toBe(text.seat1);
      await page.keyboard.press("ArrowRight"); // seat 2
      await page.keyboard.press(" "); // crew
      await page.keyboard.press(" "); // broken
      expect(await focusedLabel(page)).toBe(text.seat2);
      await page.keyboard.press("ArrowRight"); // the aisle
      await page.keyboard.press("ArrowRight"); // seat 3
      expect(await focusedLabel(page)).toBe(text.seat3);
      await expect(page.getByTestId("seat-layout-summary")).toHaveText(text.summaryBlocked);
      // The focus ring is visible on the focused seat.
      const outline = await page.evaluate(() => getComputedStyle(document.activeElement!).outlineStyle);
      expect(outline).not.toBe("none");
      await shot(page, `${lang}-${size}-1-editor`);
      await expectNoHorizontalOverflow(page);
      await axe(page);

      // Save with the keyboard.
      await page.getByTestId("record-save").focus();
      await page.keyboard.press("Enter");
      await expect(page).toHaveURL(/\/servicos\/fretamento-terrestre\/editar\/[\w-]+$/);
      await expect(page.getByTestId("toast").getByText(text.saved(name))).toBeVisible();
      const editUrl = page.url();

      // Reopen: the same layout comes back.
      await page.goto(editUrl);
      await page.waitForLoadState("networkidle");
      await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
      const map = page.getByTestId("seat-map-editor");
      await expect(map.locator('[data-seat="1"]')).toHaveAttribute("data-blocked", "crew");
      await expect(map.locator('[data-seat="2"]')).toHaveAttribute("data-blocked", "broken");
      await expect(map.locator('[data-seat="3"]')).not.toHaveAttribute("data-blocked", /.+/);
      await expect(map.locator('[data-kind="seat"]')).toHaveCount(28);
      await expect(page.getByTestId("seat-layout-summary")).toHaveText(text.summaryBlocked);
      await expect(page.locator("input[name=departureAt]")).toHaveValue("2027-07-10T22:30");
      await expect(page.locator("select[name=vehicleType]")).toHaveValue("leito");
      await shot(page, `${lang}-${size}-2-reopened`, true);
      await expectNoHorizontalOverflow(page);

      // A layout change alone makes the form unsaved: leaving asks first (keyboard: Enter on seat 3, then Cancel).
      await map.locator('[data-seat="3"]').focus();
      await page.keyboard.press("Enter");
      await expect(page.getByTestId("seat-layout-summary")).toHaveText(text.summaryThree);
      await page.getByRole("link", { name: text.cancel, exact: true }).focus();
      await page.keyboard.press("Enter");
      await expect(page.getByTestId("unsaved-dialog")).toBeVisible();
      await page.getByTestId("unsaved-leave").click();
      await expect(page).toHaveURL(new RegExp(`${LIST}$`));

      // The list shows the seats for sale (the third block was not saved).
      await page.goto(`${LIST}?q=${encodeURIComponent(name)}`);
      await expect(page.getByRole("heading", { level: 1, name: text.title })).toBeVisible();
      await expect(page.getByTestId("charter-availability").first()).toHaveText(text.availability);
      await shot(page, `${lang}-${size}-3-list`);
      await expectNoHorizontalOverflow(page);
      await axe(page);
      expect(errors).toEqual([]);
    });
  }
}

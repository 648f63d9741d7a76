/**
 * Hotel block end to end (Serviços › Bloqueio de Hospedagem), in Chromium, in
 * Portuguese and English, at 1280×800 and 390×844: create a block with two
 * room types (the second added with the form's add button), save, fill two
 * rooms of the rooming list, save it, download the rooming list's CSV and read
 * it; the list shows the block's rooms. Screenshots go to SHOTS_DIR (default
 * test-results/screenshots/services-blocks, ignored by git).
 */
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test, signIn } from "./fixtures";

const SHOTS = process.env.SHOTS_DIR ?? "test-results/screenshots/services-blocks";
const LIST = "/servicos/bloqueio-hospedagem";
const VIEWPORTS = { desktop: { width: 1280, height: 800 }, mobile: { width: 390, height: 844 } } as const;

const TEXT = {
  pt: {
    title: "Bloqueio de Hospedagem",
    newBlock: "Novo bloqueio de hospedagem",
    saved: (name: string) => `${name} foi salvo.`,
    roomingSaved: "Rooming list salva.",
    availability: "3 de 3 livres",
    mealPlan: "Café da manhã",
  },
  en: {
    title: "Accommodation Block",
    newBlock: "New accommodation block",
    saved: (name: string) => `${name} was saved.`,
    roomingSaved: "Rooming list saved.",
    availability: "3 of 3 free",
    mealPlan: "Breakfast",
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

async function axe(page: Page) {
  await page
    .waitForFunction(() => [...document.querySelectorAll<HTMLElement>('main [style*="opacity"]')].every((el) => Number(getComputedStyle(el).opacity) === 1), undefined, { timeout: 3000 })
    .catch(() => undefined);
  const results = await new AxeBuilder({ page }).include("#main").withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  const bad = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => `${n.target.join(" ")} ${n.html.slice(0, 120)}`).join(", ")}`)).toEqual([]);
}

for (const lang of ["pt", "en"] as const) {
  for (const size of ["desktop", "mobile"] as const) {
    test(`hotel block with two room types, two rooming names, rooming CSV (${lang}, ${size})`, async ({ page, baseURL }) => {
      const text = TEXT[lang];
      const errors = watchConsole(page);
      await page.setViewportSize(VIEWPORTS[size]);
      if (lang !== "pt") await page.context().addCookies([{ name: "lng", value: lang, url: baseURL! }]);
      await signIn(page);
      const name = `Natal Luz ${lang} ${size} ${RUN}`;

      await page.goto(`${LIST}/novo`);
      await page.waitForLoadState("networkidle");
      await expect(page.getByRole("heading", { level: 1, name: text.newBlock })).toBeVisible();
      await page.locator("input[name=title]").fill(name);
      await page.locator("select[name=hotelId]").selectOption({ label: "Hotel Vale das Hortênsias" });
      await page.locator("input[name=checkIn]").fill("2027-12-20");
      await page.locator("input[name=checkOut]").fill("2027-12-24");
      await page.locator("input[name=releaseDate]").fill("2027-11-20");
      await page.locator('input[name="roomTypes[0].name"]').fill("Standard duplo");
      await page.locator('input[name="roomTypes[0].occupancy"]').fill("2");
      await page.locator('input[name="roomTypes[0].quantity"]').fill("2");
      await page.locator('input[name="roomTypes[0].nightlyCost"]').fill("400,00");
      await page.locator('input[name="roomTypes[0].nightlyPrice"]').fill("520,00");
      // The second room type through the add button.
      await page.getByTestId("add-room-type").click();
      await expect(page.getByTestId("room-type")).toHaveCount(2);
      await page.locator('input[name="roomTypes[1].name"]').fill("Luxo triplo");
      await page.locator('input[name="roomTypes[1].occupancy"]').fill("3");
      await page.locator('input[name="roomTypes[1].quantity"]').fill("1");
      await page.locator('input[name="roomTypes[1].nightlyCost"]').fill("600,00");
      await page.locator('input[name="roomTypes[1].nightlyPrice"]').fill("780,00");
      await shot(page, `${lang}-${size}-1-new`, true);
      await expectNoHorizontalOverflow(page);
      await axe(page);

      await page.getByTestId("record-save").click();
      await expect(page).toHaveURL(/\/servicos\/bloqueio-hospedagem\/editar\/[\w-]+$/);
      await expect(page.getByTestId("toast").getByText(text.saved(name))).toBeVisible();

      // The rooming list: one row per room (2 + 1); names in the first and the last room.
      const rooms = page.getByTestId("rooming-room");
      await expect(rooms).toHaveCount(3);
      await rooms.nth(0).locator("textarea").fill("Maria Silva\nJoão Silva");
      await rooms.nth(2).locator("textarea").fill("Carla Dias");
      await page.getByTestId("rooming-save").click();
      await expect(page.getByTestId("toast").getByText(text.roomingSaved)).toBeVisible();
      await page.reload();
      await page.waitForLoadState("networkidle");
      await expect(page.getByTestId("rooming-room").nth(0).locator("textarea")).toHaveValue("Maria Silva\nJoão Silva");
      await expect(page.getByTestId("hotel-block-availability")).toContainText("3");
      await shot(page, `${lang}-${size}-2-rooming`, true);
      await expectNoHorizontalOverflow(page);
      await axe(page);

      // The rooming list for the hotel, as CSV.
      const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("rooming-csv").click()]);
      const csv = readFileSync((await download.path())!, "utf8").replace(/^\uFEFF/, "").trim().split(/\r\n/);
      expect(csv).toEqual([
        "roomType;room;occupancy;guests;checkIn;checkOut;mealPlan;notes",
        `Standard duplo;1;2;Maria Silva | João Silva;2027-12-20;2027-12-24;${text.mealPlan};`,
        `Standard duplo;2;2;;2027-12-20;2027-12-24;${text.mealPlan};`,
        `Luxo triplo;1;3;Carla Dias;2027-12-20;2027-12-24;${text.mealPlan};`,
      ]);

      // The list shows the block and its rooms.
      await page.goto(`${LIST}?q=${encodeURIComponent(name)}`);
      await expect(page.getByRole("heading", { level: 1, name: text.title })).toBeVisible();
      await expect(page.getByTestId("hotel-block-availability").first()).toHaveText(text.availability);
      await shot(page, `${lang}-${size}-3-list`);
      await expectNoHorizontalOverflow(page);
      await axe(page);
      expect(errors).toEqual([]);
    });
  }
}

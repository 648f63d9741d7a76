/**
 * The /vendas overview and the daily service report end to end, in Chromium, in
 * Portuguese and Spanish, at 1280×800 and 390×844, on the demo seed's sales
 * (scripts/seed/seed-sales.ts: months of sales by the agency's sellers, trips
 * starting today). Each variant opens the overview (totals, by kind, by seller
 * with links into the lists), goes to the report of today, sees its sections,
 * steps to the next day and back, downloads the CSV and reads it, and checks
 * both pages with axe. Screenshots go to SHOTS_DIR (default
 * test-results/screenshots/sales-report).
 */
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test, signIn } from "./fixtures";

const SHOTS = process.env.SHOTS_DIR ?? "test-results/screenshots/sales-report";
const VIEWPORTS = { desktop: { width: 1280, height: 800 }, mobile: { width: 390, height: 844 } } as const;

const TEXT = {
  pt: { overview: "Vendas", bySeller: "Por vendedor", report: "Serviços do dia", checkins: "Check-ins", next: "Dia seguinte", previous: "Dia anterior" },
  es: { overview: "Ventas", bySeller: "Por vendedor", report: "Servicios del día", checkins: "Check-ins", next: "Día siguiente", previous: "Día anterior" },
} as const;

/** The seed's day (it dates the trips from the UTC day it runs). */
const today = () => new Date().toISOString().slice(0, 10);
const shift = (day: string, delta: number) => new Date(Date.parse(`${day}T12:00:00Z`) + delta * 86_400_000).toISOString().slice(0, 10);

function watchConsole(page: Page) {
  const errors: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error" && !/status of (400|404)/.test(m.text())) errors.push(m.text());
  });
  page.on("pageerror", (e) => errors.push(e.message));
  return errors;
}

async function shot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await page.waitForTimeout(350);
  await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
}

async function axe(page: Page) {
  await page
    .waitForFunction(() => [...document.querySelectorAll<HTMLElement>('main [style*="opacity"]')].every((el) => Number(getComputedStyle(el).opacity) === 1), undefined, { timeout: 3000 })
    .catch(() => undefined);
  const results = await new AxeBuilder({ page }).include("#main").withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  const bad = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => `${n.target.join(" ")} ${n.html.slice(0, 120)}`).join(", ")}`)).toEqual([]);
}

async function noOverflow(page: Page) {
  const { scroll, client } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
  expect(scroll).toBeLessThanOrEqual(client);
}

const VARIANTS = [
  { lang: "pt", size: "desktop" },
  { lang: "pt", size: "mobile" },
  { lang: "es", size: "desktop" },
  { lang: "es", size: "mobile" },
] as const;

for (const { lang, size } of VARIANTS) {
  test(`the sales overview and the daily service report (${lang}, ${size})`, async ({ page, baseURL }) => {
    const text = TEXT[lang];
    await page.setViewportSize(VIEWPORTS[size]);
    if (lang !== "pt") await page.context().addCookies([{ name: "lng", value: lang, url: baseURL! }]);
    await signIn(page);
    const errors = watchConsole(page);
    const day = today();

    // The overview of the seed's month: totals, by kind, by seller with links into the filtered lists.
    await page.goto(`/vendas?mes=${day.slice(0, 7)}`);
    await expect(page.getByRole("heading", { level: 1, name: text.overview })).toBeVisible();
    await expect(page.getByTestId("overview-total").first()).toBeVisible();
    await expect(page.getByTestId("overview-kind")).toHaveCount(2);
    await expect(page.getByRole("heading", { name: text.bySeller })).toBeVisible();
    expect(await page.getByTestId("overview-seller").count()).toBeGreaterThan(0);
    const sellerLink = page.getByTestId("overview-seller").first().getByRole("link").first();
    await expect(sellerLink).toHaveAttribute("href", new RegExp(`^/vendas/(emissivo|excursoes)\\?situacao=confirmed&vendedor=[0-9a-f-]+&de=${day.slice(0, 7)}-01&ate=`));
    await expect(page.getByTestId("overview-apart")).toBeVisible();
    await shot(page, `overview-${lang}-${size}`);
    await axe(page);
    await noOverflow(page);
    // The previous month by its link.
    await page.getByTestId("overview-previous").click();
    await expect(page).toHaveURL(/\/vendas\?mes=\d{4}-\d{2}$/);
    await expect(page.getByTestId("overview-month")).toBeVisible();

    // The report of the seed's day: trips check in today.
    await page.goto(`/vendas/emissivo/relatorios?data=${day}`);
    await expect(page.getByRole("heading", { level: 1, name: text.report })).toBeVisible();
    await expect(page.getByTestId("report-section-checkins").getByRole("heading", { name: text.checkins })).toBeVisible();
    expect(await page.getByTestId("report-entry").count()).toBeGreaterThan(0);
    await shot(page, `report-${lang}-${size}`);
    await axe(page);
    await noOverflow(page);

    // The CSV of the day.
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("report-csv").click()]);
    expect(download.suggestedFilename()).toBe(`servicos-${day}.csv`);
    const lines = readFileSync((await download.path())!, "utf8").replace(/^\uFEFF/, "").trim().split(/\r\n/);
    expect(lines[0]).toBe("date;section;time;service;details;passengers;passengerCount;reference;sale;supplier");
    expect(lines.length).toBeGreaterThan(1);
    expect(lines.slice(1).every((l) => l.startsWith(`${day};`))).toBe(true);

    // Next day and back, by the arrows.
    await page.getByRole("link", { name: text.next }).click();
    await expect(page).toHaveURL(new RegExp(`data=${shift(day, 1)}$`));
    // The URL moves before the new day's page renders: the arrow is clicked once it points back to the day.
    await expect(page.getByRole("link", { name: text.previous })).toHaveAttribute("href", new RegExp(`data=${day}$`));
    await page.getByRole("link", { name: text.previous }).click();
    await expect(page).toHaveURL(new RegExp(`data=${day}$`));

    if (lang === "pt" && size === "desktop") {
      // An empty day says so.
      await page.goto("/vendas/emissivo/relatorios?data=2001-01-01");
      await expect(page.getByTestId("report-empty")).toBeVisible();
      await shot(page, "report-empty-pt-desktop");
      await axe(page);
    }
    expect(errors).toEqual([]);
  });
}

/**
 * The dashboard end to end (issue #22; decision 0022), on the demo seed: a sale
 * confirmed in one browser context moves the sales figure open in another, without
 * a reload (the agency's dashboard room); the dashboard in Portuguese and English at
 * 1280×800 and 390×844, its figures linking into the lists, each chart's table view,
 * and axe. Screenshots go to SHOTS_DIR (default test-results/screenshots/dashboard).
 */
import type { Page } from "@playwright/test";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { expect, test, signIn } from "./fixtures";
import { axe } from "./shell-helpers";

const SHOTS = process.env.SHOTS_DIR ?? "test-results/screenshots/dashboard";
const VIEWPORTS = { desktop: { width: 1280, height: 800 }, mobile: { width: 390, height: 844 } } as const;
const TEXT = {
  pt: { sales: "Vendas do mês", table: "Ver como tabela", chart: "Ver como gráfico", month: "Mês" },
  en: { sales: "Sales this month", table: "Show as table", chart: "Show as chart", month: "Month" },
} as const;

function watchConsole(page: Page) {
  const errors: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error" && !/status of (400|404|409)/.test(m.text())) errors.push(m.text());
  });
  page.on("pageerror", (e) => errors.push(e.message));
  return errors;
}


const countOf = async (page: Page) => Number(((await page.getByTestId("figure-sales-count").textContent()) ?? "").match(/\d+/)?.[0] ?? NaN);

test("a sale confirmed in one context moves the dashboard open in another, without reload", async ({ browser, baseURL }) => {
  const watcherContext = await browser.newContext({ extraHTTPHeaders: { "cf-connecting-ip": "10.250.1.1" } });
  const sellerContext = await browser.newContext({ extraHTTPHeaders: { "cf-connecting-ip": "10.250.1.2" } });
  const watcher = await watcherContext.newPage();
  const seller = await sellerContext.newPage();
  watcher.context().setDefaultNavigationTimeout(30_000);
  await signIn(watcher);
  const errors = watchConsole(watcher);
  await expect(watcher.getByTestId("figure-sales")).toBeVisible();
  const before = await countOf(watcher);
  expect(before).not.toBeNaN();
  // The page is never reloaded: a marker on window would vanish with a reload.
  await watcher.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
  // Give the dashboard's socket its moment to connect (it loads after hydration).
  await watcher.waitForTimeout(1500);

  await signIn(seller);
  await seller.goto(`${baseURL}/vendas/emissivo/novo`);
  await seller.locator("select[name=clientId]").selectOption({ index: 1 });
  await seller.locator("select[name=agentId]").selectOption({ index: 1 });
  await seller.getByTestId("add-passenger").click();
  await seller.locator('select[name="passengers[0].clientId"]').selectOption({ index: 1 });
  await seller.locator('select[name="items[0].productKindId"]').selectOption({ index: 1 });
  await seller.locator('select[name="items[0].supplierId"]').selectOption({ index: 1 });
  await seller.locator('input[name="items[0].description"]').fill("Pousada Paraty 2 noites");
  await seller.locator('input[name="items[0].cost"]').fill("300,00");
  await seller.locator('input[name="items[0].price"]').fill("450,00");
  await seller.getByTestId("record-save").click();
  await expect(seller).toHaveURL(/\/vendas\/emissivo\/editar\//);
  await seller.waitForLoadState("networkidle");
  await seller.getByTestId("confirm-sale-open").click();
  await seller.getByTestId("confirm-sale-submit").click();
  await expect(seller.getByTestId("sale-status")).toHaveText("Confirmada");

  await expect.poll(() => countOf(watcher), { timeout: 15_000 }).toBe(before + 1);
  expect(await watcher.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
  expect(errors).toEqual([]);
  await watcherContext.close();
  await sellerContext.close();
});

for (const lang of ["pt", "en"] as const) {
  for (const size of ["desktop", "mobile"] as const) {
    test(`the dashboard's figures, links, charts' tables and axe (${lang}, ${size})`, async ({ page, baseURL }) => {
      const text = TEXT[lang];
      await page.setViewportSize(VIEWPORTS[size]);
      if (lang !== "pt") await page.context().addCookies([{ name: "lng", value: lang, url: baseURL! }]);
      await signIn(page);
      const errors = watchConsole(page);
      await expect(page.getByRole("heading", { level: 2, name: text.sales })).toBeVisible();
      await expect(page.getByTestId("figure-sales-value")).toHaveAttribute("href", /\/vendas\?mes=\d{4}-\d{2}/);
      await expect(page.getByTestId("figure-receivables-overdue")).toHaveAttribute("href", "/financeiro/contas-a-receber?status=overdue");
      await expect(page.getByTestId("figure-cash")).toBeVisible();
      await expect(page.getByTestId("figure-departures")).toBeVisible();
      // The chart loads after hydration; its table shows the same months.
      const toggle = page.getByTestId("chart-sales-toggle");
      await expect(toggle).toHaveText(text.table);
      await toggle.click();
      await expect(toggle).toHaveText(text.chart);
      const table = page.getByTestId("chart-sales").getByRole("table");
      await expect(table.getByRole("columnheader", { name: text.month })).toBeVisible();
      await expect(table.getByRole("row")).toHaveCount(13);
      await page.getByTestId("chart-titles-toggle").click();
      await expect(page.getByTestId("chart-titles").getByRole("table").getByRole("row")).toHaveCount(9);
      mkdirSync(SHOTS, { recursive: true });
      await page.screenshot({ path: join(SHOTS, `dashboard-${lang}-${size}.png`), fullPage: true });
      await axe(page, "content");
      const { scroll, client } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
      expect(scroll).toBeLessThanOrEqual(client);
      expect(errors).toEqual([]);
    });
  }
}

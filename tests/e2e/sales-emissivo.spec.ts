/**
 * Emissivo sales end to end, in Chromium, in Portuguese and English, at
 * 1280×800 and 390×844, on the demo seed (clients, sellers, suppliers, product
 * kinds): the list, a new sale with a passenger and an item (live totals),
 * saved as a draft, confirmed through its dialog, and its receivables shown
 * with links to finance; axe on the list and the sale page. Screenshots go to
 * SHOTS_DIR (default test-results/screenshots/sales-emissivo).
 */
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { expect, test, signIn } from "./fixtures";

const SHOTS = process.env.SHOTS_DIR ?? "test-results/screenshots/sales-emissivo";
const VIEWPORTS = { desktop: { width: 1280, height: 800 }, mobile: { width: 390, height: 844 } } as const;
const TEXT = {
  pt: { list: "Vendas emissivo", new: "Nova venda", draft: "Rascunho", confirmed: "Confirmada", receivables: "A receber" },
  en: { list: "Outbound sales", new: "New sale", draft: "Draft", confirmed: "Confirmed", receivables: "Receivable" },
} as const;

function watchConsole(page: Page) {
  const errors: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error" && !/status of (400|404|409)/.test(m.text())) errors.push(m.text());
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
  { lang: "en", size: "desktop" },
  { lang: "en", size: "mobile" },
] as const;

for (const { lang, size } of VARIANTS) {
  test(`an emissivo sale: create, confirm, see its receivables (${lang}, ${size})`, async ({ page, baseURL }) => {
    const text = TEXT[lang];
    await page.setViewportSize(VIEWPORTS[size]);
    if (lang !== "pt") await page.context().addCookies([{ name: "lng", value: lang, url: baseURL! }]);
    await signIn(page);
    const errors = watchConsole(page);

    await page.goto("/vendas/emissivo");
    await expect(page.getByRole("heading", { level: 1, name: text.list })).toBeVisible();
    await expect(page.getByTestId("emissivo-list")).toBeVisible();
    await shot(page, `list-${lang}-${size}`);
    await axe(page);
    await noOverflow(page);

    await page.goto("/vendas/emissivo/novo");
    await expect(page.getByRole("heading", { level: 1, name: text.new })).toBeVisible();
    await page.locator("select[name=clientId]").selectOption({ index: 1 });
    await page.locator("select[name=agentId]").selectOption({ index: 1 });
    await page.getByTestId("add-passenger").click();
    await page.locator('select[name="passengers[0].clientId"]').selectOption({ index: 1 });
    await page.locator('select[name="items[0].productKindId"]').selectOption({ index: 1 });
    await page.locator('select[name="items[0].supplierId"]').selectOption({ index: 1 });
    await page.locator('input[name="items[0].description"]').fill("Hotel Lisboa 3 noites");
    await page.locator('input[name="items[0].cost"]').fill("800,00");
    await page.locator('input[name="items[0].price"]').fill("1.000,00");
    await page.locator('input[name="discount"]').fill("50,00");
    await expect(page.getByTestId("sale-total")).toContainText("950");
    await shot(page, `new-${lang}-${size}`);
    await page.getByTestId("record-save").click();
    await expect(page).toHaveURL(/\/vendas\/emissivo\/editar\//);
    await expect(page.getByTestId("sale-status")).toHaveText(text.draft);
    await page.waitForLoadState("networkidle");

    await page.getByTestId("confirm-sale-open").click();
    await page.getByTestId("confirm-sale-submit").click();
    await expect(page.getByTestId("sale-status")).toHaveText(text.confirmed);
    const receivables = page.getByTestId("sale-title-receivable");
    await expect(receivables.first()).toBeVisible();
    await expect(receivables.first()).toContainText(text.receivables);
    await expect(receivables.first().locator("a")).toHaveAttribute("href", /\/financeiro\/contas-a-receber\/editar\//);
    await shot(page, `confirmed-${lang}-${size}`);
    await axe(page);
    await noOverflow(page);
    expect(errors).toEqual([]);
  });
}

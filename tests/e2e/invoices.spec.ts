/**
 * Invoicing end to end (issue #20): an Admin picks a client with confirmed sales
 * on Gerar fatura, keeps two of them ticked, generates the invoice, lands on it,
 * opens its PDF (the text checked with pdftotext, the first page rendered to PNG
 * with pdftoppm -r 60 into test-results/invoices for a human to look at), finds it
 * in the list, in Portuguese and again in English.
 */
import type { Page } from "@playwright/test";
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { expect, signIn, test } from "./fixtures";

const GEN = "/financeiro/faturamento/gerar-fatura";
const LIST = "/financeiro/faturamento/listagem-de-faturas";
const SHOTS = join("test-results", "invoices");

/** A client of the generate screen's select with at least two confirmed sales to invoice, opened. */
async function clientWithTwoSales(page: Page) {
  await page.goto(GEN);
  const values = await page.locator("#invoice-party optgroup").first().locator("option").evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value));
  for (const value of values) {
    await page.goto(`${GEN}?parte=${encodeURIComponent(value)}`);
    await expect(page.getByTestId("invoice-generate-page")).toBeVisible();
    if ((await page.getByTestId("invoice-sale").count()) >= 2) return value;
  }
  throw new Error("no client with two confirmed sales to invoice");
}

async function generateTwo(page: Page, language: "pt" | "en") {
  await clientWithTwoSales(page);
  const sales = page.getByTestId("invoice-sale");
  const n = await sales.count();
  // Keep the first two sales ticked (every line starts ticked).
  for (let i = 2; i < n; i++) await sales.nth(i).getByRole("checkbox").first().uncheck();
  const numbers = [await sales.nth(0).getAttribute("data-sale"), await sales.nth(1).getAttribute("data-sale")];
  const partyName = (await page.locator("#invoice-party option:checked").textContent())!.trim();
  await page.locator("select[name=language]").selectOption(language);
  await page.getByTestId("invoice-submit").click();
  await expect(page.getByTestId("invoice-page")).toBeVisible();
  await expect(page.getByTestId("invoice-lines")).toContainText(`#${numbers[0]}`);
  await expect(page.getByTestId("invoice-lines")).toContainText(`#${numbers[1]}`);
  const heading = (await page.getByRole("heading", { level: 1 }).textContent())!;
  const number = /(\d+)/.exec(heading)![1]!;
  return { number, partyName, url: page.url() };
}

async function pdfOf(page: Page, name: string) {
  const href = await page.getByTestId("invoice-pdf").getAttribute("href");
  const res = await page.request.get(href!);
  expect(res.status()).toBe(200);
  expect(res.headers()["content-type"]).toBe("application/pdf");
  const bytes = await res.body();
  expect(bytes.subarray(0, 5).toString()).toBe("%PDF-");
  mkdirSync(SHOTS, { recursive: true });
  const file = join(SHOTS, `${name}.pdf`);
  writeFileSync(file, bytes);
  if (existsSync("/usr/bin/pdftoppm")) execFileSync("/usr/bin/pdftoppm", ["-png", "-r", "60", "-f", "1", "-l", "1", file, join(SHOTS, name)]);
  return existsSync("/usr/bin/pdftotext") ? execFileSync("/usr/bin/pdftotext", ["-layout", file, "-"]).toString() : null;
}

test("invoice two sales for a client, open its PDF and find it in the list (pt)", async ({ page }) => {
  await signIn(page);
  const { number, partyName, url } = await generateTwo(page, "pt");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Fatura nº ${number}`);
  await expect(page.getByTestId("invoice-status")).toHaveText("Em aberto");
  const text = await pdfOf(page, "invoice-pt");
  if (text !== null) {
    expect(text).toContain(`Fatura nº ${number}`);
    expect(text).toContain(partyName);
    expect(text).toContain("Faturado para");
  }
  await page.goto(`${LIST}?sort=number&dir=desc`);
  const row = page.getByTestId("invoice-list").getByRole("row").filter({ hasText: partyName }).first();
  await expect(row).toContainText(number);
  await row.getByText(number, { exact: true }).click();
  await expect(page).toHaveURL(url);
});

test("the same in English: the screens and the invoice's PDF in English", async ({ page }) => {
  await signIn(page);
  await page.getByTestId("language-select").click();
  await page.getByTestId("lang-en").click();
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  const { number, partyName } = await generateTwo(page, "en");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Invoice no. ${number}`);
  const text = await pdfOf(page, "invoice-en");
  if (text !== null) {
    expect(text).toContain(`Invoice no. ${number}`);
    expect(text).toContain(partyName);
    expect(text).toContain("Bill to");
  }
});

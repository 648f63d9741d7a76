/**
 * Finance end to end (issue #13), in Chromium, in Portuguese and English, at
 * 1280×800 and 390×844: create a receivable with a 3× term (the preview shows
 * the installments), settle the first installment partially, and see the
 * account statement and the DRE (cash and competence) change by those amounts.
 * Each variant works on its own title, and compares figures before and after.
 */
import type { Page } from "@playwright/test";
import { expect, test, signIn } from "./fixtures";

const VIEWPORTS = { desktop: { width: 1280, height: 800 }, mobile: { width: 390, height: 844 } } as const;
const TEXT = {
  pt: { receivables: "Contas a Receber", partial: "Parcial", settled: "Baixa registrada.", statement: "Extrato de Contas" },
  en: { receivables: "Receivables", partial: "Partial", settled: "Settlement recorded.", statement: "Account statement" },
} as const;
const RUN = Date.now().toString(36);

/** The cents a figure carries (data-cents), on the page at `path`. */
async function cents(page: Page, path: string, testId: string) {
  await page.goto(path);
  const value = await page.getByTestId(testId).getAttribute("data-cents");
  return Number(value);
}

for (const lang of ["pt", "en"] as const) {
  for (const size of ["desktop", "mobile"] as const) {
    test.describe(`finance (${lang}, ${size})`, () => {
      test.use({ viewport: VIEWPORTS[size], hasTouch: size === "mobile" });

      test("a 3× receivable, its first installment settled partially, moves the statement and the DRE", async ({ page, baseURL }) => {
        const T = TEXT[lang];
        const errors: string[] = [];
        page.on("pageerror", (e) => errors.push(e.message));
        if (lang !== "pt") await page.context().addCookies([{ name: "lng", value: lang, url: baseURL! }]);
        await signIn(page);

        // The settlement's day (the form's default: today in the agency's zone) sets the periods.
        await page.goto("/financeiro/contas-a-receber/novo");
        const today = await page.locator("input[name=competenceDate]").inputValue();
        const year = today.slice(0, 4);
        const accountId = await page.evaluate(async () => {
          const res = await fetch("/financeiro/relatorios/extrato-de-contas");
          const html = await res.text();
          return /<option value="([^"]+)"[^>]*>Itaú/.exec(html)?.[1] ?? null;
        });
        expect(accountId).toBeTruthy();
        const statementPath = `/financeiro/relatorios/extrato-de-contas?account=${accountId}&from=${year}-01-01&to=${year}-12-31`;
        const closingBefore = await cents(page, statementPath, "statement-closing");
        const cashBefore = await cents(page, `/financeiro/relatorios/dre?year=${year}&basis=cash`, "dre-total-result");
        const competenceBefore = await cents(page, `/financeiro/relatorios/dre?year=${year}&basis=competence`, "dre-total-result");

        // Create with the 30/60/90 term: the preview shows 1/3, 2/3, 3/3.
        await page.goto("/financeiro/contas-a-receber");
        await expect(page.getByRole("heading", { level: 1, name: T.receivables })).toBeVisible();
        // The totals and the count come after the rows (…/totais, fetched by the list).
        await expect(page.getByTestId("total-open")).toBeVisible();
        await expect(page.getByTestId("list-total")).toHaveText(/\d/);
        await page.getByTestId("list-new").click();
        await expect(page).toHaveURL(/\/contas-a-receber\/novo$/);
        await page.waitForLoadState("networkidle");
        const description = `E2E ${RUN} ${lang} ${size}`;
        const party = page.locator("select[name=party]");
        await party.selectOption({ index: 1 });
        await page.locator("input[name=description]").fill(description);
        const category = page.locator("select[name=categoryId]");
        const packages = await category.locator("option", { hasText: "Pacotes turísticos" }).first().getAttribute("value");
        await category.selectOption(packages!);
        await page.locator("input[name=amount]").fill("900,00");
        await page.locator("select[name=paymentTermId]").selectOption({ label: "30/60/90" });
        await expect(page.getByTestId("preview-row")).toHaveCount(3);
        await expect(page.getByTestId("preview-row").first()).toContainText("1/3");
        await page.getByTestId("title-save").click();
        await expect(page).toHaveURL(/\/contas-a-receber\/editar\//);
        await expect(page.getByTestId("group-installments").locator("tr")).toHaveCount(3);

        // Settle 100,00 of the first installment into Itaú.
        const settle = page.getByTestId("settle-form");
        await settle.locator("select[name=bankAccountId]").selectOption(accountId!);
        await settle.locator("input[name=principal]").fill("100,00");
        await page.getByTestId("settle-submit").click();
        await expect(page.getByTestId("toast").getByText(T.settled)).toBeVisible();
        await expect(page.getByTestId("title-status").first()).toHaveText(T.partial);
        await expect(page.getByTestId("title-entry")).toHaveCount(1);

        // The statement: +100,00 with the title as its origin.
        expect(await cents(page, statementPath, "statement-closing")).toBe(closingBefore + 100_00);
        await expect(page.getByRole("heading", { level: 1, name: T.statement })).toBeVisible();
        await expect(page.getByTestId("statement-origin").filter({ hasText: description })).toHaveCount(1);
        // The DRE: +100,00 on the cash basis, +900,00 on the competence basis.
        expect(await cents(page, `/financeiro/relatorios/dre?year=${year}&basis=cash`, "dre-total-result")).toBe(cashBefore + 100_00);
        expect(await cents(page, `/financeiro/relatorios/dre?year=${year}&basis=competence`, "dre-total-result")).toBe(competenceBefore + 900_00);
        // Drill into the package revenue of the month: the title is behind it.
        await page.getByTestId("dre-row").filter({ hasText: "Pacotes turísticos" }).getByTestId("dre-cell").last().click();
        await expect(page.getByTestId("dre-detail")).toBeVisible();
        expect(errors).toEqual([]);
      });
    });
  }
}

// The title form's schema is not in the route chunk (useLazyForm's loadSchema): it arrives
// on the form's first focus (or when idle), then the browser shows field errors before any post.
test("the title form validates in the browser after the schema's lazy load: field errors, nothing posted", async ({ page }) => {
  await signIn(page);
  const schemaFetches: string[] = [];
  const posts: string[] = [];
  page.on("request", (r) => {
    if (/\/ledger\.schema-[\w-]+\.js$/.test(r.url())) schemaFetches.push(r.url());
    if (r.method() === "POST") posts.push(r.url());
  });
  await page.goto("/financeiro/contas-a-receber/novo");
  await page.waitForLoadState("networkidle");
  const form = page.getByTestId("title-form");
  const description = form.locator("input[name=description]");
  await description.fill("E2E");
  await description.fill("");
  await description.press("Tab");
  await expect(description).toHaveAttribute("aria-invalid", "true");
  await expect(description).toHaveAccessibleDescription("Campo obrigatório.");
  const amount = form.locator("input[name=amount]");
  await amount.fill("0");
  await amount.press("Tab");
  await expect(amount).toHaveAttribute("aria-invalid", "true");
  await expect(amount).toHaveAccessibleDescription(/Informe um valor maior que zero/);
  expect(schemaFetches.length, "the schema came as a chunk of its own").toBeGreaterThan(0);
  expect(posts, "nothing was posted").toEqual([]);
  await description.fill("E2E lazy");
  await expect(description).not.toHaveAttribute("aria-invalid", "true");
});

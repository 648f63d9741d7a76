/**
 * Foreign-currency titles keep their rate (decision 0018), in Chromium, in
 * Portuguese and English, on a desktop and a 390 px phone: a USD receivable on a
 * day the demo has a rate for shows the rate used (value, day, source) and the
 * amount in reais; on a day without a rate the currency field says so and
 * nothing is saved. Screenshots to /tmp/fx-*.png.
 */
import { expect, test, signIn } from "./fixtures";

const TEXT = {
  pt: { noRate: /Não há cotação de USD em/, rate: "Cotação", brl: "Valor em reais", preview: "Cotação que será usada" },
  en: { noRate: /There is no rate for USD on/, rate: "Exchange rate", brl: "Amount in reais", preview: "Rate that will be used" },
} as const;

const dayBefore = (today: string, days: number) => {
  const d = new Date(`${today}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - days);
  return d.toISOString().slice(0, 10);
};

for (const lang of ["pt", "en"] as const) {
  for (const size of ["desktop", "phone"] as const) {
    test(`a USD receivable keeps its rate (${lang}, ${size})`, async ({ page, baseURL }) => {
      const T = TEXT[lang];
      const errors: string[] = [];
      page.on("pageerror", (e) => errors.push(e.message));
      if (size === "phone") await page.setViewportSize({ width: 390, height: 844 });
      if (lang !== "pt") await page.context().addCookies([{ name: "lng", value: lang, url: baseURL! }]);
      await signIn(page);

      await page.goto("/financeiro/contas-a-receber/novo");
      await page.waitForLoadState("networkidle");
      const today = await page.locator("input[name=competenceDate]").inputValue();
      const fill = async (competence: string, description: string) => {
        await page.locator("select[name=party]").selectOption({ index: 1 });
        await page.locator("input[name=description]").fill(description);
        const category = page.locator("select[name=categoryId]");
        await category.selectOption((await category.locator("option").nth(1).getAttribute("value"))!);
        await page.locator("input[name=competenceDate]").fill(competence);
        await page.locator("input[name=dueDate]").fill(today);
        await page.locator("input[name=amount]").fill("1.234,57");
        await page.locator("input[name=currency]").fill("USD");
      };
      const save = () => page.getByTestId("title-save").click();

      // Two years back: the demo has no USD rate then — a field error, nothing saved.
      // Before saving, the form already says there is no rate; after, the currency field says it too.
      await fill(dayBefore(today, 730), `E2E sem cotação ${lang} ${size}`);
      await expect(page.getByTestId("fx-rate-preview-missing")).toContainText(T.noRate);
      await save();
      await expect(page.getByText(T.noRate)).toHaveCount(2);
      await expect(page).toHaveURL(/\/contas-a-receber\/novo$/);
      await page.screenshot({ path: `/tmp/fx-norate-${lang}-${size}.png`, fullPage: true });

      // Ten days back: the demo's rate of that day (or the last business day before it).
      await page.goto("/financeiro/contas-a-receber/novo");
      await page.waitForLoadState("networkidle");
      // Before saving: the rate the save will take and the amount in reais at it — the same the title keeps.
      await fill(dayBefore(today, 10), `E2E USD ${lang} ${size}`);
      const preview = page.getByTestId("fx-rate-preview");
      await expect(preview).toContainText(T.preview);
      await expect(page.getByTestId("fx-rate-preview-brl")).toContainText("R$");
      const previewRate = await preview.getAttribute("data-rate");
      const previewBrl = await page.getByTestId("fx-rate-preview-brl").getAttribute("data-cents");
      await save();
      await expect(page).toHaveURL(/\/contas-a-receber\/editar\//);
      const used = page.getByTestId("fx-rate-used");
      await expect(used).toBeVisible();
      await expect(used).toHaveAttribute("data-rate", previewRate!);
      await expect(page.getByTestId("fx-rate-used-brl")).toHaveAttribute("data-cents", previewBrl!);
      await expect(used).toContainText(T.rate);
      await expect(used).toContainText(T.brl);
      await expect(page.getByTestId("fx-rate-used-brl")).toContainText("R$");
      await page.screenshot({ path: `/tmp/fx-title-${lang}-${size}.png`, fullPage: true });

      // The DRE, in reais.
      await page.goto(`/financeiro/relatorios/dre?year=${today.slice(0, 4)}&basis=competence`);
      await expect(page.getByTestId("dre-table")).toBeVisible();
      await page.screenshot({ path: `/tmp/fx-dre-${lang}-${size}.png`, fullPage: false });
      expect(errors).toEqual([]);
    });
  }
}

/**
 * Câmbio end to end (issue #20 item 4), in Chromium, in Portuguese and Spanish:
 * enter a rate by hand, import a CSV (preview, then import), and convert an
 * amount with the rate just entered (the result names the rate and its day).
 * Each language works on its own day (a few weeks back, before the demo seed's
 * 90 days would matter for GBP, which the test enables).
 */
import { expect, test, signIn } from "./fixtures";

const TEXT = {
  pt: { title: "Câmbio", newRate: "Nova cotação", saved: /salv/i, preview: "Pré-visualização", imported: /cotações importadas/, convert: "Converter" },
  es: { title: "Cambio de divisas", newRate: "Nueva cotización", saved: /guard/i, preview: "Vista previa", imported: /cotizaciones importadas/, convert: "Convertir" },
} as const;

const dayBefore = (today: string, days: number) => {
  const d = new Date(`${today}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - days);
  return d.toISOString().slice(0, 10);
};

for (const lang of ["pt", "es"] as const) {
  test(`câmbio (${lang}): enter a rate, import a CSV, convert an amount`, async ({ page, baseURL }) => {
    const T = TEXT[lang];
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    if (lang !== "pt") await page.context().addCookies([{ name: "lng", value: lang, url: baseURL! }]);
    await signIn(page);

    // The seeded currencies; GBP enabled for this test (idempotent).
    await page.goto("/financeiro/cambio");
    await expect(page.getByRole("heading", { level: 1, name: T.title })).toBeVisible();
    await expect(page.getByTestId("fx-rate-value").first()).toBeVisible();
    const gbp = page.getByTestId("fx-currency-GBP");
    if ((await gbp.getAttribute("data-state")) !== "checked") {
      await gbp.click();
      await page.getByTestId("fx-currencies-save").click();
      await expect(page.getByTestId("fx-currency-GBP")).toHaveAttribute("data-state", "checked");
    }

    // A rate by hand: GBP on a day of its own per language.
    await page.getByTestId("list-new").click();
    await expect(page.getByRole("heading", { level: 1, name: T.newRate })).toBeVisible();
    await page.waitForLoadState("networkidle");
    const today = await page.locator("input[name=date]").inputValue();
    const day = dayBefore(today, lang === "pt" ? 20 : 21);
    await page.locator("select[name=currency]").selectOption("GBP");
    await page.locator("input[name=date]").fill(day);
    await page.locator("input[name=rate]").fill("7,1234");
    await page.getByTestId("record-save").click();
    // Saved (or, on a second run, the day already has one: its page is linked).
    await expect(page.getByText(T.saved).first().or(page.locator("main a[href*='/financeiro/cambio/editar/']")).first()).toBeVisible();
    await expect(page).toHaveURL(/\/financeiro\/cambio\/(editar\/|novo)/);

    // A CSV: preview first (nothing written), then import.
    await page.goto("/financeiro/cambio/importar");
    const csvDays = [dayBefore(today, lang === "pt" ? 40 : 50), dayBefore(today, lang === "pt" ? 41 : 51)];
    const csv = `currency;date;rate\nGBP;${csvDays[0]};7,01\nGBP;${csvDays[1]};7,02\n`;
    await page.getByTestId("import-replace").click();
    await page.getByTestId("import-file").setInputFiles({ name: "cotacoes.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
    await page.getByTestId("import-submit").click();
    await expect(page.getByRole("heading", { name: T.preview })).toBeVisible();
    const confirm = page.getByTestId("import-confirm");
    if (await confirm.isVisible()) {
      await confirm.click();
      await expect(page).toHaveURL(/\/financeiro\/cambio$/);
      await expect(page.getByTestId("toast").getByText(T.imported)).toBeVisible();
    } else {
      // A second run: the same rates again, nothing to write.
      await expect(page.getByTestId("import-row-unchanged")).toHaveCount(2);
    }
    await page.goto(`/financeiro/cambio?currency=GBP&from=${csvDays[1]}&to=${csvDays[0]}`);
    await expect(page.getByTestId("fx-rate-value")).toHaveCount(2);

    // Convert 100 GBP on the hand-entered day: 712,34 BRL at that rate, named with its day.
    await page.goto("/financeiro/cambio");
    await page.waitForLoadState("networkidle");
    const converter = page.getByTestId("fx-converter");
    await converter.locator("input[name=amount]").fill("100,00");
    await converter.locator("select[name=from]").selectOption("GBP");
    await converter.locator("select[name=to]").selectOption("BRL");
    await converter.locator("input[name=date]").fill(day);
    await converter.getByRole("button", { name: T.convert }).click();
    const result = page.getByTestId("fx-convert-result");
    await expect(result).toContainText("712,34");
    await expect(result).toContainText("7,1234");

    // No rate for the day: a field error, never 1:1.
    await converter.locator("input[name=date]").fill("2001-01-01");
    await converter.getByRole("button", { name: T.convert }).click();
    await expect(converter.locator("[id$='-error'], [role=alert]").first()).toBeVisible();
    await expect(page.getByTestId("fx-convert-result")).toHaveCount(0);

    expect(errors).toEqual([]);
  });
}

/**
 * Commissions end to end (issue #20), in Chromium, in Portuguese (Sol Viagens) and
 * English (Mar Turismo): the Admin releases the commissions on confirmation, selects
 * one agent's released commissions, pays them, and finds the agent's payable in
 * Contas a pagar. axe on the screen.
 */
import AxeBuilder from "@axe-core/playwright";
import { expect, signIn, test } from "./fixtures";

const TEXT = {
  pt: { title: "Comissões", policy: "Na confirmação da venda", save: "Salvar", saved: "Política de liberação salva.", payable: "Comissões de", payables: "Contas a Pagar" },
  en: { title: "Commissions", policy: "When the sale is confirmed", save: "Save", saved: "Release policy saved.", payable: "Commissions of", payables: "Payables" },
} as const;
const USER = { pt: "admin@sol.example", en: "admin@mar.example" } as const;

for (const lang of ["pt", "en"] as const) {
  test(`commissions (${lang}): pay an agent's released commissions and find the payable`, async ({ page, baseURL }) => {
    const T = TEXT[lang];
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    if (lang !== "pt") await page.context().addCookies([{ name: "lng", value: lang, url: baseURL! }]);
    await signIn(page, USER[lang]);

    await page.goto("/financeiro/faturamento/comissoes");
    await expect(page.getByRole("heading", { level: 1, name: T.title })).toBeVisible();
    await page.waitForLoadState("networkidle");
    // Release on confirmation: every open commission becomes payable.
    await page.getByTestId("commission-policy").click();
    await page.getByRole("option", { name: T.policy }).click();
    await page.getByRole("button", { name: T.save }).click();
    await expect(page.getByTestId("toast").getByText(T.saved)).toBeVisible({ timeout: 30_000 });

    const axe = await new AxeBuilder({ page }).include("#main").withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
    expect(axe.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id)).toEqual([]);

    // One agent's released commissions on the first page.
    await page.goto("/financeiro/faturamento/comissoes?status=released");
    const first = page.getByTestId("commission-row").first();
    await expect(first).toBeVisible();
    const agent = (await first.getAttribute("data-agent"))!;
    const rows = page.locator(`[data-testid=commission-row][data-agent="${agent}"]`);
    const n = await rows.count();
    for (let i = 0; i < n; i++) await rows.nth(i).getByTestId("commission-select").click();
    await page.getByTestId("commission-pay").click();
    await expect(page.getByTestId("commissions-paid")).toContainText(agent);

    // The payable, in Contas a pagar.
    await page.goto(`/financeiro/contas-a-pagar?q=${encodeURIComponent(agent)}`);
    await expect(page.getByRole("heading", { level: 1, name: T.payables })).toBeVisible();
    await expect(page.getByText(`${T.payable} ${agent}`).first()).toBeVisible();
    expect(errors).toEqual([]);
  });
}

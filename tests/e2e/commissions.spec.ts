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
const CARD = {
  pt: { custom: "Própria desta venda", agent: "A do vendedor", percent: "Percentual", save: "Salvar comissão", saved: /Comissão da venda \d+ salva/, own: "regra própria desta venda, 7,5 %", seller: "regra do vendedor" },
  en: { custom: "This sale's own", agent: "The seller's", percent: "Percentage", save: "Save commission", saved: /Commission of sale \d+ saved/, own: "this sale's own rule, 7.5 %", seller: "the seller's rule" },
} as const;

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

for (const lang of ["pt", "en"] as const) {
  test(`a sale's own commission (${lang}): set from the sale page, then back to the seller's rule`, async ({ page, baseURL }) => {
    const C = CARD[lang];
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    if (lang !== "pt") await page.context().addCookies([{ name: "lng", value: lang, url: baseURL! }]);
    await signIn(page, USER[lang]);
    // A confirmed emissivo sale with a released commission, from the commissions list.
    await page.goto("/financeiro/faturamento/comissoes?status=released");
    await page.locator('[data-testid=commission-row] a[href^="/vendas/emissivo/editar/"]').first().click();
    // The sale page's chunks (the form, its fields) load on this first visit: on a loaded 2-core machine the
    // navigation has taken over 10 s (twice before this session's changes too), so it gets the toast's bound.
    await expect(page).toHaveURL(/\/vendas\/emissivo\/editar\//, { timeout: 30_000 });
    const card = page.getByTestId("sale-commission");
    await expect(card).toBeVisible();
    await page.waitForLoadState("networkidle");
    await card.getByLabel(C.custom).check();
    await card.getByLabel(C.percent).fill("7,5");
    await card.getByRole("button", { name: C.save }).click();
    await expect(page.getByTestId("toast").getByText(C.saved)).toBeVisible({ timeout: 30_000 });
    await expect(card).toContainText(C.own);
    // A bad percentage is a field error in the user's language; nothing changes.
    await card.getByLabel(C.percent).fill("250");
    await card.getByRole("button", { name: C.save }).click();
    await expect(card.getByRole("alert")).toBeVisible();
    await expect(card).toContainText(C.own);
    // Back to the seller's rule.
    await card.getByLabel(C.agent).check();
    await card.getByRole("button", { name: C.save }).click();
    await expect(card).toContainText(C.seller, { timeout: 30_000 });
    expect(errors).toEqual([]);
  });
}

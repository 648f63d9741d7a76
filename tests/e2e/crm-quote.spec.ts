/**
 * A quote answered by the client (issue #18), in pt and in es (the quote's language):
 * the owner of a deal (the demo Admin, who has no agent record of their own) writes a quote
 * through the UI, sends it and keeps the pipeline open; the client opens the public
 * /orcamento/{slug} in a fresh browser context at phone size (390×844), without a session,
 * and accepts. The owner's board shows the live toast and the card in Ganho without a
 * reload; the deal's page shows it won, the quote accepted with its draft sale.
 */
import AxeBuilder from "@axe-core/playwright";
import type { Browser, Page } from "@playwright/test";
import { DEMO_PASSWORD, expect, test } from "./fixtures";

let ip = 0;
const nextIp = () => `10.97.${Math.floor(++ip / 250)}.${(ip % 250) + 1}`;

async function owner(browser: Browser, baseURL: string): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: { width: 1400, height: 900 }, locale: "pt-BR" });
  await context.setExtraHTTPHeaders({ "cf-connecting-ip": nextIp() });
  const page = await context.newPage();
  await page.goto("/login");
  await page.locator("input[name=email]").fill("admin@sol.example");
  await page.locator("input[name=password]").fill(DEMO_PASSWORD);
  await page.locator("form button[type=submit]").click();
  await expect(page).toHaveURL(/\/dashboard$/);
  return page;
}

/** No serious or critical axe violations (WCAG 2.1 A/AA) in `selector`. */
async function axe(page: Page, selector: string) {
  const results = await new AxeBuilder({ page }).include(selector).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  const bad = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => `${n.target.join(" ")} ${n.html.slice(0, 120)}`).join(", ")}`)).toEqual([]);
}

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

const TEXTS = {
  pt: { accept: "Aceitar orçamento", accepted: /Orçamento aceito/, heading: /^Orçamento nº \d+$/ },
  es: { accept: "Aceptar presupuesto", accepted: /Presupuesto aceptado/, heading: /^Presupuesto n\.º \d+$/ },
} as const;

for (const lang of ["pt", "es"] as const) {
  test(`a client accepts a quote on the phone (${lang}); the owner sees the toast and the deal won live`, async ({ browser, baseURL }) => {
    const page = await owner(browser, baseURL!);
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    const stamp = `${lang}-${Date.now().toString(36)}`;

    // A deal of the Admin for a lead.
    await page.goto("/crm/negocios/novo");
    await page.locator("input[name=title]").fill(`Férias ${stamp}`);
    await page.locator("input[name=leadName]").fill(`Cliente ${stamp}`);
    await page.locator("input[name=leadEmail]").fill(`cliente-${stamp}@example.com`);
    await page.locator("input[name=value]").fill("5.000,00");
    await page.getByTestId("record-save").click();
    await expect(page).toHaveURL(/\/crm\/negocios\/editar\//);
    const dealId = page.url().split("/").pop()!;

    // Its quote in the client's language, one item, sent.
    await expect(page.getByTestId("linked-tasks")).toBeVisible();
    await expect(page.getByTestId("deal-client-picker")).toBeVisible();
    await axe(page, "#main");
    await page.getByTestId("deal-new-quote").click();
    await expect(page.getByTestId("quote-form-page")).toBeVisible();
    await axe(page, "#main");
    await page.locator("select[name=language]").selectOption(lang);
    await page.locator("input[name=validUntil]").fill(inDays(10));
    await page.locator("select[name='items[0].productKindId']").selectOption({ index: 1 });
    await page.locator("input[name='items[0].description']").fill(`Hotel ${stamp}, 5 noites`);
    await page.locator("input[name='items[0].price']").fill("4.800,00");
    await page.getByTestId("quote-save").click();
    await expect(page).toHaveURL(/\/crm\/orcamentos\/editar\//);
    await page.getByTestId("quote-send").click();
    const link = await page.getByTestId("quote-link").inputValue();
    expect(link).toMatch(/\/orcamento\/[A-Za-z0-9_-]{43}$/);

    // The owner keeps the pipeline open, live.
    await page.goto("/crm");
    await expect(page.getByTestId("crm-live")).toHaveText(/Ao vivo/);
    await expect(page.getByTestId("notification-bell")).toHaveAttribute("data-connected", "true");
    const navigations: string[] = [];
    page.on("framenavigated", (f) => f === page.mainFrame() && navigations.push(f.url()));

    // The client: a fresh context, no session, a phone.
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: lang === "pt" ? "pt-BR" : "es-ES" });
    await phone.setExtraHTTPHeaders({ "cf-connecting-ip": nextIp() });
    const client = await phone.newPage();
    client.on("pageerror", (e) => errors.push(e.message));
    await client.goto(link);
    const quote = client.getByTestId("public-quote");
    await expect(quote).toHaveAttribute("data-state", "open");
    await expect(quote).toHaveAttribute("lang", lang);
    await expect(client.getByRole("heading", { level: 1 })).toHaveText(TEXTS[lang].heading);
    await expect(client.getByTestId("quote-agency")).toContainText("Sol Viagens");
    await expect(client.getByTestId("public-quote-item")).toContainText(`Hotel ${stamp}`);
    await axe(client, "body");
    // Nothing wider than the phone.
    expect(await client.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const accept = client.getByTestId("quote-accept");
    await expect(accept).toHaveText(TEXTS[lang].accept);
    await accept.tap();
    await expect(client.getByTestId("quote-done")).toHaveText(TEXTS[lang].accepted);
    await expect(quote).toHaveAttribute("data-state", "accepted");

    // The owner: the toast (in the owner's language, pt) and the card in Ganho, without a reload.
    await expect(page.getByTestId("toast")).toContainText(/Orçamento nº \d+ aceito/);
    await expect(page.getByTestId("crm-column-ganho").locator(`[data-deal="${dealId}"]`)).toBeVisible();
    expect(navigations).toEqual([]);

    // The deal's page: won, the quote accepted; the draft sale was made (the Admin has no agent record).
    await page.goto(`/crm/negocios/editar/${dealId}`);
    await expect(page.getByTestId("deal-stage")).toHaveText("Ganho");
    await expect(page.getByTestId("deal-quote")).toContainText("Aceito");
    await expect(page.getByTestId("deal-sale")).toBeVisible();
    expect(errors).toEqual([]);
    await phone.close();
    await page.context().close();
  });
}

/**
 * Public pages (issue #21): a visitor at phone size opens Sol Viagens' packages in English,
 * opens one, asks to reserve (a field error first, in English), and the staff — signed in as
 * the Admin in another browser context — see the lead arrive live (a toast and the bell,
 * linking to the new deal). An unknown slug is a 404 page in the visitor's language.
 */
import type { BrowserContext, Page } from "@playwright/test";
import { expect, signIn, test } from "./fixtures";

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: "en-US", extraHTTPHeaders: { "Accept-Language": "en-US,en;q=0.9", "cf-connecting-ip": "10.201.0.7" } };

async function clearNotifications(page: Page, context: BrowserContext) {
  const res = await context.request.post("/notificacoes", { form: { intent: "read-all" }, headers: { Origin: new URL(page.url()).origin } });
  expect(res.status()).toBe(200);
  await page.reload();
  await expect(page.getByTestId("notification-bell")).toHaveAttribute("data-connected", "true");
}

test("a visitor asks to reserve a package in English at phone size; staff see the lead live", async ({ page: staff, context: staffContext, browser }) => {
  await signIn(staff, "admin@sol.example");
  await clearNotifications(staff, staffContext);

  const visitorContext = await browser.newContext(PHONE);
  const visitor = await visitorContext.newPage();
  await visitor.goto("/agencia/sol-viagens/pacotes");
  await expect(visitor.locator("h1")).toContainText("Packages and excursions by Sol Viagens");
  // Nothing wider than the phone.
  expect(await visitor.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await visitor.locator('[data-testid="public-card"][data-kind="package"]').first().click();
  await expect(visitor.getByTestId("public-item")).toBeVisible();
  await expect(visitor.getByTestId("public-prices")).toContainText("Adult");
  const title = (await visitor.locator("h1").textContent())!.trim();
  expect(await visitor.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  const form = visitor.getByTestId("public-reserve-form");
  await form.locator("input[name=name]").fill("Visitor Smith");
  await form.locator("input[name=email]").fill("visitor@example.com");
  await form.locator("input[name=phone]").fill("12");
  const departure = form.locator("select[name=departure]");
  const firstDate = await departure.locator("option").nth(1).getAttribute("value");
  await departure.selectOption(firstDate!);
  await form.locator("input[name=passengers]").fill("2");
  await visitor.getByTestId("public-reserve-submit").click();
  await expect(visitor.getByTestId("public-reserve-error-phone")).toHaveText("Enter a phone number with its area code.");
  await form.locator("input[name=phone]").fill("+55 11 98888-7777");
  await visitor.getByTestId("public-reserve-submit").click();
  await expect(visitor.getByTestId("public-reserve-sent")).toContainText("Request sent!");

  // Staff: live, without a reload.
  await expect(staff.getByTestId("notification-count")).toHaveText("1");
  await expect(staff.getByTestId("toast").first()).toContainText("Visitor Smith");
  await staff.getByTestId("notification-bell").click();
  await expect(staff.getByTestId("notification-item").first()).toContainText(title);
  await staff.getByTestId("notification-item").first().getByRole("link").click();
  await expect(staff).toHaveURL(/\/crm\/negocios\/editar\//);
  await expect(staff.locator("input[name=leadName]")).toHaveValue("Visitor Smith");
  await visitorContext.close();
});

test("an unknown package is a 404 page in the visitor's language, not the sign-in", async ({ browser }) => {
  const context = await browser.newContext({ locale: "es-ES", extraHTTPHeaders: { "Accept-Language": "es-ES,es;q=0.9" } });
  const page = await context.newPage();
  const res = await page.goto("/pacote/este-pacote-nao-existe");
  expect(res!.status()).toBe(404);
  await expect(page).toHaveURL(/\/pacote\/este-pacote-nao-existe$/);
  await expect(page.getByTestId("public-not-found")).toContainText("Página no encontrada");
  await context.close();
});

test("an excursion at phone size shows its boarding points and its live places", async ({ browser }) => {
  const context = await browser.newContext({ ...PHONE, locale: "pt-BR", extraHTTPHeaders: { "Accept-Language": "pt-BR" } });
  const page = await context.newPage();
  await page.goto("/agencia/sol-viagens/pacotes");
  await page.locator('[data-testid="public-card"][data-kind="excursion"]').first().click();
  await expect(page.getByTestId("public-item")).toHaveAttribute("data-kind", "excursion");
  await expect(page.getByTestId("public-boardings").locator("li").first()).toContainText(/\d{2}:\d{2}/);
  await expect(page.getByTestId("public-places-free")).toContainText(/lugares livres|Esgotado/);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await context.close();
});

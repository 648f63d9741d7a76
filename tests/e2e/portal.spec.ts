/**
 * The client portal end to end (issue #21), at phone size (390×844) and on a desktop: a
 * client of Sol Viagens (the demo seed's: an e-mail, a confirmed sale and open
 * installments) signs in at /portal/sol-viagens/acesso with the code read from the local
 * mailbox, sees the trip, creates the Pix charge of an installment, pays it in the Asaas
 * simulator (/dev/asaas) and sees it among the paid ones; then signs out.
 */
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";

/** A Sol client of the demo seed with a confirmed sale and open installments (scripts/seed/seed-portal.test.ts checks it). */
const CLIENT_EMAIL = "gabriela.moreira@example.net";
const ACCESS = "/portal/sol-viagens/acesso";

async function noHorizontalScroll(page: Page) {
  const { scroll, width } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, width: document.documentElement.clientWidth }));
  expect(scroll).toBeLessThanOrEqual(width);
}

async function codeFromMailbox(page: Page): Promise<string> {
  await page.goto("/dev/mailbox");
  const mail = page.getByTestId("mail").filter({ has: page.getByTestId("mail-to").getByText(CLIENT_EMAIL, { exact: true }) }).first();
  await expect(mail).toBeVisible();
  const text = await mail.innerText();
  const code = /\b(\d{6})\b/.exec(text)?.[1];
  expect(code, text).toBeTruthy();
  return code!;
}

test("a client signs in with the mailed code, sees the trip and pays an installment by Pix in the simulator (phone size)", async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 }, locale: "pt-BR", extraHTTPHeaders: { "cf-connecting-ip": "10.210.0.7" } });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  const mailbox = await context.newPage();

  // A wrong code first: a field error, still on the sign-in page.
  await page.goto(ACCESS);
  await page.waitForLoadState("networkidle");
  await page.locator("input[name=email]").fill(CLIENT_EMAIL);
  await page.getByTestId("portal-request-code").click();
  await expect(page.getByTestId("portal-code-form")).toBeVisible();
  const first = await codeFromMailbox(mailbox);
  await page.locator("input[name=code]").fill(first === "000000" ? "000001" : "000000");
  await page.getByTestId("portal-verify-code").click();
  await expect(page.getByText(/Código incorreto/)).toBeVisible();
  await page.locator("input[name=code]").fill(first);
  await page.getByTestId("portal-verify-code").click();
  await expect(page).toHaveURL(/\/portal\/sol-viagens\/dashboard$/);
  await page.bringToFront();

  // The trip, with its passengers.
  const trip = page.getByTestId("portal-trip").first();
  await expect(trip).toBeVisible();
  await expect(trip.getByTestId("portal-passenger").first()).toBeVisible();
  await noHorizontalScroll(page);

  // An open installment without a charge: create the Pix charge.
  const installment = page.getByTestId("portal-installment").filter({ has: page.getByTestId("portal-charge-PIX") }).first();
  await expect(installment).toBeVisible();
  const id = await installment.getAttribute("id");
  const description = (await installment.locator("div").filter({ hasText: /./ }).first().innerText()).split("\n")[0]!.trim();
  await installment.getByTestId("portal-charge-PIX").click();
  const charged = page.locator(`[id="${id}"]`);
  await expect(charged.getByTestId("portal-pix-qr")).toBeVisible();
  expect(await charged.getByTestId("portal-pix-qr").evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(100);
  await expect(charged.getByTestId("portal-pix-code")).toHaveText(/^000201.*6304[0-9A-F]{4}$/);
  await expect(charged.getByTestId("portal-pay-link")).toBeVisible();
  await noHorizontalScroll(page);

  // The client pays in the simulator.
  const simulator = await context.newPage();
  await simulator.goto("/dev/asaas");
  const card = simulator.getByTestId("sim-payment").filter({ hasText: description }).first();
  await expect(card).toBeVisible();
  await card.getByTestId("sim-payPix").click();
  await expect(simulator.getByTestId("sim-outcome")).toContainText("webhook entregue");

  // Back in the portal: the installment is no longer open, it is among the paid ones.
  await page.bringToFront();
  await expect(async () => {
    await page.reload();
    await expect(page.locator(`[id="${id}"]`)).toHaveCount(0);
  }).toPass({ timeout: 30_000 });
  await expect(page.getByTestId("portal-paid").filter({ hasText: description }).first()).toBeVisible();

  // My details at phone size; then sign out: the dashboard sends back to the sign-in.
  await page.getByTestId("portal-details-link").click();
  await expect(page.getByTestId("portal-details")).toBeVisible();
  await noHorizontalScroll(page);
  await page.goBack();
  await page.getByTestId("portal-sign-out").click();
  await expect(page).toHaveURL(/\/portal\/sol-viagens\/acesso$/);
  await page.goto("/portal/sol-viagens/dashboard");
  await expect(page).toHaveURL(/\/portal\/sol-viagens\/acesso$/);
  // The portal session never opened the staff app.
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/login/);
  expect(errors).toEqual([]);
  await context.close();
});

test("the portal in English on a desktop: sign-in and the dashboard", async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 }, locale: "en-US", extraHTTPHeaders: { "cf-connecting-ip": "10.210.0.8", "Accept-Language": "en-US,en;q=0.9" } });
  const page = await context.newPage();
  const mailbox = await context.newPage();
  await page.goto(ACCESS);
  await expect(page.getByText("Type the e-mail you gave the agency.", { exact: false })).toBeVisible();
  await page.waitForLoadState("networkidle");
  await page.locator("input[name=email]").fill(CLIENT_EMAIL);
  await page.getByTestId("portal-request-code").click();
  await expect(page.getByText(/If this e-mail is registered/)).toBeVisible();
  const code = await codeFromMailbox(mailbox);
  await page.bringToFront();
  await page.locator("input[name=code]").fill(code);
  await page.getByTestId("portal-verify-code").click();
  await expect(page.getByRole("heading", { name: "My trips" })).toBeVisible();
  await expect(page.getByTestId("portal-trip").first()).toBeVisible();
  await context.close();
});

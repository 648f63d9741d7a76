/**
 * Service vouchers end to end (decision 0023): the Admin of Sol opens a confirmed emissivo
 * sale of the demo seed and downloads an item's voucher (a PDF, in Portuguese; the English
 * link answers a PDF too); the demo portal client, reading the portal in English, finds the
 * vouchers of her confirmed trip among her documents and downloads one.
 */
import { expect, signIn, test } from "./fixtures";

/** The Sol client of the demo seed with a confirmed emissivo sale (scripts/seed/seed-portal.test.ts). */
const CLIENT_EMAIL = "gabriela.moreira@example.net";

test("staff download a voucher of a confirmed sale (pt)", async ({ page }) => {
  await signIn(page);
  await page.goto("/vendas/emissivo?situacao=confirmed");
  await page.waitForLoadState("networkidle");
  await page.getByTestId("list-row").first().locator("a").first().click();
  await expect(page).toHaveURL(/\/vendas\/emissivo\/editar\//);
  await expect(page.getByTestId("emissivo-form-page")).toBeVisible();
  const vouchers = page.getByTestId("sale-vouchers");
  await expect(vouchers).toBeVisible();
  await expect(vouchers.getByRole("heading", { name: "Vouchers" })).toBeVisible();
  const first = vouchers.getByTestId("sale-voucher-download").first();
  await expect(first).toHaveText(/Voucher \d+-1/);

  const [download] = await Promise.all([page.waitForEvent("download"), first.click()]);
  expect(download.suggestedFilename()).toMatch(/^voucher-\d+-1\.pdf$/);
  const path = await download.path();
  const { readFileSync } = await import("node:fs");
  expect(readFileSync(path).subarray(0, 5).toString("latin1")).toBe("%PDF-");

  // The English copy of the same voucher is a PDF too.
  const href = await vouchers.getByTestId("sale-voucher-en").first().getAttribute("href");
  expect(href).toMatch(/\/voucher\/.+\?idioma=en$/);
  const en = await page.request.get(href!);
  expect(en.status()).toBe(200);
  expect(en.headers()["content-type"]).toBe("application/pdf");
});

test("the portal lists the client's vouchers and serves them (en)", async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, locale: "en-US", extraHTTPHeaders: { "cf-connecting-ip": "10.211.0.9" } });
  const page = await context.newPage();
  await page.goto("/portal/sol-viagens/acesso");
  await page.waitForLoadState("networkidle");
  await page.locator("input[name=email]").fill(CLIENT_EMAIL);
  await page.getByTestId("portal-request-code").click();
  await expect(page.getByTestId("portal-code-form")).toBeVisible();

  const mailbox = await context.newPage();
  await mailbox.goto("/dev/mailbox");
  const mail = mailbox.getByTestId("mail").filter({ has: mailbox.getByTestId("mail-to").getByText(CLIENT_EMAIL, { exact: true }) }).first();
  await expect(mail).toBeVisible();
  const code = /\b(\d{6})\b/.exec(await mail.innerText())?.[1];
  expect(code).toBeTruthy();

  await page.bringToFront();
  await page.locator("input[name=code]").fill(code!);
  await page.getByTestId("portal-verify-code").click();
  await expect(page).toHaveURL(/\/portal\/sol-viagens\/dashboard$/);

  const voucher = page.getByTestId("portal-voucher").first();
  await expect(voucher).toBeVisible();
  await expect(voucher).toContainText(/Voucher \d+-1/);
  const link = voucher.getByTestId("portal-voucher-pdf");
  await expect(link).toHaveText("Download voucher");
  const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
  expect(download.suggestedFilename()).toMatch(/^voucher-\d+-\d+\.pdf$/);
  const res = await page.request.get((await link.getAttribute("href"))!);
  expect(res.status()).toBe(200);
  expect(res.headers()["content-type"]).toBe("application/pdf");
  await context.close();
});

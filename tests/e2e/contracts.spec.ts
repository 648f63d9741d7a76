/**
 * Contracts end to end, in Chromium, on the demo seed: the seller (an Agente, who
 * owns some of the seeded confirmed sales) generates the contract of one of them on
 * Geração pendente and sends it; the client opens the link from the development
 * mailbox in a fresh browser context at phone size (in Spanish), reads and signs it
 * with a typed signature and their CPF; the seller, on another page, gets the
 * "viewed" and "signed" notifications live; the link is then single use; the staff
 * page offers the signed PDF. The signed PDF is saved and, where pdftoppm exists,
 * rendered to PNG pages beside the screenshots (SHOTS_DIR, default
 * test-results/screenshots/contracts) to be looked at.
 */
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { DEMO_PASSWORD, expect, test } from "./fixtures";

const SHOTS = process.env.SHOTS_DIR ?? "test-results/screenshots/contracts";

async function signIn(page: Page, email: string) {
  await page.goto("/login");
  await page.locator("input[name=email]").fill(email);
  await page.locator("input[name=password]").fill(DEMO_PASSWORD);
  await page.locator("form button[type=submit]").click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.waitForLoadState("networkidle");
}

async function shot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await page.waitForTimeout(300);
  await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
}

async function axe(page: Page, include: string) {
  const results = await new AxeBuilder({ page }).include(include).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  const bad = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => `${n.target.join(" ")} ${n.html.slice(0, 120)}`).join(", ")}`)).toEqual([]);
}

function watchConsole(page: Page) {
  const errors: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error" && !/status of (400|404|409|410)/.test(m.text())) errors.push(m.text());
  });
  page.on("pageerror", (e) => errors.push(e.message));
  return errors;
}

test("a contract: generated and sent by the seller, signed on a phone by link, the seller told live", async ({ page, browser, baseURL }) => {
  test.setTimeout(120_000);
  const errors = watchConsole(page);
  await signIn(page, "agente@sol.example");

  await page.goto("/contratos/contratos-pendentes");
  await expect(page.getByRole("heading", { level: 1, name: "Geração pendente" })).toBeVisible();
  await shot(page, "pending-pt-desktop");
  await axe(page, "#main");
  const row = page.getByTestId("list-row").first();
  await row.getByTestId("pending-select").check();
  await page.getByTestId("generate-submit").click();
  const outcomes = page.getByTestId("generate-outcomes");
  await expect(outcomes).toContainText("1 contrato gerado.");
  await expect(outcomes).toContainText("enviado");
  await outcomes.getByRole("link").first().click();
  await expect(page.getByTestId("contract-page")).toBeVisible();
  await expect(page.getByTestId("contract-status").first()).toHaveText("Enviado");
  const client = await page.getByTestId("contract-client").innerText();
  const cpf = /(\d{3}\.\d{3}\.\d{3}-\d{2})/.exec(client)?.[1];
  expect(cpf, `the client's CPF on the contract page: ${client}`).toBeTruthy();
  const contractUrl = page.url();
  await shot(page, "contract-sent-pt-desktop");
  await axe(page, "#main");

  // The link, from the development mailbox.
  await page.goto("/dev/mailbox");
  const mail = page.getByTestId("mail").filter({ hasText: "para assinar" }).first();
  const href = await mail.getByRole("link").first().getAttribute("href");
  expect(href).toMatch(/\/assinar-contrato\/[A-Za-z0-9_-]{43}$/);
  const path = new URL(href!).pathname;

  // The seller waits on the dashboard; the client opens the link on a phone, in Spanish.
  await page.goto("/dashboard");
  await page.waitForLoadState("networkidle");
  const signer = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: "es-ES", extraHTTPHeaders: { "cf-connecting-ip": "10.200.1.7" } });
  await signer.addCookies([{ name: "lng", value: "es", url: baseURL! }]);
  const phone = await signer.newPage();
  const phoneErrors = watchConsole(phone);
  await phone.goto(path);
  await expect(phone.getByTestId("sign-page")).toBeVisible();
  await expect(phone.getByRole("heading", { level: 2, name: "Firma" })).toBeVisible();
  await expect(page.getByText(/Contrato nº \d+ visualizado/).first()).toBeVisible({ timeout: 10_000 });
  await shot(phone, "sign-es-mobile");
  await axe(phone, "body");
  const { scroll, clientWidth } = await phone.evaluate(() => ({ scroll: document.documentElement.scrollWidth, clientWidth: document.documentElement.clientWidth }));
  expect(scroll).toBeLessThanOrEqual(clientWidth);

  // A wrong CPF is refused with a field error; the right one signs.
  await phone.getByTestId("sign-name").fill("Cliente de Teste Assinante");
  await phone.getByTestId("sign-cpf").fill("529.982.247-25");
  await phone.getByTestId("kind-typed").click();
  await phone.getByTestId("sign-typed").fill("Cliente de Teste");
  await phone.getByTestId("sign-accept").click();
  await phone.getByTestId("sign-submit").click();
  if (cpf !== "529.982.247-25") await expect(phone.getByText("Este CPF no coincide con el del cliente del contrato.")).toBeVisible();
  await phone.getByTestId("sign-name").fill("Cliente de Teste Assinante");
  await phone.getByTestId("sign-cpf").fill(cpf!);
  await phone.getByTestId("kind-typed").click();
  await phone.getByTestId("sign-typed").fill("Cliente de Teste");
  if (!(await phone.getByTestId("sign-accept").isChecked())) await phone.getByTestId("sign-accept").click();
  await phone.getByTestId("sign-submit").click();
  await expect(phone.getByTestId("sign-done")).toBeVisible();
  await expect(phone.getByRole("heading", { name: "Contrato firmado" })).toBeVisible();
  await shot(phone, "signed-es-mobile");
  await expect(page.getByText(/Contrato nº \d+ assinado/).first()).toBeVisible({ timeout: 10_000 });

  // The signed copy, for the signer just after signing; saved and rendered to PNG pages.
  const copy = await phone.request.get(`${path}/copia`);
  expect(copy.status()).toBe(200);
  const pdf = await copy.body();
  expect(pdf.subarray(0, 4).toString()).toBe("%PDF");
  mkdirSync(SHOTS, { recursive: true });
  writeFileSync(join(SHOTS, "signed.pdf"), pdf);
  if (existsSync("/usr/bin/pdftoppm")) execFileSync("/usr/bin/pdftoppm", ["-png", "-r", "60", join(SHOTS, "signed.pdf"), join(SHOTS, "signed-page")]);

  // Single use: the link now says the contract is signed, and nothing else.
  await phone.goto(path);
  await expect(phone.getByTestId("sign-closed")).toHaveAttribute("data-state", "signed");
  await shot(phone, "used-es-mobile");

  // The staff page: signed, by whom, with the signed PDF to download.
  await page.goto(contractUrl);
  await expect(page.getByTestId("contract-status").first()).toHaveText("Assinado");
  await expect(page.getByTestId("contract-signer")).toHaveText("Cliente de Teste Assinante");
  await expect(page.getByTestId("download-signed")).toBeVisible();
  await shot(page, "contract-signed-pt-desktop");
  expect(errors).toEqual([]);
  expect(phoneErrors).toEqual([]);
  await signer.close();
});

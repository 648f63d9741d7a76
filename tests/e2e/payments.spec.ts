/**
 * Payments end to end (issue #19), in Chromium, in Portuguese: an Admin configures the
 * Asaas integration (sandbox, a key the local simulator accepts: `$aact_…`), charges a
 * receivable by Pix and sees the QR code and the copy-paste code; in the simulator's
 * page (/dev/asaas, another tab) the client pays it by Pix; back on the receivable,
 * still open and never reloaded, the title turns paid and the live toast appears
 * (the simulator's webhook → the webhooks Worker → the Queue → the settlement → the
 * seller's notification, which revalidates the screen).
 */
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, test, signIn } from "./fixtures";

/** WCAG 2.1 A/AA violations on the page (its main region, or the whole page outside the shell). */
async function axe(page: Page, include = "#main") {
  const results = await new AxeBuilder({ page }).include(include).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

const RUN = Date.now().toString(36);

test("an Admin configures Asaas, charges a receivable by Pix, the client pays in the simulator and the receivable turns paid live", async ({ page, context }) => {
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  await signIn(page);

  // Configure: sandbox, a simulator key, enabled; the key is never shown back, only its last four.
  const key = `$aact_e2e_${RUN}_key1`;
  await page.goto("/sistema/integracoes/asaas");
  await expect(page.getByRole("heading", { level: 1, name: "Asaas" })).toBeVisible();
  await page.waitForLoadState("networkidle");
  await page.locator("select[name=environment]").selectOption("sandbox");
  await page.locator("input[name=apiKey]").fill(key);
  await page.getByRole("checkbox", { name: /Integração ativa/ }).check();
  await page.getByTestId("asaas-save").click();
  await expect(page.getByTestId("toast").getByText("Integração salva.")).toBeVisible();
  await expect(page.locator("input[name=apiKey]")).toHaveValue("");
  await expect(page.getByText(`•••• ${key.slice(-4)}`)).toBeVisible();
  expect(await page.content()).not.toContain(key);
  await expect(page.getByTestId("asaas-webhook-url")).toContainText("/webhooks/asaas/");
  await expect(page.getByTestId("asaas-webhook-token")).toHaveText(/^[A-Za-z0-9_-]{43}$/);
  await page.getByTestId("asaas-test").click();
  await expect(page.getByTestId("toast").getByText(/Conexão bem-sucedida/)).toBeVisible();
  expect(await axe(page)).toEqual([]);
  await page.goto("/sistema/integracoes");
  await expect(page.getByTestId("asaas-state")).toHaveText("Ativa");
  expect(await axe(page)).toEqual([]);

  // A receivable for a client (the demo clients have valid CPFs).
  await page.goto("/financeiro/contas-a-receber/novo");
  await page.waitForLoadState("networkidle");
  const description = `E2E Pix ${RUN}`;
  await page.locator("select[name=party]").selectOption({ index: 1 });
  await page.locator("input[name=description]").fill(description);
  const category = page.locator("select[name=categoryId]");
  const packages = await category.locator("option", { hasText: "Pacotes turísticos" }).first().getAttribute("value");
  await category.selectOption(packages!);
  await page.locator("input[name=amount]").fill("150,00");
  await page.getByTestId("title-save").click();
  await expect(page).toHaveURL(/\/contas-a-receber\/editar\//);
  await page.waitForLoadState("networkidle");

  // Cobrar por Pix: the QR code image and the copy-paste code.
  const panel = page.getByTestId("charge-panel");
  await panel.locator("select[name=billingType]").selectOption("PIX");
  await page.getByTestId("charge-create").click();
  await expect(page.getByTestId("toast").getByText("Cobrança criada.")).toBeVisible();
  await expect(page.getByTestId("charge-status")).toHaveText("Aguardando pagamento");
  const qr = page.getByTestId("charge-pix-qr");
  await expect(qr).toBeVisible();
  expect(await qr.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(100);
  await expect(page.getByTestId("charge-pix-code")).toHaveText(/^000201.*br\.gov\.bcb\.pix.*6304[0-9A-F]{4}$/);
  await expect(page.getByTestId("title-status").first()).not.toHaveText("Pago");
  await page.waitForLoadState("networkidle");
  expect(await axe(page, "[data-testid=charge-panel]")).toEqual([]);

  // The client pays in the simulator (another tab); the receivable's tab stays as it is.
  const simulator = await context.newPage();
  await simulator.goto("/dev/asaas");
  const card = simulator.getByTestId("sim-payment").filter({ hasText: description });
  await expect(card).toHaveCount(1);
  await card.getByTestId("sim-payPix").click();
  await expect(simulator.getByTestId("sim-outcome")).toContainText("webhook entregue");
  await expect(simulator.getByTestId("sim-payment").filter({ hasText: description }).getByTestId("sim-status")).toHaveText("Recebida");
  expect(await axe(simulator, "main")).toEqual([]);

  // Back on the receivable, without reload: paid, and the live toast.
  await page.bringToFront();
  await expect(page.getByTestId("toast").getByText("Pagamento recebido")).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId("title-status").first()).toHaveText("Pago", { timeout: 30_000 });
  await expect(page.getByTestId("charge-status")).toHaveText("Recebida");
  expect(errors).toEqual([]);
});

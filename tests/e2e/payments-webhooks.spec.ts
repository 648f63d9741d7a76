/**
 * The Asaas webhook history end to end (issue #19), in Chromium, in Portuguese: an
 * Admin saves the Asaas integration and reads the agency's webhook URL and token; events
 * posted there with that token are answered 200 (a wrong token 401, a malformed body
 * 400) and show in Sistema → Integrações → Histórico de webhooks (ignored: no charge of
 * theirs), filtered by status; an event's page shows its pretty-printed payload and
 * "Reprocessar" runs it again. axe on the history and on the event.
 */
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { DEMO_PASSWORD, expect, test } from "./fixtures";

const RUN = Date.now().toString(36);

async function axe(page: Page) {
  const results = await new AxeBuilder({ page }).include("#main").withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  const bad = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => `${n.target.join(" ")} ${n.html.slice(0, 120)}`).join(", ")}`)).toEqual([]);
}

test("webhook history: events posted with the agency's token are listed, filtered, shown with their payload and reprocessed", async ({ page }) => {
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  await page.goto("/login");
  await page.locator("input[name=email]").fill("admin@sol.example");
  await page.locator("input[name=password]").fill(DEMO_PASSWORD);
  await page.locator("form button[type=submit]").click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // The integration: its URL and token, as the Admin would paste them into Asaas.
  await page.goto("/sistema/integracoes/asaas");
  await page.waitForLoadState("networkidle");
  await page.locator("select[name=environment]").selectOption("sandbox");
  await page.locator("input[name=apiKey]").fill(`$aact_e2e_${RUN}_hooks`);
  await page.getByTestId("asaas-save").click();
  await expect(page.getByTestId("toast").getByText("Integração salva.")).toBeVisible();
  const url = new URL((await page.getByTestId("asaas-webhook-url").textContent())!.trim());
  const token = (await page.getByTestId("asaas-webhook-token").textContent())!.trim();
  const path = url.pathname;

  const event = (n: number) => ({
    id: `evt_e2e_${RUN}_${n}`,
    event: "PAYMENT_OVERDUE",
    dateCreated: "2026-05-05 10:00:00",
    payment: { object: "payment", id: `pay_e2e_${RUN}_${n}`, value: 150, netValue: 148.01, status: "OVERDUE", dueDate: "2026-05-01", billingType: "PIX" },
  });
  for (let n = 1; n <= 3; n++) {
    const res = await page.request.post(path, { data: event(n), headers: { "asaas-access-token": token } });
    expect(res.status()).toBe(200);
    expect(res.headers()["x-frame-options"]).toBe("DENY");
  }
  expect((await page.request.post(path, { data: event(9), headers: { "asaas-access-token": `${token}x` } })).status()).toBe(401);
  expect((await page.request.post(path, { data: { hello: "world" }, headers: { "asaas-access-token": token } })).status()).toBe(400);

  // The history: processed by the Queue in the background (ignored: no charge of this agency has these payment ids).
  await expect(async () => {
    await page.goto("/sistema/integracoes/webhooks?status=ignored");
    await expect(page.getByTestId("webhook-row").filter({ hasText: `pay_e2e_${RUN}_3` })).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 30_000 });
  await expect(page.getByRole("heading", { level: 1, name: "Histórico de webhooks" })).toBeVisible();
  await expect(page.getByTestId("webhook-row").filter({ hasText: `pay_e2e_${RUN}_` })).toHaveCount(3);
  await expect(page.getByTestId("webhook-row").first()).toContainText("Ignorado");
  await axe(page);
  await page.goto("/sistema/integracoes/webhooks?status=failed");
  await expect(page.getByTestId("webhook-row").filter({ hasText: `pay_e2e_${RUN}_` })).toHaveCount(0);

  // One event: its payload, pretty-printed, and Reprocessar.
  await page.goto("/sistema/integracoes/webhooks?status=ignored");
  await page.getByTestId("webhook-row").filter({ hasText: `pay_e2e_${RUN}_2` }).getByRole("link", { name: /PAYMENT_OVERDUE/ }).first().click();
  await expect(page).toHaveURL(/\/sistema\/integracoes\/webhooks\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId("webhook-payload")).toContainText(`"id": "evt_e2e_${RUN}_2"`);
  await page.waitForLoadState("networkidle");
  await page.getByTestId("replay-one").click();
  await expect(page.getByTestId("replay-result")).toContainText("1 evento reprocessado.");
  await axe(page);
  expect(errors).toEqual([]);
});

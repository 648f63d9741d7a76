/**
 * CRM (#18): two people on the board — one moves a card with the keyboard (its "Mover para…"
 * menu), the other sees it in the new column within a second, without reloading.
 */
import type { Page } from "@playwright/test";
import { DEMO_PASSWORD, expect, test } from "./fixtures";

async function signIn(page: Page, email: string) {
  await page.goto("/login");
  await page.locator("input[name=email]").fill(email);
  await page.locator("input[name=password]").fill(DEMO_PASSWORD);
  await page.locator("form button[type=submit]").click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

test("a card moved by keyboard on one board moves on another within a second", async ({ browser }) => {
  const a = await (await browser.newContext()).newPage();
  const b = await (await browser.newContext()).newPage();
  await signIn(a, "admin@sol.example");
  await signIn(b, "admin@sol.example");
  await a.goto("/crm");
  await b.goto("/crm");
  await expect(a.getByTestId("crm-live")).toHaveText(/Ao vivo/);
  await expect(b.getByTestId("crm-live")).toHaveText(/Ao vivo/);
  const card = a.getByTestId("crm-column-lead").getByTestId("crm-card").first();
  const id = await card.getAttribute("data-deal");
  // Keyboard only: focus the card's menu, open it, pick "Contato".
  await card.getByTestId("crm-card-menu").focus();
  await a.keyboard.press("Enter");
  const item = a.getByTestId("crm-move-contato");
  await expect(item).toBeVisible();
  await item.focus();
  await a.keyboard.press("Enter");
  await expect(a.getByTestId("crm-column-contato").locator(`[data-deal="${id}"]`)).toBeVisible();
  await expect(b.getByTestId("crm-column-contato").locator(`[data-deal="${id}"]`)).toBeVisible({ timeout: 1000 });
  await expect(b.getByTestId("crm-column-lead").locator(`[data-deal="${id}"]`)).toHaveCount(0);
});

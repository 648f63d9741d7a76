/**
 * The task board, live (issue #18), two users of the demo agency in two browser
 * contexts — the Admin in pt, the Agente in es: the Admin moves a card to the next
 * column with the keyboard (Space, →, Space), the Agente's open board shows it in the
 * new column within a second, without a reload; the Admin creates a task assigned to
 * the Agente, who gets the live notification. axe on the board and the task page.
 */
import AxeBuilder from "@axe-core/playwright";
import type { Browser, BrowserContext, Page } from "@playwright/test";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { DEMO_PASSWORD, expect, test } from "./fixtures";

const SHOTS = process.env.SHOTS_DIR ?? "test-results/screenshots/tasks";

let ip = 0;
async function user(browser: Browser, baseURL: string, email: string, lang: "pt" | "es"): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL, viewport: { width: 1400, height: 900 }, locale: lang === "pt" ? "pt-BR" : "es-ES" });
  await context.setExtraHTTPHeaders({ "cf-connecting-ip": `10.98.${Math.floor(++ip / 250)}.${(ip % 250) + 1}` });
  if (lang !== "pt") await context.addCookies([{ name: "lng", value: lang, url: baseURL }]);
  const page = await context.newPage();
  await page.goto("/login");
  await page.locator("input[name=email]").fill(email);
  await page.locator("input[name=password]").fill(DEMO_PASSWORD);
  await page.locator("form button[type=submit]").click();
  await expect(page).toHaveURL(/\/dashboard$/);
  return { context, page };
}

async function axe(page: Page) {
  const results = await new AxeBuilder({ page }).include("#main").withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  const bad = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => `${n.target.join(" ")} ${n.html.slice(0, 120)}`).join(", ")}`)).toEqual([]);
}

async function shot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await page.waitForTimeout(200);
  await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
}

const card = (page: Page, status: string, id: string) => page.locator(`[data-testid=task-column-${status}] [data-task-id="${id}"]`);

test("the task board, live: a keyboard move seen by the other user within a second; an assignment notified live (pt and es)", async ({ browser, baseURL }) => {
  const a = await user(browser, baseURL!, "admin@sol.example", "pt");
  const b = await user(browser, baseURL!, "agente@sol.example", "es");
  const errors: string[] = [];
  for (const p of [a.page, b.page]) p.on("pageerror", (e) => errors.push(e.message));

  await a.page.goto("/tarefas");
  await b.page.goto("/tarefas/geral");
  await expect(a.page.getByRole("heading", { level: 1, name: "Tarefas" })).toBeVisible();
  await expect(b.page.getByRole("heading", { level: 1, name: "Tareas" })).toBeVisible();
  await expect(a.page.getByTestId("task-board-live")).toHaveAttribute("data-connected", "true");
  await expect(b.page.getByTestId("task-board-live")).toHaveAttribute("data-connected", "true");
  const navigations: string[] = [];
  b.page.on("framenavigated", (f) => f === b.page.mainFrame() && navigations.push(f.url()));

  // The Admin moves the first "a fazer" card one column right with the keyboard.
  const first = a.page.locator("[data-testid=task-column-a_fazer] [data-testid=task-card]").first();
  const id = (await first.getAttribute("data-task-id"))!;
  await expect(card(b.page, "a_fazer", id)).toBeVisible();
  await shot(a.page, "pt-board-before");
  await first.focus();
  await a.page.keyboard.press("Space");
  await a.page.waitForTimeout(150);
  await a.page.keyboard.press("ArrowRight");
  await a.page.waitForTimeout(250);
  await a.page.keyboard.press("Space");
  await expect(card(a.page, "em_andamento", id)).toBeVisible();
  const moved = Date.now();
  // The Agente's board shows it in the new column within a second, without a reload.
  await expect(card(b.page, "em_andamento", id)).toBeVisible({ timeout: 1000 });
  expect(Date.now() - moved).toBeLessThan(1000);
  await expect(card(b.page, "a_fazer", id)).toHaveCount(0);
  expect(navigations).toEqual([]);
  await shot(b.page, "es-board-after-move");
  // The server kept it.
  await a.page.reload();
  await expect(card(a.page, "em_andamento", id)).toBeVisible();
  await axe(a.page);
  await axe(b.page);

  // The Admin creates a task assigned to the Agente: the Agente is told live.
  const title = `Tarefa e2e ${Date.now().toString(36)}`;
  await a.page.goto("/tarefas/novo");
  await a.page.locator("input[name=title]").fill(title);
  await a.page.locator("select[name=assigneeUserId]").selectOption({ label: "Bruno Carvalho Lima" });
  await a.page.locator("select[name=priority]").selectOption("high");
  await a.page.locator("input[name=dueAt]").fill("2030-05-10T10:00");
  await a.page.getByTestId("record-save").click();
  await expect(a.page).toHaveURL(/\/tarefas\/editar\//);
  await expect(b.page.getByTestId("toast").filter({ hasText: title })).toBeVisible({ timeout: 5000 });
  await shot(b.page, "es-assigned-toast");
  // The task page (comments, checklist) passes axe too.
  await a.page.getByTestId("task-checklist-add").waitFor();
  await a.page.locator("#task-checklist-label").fill("Confirmar pagamento");
  await a.page.getByTestId("task-checklist-add").click();
  await expect(a.page.getByTestId("task-checklist-item")).toHaveCount(1);
  await a.page.locator("#task-comment-body").fill("Cliente avisado.");
  await a.page.getByTestId("task-comment-add").click();
  await expect(a.page.getByTestId("task-comment")).toHaveCount(1);
  await shot(a.page, "pt-task-page");
  await axe(a.page);
  expect(errors).toEqual([]);
  await a.context.close();
  await b.context.close();
});

import type { BrowserContext, Page } from "@playwright/test";
import { DEMO_PASSWORD, expect, test } from "./fixtures";

async function signIn(page: Page, email: string) {
  await page.goto("/login");
  await page.getByLabel("E-mail", { exact: true }).fill(email);
  await page.getByLabel("Senha", { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole("button", { name: "Entrar" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

/** Sends the signed-in user a notification from outside the page (the development route). */
async function notifySelf(context: BrowserContext, title: string, message = "Mensagem de teste") {
  const res = await context.request.post("/dev/notify", {
    form: { title, message },
    headers: { Origin: new URL(context.pages()[0]!.url()).origin },
  });
  expect(res.status()).toBe(200);
}

const bellCount = (page: Page) => page.getByTestId("notification-count");

/** The bell's socket is open: pushes from now on arrive live. */
async function waitForLive(page: Page) {
  await expect(page.getByTestId("notification-bell")).toHaveAttribute("data-connected", "true");
}

/** Earlier journeys may have left unread notifications for a demo user: start from none. */
async function clearNotifications(page: Page, context: BrowserContext) {
  const res = await context.request.post("/notificacoes", {
    form: { intent: "read-all" },
    headers: { Origin: new URL(page.url()).origin },
  });
  expect(res.status()).toBe(200);
  await page.reload();
  await waitForLive(page);
  await expect(bellCount(page)).toHaveCount(0);
}

test("a live notification raises the count and shows a toast, without a reload", async ({ page, context }) => {
  await signIn(page, "agente@sol.example");
  await clearNotifications(page, context);
  const navigations: string[] = [];
  page.on("framenavigated", (f) => f === page.mainFrame() && navigations.push(f.url()));
  await notifySelf(context, "Pagamento confirmado", "Venda 1024 foi paga");
  await expect(bellCount(page)).toHaveText("1");
  await expect(page.getByTestId("toast")).toContainText("Pagamento confirmado");
  await expect(page.getByTestId("toast")).toContainText("Venda 1024 foi paga");
  await page.getByTestId("notification-bell").click();
  await expect(page.getByTestId("notification-item").first()).toContainText("Venda 1024 foi paga");
  expect(navigations).toEqual([]);
});

test("mark all as read propagates to a second tab", async ({ page, context }) => {
  await signIn(page, "admin@sol.example");
  await clearNotifications(page, context);
  const second = await context.newPage();
  await second.goto("/dashboard");
  await waitForLive(second);
  await notifySelf(context, "Aviso A");
  await notifySelf(context, "Aviso B");
  await expect(bellCount(page)).toHaveText("2");
  await expect(bellCount(second)).toHaveText("2");
  await page.getByTestId("notification-bell").click();
  await page.getByTestId("notifications-mark-all").click();
  await expect(bellCount(page)).toHaveCount(0);
  await expect(bellCount(second)).toHaveCount(0);
  await second.getByTestId("notification-bell").click();
  await expect(second.getByTestId("notifications-empty")).toHaveText("Nenhuma notificação nova.");
});

test("a failed mark-as-read is rolled back with an error toast", async ({ page, context }) => {
  await signIn(page, "admin@mar.example");
  await clearNotifications(page, context);
  await notifySelf(context, "Aviso que falha");
  const expected = "1";
  await expect(bellCount(page)).toHaveText(expected);
  await page.route("**/notificacoes", (route) => (route.request().method() === "POST" ? route.fulfill({ status: 500, body: "x" }) : route.continue()));
  await page.getByTestId("notification-bell").click();
  await page.getByTestId("notifications-mark-all").click();
  // In the toast itself: Radix also announces it for a second in a live region with the same words.
  await expect(page.getByTestId("toast").getByText("Não foi possível atualizar as notificações. Tente novamente.")).toBeVisible();
  await expect(bellCount(page)).toHaveText(expected);
  await expect(page.getByTestId("notification-item").first()).toHaveAttribute("data-read", "false");
});

test("notifications sent while offline appear on reconnect", async ({ page, context }) => {
  await signIn(page, "agente@sol.example");
  await clearNotifications(page, context);
  await context.setOffline(true);
  await notifySelfWhileOffline(context, "Enquanto offline");
  await context.setOffline(false);
  await expect(bellCount(page)).toHaveText("1", { timeout: 20_000 });
});

/** context.request is not affected by setOffline: it reaches the server while the page is offline. */
async function notifySelfWhileOffline(context: BrowserContext, title: string) {
  await notifySelf(context, title);
}

test("an admin changes the agent's role: the agent's bell and toast update without a reload", async ({ page, browser, baseURL }) => {
  // The agent, in their own browser.
  const agentContext = await browser.newContext({ baseURL, locale: "pt-BR", extraHTTPHeaders: { "cf-connecting-ip": "10.251.0.9" } });
  const agent = await agentContext.newPage();
  await signIn(agent, "agente@sol.example");
  await clearNotifications(agent, agentContext);
  const reloads: string[] = [];
  agent.on("framenavigated", (f) => f === agent.mainFrame() && reloads.push(f.url()));

  // The admin changes the agent's role to Financeiro, then back to Agente.
  await signIn(page, "admin@sol.example");
  await page.goto("/sistema/user-management");
  const row = page.getByTestId("users-table").getByTestId("member-row").filter({ hasText: "agente@sol.example" });
  const changeRole = async (to: string) => {
    await row.getByRole("button", { name: "Ações para Bruno Carvalho Lima" }).click();
    await page.getByRole("menuitem", { name: "Alterar perfil de acesso" }).click();
    const dialog = page.getByRole("dialog", { name: "Alterar perfil de acesso" });
    await dialog.getByTestId("change-role").click();
    await page.getByRole("option", { name: to }).click();
    await dialog.getByRole("button", { name: "Salvar perfil" }).click();
    await expect(dialog).toBeHidden();
    await expect(row.getByTestId("member-role")).toHaveText(to);
  };
  await changeRole("Financeiro");

  await expect(bellCount(agent)).toHaveText("1");
  await expect(agent.getByTestId("toast")).toContainText("Seu perfil de acesso mudou");
  expect(reloads).toEqual([]);

  await changeRole("Agente");
  await expect(bellCount(agent)).toHaveText("2");
  await agentContext.close();
});

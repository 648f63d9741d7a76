import { expect, test, DEMO_PASSWORD } from "./fixtures";

/**
 * User management end to end (pt): an Admin of Sol invites a new agent, the
 * invitee follows the mailed link, sets a password and lands on the dashboard;
 * then the Admin changes the new user's role.
 */
test("an Admin invites an agent who joins through the mailed link; the Admin then changes their role", async ({ page, browser, baseURL }) => {
  const stamp = Date.now().toString(36);
  const email = `novo.agente.${stamp}@sol.example`;
  const name = `Nina Agente ${stamp}`;

  await page.goto("/login?redirectTo=%2Fsistema%2Fuser-management");
  await page.getByLabel("E-mail", { exact: true }).fill("admin@sol.example");
  await page.getByLabel("Senha", { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole("button", { name: "Entrar" }).click();
  await expect(page).toHaveURL(/\/sistema\/user-management$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Gestão de Usuários");

  // Invite.
  await page.getByRole("button", { name: "Convidar usuário" }).click();
  const dialog = page.getByRole("dialog", { name: "Convidar usuário" });
  await dialog.getByRole("button", { name: "Enviar convite" }).click();
  await expect(dialog.getByText("Campo obrigatório.").first()).toBeVisible();
  await dialog.getByLabel("E-mail", { exact: true }).fill(email);
  await dialog.getByLabel("Nome", { exact: true }).fill(name);
  await expect(dialog.getByTestId("invite-role")).toHaveText("Agente");
  await expect(dialog.getByTestId("invite-language")).toHaveText("Português");
  await dialog.getByRole("button", { name: "Enviar convite" }).click();
  await expect(dialog).toBeHidden();
  const table = page.getByTestId("users-table");
  const invitedRow = table.getByTestId("member-row").filter({ hasText: email });
  await expect(invitedRow).toContainText("Convite pendente");

  // The invitee, in another browser: the mailbox, the link, a password, the dashboard.
  const invitee = await browser.newContext({ baseURL, locale: "pt-BR", extraHTTPHeaders: { "cf-connecting-ip": `10.250.${Math.floor(Math.random() * 250)}.7` } });
  const guest = await invitee.newPage();
  await guest.goto("/dev/mailbox");
  const mail = guest.getByTestId("mail").filter({ hasText: email }).first();
  await expect(mail).toContainText("Convite para a equipe de Sol Viagens no Rota");
  const link = await mail.getByRole("link").getAttribute("href");
  expect(link).toMatch(/\/convite\/[A-Za-z0-9_-]{43}$/);
  await guest.goto(new URL(link!).pathname);
  await expect(guest.getByRole("heading", { level: 1 })).toHaveText("Aceitar convite");
  await expect(guest.getByTestId("invite-agency")).toHaveText("Sol Viagens");
  await expect(guest.getByTestId("invite-email")).toHaveText(email);
  await expect(guest.getByLabel("Seu nome", { exact: true })).toHaveValue(name);
  await guest.getByLabel("Crie uma senha", { exact: true }).fill("senha-do-agente-1");
  await guest.getByLabel("Confirme a senha", { exact: true }).fill("senha-do-agente-2");
  await guest.getByRole("button", { name: "Criar conta e entrar" }).click();
  await expect(guest.getByText("As senhas não conferem.")).toBeVisible();
  await guest.getByLabel("Confirme a senha", { exact: true }).fill("senha-do-agente-1");
  await guest.getByRole("button", { name: "Criar conta e entrar" }).click();
  await expect(guest).toHaveURL(/\/dashboard$/);
  await expect(guest.getByText("Sol Viagens").first()).toBeVisible();

  // The link works once.
  await guest.context().clearCookies();
  await guest.goto(new URL(link!).pathname);
  await expect(guest.getByTestId("invite-state")).toContainText("Este convite já foi usado.");
  await invitee.close();

  // Back to the Admin: the new user is active; change their role.
  await page.reload();
  const userRow = table.getByTestId("member-row").filter({ hasText: email });
  await expect(userRow).toContainText("Ativo");
  await expect(userRow.getByTestId("member-role")).toHaveText("Agente");
  await userRow.getByRole("button", { name: `Ações para ${name}` }).click();
  await page.getByRole("menuitem", { name: "Alterar perfil de acesso" }).click();
  const roleDialog = page.getByRole("dialog", { name: "Alterar perfil de acesso" });
  await roleDialog.getByTestId("change-role").click();
  await page.getByRole("option", { name: "Financeiro" }).click();
  await roleDialog.getByRole("button", { name: "Salvar perfil" }).click();
  await expect(roleDialog).toBeHidden();
  await expect(page.getByTestId("toast")).toContainText("Perfil de acesso alterado.");
  await expect(userRow.getByTestId("member-role")).toHaveText("Financeiro");

  // Filters keep their state in the URL.
  await page.getByRole("searchbox", { name: "Buscar por nome ou e-mail" }).fill(stamp);
  await page.getByRole("button", { name: "Buscar", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`q=${stamp}`));
  await expect(table.getByTestId("member-row")).toHaveCount(1);

  // The audit log has both changes.
  await page.getByRole("link", { name: "Auditoria" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Auditoria");
  await expect(page.getByTestId("audit-table").getByTestId("audit-row").filter({ hasText: email }).first()).toContainText("Agente");
});

import type { Page } from "@playwright/test";
import { DEMO_PASSWORD, expect, test } from "./fixtures";

/** A 1×1 PNG. */
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==", "base64");

async function signIn(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.goto("/login");
  await page.getByLabel("E-mail", { exact: true }).fill(email);
  await page.getByLabel("Senha", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Entrar" }).click();
}

/** The ids of the sidebar's top-level entries, in screen order. */
const topLevel = (page: Page) =>
  page.locator('#app-sidebar .nav-list[data-depth="0"] > li > [data-testid^="nav-"]').evaluateAll((els) => els.map((e) => e.getAttribute("data-testid")!.slice(4)));

test("a SuperAdmin creates an agency and invites its first Admin, who signs in", async ({ page, browser }) => {
  await signIn(page, "super@rota.example");
  await expect(page).toHaveURL(/\/selecionar-agencia/);
  await page.getByRole("button", { name: "Trabalhar nesta agência: Sol Viagens" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.goto("/sistema/license-management");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Gestão de Licenças");
  await expect(page.getByTestId("agency-row").filter({ hasText: "Mar Turismo" })).toBeVisible();
  await page.getByTestId("new-agency").click();
  await expect(page).toHaveURL(/\/sistema\/license-management\/new$/);

  const suffix = Date.now().toString(36);
  const email = `admin-${suffix}@brisa.example`;
  await page.getByLabel("Nome fantasia").fill(`Brisa Turismo ${suffix}`);
  // The slug follows the name.
  await expect(page.getByLabel("Endereço público (slug)")).toHaveValue(`brisa-turismo-${suffix}`);
  await page.getByLabel("Razão social").fill("Brisa Turismo Ltda.");
  await page.getByLabel("CNPJ").fill("11.222.333/0001-82");
  await page.getByLabel("Fuso horário").selectOption("America/Recife");
  await page.getByLabel("Plano").selectOption("professional");
  await page.getByLabel("Nome", { exact: true }).fill("Bianca Brisa");
  await page.getByLabel("E-mail", { exact: true }).fill(email);
  await page.getByTestId("create-agency").click();
  // A wrong check digit is refused next to the field.
  await expect(page.getByText("CNPJ inválido.")).toBeVisible();
  await page.getByLabel("CNPJ").fill("11.222.333/0001-81");
  await page.getByTestId("create-agency").click();
  await expect(page.getByTestId("agency-created")).toContainText(email);
  await expect(page.getByTestId("toast")).toContainText(`Convite enviado para ${email}`);

  await page.getByRole("link", { name: "Voltar para a lista" }).click();
  await page.getByRole("searchbox").or(page.getByPlaceholder("Buscar agência por nome ou slug")).fill(suffix);
  await page.getByRole("button", { name: "Buscar" }).click();
  const row = page.getByTestId("agency-row");
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("Profissional");
  await expect(row).toContainText("10 de 10");

  // The invitation is in the development mailbox; the new Admin follows it.
  await page.goto("/dev/mailbox");
  const mail = page.getByTestId("mail").filter({ hasText: email }).first();
  await expect(mail).toBeVisible();
  const link = await mail.getByRole("link").first().getAttribute("href");
  expect(link).toMatch(/\/convite\//);

  const context = await browser.newContext({ locale: "pt-BR", extraHTTPHeaders: { "cf-connecting-ip": "10.99.0.7" } });
  const invited = await context.newPage();
  await invited.goto(new URL(link!).pathname);
  await invited.locator('input[name="name"]').fill("Bianca Brisa");
  await invited.locator('input[name="password"]').fill("senha-da-bianca-1");
  await invited.locator('input[name="confirm"]').fill("senha-da-bianca-1");
  await invited.getByTestId("invite-accept").click();
  await expect(invited).toHaveURL(/\/dashboard$/);
  await expect(invited.getByTestId("sidebar-logo")).toContainText(`Brisa Turismo ${suffix}`);
  // The new agency's Admin sees every module of the default licence, licence management aside only by role.
  await invited.goto("/sistema/license-management");
  await expect(invited).toHaveURL(/\/dashboard$/);
  await context.close();
});

test("an Admin renames and reorders the menu, by keyboard and by buttons, and the sidebar follows", async ({ page }) => {
  await signIn(page, "admin@mar.example");
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto("/sistema/menu-management");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Gestão de Menus");

  // Rename Cadastros in Portuguese; the preview follows as you type.
  await page.getByTestId("menu-rename-cadastros").click();
  await page.getByTestId("menu-label-cadastros-pt").fill("Pessoas");
  await expect(page.getByTestId("menu-preview")).toContainText("Pessoas");

  // Move CRM up twice by keyboard (dnd-kit: Space picks up, arrows move, Space drops)...
  const handle = page.getByTestId("menu-handle-crm");
  await handle.focus();
  // Each key waits for the drag's live announcement of the one before, as a
  // screen-reader user would: a second arrow pressed before dnd-kit measured the
  // first move is lost.
  const announced = (text: string) => expect(page.locator('[id^="DndLiveRegion-"]', { hasText: text })).toHaveCount(1);
  await page.keyboard.press("Space");
  await expect(page.getByTestId("menu-item-crm")).toHaveAttribute("data-dragging", "true");
  await page.keyboard.press("ArrowUp");
  await announced("CRM sobre a posição de Serviços");
  await page.keyboard.press("ArrowUp");
  await announced("CRM sobre a posição de Pessoas");
  await page.keyboard.press("Space");
  await expect(page.getByTestId("menu-list-root").locator(":scope > li").nth(1)).toHaveAttribute("data-testid", "menu-item-crm");
  // ... and Financeiro to the top by buttons.
  for (let i = 0; i < 7; i++) await page.getByTestId("menu-up-financeiro").click();
  await expect(page.getByTestId("menu-list-root").locator(":scope > li").first()).toHaveAttribute("data-testid", "menu-item-financeiro");
  await expect(page.getByTestId("menu-up-financeiro")).toBeDisabled();

  await page.getByTestId("menu-save").click();
  await expect(page.getByTestId("toast")).toContainText("Menu salvo.");
  await expect(page.getByTestId("nav-cadastros")).toContainText("Pessoas");
  await expect.poll(() => topLevel(page)).toEqual(["financeiro", "dashboard", "crm", "cadastros", "servicos", "tarefas", "vendas", "contratos", "parametrizacao", "sistema"]);

  // Stored: the name survives a reload.
  await page.reload();
  await expect(page.getByTestId("nav-cadastros")).toContainText("Pessoas");

  // Back to the default.
  await page.getByTestId("menu-reset").click();
  await page.getByTestId("menu-reset-confirm").click();
  await expect(page.getByTestId("toast")).toContainText("Menu restaurado ao padrão.");
  await expect(page.getByTestId("nav-cadastros")).toContainText("Cadastros");
  await expect.poll(() => topLevel(page)).toEqual(["dashboard", "cadastros", "servicos", "crm", "tarefas", "vendas", "contratos", "financeiro", "parametrizacao", "sistema"]);
});

test("an Admin uploads the agency's logo and the sidebar shows it; a disguised file is refused", async ({ page }) => {
  await signIn(page, "admin@mar.example");
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto("/sistema/minha-agencia");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Minha Agência");
  await expect(page.getByTestId("sidebar-logo").locator("img")).not.toHaveAttribute("src", /\/arquivos\/logo\//);

  await page.getByTestId("logo-input").setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: Buffer.from("<svg onload=alert(1)>") });
  await page.getByTestId("logo-upload").click();
  await expect(page.getByText("Formato não aceito. Use PNG, JPEG ou WebP.")).toBeVisible();

  await page.getByTestId("logo-input").setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: PNG });
  await page.getByTestId("logo-upload").click();
  await expect(page.getByTestId("toast")).toContainText("Logotipo atualizado.");
  const img = page.getByTestId("sidebar-logo").locator("img");
  await expect(img).toHaveAttribute("src", /\/arquivos\/logo\/0190a000-0000-7000-8000-000000000002\?v=/);
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBe(1);
  await expect(page.getByTestId("logo-preview")).toBeVisible();

  // The agency's data: a stale-free save with a field error first.
  await page.getByLabel("CEP").fill("123");
  await page.getByTestId("agency-save").click();
  await expect(page.getByText("CEP inválido: informe 8 dígitos.")).toBeVisible();
  await page.getByLabel("CEP").fill("40010-000");
  await page.getByTestId("agency-save").click();
  await expect(page.getByTestId("toast")).toContainText("Dados da agência salvos.");
});

test("everyone may open about and the version history", async ({ page }) => {
  await signIn(page, "agente@sol.example");
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto("/sistema/sobre");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sobre o Sistema");
  await expect(page.getByTestId("about-version")).toHaveText("0.1.0");
  await expect(page.getByTestId("about-commit")).toHaveText("build local");
  await expect(page.getByTestId("about-compat-date")).toHaveText("2026-10-01");
  await expect(page.getByTestId("about-components")).toContainText("React Router");
  await page.getByRole("link", { name: "Ver o histórico de versões" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Histórico de Versões");
  await expect(page.getByRole("heading", { name: "0.1.0" })).toBeVisible();
  await expect(page.getByText("Publicada em 21 de novembro de 2026")).toBeVisible();
});

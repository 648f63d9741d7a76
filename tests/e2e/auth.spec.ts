import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";

const PASSWORD = "demo-rota-2026";

const TEXTS = {
  pt: {
    locale: "pt-BR",
    welcome: "Bem-vindo ao Rota",
    submit: "Entrar",
    submitting: "Entrando...",
    error: "E-mail ou senha inválidos. Por favor, tente novamente.",
    email: "E-mail",
    password: "Senha",
  },
  en: {
    locale: "en-US",
    welcome: "Welcome to Rota",
    submit: "Login",
    submitting: "Logging in...",
    error: "Invalid credentials. Please check your email and password.",
    email: "E-mail",
    password: "Password",
  },
  es: {
    locale: "es-ES",
    welcome: "Bienvenido a Rota",
    submit: "Iniciar sesión",
    submitting: "Iniciando sesión...",
    error: "Credenciales no válidas. Verifique su correo electrónico y contraseña.",
    email: "Correo electrónico",
    password: "Contraseña",
  },
} as const;

async function fillLogin(page: Page, lang: keyof typeof TEXTS, email: string, password: string) {
  const t = TEXTS[lang];
  await page.getByLabel(t.email, { exact: true }).fill(email);
  await page.getByLabel(t.password, { exact: true }).fill(password);
}

for (const lang of ["pt", "en", "es"] as const) {
  test.describe(`sign-in in ${lang}`, () => {
    test.use({ locale: TEXTS[lang].locale });

    test("wrong password shows the exact message, then signs in and out", async ({ page }) => {
      const t = TEXTS[lang];
      await page.goto("/login");
      await expect(page.locator("html")).toHaveAttribute("lang", lang);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(t.welcome);
      await expect(page.getByLabel(t.email, { exact: true })).toHaveAttribute("placeholder", /@/);
      await fillLogin(page, lang, "agente@sol.example", "senha-errada");
      await page.getByRole("button", { name: t.submit }).click();
      await expect(page.getByRole("alert").filter({ hasText: t.error })).toBeVisible();
      await expect(page).toHaveURL(/\/login/);

      // The label changes while the request is under way.
      await page.route("**/login.data*", async (route) => {
        await new Promise((r) => setTimeout(r, 800));
        await route.continue();
      });
      await fillLogin(page, lang, "agente@sol.example", PASSWORD);
      await page.getByRole("button", { name: t.submit }).click();
      await expect(page.getByRole("button", { name: t.submitting })).toBeVisible();
      await expect(page).toHaveURL(/\/dashboard$/);
      await page.unroute("**/login.data*");

      await page.getByTestId("user-menu").click();
      await page.getByTestId("logout").click();
      await expect(page).toHaveURL(/\/login$/);
      await page.goto("/dashboard");
      await expect(page).toHaveURL(/\/login\?redirectTo=%2Fdashboard$/);
    });
  });
}

test("the remembered location is honoured after sign-in", async ({ page }) => {
  await page.goto("/perfil");
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fperfil$/);
  await fillLogin(page, "pt", "admin@sol.example", PASSWORD);
  await page.getByRole("button", { name: "Entrar" }).click();
  await expect(page).toHaveURL(/\/perfil$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Meu perfil");
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  test("the login form still works", async ({ page }) => {
    await page.goto("/login");
    await fillLogin(page, "pt", "admin@mar.example", "errada-123");
    await page.getByRole("button", { name: "Entrar" }).click();
    await expect(page.getByText(TEXTS.pt.error)).toBeVisible();
    await fillLogin(page, "pt", "admin@mar.example", PASSWORD);
    await page.getByRole("button", { name: "Entrar" }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });
});

test("a SuperAdmin picks an agency, then works inside it", async ({ page }) => {
  await page.goto("/login");
  await fillLogin(page, "pt", "super@rota.example", PASSWORD);
  await page.getByRole("button", { name: "Entrar" }).click();
  await expect(page).toHaveURL(/\/selecionar-agencia\?redirectTo=%2Fdashboard$/);
  await page.getByRole("searchbox").or(page.getByPlaceholder("Buscar agência por nome ou slug")).fill("mar");
  await page.getByRole("button", { name: "Buscar" }).click();
  await expect(page.getByText("Sol Viagens")).toHaveCount(0);
  await page.getByRole("button", { name: "Trabalhar nesta agência: Mar Turismo" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText("Mar Turismo").first()).toBeVisible();
});

test("forgot and reset the password through the development mailbox", async ({ page }) => {
  await page.goto("/esqueci-senha");
  await page.getByLabel("E-mail", { exact: true }).fill("admin@mar.example");
  await page.getByRole("button", { name: "Enviar link" }).click();
  await expect(page.getByRole("status")).toContainText("Se houver uma conta com este e-mail");

  await page.goto("/dev/mailbox");
  const mail = page.getByTestId("mail").filter({ hasText: "admin@mar.example" }).first();
  await expect(mail).toContainText("Rota: redefinição de senha");
  const link = await mail.getByRole("link").getAttribute("href");
  expect(link).toMatch(/\/resetar-senha\?token=/);

  await page.goto(new URL(link!).pathname + new URL(link!).search);
  await page.getByLabel("Nova senha", { exact: true }).fill("uma-senha-nova-1");
  await page.getByLabel("Confirme a nova senha", { exact: true }).fill("uma-senha-nova-1");
  await page.getByRole("button", { name: "Salvar nova senha" }).click();
  await expect(page).toHaveURL(/\/login\?reset=1$/);

  // The link is single use.
  await page.goto(new URL(link!).pathname + new URL(link!).search);
  await page.getByLabel("Nova senha", { exact: true }).fill("outra-senha-nova-2");
  await page.getByLabel("Confirme a nova senha", { exact: true }).fill("outra-senha-nova-2");
  await page.getByRole("button", { name: "Salvar nova senha" }).click();
  await expect(page.getByRole("alert")).toContainText("inválido ou expirou");

  await page.goto("/login");
  await fillLogin(page, "pt", "admin@mar.example", "uma-senha-nova-1");
  await page.getByRole("button", { name: "Entrar" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // Put the demo password back for anyone using this state afterwards.
  await page.goto("/perfil");
  await page.getByLabel("Senha atual", { exact: true }).fill("uma-senha-nova-1");
  await page.getByLabel("Nova senha", { exact: true }).fill(PASSWORD);
  await page.getByLabel("Confirme a nova senha", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Alterar senha" }).click();
  // The action's toast, or the security notice that arrives live right after it (one toast at a time).
  await expect(page.getByTestId("toast")).toContainText("Senha alterada");
});

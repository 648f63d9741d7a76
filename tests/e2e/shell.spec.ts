/**
 * The application shell in Chromium at 1280×800 and 390×844: sidebar (collapse,
 * tooltips, active entry, groups), mobile drawer, command palette, language
 * switch across reloads and tabs, toasts, the loading spinner, accessibility
 * (axe) and screenshots in pt/en/es at both sizes.
 */
import { mkdirSync } from "node:fs";
import { expect, test } from "./fixtures";
import { axe, closeAfterEach, current, DESKTOP, hydrated, MOBILE, SCREENSHOTS, start, watchConsole } from "./shell-helpers";

closeAfterEach();

test.describe("desktop sidebar", () => {
  test("collapses to 5rem with icon tooltips and stays collapsed after a reload", async ({ browser }) => {
    const page = await start(browser, "admin@sol.example");
    await page.goto("/dashboard");
    await hydrated(page);
    const sidebar = page.getByTestId("sidebar");
    expect((await sidebar.boundingBox())!.width).toBe(256);
    await expect(page.getByTestId("nav-cadastros")).toContainText("Cadastros");

    await page.getByTestId("sidebar-collapse").click();
    await expect.poll(async () => (await sidebar.boundingBox())!.width).toBe(80);
    await expect(page.getByTestId("nav-cadastros").locator(".nav-label")).toBeHidden();
    // Only top-level entries: no submodule is shown.
    await expect(page.getByTestId("nav-cadastros.clientes")).toHaveCount(0);
    await page.getByTestId("nav-financeiro").hover();
    await expect(page.getByRole("tooltip")).toHaveText("Financeiro");
    await page.getByTestId("nav-dashboard").hover();
    await expect(page.getByRole("tooltip")).toHaveText("Dashboard");
    await expect(page.getByTestId("nav-dashboard")).toHaveAccessibleName("Dashboard");

    await page.reload();
    await hydrated(page);
    expect((await sidebar.boundingBox())!.width).toBe(80);

    // A group's icon opens the sidebar with that group expanded.
    await page.getByTestId("nav-cadastros").click();
    await expect.poll(async () => (await sidebar.boundingBox())!.width).toBe(256);
    await expect(page.getByTestId("nav-cadastros")).toHaveAttribute("aria-expanded", "true");
    await expect(page.getByTestId("nav-cadastros.clientes")).toBeVisible();
  });

  test("highlights the active entry and opens the groups along the current path", async ({ browser }) => {
    const page = await start(browser, "admin@sol.example");
    await page.goto("/financeiro/faturamento/comissoes");
    await hydrated(page);
    const comissoes = page.getByTestId("nav-financeiro.faturamento.comissoes");
    await expect(comissoes).toHaveAttribute("aria-current", "page");
    await expect(comissoes).toHaveAttribute("data-active", "true");
    await expect(page.getByTestId("nav-financeiro")).toHaveAttribute("aria-expanded", "true");
    await expect(page.getByTestId("nav-financeiro.faturamento")).toHaveAttribute("aria-expanded", "true");
    await expect(page.getByTestId("nav-financeiro.relatorios")).toHaveAttribute("aria-expanded", "false");
    await expect(page.getByTestId("nav-cadastros")).toHaveAttribute("aria-expanded", "false");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Comissões");
    await expect(page.getByTestId("breadcrumb")).toContainText("Financeiro");

    // A group opens and closes on click.
    await page.getByTestId("nav-cadastros").click();
    await expect(page.getByTestId("nav-cadastros")).toHaveAttribute("aria-expanded", "true");
    await page.getByTestId("nav-cadastros.clientes").click();
    await expect(page).toHaveURL(/\/cadastros\/clientes$/);
    await expect(page.getByTestId("nav-cadastros.clientes")).toHaveAttribute("data-active", "true");
    await expect(comissoes).not.toHaveAttribute("data-active", "true");
    await page.getByTestId("nav-cadastros").click();
    await expect(page.getByTestId("nav-cadastros")).toHaveAttribute("aria-expanded", "false");
    await expect(page.getByTestId("nav-cadastros.clientes")).toHaveCount(0);

    // A deeper page keeps its list entry active: /cadastros/clientes/novo starts with /cadastros/clientes.
    await page.goto("/cadastros/clientes/novo");
    await expect(page.getByTestId("nav-cadastros.clientes")).toHaveAttribute("aria-current", "true");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Novo cliente");
  });

  test("the logo goes to /dashboard and shows the placeholder without an agency logo", async ({ browser }) => {
    const page = await start(browser, "admin@sol.example");
    await page.goto("/vendas");
    await hydrated(page);
    const logo = page.getByTestId("sidebar-logo");
    await expect(logo.locator("img")).toHaveAttribute("src", "/agency-placeholder.svg");
    await expect(logo).toContainText("Sol Viagens");
    await logo.click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByTestId("figure-active-users")).toBeVisible();
  });

  test("every control is reachable by keyboard with a visible focus", async ({ browser }) => {
    const page = await start(browser, "admin@sol.example");
    await page.goto("/dashboard");
    await hydrated(page);
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Pular para o conteúdo" });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    const reached = new Set<string>();
    for (let i = 0; i < 40; i++) {
      await page.keyboard.press("Tab");
      const info = await page.evaluate(() => {
        const el = document.activeElement as HTMLElement | null;
        if (!el || el === document.body) return null;
        const style = getComputedStyle(el);
        return { id: el.dataset.testid ?? el.getAttribute("aria-label") ?? el.textContent?.trim() ?? "", outline: style.outlineStyle, shadow: style.boxShadow };
      });
      if (!info) break; // past the last control of the page
      reached.add(info.id);
      expect(info.outline !== "none" || info.shadow !== "none", `focus ring on ${info.id}`).toBe(true);
    }
    for (const id of ["sidebar-logo", "nav-dashboard", "nav-cadastros", "nav-sistema", "sidebar-collapse", "search-trigger", "notification-bell", "user-menu"]) {
      expect([...reached], id).toContain(id);
    }
  });
});

test.describe("header", () => {
  test("the command palette opens with Ctrl+K and from the search box, and jumps to a screen", async ({ browser }) => {
    const page = await start(browser, "admin@sol.example");
    await page.goto("/dashboard");
    await hydrated(page);
    await expect(page.getByTestId("search-trigger")).toContainText("Pesquisar telas e registros...");
    await page.keyboard.press("Control+k");
    const palette = page.getByTestId("command-palette");
    await expect(palette).toBeVisible();
    await page.getByTestId("palette-input").fill("comissoes");
    await expect(palette.getByRole("option")).toHaveCount(1);
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/financeiro\/faturamento\/comissoes$/);
    await expect(palette).toBeHidden();

    await page.getByTestId("search-trigger").click();
    await expect(palette).toBeVisible();
    await page.getByTestId("palette-input").fill("perfil");
    await palette.getByRole("option", { name: /Meu perfil/ }).click();
    await expect(page).toHaveURL(/\/perfil$/);
  });

  test("the palette leaves out screens the role may not open", async ({ browser }) => {
    const page = await start(browser, "agente@sol.example");
    await page.goto("/dashboard");
    await hydrated(page);
    await page.keyboard.press("Control+k");
    await page.getByTestId("palette-input").fill("gestao");
    await expect(page.getByTestId("command-palette").getByText("Gestão de Usuários")).toHaveCount(0);
    await page.getByTestId("palette-input").fill("sobre");
    await expect(page.getByTestId("command-palette").getByRole("option", { name: /Sobre o Sistema/ })).toBeVisible();
    await page.keyboard.press("Escape");
  });

  test("the user menu shows the display name and initials and its entries", async ({ browser }) => {
    const page = await start(browser, "admin@sol.example");
    await page.goto("/dashboard");
    await hydrated(page);
    await expect(page.getByTestId("user-display-name")).toHaveText("Ana Ribeiro");
    await expect(page.getByTestId("user-menu")).toContainText("AR");
    await page.getByTestId("user-menu").click();
    await expect(page.getByRole("menuitem", { name: "Minha conta" })).toBeVisible();
    await expect(page.getByRole("menuitem", { name: "Meu perfil" })).toBeVisible();
    await expect(page.getByRole("menuitem", { name: "Sair" })).toBeVisible();
    await expect(page.getByTestId("menu-switch-agency")).toHaveCount(0);
    await page.getByRole("menuitem", { name: "Configurações" }).click();
    await expect(page).toHaveURL(/\/perfil#preferencias$/);
    await expect(page.getByRole("heading", { name: "Preferências" })).toBeVisible();
  });

  test("a SuperAdmin can switch agency from the user menu", async ({ browser }) => {
    const page = await start(browser, "super@rota.example");
    await page.goto("/dashboard");
    await hydrated(page);
    await page.getByTestId("user-menu").click();
    await page.getByTestId("menu-switch-agency").click();
    await expect(page).toHaveURL(/\/selecionar-agencia$/);
  });

  test("the notification bell opens its popover", async ({ browser }) => {
    const page = await start(browser, "admin@sol.example");
    await page.goto("/dashboard");
    await hydrated(page);
    await page.getByRole("button", { name: "Abrir notificações" }).click();
    await expect(page.getByRole("dialog").getByRole("heading", { name: "Notificações" })).toBeVisible();
    await page.keyboard.press("Escape");
  });

  test("a spinner with role=status shows while a navigation loads", async ({ browser }) => {
    const page = await start(browser, "admin@sol.example");
    await page.goto("/dashboard");
    await hydrated(page);
    await page.route("**/*.data*", async (route) => {
      await new Promise((r) => setTimeout(r, 1200));
      await route.continue();
    });
    await page.getByTestId("nav-crm").click();
    const spinner = page.getByTestId("navigation-spinner");
    await expect(spinner).toHaveAttribute("role", "status");
    await expect(spinner).toHaveAttribute("data-busy", "true");
    await expect(spinner).toContainText("Carregando...");
    await expect(page).toHaveURL(/\/crm$/);
    await expect(spinner).toHaveAttribute("data-busy", "false");
    await page.unroute("**/*.data*");
  });

  test("data reloads when the network comes back", async ({ browser }) => {
    const page = await start(browser, "admin@sol.example");
    await page.goto("/dashboard");
    await hydrated(page);
    await page.waitForTimeout(1_100);
    const reload = page.waitForRequest((r) => r.url().includes(".data"));
    await page.evaluate(() => window.dispatchEvent(new Event("online")));
    await reload;
  });
});

test.describe("languages", () => {
  test("a switch applies at once, survives a reload and reaches the other tab", async ({ browser }) => {
    const page = await start(browser, "admin@sol.example");
    const other = await page.context().newPage();
    watchConsole(other, current.consoleErrors);
    await page.goto("/dashboard");
    await other.goto("/cadastros/clientes");
    await hydrated(page);
    await hydrated(other);
    await expect(page.locator("html")).toHaveAttribute("lang", "pt");

    await page.getByTestId("language-select").click();
    await page.getByTestId("lang-en").click();
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(page.getByTestId("nav-cadastros")).toContainText("Registrations");
    await expect(page.getByTestId("search-trigger")).toContainText("Search screens and records...");

    // The other tab follows without a reload.
    await expect(other.locator("html")).toHaveAttribute("lang", "en");
    await expect(other.getByRole("heading", { level: 1 })).toHaveText("Clients");
    await expect(other.getByTestId("nav-cadastros")).toContainText("Registrations");

    await page.reload();
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Dashboard");
    await expect(page.getByTestId("nav-financeiro")).toContainText("Financial");

    await other.getByTestId("language-select").click();
    await other.getByTestId("lang-es").click();
    await expect(page.locator("html")).toHaveAttribute("lang", "es");
    await expect(page.getByTestId("nav-financeiro")).toContainText("Finanzas");
  });

  test("on a first visit the saved choice wins over the browser's language", async ({ browser }) => {
    const context = await browser.newContext({ locale: "pt-BR" });
    current.ctx = context;
    await context.addInitScript(() => {
      if (!localStorage.getItem("i18nextLng")) localStorage.setItem("i18nextLng", "es");
    });
    const page = await context.newPage();
    watchConsole(page, current.consoleErrors);
    await page.goto("/login");
    await expect(page.locator("html")).toHaveAttribute("lang", "es");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Bienvenido a Rota");
    const cookies = await context.cookies();
    expect(cookies.find((c) => c.name === "lng")?.value).toBe("es");
    await page.reload();
    await expect(page.locator("html")).toHaveAttribute("lang", "es");
  });
});

test.describe("toasts", () => {
  test("one at a time, auto-dismissed after 5 s, F8 focuses them", async ({ browser }) => {
    const page = await start(browser, "agente@sol.example");
    await page.goto("/perfil");
    await hydrated(page);
    const toasts = page.getByTestId("toast");

    await page.getByRole("button", { name: "Salvar dados" }).click();
    await expect(toasts).toHaveCount(1);
    await expect(toasts).toContainText("Perfil atualizado.");

    // A second toast replaces the first.
    await page.getByTestId("preferences-save").click();
    await expect(toasts).toHaveCount(1);
    await expect(toasts).toContainText("Preferências salvas.");
    await expect(toasts).not.toContainText("Perfil atualizado.");
    const secondAt = Date.now();

    // F8 moves the focus to the toast region.
    await page.keyboard.press("F8");
    await expect(page.getByTestId("toast-viewport")).toBeFocused();
    await page.getByRole("heading", { level: 1 }).click();

    // It goes by itself (5 s; the 9 s bound leaves room for a busy machine), not at once.
    await expect(toasts).toBeHidden({ timeout: 9_000 });
    expect(Date.now() - secondAt).toBeGreaterThan(4_000);
  });
});

test.describe("mobile (390×844)", () => {
  test.use({ viewport: MOBILE });

  test("the drawer is closed by default, opens over a backdrop, and closes by backdrop, link and Escape", async ({ browser }) => {
    const page = await start(browser, "admin@sol.example", { viewport: MOBILE, hasTouch: true });
    await page.goto("/dashboard");
    await hydrated(page);
    const sidebar = page.getByTestId("sidebar");
    const backdrop = page.getByTestId("drawer-backdrop");
    await expect(sidebar).toBeHidden();
    await expect(backdrop).toHaveCount(0);

    await page.getByTestId("drawer-open").click();
    await expect(sidebar).toBeVisible();
    await expect(backdrop).toBeVisible();
    await expect(page.getByTestId("drawer-close")).toBeFocused();
    await backdrop.click({ position: { x: 360, y: 400 } });
    await expect(backdrop).toHaveCount(0);
    await expect(sidebar).toBeHidden();
    await expect(page.getByTestId("drawer-open")).toBeFocused();

    await page.getByTestId("drawer-open").click();
    await page.getByTestId("nav-contratos").click();
    await page.getByTestId("nav-contratos.modelos").click();
    await expect(page).toHaveURL(/\/contratos\/modelos$/);
    await expect(sidebar).toBeHidden();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Modelos");

    await page.getByTestId("drawer-open").click();
    await expect(page.getByTestId("nav-contratos.modelos")).toHaveAttribute("data-active", "true");
    await page.keyboard.press("Escape");
    await expect(sidebar).toBeHidden();
  });

  test("/dashboard has no serious accessibility violations with the drawer closed, open and closed again; no tooltip is left behind", async ({ browser }) => {
    const page = await start(browser, "admin@sol.example", { viewport: MOBILE });
    await page.goto("/dashboard");
    await hydrated(page);
    await axe(page);
    await page.getByTestId("drawer-open").click();
    await expect(page.getByTestId("sidebar")).toBeVisible();
    await page.waitForTimeout(400);
    await axe(page);
    await page.keyboard.press("Escape");
    await expect(page.getByTestId("sidebar")).toBeHidden();
    // Focus is back on the menu button, and nothing floats over the page.
    await expect(page.getByTestId("drawer-open")).toBeFocused();
    await page.waitForTimeout(800);
    await expect(page.getByRole("tooltip")).toHaveCount(0);
    await axe(page);
  });

  test("has no serious accessibility violations with the drawer open", async ({ browser }) => {
    const page = await start(browser, "admin@sol.example", { viewport: MOBILE });
    await page.goto("/financeiro/faturamento/comissoes");
    await hydrated(page);
    await page.getByTestId("drawer-open").click();
    await expect(page.getByTestId("sidebar")).toBeVisible();
    await page.waitForTimeout(400);
    await axe(page);
  });
});

test.describe("accessibility (axe)", () => {
  test("/login has no serious or critical violations", async ({ page }) => {
    const errors: string[] = [];
    watchConsole(page, errors);
    await page.goto("/login");
    await axe(page);
    current.consoleErrors = errors;
  });

  test("/dashboard, a list, a form and a page have no serious or critical violations, the sidebar open and collapsed", async ({ browser }) => {
    const page = await start(browser, "admin@sol.example");
    await page.goto("/dashboard");
    await hydrated(page);
    await axe(page);
    await page.goto("/cadastros/clientes");
    await axe(page);
    await page.goto("/cadastros/clientes/novo");
    await axe(page);
    await page.goto("/financeiro/faturamento/comissoes");
    await axe(page);
    await page.getByTestId("sidebar-collapse").click();
    await axe(page);
  });
});

test.describe("screenshots", () => {
  for (const lang of ["pt", "en", "es"] as const) {
    for (const [size, viewport] of [
      ["desktop", DESKTOP],
      ["mobile", MOBILE],
    ] as const) {
      test(`the shell in ${lang} at ${size} size`, async ({ browser, baseURL }) => {
        mkdirSync(SCREENSHOTS, { recursive: true });
        const page = await start(browser, "admin@sol.example", { viewport });
        await page.context().addCookies([{ name: "lng", value: lang, url: baseURL! }]);
        await page.goto("/dashboard");
        await hydrated(page);
        await expect(page.locator("html")).toHaveAttribute("lang", lang);
        await page.screenshot({ path: `${SCREENSHOTS}/shell-${lang}-${size}-dashboard.png` });
        await page.goto("/financeiro/faturamento/comissoes");
        await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
        await page.waitForTimeout(300);
        await page.screenshot({ path: `${SCREENSHOTS}/shell-${lang}-${size}-screen.png` });
        if (size === "mobile") {
          await page.getByTestId("drawer-open").click();
          await page.waitForTimeout(400);
          await page.screenshot({ path: `${SCREENSHOTS}/shell-${lang}-${size}-drawer.png` });
        } else {
          await page.keyboard.press("Control+k");
          await expect(page.getByTestId("command-palette")).toBeVisible();
          await page.screenshot({ path: `${SCREENSHOTS}/shell-${lang}-${size}-palette.png` });
        }
      });
    }
  }
});

/**
 * Every built screen through axe at 1280 px, by the user who may open it, and the public and
 * portal pages a visitor opens (at 1280 and 390 px): read-only, so it runs as its own
 * Playwright project beside the journeys (playwright.config.ts).
 */
import { expect, test } from "./fixtures";
import { axe, closeAfterEach, current, hydrated, start, watchConsole } from "./shell-helpers";

closeAfterEach();

/** Every built screen, by the user who may open it. */
const BUILT_SCREENS: { path: string; user: string }[] = [
  { path: "/dashboard", user: "admin@sol.example" },
  { path: "/perfil", user: "admin@sol.example" },
  ...["clientes", "agentes", "fornecedores", "prestadores", "embarques", "destinos"].flatMap((key) => [
    { path: `/cadastros/${key}`, user: "admin@sol.example" },
    { path: `/cadastros/${key}/novo`, user: "admin@sol.example" },
  ]),
  { path: "/cadastros/clientes/importar", user: "admin@sol.example" },
  { path: "/cadastros/produtos", user: "admin@sol.example" },
  { path: "/parametrizacao/email", user: "admin@sol.example" },
  { path: "/sistema/user-management", user: "admin@sol.example" },
  { path: "/sistema/auditoria", user: "admin@sol.example" },
  { path: "/sistema/menu-management", user: "admin@sol.example" },
  { path: "/sistema/minha-agencia", user: "admin@sol.example" },
  { path: "/sistema/sobre", user: "admin@sol.example" },
  { path: "/sistema/historico-versoes", user: "admin@sol.example" },
  { path: "/sistema/license-management", user: "super@rota.example" },
  { path: "/sistema/license-management/new", user: "super@rota.example" },
  ...["contas-a-receber", "contas-a-pagar"].flatMap((key) => [
    { path: `/financeiro/${key}`, user: "admin@sol.example" },
    { path: `/financeiro/${key}/novo`, user: "admin@sol.example" },
  ]),
  { path: "/financeiro/faturamento/comissoes", user: "admin@sol.example" },
  { path: "/financeiro/relatorios/dre", user: "admin@sol.example" },
  { path: "/financeiro/relatorios/extrato-de-contas", user: "admin@sol.example" },
  { path: "/financeiro/faturamento/gerar-fatura", user: "admin@sol.example" },
  { path: "/financeiro/faturamento/listagem-de-faturas", user: "admin@sol.example" },
  ...["prazos-de-pagamento", "tipos-de-conta", "plano-de-contas", "intermediadores"].flatMap((key) => [
    { path: `/financeiro/configuracoes/${key}`, user: "admin@sol.example" },
    { path: `/financeiro/configuracoes/${key}?novo`, user: "admin@sol.example" },
  ]),
  { path: "/financeiro/configuracoes/bancos-e-caixas", user: "admin@sol.example" },
  { path: "/financeiro/configuracoes/bancos-e-caixas/novo", user: "admin@sol.example" },
  { path: "/financeiro/cambio", user: "admin@sol.example" },
  { path: "/financeiro/cambio/novo", user: "admin@sol.example" },
  { path: "/financeiro/cambio/importar", user: "admin@sol.example" },
  { path: "/servicos/fretamento-terrestre", user: "admin@sol.example" },
  { path: "/servicos/fretamento-terrestre/novo", user: "admin@sol.example" },
  ...["pacotes-de-terceiros", "bloqueio-hospedagem", "bloqueio-aereo"].flatMap((key) => [
    { path: `/servicos/${key}`, user: "admin@sol.example" },
    { path: `/servicos/${key}/novo`, user: "admin@sol.example" },
  ]),
  ...["servicos", "motoristas", "guias", "frota"].flatMap((key) => [
    { path: `/receptivo/${key}`, user: "admin@sol.example" },
    { path: `/receptivo/${key}/novo`, user: "admin@sol.example" },
  ]),
  { path: "/servicos/receptivo", user: "admin@sol.example" },
  { path: "/servicos/receptivo?visao=week", user: "admin@sol.example" },
  { path: "/servicos/receptivo/ordens/novo", user: "admin@sol.example" },
  { path: "/crm", user: "admin@sol.example" },
  { path: "/crm/proposta", user: "admin@sol.example" },
  { path: "/crm/etapas", user: "admin@sol.example" },
  { path: "/crm/negocios/novo", user: "admin@sol.example" },
  { path: "/tarefas", user: "admin@sol.example" },
  { path: "/tarefas/a_fazer", user: "admin@sol.example" },
  { path: "/tarefas/tipos", user: "admin@sol.example" },
  { path: "/tarefas/tipos/novo", user: "admin@sol.example" },
  { path: "/tarefas/novo", user: "admin@sol.example" },
];

test.describe("accessibility of every built screen (axe, 1280 px)", () => {
  for (const { path, user } of BUILT_SCREENS) {
    test(`${path} has no serious or critical violations`, async ({ browser }) => {
      const page = await start(browser, user);
      await page.goto(path);
      await hydrated(page);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      expect(new URL(page.url()).pathname, "the screen opened (no redirect)").toBe(path.split("?")[0]);
      await axe(page, "content");
    });
  }

  test("a record's edit form has no serious or critical violations", async ({ browser }) => {
    const page = await start(browser, "admin@sol.example");
    await page.goto("/cadastros/clientes");
    await hydrated(page);
    await page.locator('a[href*="/cadastros/clientes/editar/"]').first().click();
    await expect(page).toHaveURL(/\/cadastros\/clientes\/editar\//);
    await hydrated(page);
    // The list leaves with a fade after the URL moves: checked once it is gone and the form is there.
    await expect(page.getByTestId("list-row")).toHaveCount(0);
    await expect(page.getByTestId("record-save")).toBeVisible();
    await axe(page);
  });
});


test.describe("accessibility of the public and portal pages (axe, anonymous, 1280 px and 390 px)", () => {
  for (const [size, viewport] of [
    ["desktop", { width: 1280, height: 800 }],
    ["phone", { width: 390, height: 844 }],
  ] as const) {
    test(`the agency's packages, a package, an excursion and the portal's sign-in (${size})`, async ({ browser }) => {
      const context = await browser.newContext({ viewport });
      current.ctx = context;
      const page = await context.newPage();
      watchConsole(page, current.consoleErrors);
      await page.goto("/agencia/sol-viagens/pacotes");
      await hydrated(page);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await axe(page);
      for (const kind of ["pacote", "excursao"] as const) {
        const href = await page.locator(`a[href^="/${kind}/"]`).first().getAttribute("href");
        expect(href, `a published ${kind} of the demo agency`).toBeTruthy();
        await page.goto(href!);
        await hydrated(page);
        await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
        await axe(page);
        await page.goto("/agencia/sol-viagens/pacotes");
      }
      await page.goto("/portal/sol-viagens/acesso");
      await hydrated(page);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await axe(page);
    });
  }
});

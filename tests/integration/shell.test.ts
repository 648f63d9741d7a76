/**
 * The application shell through the real route table and middleware: every
 * authenticated route of spec §2.6, the section index redirects, the role table
 * of spec §6, licence guards (spec §5) and the layout's sidebar data (spec §2.2).
 */
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { defaultLicence, type LicenceModules } from "~/lib/system/licence";
import type { NavItem } from "~/lib/shell/sidebar";
import { appRequest, json } from "./harness";
import { createAgency, createUser, seedDemo, signIn, SOL } from "./fixtures";

beforeAll(seedDemo);

const location = (res: Response) => res.headers.get("Location");

/** Every authenticated route of spec §2.6 that any signed-in agency user may open, with params filled in. */
const ROUTES = [
  "/dashboard",
  "/perfil",
  // Registers' edit screens answer 404 for an id that is no record (tests/integration/registers*.test.ts).
  ...["clientes", "agentes", "fornecedores", "prestadores", "embarques", "destinos"].flatMap((k) => [`/cadastros/${k}`, `/cadastros/${k}/novo`]),
  "/cadastros/produtos",
  // Built (routes/crm, routes/tasks): an unknown stage or status is a 404 (crm.test.ts, tasks.test.ts).
  "/crm",
  "/crm/proposta",
  "/crm/negocios/novo",
  "/tarefas",
  "/tarefas/tipos",
  "/tarefas/tipos/novo",
  "/tarefas/a_fazer",
  "/tarefas/geral",
  "/tarefas/novo",
  // Built services' edit screens answer 404 for an id that is no record (tests/integration/services-*.test.ts).
  // Excursions' edit, clone and operational screens too (services-excursions.test.ts, excursions-operational.test.ts).
  ...["pacotes-de-terceiros", "fretamento-terrestre", "bloqueio-hospedagem", "bloqueio-aereo", "excursoes"].flatMap((k) => [
    `/servicos/${k}`,
    `/servicos/${k}/novo`,
  ]),
  "/servicos/receptivo",
  // Built (routes/receptive): an unknown editar id is a 404, tested in receptive-registers.test.ts.
  ...["servicos", "motoristas", "guias", "frota"].flatMap((k) => [`/receptivo/${k}`, `/receptivo/${k}/novo`]),
  "/servicos/receptivo/ordens/novo",
  // Built (routes/sales): an unknown editar / gerenciar id is a 404, tested in the sales-*.test.ts files.
  "/vendas",
  "/vendas/emissivo",
  "/vendas/emissivo/novo",
  "/vendas/emissivo/relatorios",
  "/vendas/excursoes",
  "/vendas/excursoes/novo",
  // Built (routes/finance/titles): an unknown id such as 42 is a 404, tested in finance-ledger-routes.test.ts.
  ...["contas-a-pagar", "contas-a-receber"].flatMap((k) => [`/financeiro/${k}`, `/financeiro/${k}/novo`]),
  "/financeiro/faturamento/gerar-fatura",
  "/financeiro/faturamento/listagem-de-faturas",
  "/financeiro/faturamento/comissoes",
  "/financeiro/relatorios/dre",
  "/financeiro/cambio",
  "/financeiro/relatorios/extrato-de-contas",
  "/financeiro/configuracoes/prazos-de-pagamento",
  "/financeiro/configuracoes/tipos-de-conta",
  "/financeiro/configuracoes/plano-de-contas",
  "/financeiro/configuracoes/intermediadores",
  "/financeiro/configuracoes/bancos-e-caixas",
  // Built (routes/finance/settings): an unknown editar id is a 404, tested in finance-settings.test.ts.
  "/financeiro/configuracoes/bancos-e-caixas/novo",
  // Built (routes/contracts/modelos*): an unknown editar id is a 404, tested in contracts-templates.test.ts.
  "/contratos/modelos",
  "/contratos/modelos/novo",
  "/contratos/contratos-pendentes",
  "/contratos/assinaturas",
  "/parametrizacao/email",
  "/sistema/integracoes",
  "/sistema/integracoes/asaas",
  "/sistema/integracoes/webhooks",
  "/sistema/sobre",
  "/sistema/historico-versoes",
];
/** Admin and SuperAdmin (spec §6). */
const ADMIN_ROUTES = ["/sistema/user-management", "/sistema/menu-management", "/sistema/minha-agencia"];
/** SuperAdmin only (spec §6). */
const SUPER_ROUTES = ["/sistema/license-management", "/sistema/license-management/new", `/sistema/license-management/edit/${SOL.id}`];

const INDEX_REDIRECTS: [string, string][] = [
  ["/", "/dashboard"],
  ["/cadastros", "/cadastros/clientes"],
  ["/servicos", "/servicos/pacotes-de-terceiros"],
  ["/receptivo", "/receptivo/servicos"],
  ["/financeiro", "/financeiro/contas-a-receber"],
  ["/financeiro/faturamento", "/financeiro/faturamento/gerar-fatura"],
  ["/financeiro/relatorios", "/financeiro/relatorios/dre"],
  ["/financeiro/configuracoes", "/financeiro/configuracoes/prazos-de-pagamento"],
  ["/contratos", "/contratos/modelos"],
  ["/parametrizacao", "/parametrizacao/email"],
  ["/sistema", "/sistema/user-management"],
];

type LayoutData = { viewer: { role: string }; sidebar: NavItem[]; sidebarLanguage: string; sidebarCollapsed: boolean };

const ids = (items: NavItem[]): string[] => items.flatMap((i) => [i.id, ...ids(i.children)]);

let admin: string;
let agent: string;
let superAdmin: string;

beforeAll(async () => {
  // The first request loads the app's modules into the test Worker: give it time.
  admin = await signIn("admin@sol.example");
  agent = await signIn("agente@sol.example");
  superAdmin = await signIn("super@rota.example");
  // The SuperAdmin works inside Sol Viagens.
  const picked = await appRequest("/selecionar-agencia", { cookie: superAdmin, form: { agencyId: SOL.id, redirectTo: "/dashboard" } });
  expect(picked.status).toBe(302);
}, 120_000);

describe("authenticated routes of spec §2.6", () => {
  it("answer 200 for a signed-in Admin", async () => {
    const failures: string[] = [];
    for (const path of [...ROUTES, ...ADMIN_ROUTES]) {
      const res = await appRequest(path, { cookie: admin });
      if (res.status !== 200) failures.push(`${path} → ${res.status} ${location(res) ?? ""}`);
    }
    expect(failures).toEqual([]);
  });

  it("answer 200 for a SuperAdmin inside an agency, license management included", async () => {
    for (const path of [...ADMIN_ROUTES, ...SUPER_ROUTES, "/selecionar-agencia"]) {
      const res = await appRequest(path, { cookie: superAdmin });
      expect(res.status, path).toBe(200);
    }
  });

  it("send a visitor without a session to /login, remembering the location", async () => {
    for (const path of ["/cadastros/clientes/editar/42", "/sistema", "/financeiro/relatorios/dre"]) {
      const res = await appRequest(path);
      expect(res.status).toBe(302);
      expect(location(res)).toBe(`/login?redirectTo=${encodeURIComponent(path)}`);
    }
  });
});

describe("section indexes", () => {
  it("redirect to their first screen", async () => {
    for (const [from, to] of INDEX_REDIRECTS) {
      const res = await appRequest(from, { cookie: admin });
      expect(res.status, from).toBe(302);
      expect(location(res), from).toBe(to);
    }
  });

  it("still require a session", async () => {
    const res = await appRequest("/financeiro");
    expect(location(res)).toBe("/login?redirectTo=%2Ffinanceiro");
  });
});

describe("role table of spec §6", () => {
  it("sends an Agente silently to /dashboard from the admin screens", async () => {
    for (const path of [...ADMIN_ROUTES, ...SUPER_ROUTES]) {
      const res = await appRequest(path, { cookie: agent });
      expect(res.status, path).toBe(302);
      expect(location(res), path).toBe("/dashboard");
    }
  });

  it("lets an Agente open every other screen, about and versions included (integrations: system.test.ts)", async () => {
    for (const path of ["/sistema/sobre", "/sistema/historico-versoes", "/cadastros/clientes", "/vendas"]) {
      expect((await appRequest(path, { cookie: agent })).status, path).toBe(200);
    }
    // /sistema leads to user management, which the Agente may not open: two hops to /dashboard.
    const first = await appRequest("/sistema", { cookie: agent });
    expect(location(first)).toBe("/sistema/user-management");
    expect(location(await appRequest(location(first)!, { cookie: agent }))).toBe("/dashboard");
  });

  it("keeps license management for the SuperAdmin only", async () => {
    for (const path of SUPER_ROUTES) {
      const res = await appRequest(path, { cookie: admin });
      expect(location(res), path).toBe("/dashboard");
    }
  });

  it("refuses a write to a screen the role may not open", async () => {
    const res = await appRequest("/sistema/user-management", { cookie: agent, form: { anything: "1" } });
    expect(res.status).toBe(403);
  });
});

describe("licence guards (spec §5)", () => {
  let cookie: string;
  let agencyId: string;

  beforeAll(async () => {
    const agency = await createAgency();
    agencyId = agency.id;
    const user = await createUser({ role: "Admin", agencyId });
    cookie = await signIn(user.email, user.password);
  });

  async function setLicence(change: (l: LicenceModules) => void) {
    const licence = defaultLicence();
    change(licence);
    await env.DB.prepare("update licence set modules = ? where agency_id = ?").bind(JSON.stringify(licence), agencyId).run();
  }

  it("shows every module of the default licence in the layout's sidebar", async () => {
    await setLicence(() => {});
    const data = await json<LayoutData>(await appRequest("/dashboard", { cookie, loaderOf: "routes/app/layout.tsx" }));
    expect(data.sidebar.map((i) => i.key)).toEqual([
      "dashboard",
      "cadastros",
      "servicos",
      "crm",
      "tarefas",
      "vendas",
      "contratos",
      "financeiro",
      "parametrizacao",
      "sistema",
    ]);
    expect(data.sidebar.map((i) => i.name)).toContain("Parametrização");
    expect(ids(data.sidebar)).toContain("financeiro.faturamento.comissoes");
  });

  it("redirects a disabled module's routes to /dashboard and leaves it out of the sidebar", async () => {
    await setLicence((l) => {
      l.crm!.enabled = false;
      l.financeiro!.submodules!.faturamento!.submodules!.comissoes!.enabled = false;
      l.servicos!.submodules!.receptivo!.enabled = false;
    });
    for (const path of ["/crm", "/crm/prospeccao", "/financeiro/faturamento/comissoes", "/servicos/receptivo", "/receptivo/guias/novo"]) {
      const res = await appRequest(path, { cookie });
      expect(res.status, path).toBe(302);
      expect(location(res), path).toBe("/dashboard");
    }
    // Siblings stay open.
    expect((await appRequest("/financeiro/faturamento/gerar-fatura", { cookie })).status).toBe(200);
    expect((await appRequest("/servicos/excursoes", { cookie })).status).toBe(200);

    const data = await json<LayoutData>(await appRequest("/dashboard", { cookie, loaderOf: "routes/app/layout.tsx" }));
    const all = ids(data.sidebar);
    expect(all).not.toContain("crm");
    expect(all).not.toContain("financeiro.faturamento.comissoes");
    expect(all).not.toContain("servicos.receptivo");
    expect(all).toContain("financeiro.faturamento.gerar_fatura");
  });

  it("closes a whole group when its module is disabled", async () => {
    await setLicence((l) => {
      l.financeiro!.enabled = false;
    });
    for (const path of ["/financeiro/contas-a-pagar", "/financeiro/relatorios/dre", "/financeiro/configuracoes/bancos-e-caixas/editar/1"]) {
      expect(location(await appRequest(path, { cookie })), path).toBe("/dashboard");
    }
    const data = await json<LayoutData>(await appRequest("/perfil", { cookie, loaderOf: "routes/app/layout.tsx" }));
    expect(ids(data.sidebar).some((id) => id.startsWith("financeiro"))).toBe(false);
    await setLicence(() => {});
  });

  it("names the sidebar in the request's language and honours the agency's renamed entries", async () => {
    await setLicence((l) => {
      l.cadastros!.labels = { en: "People" };
    });
    const en = await json<LayoutData>(await appRequest("/dashboard", { cookie: `${cookie}; lng=en`, loaderOf: "routes/app/layout.tsx" }));
    expect(en.sidebarLanguage).toBe("en");
    expect(en.sidebar.map((i) => i.name)).toEqual(expect.arrayContaining(["People", "Services", "Financial", "System"]));
    const pt = await json<LayoutData>(await appRequest("/dashboard", { cookie, loaderOf: "routes/app/layout.tsx" }));
    expect(pt.sidebar.find((i) => i.key === "cadastros")!.name).toBe("Cadastros");
    await setLicence(() => {});
  });

  it("keeps the collapsed sidebar from its cookie", async () => {
    const data = await json<LayoutData>(
      await appRequest("/dashboard", { cookie: `${cookie}; rota_sidebar=collapsed`, loaderOf: "routes/app/layout.tsx" }),
    );
    expect(data.sidebarCollapsed).toBe(true);
  });
});

describe("record search (GET /busca)", () => {
  it("answers an empty, typed result inside the agency", async () => {
    const res = await appRequest("/busca?q=%20%20ana%20%20paula%20", { cookie: admin });
    expect(res.status).toBe(200);
    expect(res.headers.get("Cache-Control")).toBe("private, no-store");
    expect(await json(res)).toEqual({ query: "ana paula", results: [] });
  });

  it("needs a session and an agency", async () => {
    expect(location(await appRequest("/busca?q=ana"))).toBe("/login?redirectTo=%2Fbusca%3Fq%3Dana");
    const lonelySuper = await signIn("super@rota.example");
    expect(location(await appRequest("/busca?q=ana", { cookie: lonelySuper }))).toMatch(/^\/selecionar-agencia\?redirectTo=/);
  });
});

describe("profile actions flash toasts", () => {
  it("returns a toast with the translation key of the saved name", async () => {
    const user = await createUser({ role: "Agente" });
    const cookie = await signIn(user.email, user.password);
    const res = await appRequest("/perfil", { cookie, form: { intent: "name", name: "Teste Renomeado" } });
    expect(res.status).toBe(200);
    expect(await json(res)).toMatchObject({ ok: "profile.saved", toast: { title: "profile.saved" } });
  });

  it("saves the language preference in the profile and the language cookie", async () => {
    const user = await createUser({ role: "Agente" });
    const cookie = await signIn(user.email, user.password);
    const res = await appRequest("/perfil", { cookie, form: { intent: "preferences", lng: "es" } });
    expect(res.status).toBe(200);
    expect(await json(res)).toMatchObject({ language: "es", toast: { title: "profile.preferencesSaved" } });
    expect(res.headers.get("Set-Cookie")).toMatch(/^lng=es;/);
    const row = await env.DB.prepare("select locale from profile where id = ?").bind(user.id).first<{ locale: string }>();
    expect(row?.locale).toBe("es");
    const audit = await env.DB.prepare("select count(*) as n from audit_entry where entity_id = ? and entity = 'profile'").bind(user.id).first<{ n: number }>();
    expect(audit?.n).toBe(1);
    const loaded = await json<{ savedLocale: string }>(await appRequest("/perfil", { cookie }));
    expect(loaded.savedLocale).toBe("es");
  });

  it("refuses an unknown language", async () => {
    const res = await appRequest("/perfil", { cookie: admin, form: { intent: "preferences", lng: "fr" } });
    expect(res.status).toBe(400);
  });
});

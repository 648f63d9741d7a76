import i18next from "i18next";
import { describe, expect, it } from "vitest";
import resources from "~/locales/resources";
import { defaultLicence, type LicenceModule, type LicenceModules } from "~/lib/system/licence";
import {
  activeItem,
  buildSidebar,
  DEFAULT_ICON,
  flattenLinks,
  ICON_KEYS,
  isActive,
  menuKey,
  openGroupsFor,
  sharedSidebar,
  type NavItem,
  type Translate,
} from "~/lib/shell/sidebar";

const m = (order: number, name: string, icon: string, submodules?: LicenceModules, enabled = true): LicenceModule => ({
  enabled,
  order,
  name,
  icon,
  ...(submodules ? { submodules } : {}),
});

const i18n = i18next.createInstance();
await i18n.init({ resources, lng: "pt", fallbackLng: false, defaultNS: "translation", interpolation: { escapeValue: false } });
const tFor =
  (lng: "pt" | "en" | "es"): Translate =>
  (key) =>
    i18n.exists(key, { lng }) ? (i18n.getFixedT(lng)(key as never) as string) : undefined;

const find = (items: NavItem[], id: string): NavItem | undefined => {
  for (const item of items) {
    if (item.id === id) return item;
    const inner = find(item.children, id);
    if (inner) return inner;
  }
  return undefined;
};
const keys = (items: NavItem[]) => items.map((i) => i.key);

describe("buildSidebar: the default licence (spec §2.3)", () => {
  const tree = buildSidebar(defaultLicence(), { language: "pt", t: tFor("pt") });

  it("lists the top-level modules in menu order", () => {
    expect(tree.map((i) => i.name)).toEqual([
      "Dashboard",
      "Cadastros",
      "Serviços",
      "CRM",
      "Tarefas",
      "Vendas",
      "Contratos",
      "Financeiro",
      "Parametrização",
      "Sistema",
    ]);
  });

  it("names every entry of the §2.3 tables in Portuguese", () => {
    const names = (id: string) => find(tree, id)!.children.map((i) => i.name);
    expect(names("cadastros")).toEqual(["Clientes", "Fornecedores", "Prestadores", "Agentes", "Locais de Embarque", "Destinos", "Produtos"]);
    expect(names("servicos")).toEqual([
      "Pacotes de Terceiros",
      "Fretamento Terrestre",
      "Bloqueio de Hospedagem",
      "Bloqueio Aéreo",
      "Excursões",
      "Receptivo",
    ]);
    expect(names("tarefas")).toEqual(["Visão Geral", "Tipos de Tarefa"]);
    expect(names("vendas")).toEqual(["Emissivo", "Excursões"]);
    expect(names("contratos")).toEqual(["Modelos", "Geração Pendente", "Assinaturas Pendentes"]);
    expect(names("financeiro")).toEqual(["Contas a Receber", "Contas a Pagar", "Faturamento", "Relatórios", "Configurações", "Câmbio"]);
    expect(names("financeiro.faturamento")).toEqual(["Gerar Fatura", "Comissões", "Listagem de Faturas"]);
    expect(names("financeiro.relatorios")).toEqual(["DRE", "Extrato de Contas"]);
    expect(names("financeiro.configuracoes")).toEqual([
      "Prazos de Pagamento",
      "Tipos de Conta",
      "Plano de Contas",
      "Bancos e Caixas",
      "Intermediadores",
    ]);
    expect(names("parametrizacao")).toEqual(["Configurações de E-mail"]);
    expect(names("sistema")).toEqual([
      "Gestão de Usuários",
      "Gestão de Licenças",
      "Minha Agência",
      "Integrações",
      "Sobre o Sistema",
      "Histórico de Versões",
    ]);
    expect(names("sistema.integracoes")).toEqual(["Asaas", "Histórico de Webhooks"]);
  });

  it("builds routes from keys with underscores turned into hyphens, nesting deeper", () => {
    expect(find(tree, "dashboard")!.route).toBe("/dashboard");
    expect(find(tree, "servicos.pacotes_de_terceiros")!.route).toBe("/servicos/pacotes-de-terceiros");
    expect(find(tree, "financeiro.faturamento")!.route).toBe("/financeiro/faturamento");
    expect(find(tree, "financeiro.faturamento.listagem_de_faturas")!.route).toBe("/financeiro/faturamento/listagem-de-faturas");
    expect(find(tree, "financeiro.configuracoes.bancos_e_caixas")!.route).toBe("/financeiro/configuracoes/bancos-e-caixas");
    expect(find(tree, "sistema.integracoes.webhooks")!.route).toBe("/sistema/integracoes/webhooks");
    expect(find(tree, "contratos.assinaturas")!.route).toBe("/contratos/assinaturas");
  });

  it("keeps keys that repeat under different parents apart (excursoes, configuracoes)", () => {
    expect(find(tree, "servicos.excursoes")!.route).toBe("/servicos/excursoes");
    expect(find(tree, "vendas.excursoes")!.route).toBe("/vendas/excursoes");
    expect(find(tree, "financeiro.configuracoes")!.name).toBe("Configurações");
  });

  it("translates by key path in English and Spanish", () => {
    const en = buildSidebar(defaultLicence(), { language: "en", t: tFor("en") });
    const es = buildSidebar(defaultLicence(), { language: "es", t: tFor("es") });
    expect(en.map((i) => i.name)).toContain("Registrations");
    expect(find(en, "financeiro")!.name).toBe("Financial");
    expect(find(en, "financeiro.configuracoes.plano_de_contas")!.name).toBe("Chart of Accounts");
    expect(find(es, "sistema.user_management")!.name).toBe("Gestión de usuarios");
  });

  it("gives every entry a known icon", () => {
    const all: NavItem[] = [];
    const walk = (list: NavItem[]) => list.forEach((i) => (all.push(i), walk(i.children)));
    walk(tree);
    for (const item of all) expect(item.icon === DEFAULT_ICON || (ICON_KEYS as readonly string[]).includes(item.icon)).toBe(true);
    expect(all.filter((i) => i.icon === DEFAULT_ICON)).toEqual([]);
  });
});

describe("buildSidebar: rules of spec §2.2", () => {
  it("leaves out disabled modules and disabled submodules at any depth", () => {
    const licence = defaultLicence();
    licence.crm!.enabled = false;
    licence.cadastros!.submodules!.produtos!.enabled = false;
    licence.financeiro!.submodules!.faturamento!.submodules!.comissoes!.enabled = false;
    const tree = buildSidebar(licence, { language: "pt" });
    expect(keys(tree)).not.toContain("crm");
    expect(keys(find(tree, "cadastros")!.children)).not.toContain("produtos");
    expect(keys(find(tree, "financeiro.faturamento")!.children)).toEqual(["gerar_fatura", "listagem_de_faturas"]);
  });

  it("hides the whole subtree of a disabled group", () => {
    const licence = defaultLicence();
    licence.financeiro!.enabled = false;
    const tree = buildSidebar(licence, { language: "pt" });
    expect(find(tree, "financeiro")).toBeUndefined();
    expect(find(tree, "financeiro.faturamento.comissoes")).toBeUndefined();
  });

  it("treats anything but enabled: true as disabled", () => {
    const licence = { a: { ...m(1, "A", "x"), enabled: "yes" as unknown as boolean }, b: m(2, "B", "x") };
    expect(keys(buildSidebar(licence, { language: "pt" }))).toEqual(["b"]);
  });

  it("sorts by order, not by key insertion; fractional orders (1.5) fit between", () => {
    const licence: LicenceModules = {
      zeta: m(3, "Zeta", "x"),
      alpha: m(1, "Alpha", "x"),
      mid: m(1.5, "Mid", "x"),
      beta: m(2, "Beta", "x", { second: m(2, "Second", "x"), first: m(1, "First", "x"), half: m(1.5, "Half", "x") }),
    };
    const tree = buildSidebar(licence, { language: "pt" });
    expect(keys(tree)).toEqual(["alpha", "mid", "beta", "zeta"]);
    expect(keys(find(tree, "beta")!.children)).toEqual(["first", "half", "second"]);
  });

  it("puts Gestão de Licenças (order 1.5) right after Gestão de Usuários", () => {
    const sistema = find(buildSidebar(defaultLicence(), { language: "pt" }), "sistema")!;
    expect(keys(sistema.children).slice(0, 3)).toEqual(["user_management", "license_management", "minha_agencia"]);
  });

  it("sorts the submodules of vendas alphabetically by displayed name, in the current language", () => {
    const licence: LicenceModules = {
      vendas: m(6, "Vendas", "vendas", {
        excursoes: m(1, "Excursões", "excursoes"),
        emissivo: m(2, "Emissivo", "emissivo"),
        aereo: m(0, "Aéreo", "x"),
      }),
    };
    const pt = buildSidebar(licence, { language: "pt", t: tFor("pt") });
    // "Aéreo" sorts with A, not after Z (accent-insensitive collation), whatever the order fields say.
    expect(pt[0]!.children.map((i) => i.name)).toEqual(["Aéreo", "Emissivo", "Excursões"]);
    const en = buildSidebar(licence, { language: "en", t: tFor("en") });
    // English names: Excursions < Outbound.
    expect(en[0]!.children.map((i) => i.name)).toEqual(["Aéreo", "Excursions", "Outbound"]);
  });

  it("sorts vendas by the agency's renamed labels too", () => {
    const licence = defaultLicence();
    licence.vendas!.submodules!.emissivo!.labels = { pt: "Aéreo e Pacotes" };
    const tree = buildSidebar(licence, { language: "pt", t: tFor("pt") });
    expect(find(tree, "vendas")!.children.map((i) => i.name)).toEqual(["Aéreo e Pacotes", "Excursões"]);
  });

  it("sorts only the direct submodules of vendas by name; other groups and deeper levels by order", () => {
    const licence: LicenceModules = {
      vendas: m(1, "Vendas", "vendas", { b: m(1, "B", "x", { z: m(1, "Z", "x"), a: m(2, "A", "x") }), a: m(2, "A", "x") }),
      outros: m(2, "Outros", "x", { z: m(1, "Z", "x"), a: m(2, "A", "x") }),
    };
    const tree = buildSidebar(licence, { language: "pt" });
    expect(keys(find(tree, "vendas")!.children)).toEqual(["a", "b"]);
    expect(keys(find(tree, "vendas.b")!.children)).toEqual(["z", "a"]);
    expect(keys(find(tree, "outros")!.children)).toEqual(["z", "a"]);
  });

  it("gives unknown icon keys the default icon", () => {
    const tree = buildSidebar({ novo_modulo: m(1, "Novo", "nao-existe"), vazio: m(2, "Vazio", "") }, { language: "pt" });
    expect(tree.map((i) => i.icon)).toEqual([DEFAULT_ICON, DEFAULT_ICON]);
    expect(buildSidebar({ c: m(1, "C", "cambio") }, { language: "pt" })[0]!.icon).toBe("cambio");
  });

  it("routes keys with underscores as hyphens at every depth", () => {
    const tree = buildSidebar({ um_dois: m(1, "X", "x", { tres_quatro: m(1, "Y", "x", { cinco_seis: m(1, "Z", "x") }) }) }, { language: "pt" });
    expect(find(tree, "um_dois.tres_quatro.cinco_seis")!.route).toBe("/um-dois/tres-quatro/cinco-seis");
  });

  it("names an entry: agency label for the language, else the translation by path, else the licence name", () => {
    const licence = defaultLicence();
    licence.cadastros!.labels = { pt: "Registros da Agência", en: "" };
    licence.cadastros!.submodules!.clientes!.labels = { es: "Pasajeros" };
    const t: Translate = (key) => ({ [menuKey(["cadastros"])]: "Cadastros (t)", [menuKey(["cadastros", "clientes"])]: "Clientes (t)" })[key];
    const pt = buildSidebar(licence, { language: "pt", t });
    expect(find(pt, "cadastros")!.name).toBe("Registros da Agência");
    expect(find(pt, "cadastros.clientes")!.name).toBe("Clientes (t)");
    // An empty label falls through to the translation.
    expect(find(buildSidebar(licence, { language: "en", t }), "cadastros")!.name).toBe("Cadastros (t)");
    expect(find(buildSidebar(licence, { language: "es", t }), "cadastros.clientes")!.name).toBe("Pasajeros");
    // Without a translation: the licence name.
    expect(find(pt, "cadastros.fornecedores")!.name).toBe("Fornecedores");
    expect(buildSidebar({ extra: m(1, "Módulo Extra", "x") }, { language: "en", t: tFor("en") })[0]!.name).toBe("Módulo Extra");
  });

  it("treats a translator that echoes the key (i18next's missing key) as missing", () => {
    const tree = buildSidebar({ extra: m(1, "Extra", "x") }, { language: "pt", t: (k) => k });
    expect(tree[0]!.name).toBe("Extra");
  });

  it("gives no entries while the licence is loading", () => {
    expect(buildSidebar(null, { language: "pt" })).toEqual([]);
    expect(buildSidebar(undefined, { language: "pt" })).toEqual([]);
    expect(buildSidebar({}, { language: "pt" })).toEqual([]);
  });

  it("does not change the licence it reads", () => {
    const licence = defaultLicence();
    const copy = structuredClone(licence);
    buildSidebar(licence, { language: "en", t: tFor("en") });
    expect(licence).toEqual(copy);
  });
});

describe("isActive: the current path starts with the route (segment-wise)", () => {
  it("is active on the route itself and below it", () => {
    expect(isActive("/vendas/emissivo", "/vendas/emissivo")).toBe(true);
    expect(isActive("/vendas/emissivo/novo", "/vendas/emissivo")).toBe(true);
    expect(isActive("/vendas/emissivo/editar/42", "/vendas")).toBe(true);
    expect(isActive("/vendas/emissivo/", "/vendas/emissivo")).toBe(true);
  });

  it("is not active for a sibling whose key merely starts the same", () => {
    expect(isActive("/vendas/emissivo-x", "/vendas/emissivo")).toBe(false);
    expect(isActive("/financeiro/contas-a-pagar", "/financeiro/contas")).toBe(false);
    expect(isActive("/dashboardx", "/dashboard")).toBe(false);
  });

  it("is not active elsewhere", () => {
    expect(isActive("/servicos/excursoes", "/vendas/excursoes")).toBe(false);
    expect(isActive("/", "/dashboard")).toBe(false);
    expect(isActive("/vendas", "/vendas/emissivo")).toBe(false);
  });
});

describe("open groups and the active entry", () => {
  const tree = buildSidebar(defaultLicence(), { language: "pt" });

  it("opens every group along the current path", () => {
    expect(openGroupsFor(tree, "/financeiro/faturamento/comissoes")).toEqual(["financeiro", "financeiro.faturamento"]);
    expect(openGroupsFor(tree, "/sistema/integracoes/webhooks")).toEqual(["sistema", "sistema.integracoes"]);
    expect(openGroupsFor(tree, "/cadastros/clientes/editar/7")).toEqual(["cadastros"]);
  });

  it("opens nothing for a page outside the groups", () => {
    expect(openGroupsFor(tree, "/dashboard")).toEqual([]);
    expect(openGroupsFor(tree, "/perfil")).toEqual([]);
    expect(openGroupsFor(tree, "/financeiro-x")).toEqual([]);
  });

  it("picks the deepest matching entry as the active one", () => {
    expect(activeItem(tree, "/financeiro/faturamento/comissoes")!.id).toBe("financeiro.faturamento.comissoes");
    expect(activeItem(tree, "/cadastros/clientes/novo")!.id).toBe("cadastros.clientes");
    expect(activeItem(tree, "/vendas/excursoes")!.id).toBe("vendas.excursoes");
    expect(activeItem(tree, "/perfil")).toBeNull();
  });

  it("flattens the links (entries without children) with their trail, in display order", () => {
    const links = flattenLinks(tree);
    expect(links[0]).toMatchObject({ id: "dashboard", route: "/dashboard", trail: [] });
    expect(links.find((l) => l.id === "financeiro.faturamento.comissoes")).toMatchObject({
      route: "/financeiro/faturamento/comissoes",
      trail: ["Financeiro", "Faturamento"],
    });
    expect(links.some((l) => l.id === "financeiro.faturamento")).toBe(false);
  });
});

describe("sharedSidebar", () => {
  it("is the same frozen tree for the same language and licence content, a new one when either changes", () => {
    const t = (key: string) => key;
    const a = sharedSidebar(defaultLicence(), { language: "pt", t });
    expect(sharedSidebar(defaultLicence(), { language: "pt", t })).toBe(a);
    expect(Object.isFrozen(a) && Object.isFrozen(a[0]) && Object.isFrozen(a[0]!.children)).toBe(true);
    expect(sharedSidebar(defaultLicence(), { language: "en", t })).not.toBe(a);
    const changed = defaultLicence();
    changed.cadastros!.submodules!.clientes!.enabled = false;
    const b = sharedSidebar(changed, { language: "pt", t });
    expect(b).not.toBe(a);
    const cadastros = b.find((i) => i.key === "cadastros")!;
    expect(cadastros.children.some((c) => c.key === "clientes")).toBe(false);
    expect(a.find((i) => i.key === "cadastros")!.children.some((c) => c.key === "clientes")).toBe(true);
  });
});

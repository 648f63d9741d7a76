/**
 * The authenticated screens of spec §2.6 and the section index redirects.
 * app/routes.ts declares the routes (one `prefix()` per module), each route
 * module guards itself; this table says, per route pattern, which licence entry
 * guards it (spec §5) and which roles may open it (spec §6), so the command
 * palette can leave out what the viewer may not open. The generic section index
 * route (routes/app/section-index.ts) looks its redirect up by the matched
 * pattern; a pattern missing from its table answers 404 (fail closed).
 */
import type { Role } from "~/db/schema/platform";

export type ScreenKind =
  | "list"
  | "new"
  | "edit"
  | "clone"
  | "operational"
  | "manage"
  | "dailyReport"
  | "page"
  | "board"
  | "stage"
  | "status";

export type Screen = {
  /** Licence path that must be enabled: module, then submodules (spec §5). */
  licence: readonly string[];
  /** Roles allowed (spec §6); absent = any authenticated user. */
  roles?: readonly Role[];
  /** Menu path whose translation (menu.<path>.title) names the screen. */
  menu: readonly string[];
  kind: ScreenKind;
};

const ADMINS: readonly Role[] = ["SuperAdmin", "Admin"];
const SUPER_ONLY: readonly Role[] = ["SuperAdmin"];

// Integrações (payment provider, webhooks): Admins, SuperAdmins and Financeiro may view them (Financeiro
// follows the payments); changes to them are for Admins (and a SuperAdmin in the agency) only.
const INTEGRATIONS: readonly Role[] = ["SuperAdmin", "Admin", "Financeiro"];


/**
 * Every screen, each built as its own route module that enforces these guards in its
 * middleware. Kept here so that screenForPath (the command palette's role filter) knows
 * who may open them.
 */
export const BUILT_SCREENS: Readonly<Record<string, Screen>> = {
  // Cadastros (app/routes/cadastros/*): list, novo, editar/:id; produtos is a list.
  ...Object.fromEntries(
    ["clientes", "agentes", "fornecedores", "prestadores", "embarques", "destinos"].flatMap((key) => {
      const base = { licence: ["cadastros", key], menu: ["cadastros", key] };
      return [
        [`cadastros/${key}`, { ...base, kind: "list" }],
        [`cadastros/${key}/novo`, { ...base, kind: "new" }],
        [`cadastros/${key}/editar/:id`, { ...base, kind: "edit" }],
      ] satisfies [string, Screen][];
    }),
  ),
  "cadastros/produtos": { licence: ["cadastros", "produtos"], menu: ["cadastros", "produtos"], kind: "list" },
  // Serviços → Pacotes de terceiros (app/routes/services/pacotes-de-terceiros*): the section's index.
  "servicos/pacotes-de-terceiros": { licence: ["servicos", "pacotes_de_terceiros"], menu: ["servicos", "pacotes_de_terceiros"], kind: "list" },
  "servicos/pacotes-de-terceiros/novo": { licence: ["servicos", "pacotes_de_terceiros"], menu: ["servicos", "pacotes_de_terceiros"], kind: "new" },
  "servicos/pacotes-de-terceiros/editar/:id": { licence: ["servicos", "pacotes_de_terceiros"], menu: ["servicos", "pacotes_de_terceiros"], kind: "edit" },
  // Serviços → Excursões (app/routes/services/excursoes*).
  ...Object.fromEntries(
    (
      [
        ["", "list"],
        ["/novo", "new"],
        ["/editar/:id", "edit"],
        ["/clonar/:id", "clone"],
        ["/operacional/:id", "operational"],
      ] as const
    ).map(([path, kind]) => [`servicos/excursoes${path}`, { licence: ["servicos", "excursoes"], menu: ["servicos", "excursoes"], kind }] satisfies [string, Screen]),
  ),
  // Receptivo (app/routes/receptive/*): the registers (the section's index is servicos) and the agenda.
  ...Object.fromEntries(
    ["servicos", "motoristas", "guias", "frota"].flatMap((key) => {
      const base = { licence: ["servicos", "receptivo"], menu: ["receptivo", key] };
      return [
        [`receptivo/${key}`, { ...base, kind: "list" }],
        [`receptivo/${key}/novo`, { ...base, kind: "new" }],
        [`receptivo/${key}/editar/:id`, { ...base, kind: "edit" }],
      ] satisfies [string, Screen][];
    }),
  ),
  "servicos/receptivo": { licence: ["servicos", "receptivo"], menu: ["servicos", "receptivo"], kind: "page" },
  "servicos/receptivo/ordens/novo": { licence: ["servicos", "receptivo"], menu: ["servicos", "receptivo"], kind: "new" },
  "servicos/receptivo/ordens/editar/:id": { licence: ["servicos", "receptivo"], menu: ["servicos", "receptivo"], kind: "edit" },
  // Financeiro (app/routes/finance/titles, app/routes/finance/reports): any member views.
  ...Object.fromEntries(
    ["contas_a_receber", "contas_a_pagar"].flatMap((key) => {
      const base = { licence: ["financeiro", key], menu: ["financeiro", key] };
      const path = `financeiro/${key.replaceAll("_", "-")}`;
      return [
        [path, { ...base, kind: "list" }],
        [`${path}/novo`, { ...base, kind: "new" }],
        [`${path}/editar/:id`, { ...base, kind: "edit" }],
      ] satisfies [string, Screen][];
    }),
  ),
  // Comissões (app/routes/finance/commissions): any member views (an Agente their own); paying is for Admin and Financeiro.
  "financeiro/faturamento/comissoes": { licence: ["financeiro", "faturamento", "comissoes"], menu: ["financeiro", "faturamento", "comissoes"], kind: "list" },
  "financeiro/relatorios/dre": { licence: ["financeiro", "relatorios", "dre"], menu: ["financeiro", "relatorios", "dre"], kind: "page" },
  "financeiro/relatorios/extrato-de-contas": {
    licence: ["financeiro", "relatorios", "extrato_de_contas"],
    menu: ["financeiro", "relatorios", "extrato_de_contas"],
    kind: "page",
  },
  // Financeiro → Faturamento (app/routes/finance/invoices): any member views; generating, sending and cancelling are for canManageFinance.
  "financeiro/faturamento/gerar-fatura": { licence: ["financeiro", "faturamento", "gerar_fatura"], menu: ["financeiro", "faturamento", "gerar_fatura"], kind: "page" },
  "financeiro/faturamento/listagem-de-faturas": {
    licence: ["financeiro", "faturamento", "listagem_de_faturas"],
    menu: ["financeiro", "faturamento", "listagem_de_faturas"],
    kind: "list",
  },
  "financeiro/faturamento/listagem-de-faturas/:id": {
    licence: ["financeiro", "faturamento", "listagem_de_faturas"],
    menu: ["financeiro", "faturamento", "listagem_de_faturas"],
    kind: "page",
  },
  // Financeiro → Configurações (app/routes/finance/settings): any member views; changes are for canManageFinance.
  ...Object.fromEntries(
    ["prazos_de_pagamento", "tipos_de_conta", "plano_de_contas", "intermediadores", "bancos_e_caixas"].flatMap((key) => {
      const base = { licence: ["financeiro", "configuracoes", key], menu: ["financeiro", "configuracoes", key] };
      const path = `financeiro/configuracoes/${key.replaceAll("_", "-")}`;
      const list: [string, Screen] = [path, { ...base, kind: "list" }];
      if (key !== "bancos_e_caixas") return [list];
      return [list, [`${path}/novo`, { ...base, kind: "new" }], [`${path}/editar/:id`, { ...base, kind: "edit" }]] satisfies [string, Screen][];
    }),
  ),
  // Financeiro → Câmbio (app/routes/finance/cambio*): any member views and converts; rates and currencies are for canManageFinance.
  "financeiro/cambio": { licence: ["financeiro", "cambio"], menu: ["financeiro", "cambio"], kind: "list" },
  "financeiro/cambio/novo": { licence: ["financeiro", "cambio"], menu: ["financeiro", "cambio"], kind: "new" },
  "financeiro/cambio/editar/:id": { licence: ["financeiro", "cambio"], menu: ["financeiro", "cambio"], kind: "edit" },
  "financeiro/cambio/importar": { licence: ["financeiro", "cambio"], menu: ["financeiro", "cambio"], kind: "page", roles: ["SuperAdmin", "Admin", "Financeiro"] },
  // Contratos (app/routes/contracts/*): an Agente works on the contracts of their own sales.
  "contratos/contratos-pendentes": { licence: ["contratos", "contratos_pendentes"], menu: ["contratos", "contratos_pendentes"], kind: "list" },
  "contratos/assinaturas": { licence: ["contratos", "assinaturas"], menu: ["contratos", "assinaturas"], kind: "list" },
  "contratos/contrato/:id": { licence: ["contratos", "assinaturas"], menu: ["contratos", "assinaturas"], kind: "page" },
  "contratos/verificar": { licence: ["contratos", "assinaturas"], menu: ["contratos", "assinaturas"], kind: "page" },
  // Contratos → Modelos (app/routes/contracts/modelos*): any member reads and previews; Admins change (the screens check it).
  "contratos/modelos": { licence: ["contratos", "modelos"], menu: ["contratos", "modelos"], kind: "list" },
  "contratos/modelos/novo": { licence: ["contratos", "modelos"], menu: ["contratos", "modelos"], kind: "new" },
  "contratos/modelos/editar/:id": { licence: ["contratos", "modelos"], menu: ["contratos", "modelos"], kind: "edit" },
  // Vendas (app/routes/sales/*): an Agente works on their own sales, the screens check it.
  vendas: { licence: ["vendas"], menu: ["vendas"], kind: "page" },
  "vendas/emissivo": { licence: ["vendas", "emissivo"], menu: ["vendas", "emissivo"], kind: "list" },
  "vendas/emissivo/novo": { licence: ["vendas", "emissivo"], menu: ["vendas", "emissivo"], kind: "new" },
  "vendas/emissivo/editar/:id": { licence: ["vendas", "emissivo"], menu: ["vendas", "emissivo"], kind: "edit" },
  "vendas/emissivo/relatorios": { licence: ["vendas", "emissivo"], menu: ["vendas", "emissivo"], kind: "dailyReport" },
  "vendas/excursoes": { licence: ["vendas", "excursoes"], menu: ["vendas", "excursoes"], kind: "list" },
  "vendas/excursoes/novo": { licence: ["vendas", "excursoes"], menu: ["vendas", "excursoes"], kind: "new" },
  "vendas/excursoes/gerenciar/:id": { licence: ["vendas", "excursoes"], menu: ["vendas", "excursoes"], kind: "manage" },
  "sistema/user-management": { licence: ["sistema", "user_management"], menu: ["sistema", "user_management"], kind: "list", roles: ADMINS },
  "parametrizacao/email": { licence: ["parametrizacao", "email"], menu: ["parametrizacao", "email"], kind: "page" },
  "sistema/license-management": { licence: ["sistema", "license_management"], menu: ["sistema", "license_management"], kind: "list", roles: SUPER_ONLY },
  "sistema/license-management/new": { licence: ["sistema", "license_management"], menu: ["sistema", "license_management"], kind: "new", roles: SUPER_ONLY },
  "sistema/license-management/edit/:agencyId": { licence: ["sistema", "license_management"], menu: ["sistema", "license_management"], kind: "edit", roles: SUPER_ONLY },
  // Menu management has no licence entry of its own: it is part of Sistema.
  "sistema/menu-management": { licence: ["sistema"], menu: ["sistema", "menu_management"], kind: "page", roles: ADMINS },
  "sistema/minha-agencia": { licence: ["sistema", "minha_agencia"], menu: ["sistema", "minha_agencia"], kind: "page", roles: ADMINS },
  "sistema/sobre": { licence: ["sistema", "sobre"], menu: ["sistema", "sobre"], kind: "page" },
  "sistema/historico-versoes": { licence: ["sistema", "historico_versoes"], menu: ["sistema", "historico_versoes"], kind: "page" },
  "sistema/integracoes": { licence: ["sistema", "integracoes"], menu: ["sistema", "integracoes"], kind: "page", roles: INTEGRATIONS },
  "sistema/integracoes/asaas": { licence: ["sistema", "integracoes", "asaas"], menu: ["sistema", "integracoes", "asaas"], kind: "page", roles: INTEGRATIONS },
  "sistema/integracoes/webhooks": { licence: ["sistema", "integracoes", "webhooks"], menu: ["sistema", "integracoes", "webhooks"], kind: "list", roles: INTEGRATIONS },
  "sistema/integracoes/webhooks/:id": { licence: ["sistema", "integracoes", "webhooks"], menu: ["sistema", "integracoes", "webhooks"], kind: "page", roles: INTEGRATIONS },
};

/** Section indexes (spec §2.6): pattern → where the index redirects. */
export const SECTION_INDEX: Readonly<Record<string, string>> = {
  cadastros: "/cadastros/clientes",
  servicos: "/servicos/pacotes-de-terceiros",
  receptivo: "/receptivo/servicos",
  financeiro: "/financeiro/contas-a-receber",
  "financeiro/faturamento": "/financeiro/faturamento/gerar-fatura",
  "financeiro/relatorios": "/financeiro/relatorios/dre",
  "financeiro/configuracoes": "/financeiro/configuracoes/prazos-de-pagamento",
  contratos: "/contratos/modelos",
  parametrizacao: "/parametrizacao/email",
  sistema: "/sistema/user-management",
};

/** React Router's matched pattern ("/a/b/:id" or "a/b/:id") in the form the tables use. */
export const normalizePattern = (pattern: string | null | undefined) => (pattern ?? "").replace(/^\/+|\/+$/g, "");

export function sectionIndexFor(pattern: string | null | undefined): string | null {
  const key = normalizePattern(pattern);
  return Object.hasOwn(SECTION_INDEX, key) ? SECTION_INDEX[key]! : null;
}

/** Whether a role may open a screen (spec §6); screens without a role list are open to all. */
export function roleMayOpen(screen: Pick<Screen, "roles">, role: Role): boolean {
  return !screen.roles || screen.roles.includes(role);
}

/**
 * The screen a concrete path opens, by matching the table's patterns (used by
 * the command palette to leave out screens the role may not open).
 */
export function screenForPath(pathname: string): Screen | null {
  const segments = normalizePattern(pathname).split("/");
  let best: { screen: Screen; score: number } | null = null;
  for (const { parts, screen } of patternsOfLength(segments.length)) {
    let score = 0;
    let ok = true;
    for (let i = 0; i < parts.length; i++) {
      if (parts[i]!.startsWith(":")) continue;
      if (parts[i] !== segments[i]) {
        ok = false;
        break;
      }
      score++;
    }
    if (ok && (!best || score > best.score)) best = { screen, score };
  }
  return best?.screen ?? null;
}

/** The screens' patterns split once per isolate and grouped by segment count (table order kept). */
let patternIndex: Map<number, { parts: string[]; screen: Screen }[]> | null = null;
function patternsOfLength(length: number): readonly { parts: string[]; screen: Screen }[] {
  if (!patternIndex) {
    patternIndex = new Map();
    for (const [pattern, screen] of Object.entries(BUILT_SCREENS)) {
      const parts = pattern.split("/");
      let list = patternIndex.get(parts.length);
      if (!list) patternIndex.set(parts.length, (list = []));
      list.push({ parts, screen });
    }
  }
  return patternIndex.get(length) ?? [];
}

export type Crumb = { label: string; href: string | null };

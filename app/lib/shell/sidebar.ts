/**
 * Sidebar construction (spec §2.2), as pure functions so that the server (the
 * layout loader), the client (instant language switch) and the tests share one
 * implementation.
 *
 * - One entry per module whose `enabled` flag is true, sorted by `order`.
 * - Top-level route: "/" + key, underscores → hyphens. Submodule route: parent
 *   route + "/" + key, underscores → hyphens, at any depth.
 * - Submodules of `vendas` are sorted alphabetically by their displayed name
 *   (in the current language); every other level by `order`.
 * - Unknown icon keys get the default icon key.
 * - Display name: the agency's override for the language (`labels[language]`),
 *   else the translation `menu.<key path>.title`, else the licence `name`.
 */
import type { LicenceModule, LicenceModules } from "~/lib/system/licence";
import { keyToSegment } from "~/lib/system/licence";
import { INTL_LOCALE, type Language } from "~/locales";

/** The icon keys of spec §2.2 (plus the payment-provider integration, `asaas`). */
export const ICON_KEYS = [
  "dashboard",
  "cadastros",
  "clientes",
  "fornecedores",
  "prestadores",
  "agentes",
  "embarques",
  "destinos",
  "produtos",
  "servicos",
  "pacotes_de_terceiros",
  "fretamento_terrestre",
  "bloqueio_hospedagem",
  "bloqueio_aereo",
  "crm",
  "tarefas",
  "geral",
  "tipos",
  "emissivo",
  "receptivo",
  "excursoes",
  "vendas",
  "financeiro",
  "contas_a_receber",
  "contas_a_pagar",
  "faturamento",
  "gerar_fatura",
  "comissoes",
  "listagem_de_faturas",
  "relatorios",
  "dre",
  "extrato_de_contas",
  "configuracoes",
  "prazos_de_pagamento",
  "tipos_de_conta",
  "plano_de_contas",
  "bancos_e_caixas",
  "intermediadores",
  "cambio",
  "sistema",
  "user_management",
  "license_management",
  "minha_agencia",
  "integracoes",
  "asaas",
  "webhooks",
  "sobre",
  "historico_versoes",
  "contratos",
  "modelos",
  "assinaturas_pendentes",
  "contratos_pendentes",
  "assinaturas",
  "parametrizacao",
  "email",
] as const;
export type IconKey = (typeof ICON_KEYS)[number] | typeof DEFAULT_ICON;
/** What an unknown icon key becomes. */
export const DEFAULT_ICON = "default" as const;
const KNOWN_ICONS: ReadonlySet<string> = new Set(ICON_KEYS);

export function iconKey(key: string | null | undefined): IconKey {
  return typeof key === "string" && KNOWN_ICONS.has(key) ? (key as IconKey) : DEFAULT_ICON;
}

export type NavItem = {
  /** The module key of this level. */
  key: string;
  /** Keys from the top-level module down to this entry. */
  path: string[];
  /** `path` joined with dots: unique in the tree, used for the open-group state. */
  id: string;
  name: string;
  icon: IconKey;
  route: string;
  order: number;
  /** Empty for a link; a group otherwise. */
  children: NavItem[];
};

/**
 * Looks a key up; returns undefined when it is missing. A translator that echoes
 * the key back (i18next's behaviour for a missing key) counts as missing too.
 */
export type Translate = (key: string) => string | null | undefined;

export type SidebarOptions = { language: Language; t?: Translate };

/** The translation key of a menu entry's display name. */
export const menuKey = (path: readonly string[]) => `menu.${path.join(".")}.title`;

export function displayNameOf(entry: LicenceModule, path: readonly string[], { language, t }: SidebarOptions): string {
  const override = entry.labels?.[language]?.trim();
  if (override) return override;
  if (t) {
    const key = menuKey(path);
    const translated = t(key);
    if (typeof translated === "string" && translated.trim() !== "" && translated !== key) return translated;
  }
  return entry.name;
}

/** Modules whose submodules are sorted by name instead of order. */
const SORTED_BY_NAME = new Set(["vendas"]);

function build(modules: LicenceModules | undefined, parent: { path: string[]; route: string } | null, options: SidebarOptions): NavItem[] {
  if (!modules) return [];
  const items: NavItem[] = [];
  for (const key of Object.keys(modules)) {
    const entry = modules[key];
    if (!entry || entry.enabled !== true) continue;
    const path = parent ? [...parent.path, key] : [key];
    const route = `${parent ? parent.route : ""}/${keyToSegment(key)}`;
    items.push({
      key,
      path,
      id: path.join("."),
      name: displayNameOf(entry, path, options),
      icon: iconKey(entry.icon),
      route,
      order: Number.isFinite(entry.order) ? entry.order : Number.MAX_SAFE_INTEGER,
      children: build(entry.submodules, { path, route }, options),
    });
  }
  if (parent && parent.path.length === 1 && SORTED_BY_NAME.has(parent.path[0]!)) {
    const collator = new Intl.Collator(INTL_LOCALE[options.language], { sensitivity: "base" });
    return items.sort((a, b) => collator.compare(a.name, b.name) || a.key.localeCompare(b.key));
  }
  // Ties keep a stable, predictable order: by key.
  return items.sort((a, b) => a.order - b.order || a.key.localeCompare(b.key));
}

/** The navigation tree of spec §2.2. A licence that is still loading (null) gives no entries. */
export function buildSidebar(licence: LicenceModules | null | undefined, options: SidebarOptions): NavItem[] {
  return build(licence ?? undefined, null, options);
}

/**
 * The server's sidebar, built once per isolate for each (language, licence content)
 * and shared read-only (frozen) between requests: `t` must be the language's static
 * translations (the layout's per-language i18n instance), so the language and the
 * licence's JSON are everything the tree depends on; a licence change is a new key
 * at once. Bounded: the cache starts over past 500 entries.
 */
const sidebars = new Map<string, NavItem[]>();
export function sharedSidebar(licence: LicenceModules | null | undefined, options: Required<SidebarOptions>): NavItem[] {
  const key = `${options.language}\n${JSON.stringify(licence ?? null)}`;
  let items = sidebars.get(key);
  if (!items) {
    items = deepFreeze(buildSidebar(licence, options));
    if (sidebars.size >= 500) sidebars.clear();
    sidebars.set(key, items);
  }
  return items;
}

/** Frozen, so a caller that tried to change the shared tree would fail loudly (typed mutable for the props that take it). */
function deepFreeze(items: NavItem[]): NavItem[] {
  for (const item of items) {
    Object.freeze(item.path);
    deepFreeze(item.children);
    Object.freeze(item);
  }
  Object.freeze(items);
  return items;
}

/**
 * Spec §2.2: "an entry is highlighted as active when the current path starts
 * with its route". Implemented on segment boundaries: /vendas/emissivo is active
 * for /vendas/emissivo and /vendas/emissivo/novo, but not for /vendas/emissivo-x
 * (a plain string prefix would wrongly match a sibling whose key extends another).
 * A trailing slash on the path is ignored.
 */
export function isActive(pathname: string, route: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  const r = route.length > 1 ? route.replace(/\/+$/, "") : route;
  if (r === "/") return path === "/";
  return path === r || path.startsWith(`${r}/`);
}

/** The ids of the groups (entries with children) along the current path: they open by themselves. */
export function openGroupsFor(items: readonly NavItem[], pathname: string): string[] {
  const open: string[] = [];
  const walk = (list: readonly NavItem[]) => {
    for (const item of list) {
      if (item.children.length > 0 && isActive(pathname, item.route)) {
        open.push(item.id);
        walk(item.children);
      }
    }
  };
  walk(items);
  return open;
}

/** The deepest entry whose route is active for the path (the one to highlight). */
export function activeItem(items: readonly NavItem[], pathname: string): NavItem | null {
  let found: NavItem | null = null;
  const walk = (list: readonly NavItem[]) => {
    for (const item of list) {
      if (!isActive(pathname, item.route)) continue;
      if (!found || item.path.length > found.path.length) found = item;
      walk(item.children);
    }
  };
  walk(items);
  return found;
}

export type NavLeaf = { id: string; name: string; route: string; icon: IconKey; trail: string[] };

/** Every link (entry without children) in display order, with the names of its ancestors. */
export function flattenLinks(items: readonly NavItem[]): NavLeaf[] {
  const out: NavLeaf[] = [];
  const walk = (list: readonly NavItem[], trail: string[]) => {
    for (const item of list) {
      if (item.children.length === 0) out.push({ id: item.id, name: item.name, route: item.route, icon: item.icon, trail });
      else walk(item.children, [...trail, item.name]);
    }
  };
  walk(items, []);
  return out;
}

import type { RouteConfigEntry } from "@react-router/dev/routes";
import { describe, expect, it } from "vitest";
import routes from "~/routes";
import pt from "~/locales/pt";
import { defaultLicence, hasPermission } from "~/lib/system/licence";
import { normalizePattern, roleMayOpen, screenFor, screenForPath, SCREENS, SECTION_INDEX, sectionIndexFor } from "~/lib/shell/screens";
import { buildSidebar, flattenLinks, menuKey } from "~/lib/shell/sidebar";

/** Every route of the table with its full pattern and file. */
function flatten(entries: RouteConfigEntry[], parent = ""): { pattern: string; file: string; index: boolean }[] {
  return entries.flatMap((e) => {
    const pattern = [parent, e.path ?? ""].filter(Boolean).join("/");
    const self = e.path !== undefined || e.index ? [{ pattern: normalizePattern(pattern), file: e.file, index: !!e.index }] : [];
    return [...self, ...(e.children ? flatten(e.children, pattern) : [])];
  });
}
const table = flatten(routes);
const get = (obj: unknown, path: string) => path.split(".").reduce<unknown>((o, k) => (o as Record<string, unknown> | undefined)?.[k], obj);

describe("screen table ↔ app/routes.ts", () => {
  it("has exactly one screen entry per route of the generic screen module", () => {
    const screenRoutes = table.filter((r) => r.file === "routes/app/screen.tsx").map((r) => r.pattern);
    expect(new Set(screenRoutes).size).toBe(screenRoutes.length);
    expect([...screenRoutes].sort()).toEqual(Object.keys(SCREENS).sort());
  });

  it("has exactly one redirect per section index route", () => {
    const indexes = table.filter((r) => r.file === "routes/app/section-index.ts").map((r) => r.pattern);
    expect([...indexes].sort()).toEqual(Object.keys(SECTION_INDEX).sort());
  });

  it("redirects every section index to a screen of the table", () => {
    for (const target of Object.values(SECTION_INDEX)) expect(screenForPath(target), target).not.toBeNull();
  });

  it("guards every screen with an entry of the default licence and names it in the menu translations", () => {
    for (const [pattern, screen] of Object.entries(SCREENS)) {
      const [module, ...path] = screen.licence;
      expect(hasPermission(defaultLicence(), module!, ...path), pattern).toBe(true);
      expect(typeof get(pt, menuKey(screen.menu)), pattern).toBe("string");
    }
  });

  it("has a route for every entry of the default sidebar", () => {
    const routePatterns = table.map((r) => r.pattern);
    for (const link of flattenLinks(buildSidebar(defaultLicence(), { language: "pt" }))) {
      const path = normalizePattern(link.route);
      const ok = routePatterns.includes(path) || screenForPath(link.route) !== null;
      expect(ok, link.route).toBe(true);
    }
  });

  it("applies the role table of spec §6", () => {
    expect(screenForPath("/sistema/user-management")!.roles).toEqual(["SuperAdmin", "Admin"]);
    expect(screenForPath("/sistema/menu-management")!.roles).toEqual(["SuperAdmin", "Admin"]);
    expect(screenForPath("sistema/minha-agencia")!.roles).toEqual(["SuperAdmin", "Admin"]);
    for (const p of ["sistema/license-management", "sistema/license-management/new", "sistema/license-management/edit/:agencyId"]) {
      expect(screenForPath(p)!.roles).toEqual(["SuperAdmin"]);
    }
    // Integrations: viewing for Admin, SuperAdmin and Financeiro (H2's decision, see screens.ts).
    expect(screenForPath("sistema/integracoes")!.roles).toEqual(["SuperAdmin", "Admin", "Financeiro"]);
    expect(roleMayOpen(screenForPath("sistema/integracoes")!, "Agente")).toBe(false);
    for (const p of ["sistema/sobre", "sistema/historico-versoes", "cadastros/clientes"]) {
      expect(screenForPath(p)!.roles).toBeUndefined();
      expect(roleMayOpen(screenForPath(p)!, "Agente")).toBe(true);
    }
    expect(roleMayOpen(screenForPath("sistema/license-management")!, "Admin")).toBe(false);
  });

  it("looks patterns up exactly and fails closed on unknown ones", () => {
    expect(screenFor("/financeiro/faturamento/gerar-fatura/")).toMatchObject({ kind: "page", licence: ["financeiro", "faturamento", "gerar_fatura"] });
    // Comissões is built (app/routes/finance/commissions): no placeholder any more.
    expect(screenFor("financeiro/faturamento/comissoes")).toBeNull();
    // The integrations are built (app/routes/system/integracoes*.tsx): no placeholders any more.
    expect(screenFor("sistema/integracoes")).toBeNull();
    expect(screenFor("sistema/integracoes/asaas/x")).toBeNull();
    // CRM is built (app/routes/crm): its patterns are no placeholders any more.
    expect(screenFor("crm/:stage")).toBeNull();
    expect(screenFor("")).toBeNull();
    expect(screenFor(undefined)).toBeNull();
    expect(screenFor("constructor")).toBeNull();
    expect(sectionIndexFor("/financeiro/faturamento")).toBe("/financeiro/faturamento/gerar-fatura");
    expect(sectionIndexFor("toString")).toBeNull();
  });

  it("matches concrete paths, preferring static segments over params", () => {
    expect(screenForPath("/vendas/emissivo/relatorios")!.kind).toBe("dailyReport");
    expect(screenForPath("/nao/existe")).toBeNull();
  });
});

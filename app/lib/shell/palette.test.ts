import { describe, expect, it } from "vitest";
import { defaultLicence } from "~/lib/system/licence";
import { fold, paletteEntries, paletteFilter } from "~/lib/shell/palette";
import { buildSidebar } from "~/lib/shell/sidebar";

const tree = buildSidebar(defaultLicence(), { language: "pt" });
const extra = { dashboard: "Dashboard", profile: "Meu perfil" };

describe("palette entries", () => {
  it("lists every link of the sidebar plus the profile", () => {
    const entries = paletteEntries(tree, "SuperAdmin", extra);
    const routes = entries.map((e) => e.route);
    expect(routes[0]).toBe("/dashboard");
    expect(routes).toContain("/financeiro/faturamento/comissoes");
    expect(routes).toContain("/sistema/license-management");
    expect(routes[routes.length - 1]).toBe("/perfil");
    expect(new Set(routes).size).toBe(routes.length);
  });

  it("leaves out screens the role may not open", () => {
    const admin = paletteEntries(tree, "Admin", extra).map((e) => e.route);
    expect(admin).not.toContain("/sistema/license-management");
    expect(admin).toContain("/sistema/user-management");
    const agent = paletteEntries(tree, "Agente", extra).map((e) => e.route);
    expect(agent).not.toContain("/sistema/user-management");
    expect(agent).not.toContain("/sistema/minha-agencia");
    expect(agent).toContain("/sistema/sobre");
  });

  it("keeps /dashboard even when the licence leaves the dashboard module out", () => {
    const licence = defaultLicence();
    licence.dashboard!.enabled = false;
    const entries = paletteEntries(buildSidebar(licence, { language: "pt" }), "Agente", extra);
    expect(entries.filter((e) => e.route === "/dashboard")).toHaveLength(1);
  });
});

describe("palette filter", () => {
  it("ignores accents and case", () => {
    expect(fold("Serviços Aéreos")).toBe("servicos aereos");
    expect(paletteFilter("Comissões", "comisso")).toBeGreaterThan(0);
  });

  it("matches words across the name and its trail", () => {
    expect(paletteFilter("Comissões", "financeiro comiss", ["Financeiro", "Faturamento"])).toBeGreaterThan(0);
    expect(paletteFilter("Comissões", "vendas", ["Financeiro"])).toBe(0);
  });

  it("ranks a name that starts with the search first", () => {
    const starts = paletteFilter("Contas a Pagar", "contas");
    const word = paletteFilter("Plano de Contas", "contas");
    const trail = paletteFilter("DRE", "relat", ["Relatórios"]);
    expect(starts).toBeGreaterThan(word);
    expect(word).toBeGreaterThan(trail);
    expect(paletteFilter("Anything", "  ")).toBe(1);
  });
});

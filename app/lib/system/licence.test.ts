import { describe, expect, it } from "vitest";
import { defaultLicence, hasPermission, keyToSegment, type LicenceModules } from "~/lib/system/licence";

describe("hasPermission (spec §5)", () => {
  const licence = defaultLicence();

  it("is false for every check while the licence is loading", () => {
    expect(hasPermission(null, "cadastros")).toBe(false);
    expect(hasPermission(undefined, "cadastros", "clientes")).toBe(false);
  });

  it("holds for an existing, enabled module and submodule", () => {
    expect(hasPermission(licence, "cadastros")).toBe(true);
    expect(hasPermission(licence, "cadastros", "clientes")).toBe(true);
    expect(hasPermission(licence, "financeiro", "faturamento", "comissoes")).toBe(true);
  });

  it("fails for a module or submodule that does not exist", () => {
    expect(hasPermission(licence, "nope")).toBe(false);
    expect(hasPermission(licence, "cadastros", "nope")).toBe(false);
    expect(hasPermission(licence, "toString")).toBe(false);
    expect(hasPermission(licence, "cadastros", "constructor")).toBe(false);
  });

  it("fails for a disabled module, and for every submodule under it", () => {
    const l: LicenceModules = defaultLicence();
    l.cadastros!.enabled = false;
    expect(hasPermission(l, "cadastros")).toBe(false);
    expect(hasPermission(l, "cadastros", "clientes")).toBe(false);
  });

  it("fails for a disabled submodule while its module still holds", () => {
    const l: LicenceModules = defaultLicence();
    l.cadastros!.submodules!.clientes!.enabled = false;
    expect(hasPermission(l, "cadastros")).toBe(true);
    expect(hasPermission(l, "cadastros", "clientes")).toBe(false);
    expect(hasPermission(l, "cadastros", "fornecedores")).toBe(true);
  });
});

describe("defaultLicence", () => {
  it("has the spec's top level in order with every module enabled", () => {
    const l = defaultLicence();
    const top = Object.entries(l)
      .sort(([, a], [, b]) => a.order - b.order)
      .map(([, v]) => v.name);
    expect(top).toEqual([
      "Dashboard", "Cadastros", "Serviços", "CRM", "Tarefas", "Vendas", "Contratos", "Financeiro", "Parametrização", "Sistema",
    ]);
    const all = (mods: LicenceModules): boolean =>
      Object.values(mods).every((m) => m.enabled && (!m.submodules || all(m.submodules)));
    expect(all(l)).toBe(true);
  });

  it("puts Gestão de Licenças at order 1.5 right after Gestão de Usuários", () => {
    const sistema = defaultLicence().sistema!.submodules!;
    expect(sistema.license_management).toMatchObject({ name: "Gestão de Licenças", order: 1.5 });
    const names = Object.values(sistema).sort((a, b) => a.order - b.order).map((m) => m.name);
    expect(names.slice(0, 3)).toEqual(["Gestão de Usuários", "Gestão de Licenças", "Minha Agência"]);
  });

  it("is a fresh copy each time", () => {
    const a = defaultLicence();
    a.crm!.enabled = false;
    expect(defaultLicence().crm!.enabled).toBe(true);
  });
});

describe("keyToSegment", () => {
  it("turns underscores into hyphens", () => {
    expect(keyToSegment("pacotes_de_terceiros")).toBe("pacotes-de-terceiros");
    expect(keyToSegment("crm")).toBe("crm");
  });
});

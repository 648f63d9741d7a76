import { describe, expect, it } from "vitest";
import { defaultLicence, hasPermission } from "~/lib/system/licence";
import {
  applyEnabled,
  applyMenuEdit,
  countEnabled,
  enabledChanges,
  entryAt,
  entryIds,
  menuChanges,
  resetMenu,
  unknownIds,
  validateMenuEdit,
} from "~/lib/system/licence-edit";

describe("licence entries", () => {
  it("lists every entry depth first by order, Gestão de Licenças (1.5) after Gestão de Usuários", () => {
    const ids = entryIds(defaultLicence());
    expect(ids[0]).toBe("dashboard");
    expect(ids.indexOf("cadastros.clientes")).toBe(ids.indexOf("cadastros") + 1);
    expect(ids.indexOf("sistema.license_management")).toBe(ids.indexOf("sistema.user_management") + 1);
    expect(ids).toContain("financeiro.faturamento.comissoes");
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("finds own keys only", () => {
    const l = defaultLicence();
    expect(entryAt(l, "financeiro.faturamento.comissoes")?.name).toBe("Comissões");
    expect(entryAt(l, "toString")).toBeUndefined();
    expect(entryAt(l, "cadastros.constructor")).toBeUndefined();
    expect(unknownIds(l, ["crm", "crm.nada", "__proto__"])).toEqual(["crm.nada", "__proto__"]);
  });
});

describe("applyEnabled (licence management)", () => {
  it("enables exactly the ids given; a disabled module blocks its subtree (spec §5) while children keep their flags", () => {
    const l = defaultLicence();
    const on = new Set(entryIds(l).filter((id) => id !== "cadastros" && id !== "financeiro.faturamento.comissoes"));
    const next = applyEnabled(l, on);
    expect(next.cadastros!.enabled).toBe(false);
    expect(next.cadastros!.submodules!.clientes!.enabled).toBe(true);
    expect(hasPermission(next, "cadastros", "clientes")).toBe(false);
    expect(hasPermission(next, "financeiro", "faturamento", "comissoes")).toBe(false);
    expect(hasPermission(next, "financeiro", "faturamento", "gerar_fatura")).toBe(true);
    expect(l.cadastros!.enabled).toBe(true); // input untouched
    expect(enabledChanges(l, next)).toEqual({ "enabled.cadastros": [true, false], "enabled.financeiro.faturamento.comissoes": [true, false] });
    const count = countEnabled(next);
    expect(count).toMatchObject({ modules: 9, modulesTotal: 10 });
    expect(count.entries).toBe(count.entriesTotal - 1 - 7 - 1);
  });
});

describe("menu edits", () => {
  const l = defaultLicence();
  const ids = entryIds(l);

  it("rewrites order among siblings and sets or clears labels", () => {
    const order = ["crm", ...ids.filter((id) => id !== "crm")];
    const next = applyMenuEdit(l, { order, labels: { cadastros: { pt: "  Pessoas ", en: "" }, crm: { es: "Embudo" } } });
    expect(next.crm!.order).toBe(1);
    expect(next.dashboard!.order).toBe(2);
    expect(next.sistema!.submodules!.license_management!.order).toBe(2);
    expect(next.cadastros!.labels).toEqual({ pt: "Pessoas" });
    expect(next.crm!.labels).toEqual({ es: "Embudo" });
    const cleared = applyMenuEdit(next, { order, labels: { cadastros: { pt: "" } } });
    expect(cleared.cadastros!.labels).toBeUndefined();
    expect(menuChanges(l, next)).toMatchObject({ "crm.order": [4, 1], "cadastros.labels": [null, { pt: "Pessoas" }] });
  });

  it("validates: known ids, each once, all of them, labels of at most 60 characters", () => {
    expect(validateMenuEdit(l, { order: ids, labels: {} })).toBeNull();
    expect(validateMenuEdit(l, { order: [...ids, "x"], labels: {} })).toEqual({ kind: "unknown", ids: ["x"] });
    expect(validateMenuEdit(l, { order: ids, labels: { "crm.x": { pt: "a" } } })).toEqual({ kind: "unknown", ids: ["crm.x"] });
    expect(validateMenuEdit(l, { order: [...ids, "crm"], labels: {} })).toEqual({ kind: "duplicate", ids: ["crm"] });
    expect(validateMenuEdit(l, { order: ids.slice(1), labels: {} })).toEqual({ kind: "missing", ids: ["dashboard"] });
    expect(validateMenuEdit(l, { order: ids, labels: { crm: { en: "y".repeat(61) } } })).toEqual({ kind: "tooLong", fields: ["label.crm.en"] });
    expect(validateMenuEdit(l, { order: ids, labels: { crm: { en: "y".repeat(60) } } })).toBeNull();
  });

  it("resets to the default order and names, keeping enabled flags", () => {
    const edited = applyMenuEdit(l, { order: [...ids].reverse(), labels: { crm: { pt: "Funil" } } });
    edited.crm!.enabled = false;
    edited.sistema!.submodules!.sobre!.enabled = false;
    const reset = resetMenu(edited);
    const expected = defaultLicence();
    expected.crm!.enabled = false;
    expected.sistema!.submodules!.sobre!.enabled = false;
    expect(reset).toEqual(expected);
  });
});

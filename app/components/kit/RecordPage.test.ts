import { describe, expect, it } from "vitest";
import { sectionCrumb } from "~/components/kit/RecordPage";
import pt from "~/locales/pt";

const translate = (key: string) => key.split(".").reduce<unknown>((v, k) => (v as Record<string, unknown> | undefined)?.[k], pt) as string | undefined;

describe("a record page's breadcrumb section", () => {
  it("is the menu section of the list's first segment", () => {
    expect(sectionCrumb("/cadastros/clientes", translate)).toEqual([{ label: "Cadastros", href: null }]);
    expect(sectionCrumb("/servicos/fretamento-terrestre", translate)).toEqual([{ label: "Serviços", href: null }]);
    expect(sectionCrumb("/receptivo/motoristas", translate)).toEqual([{ label: "Receptivo", href: null }]);
    expect(sectionCrumb("/financeiro/configuracoes/bancos-e-caixas", translate)).toEqual([{ label: "Financeiro", href: null }]);
  });
  it("is left out when the menu has no such section", () => {
    expect(sectionCrumb("/nada/aqui", translate)).toEqual([]);
    expect(sectionCrumb("", translate)).toEqual([]);
  });
});

import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { CONTRACT_LANGUAGES, TEMPLATE_SALE_KINDS } from "~/db/schema/contracts";
import { DEFAULT_TEMPLATES } from "~/lib/contracts/default-templates";
import { emptyDoc } from "~/lib/contracts/document";
import { TEMPLATE_KINDS, TEMPLATE_LANGUAGES, TEMPLATE_NAME_MAX, canManageTemplates, templateErr, templateListSpec, templateToCsvRow } from "~/lib/contracts/template";
import { templateEditSchema, templateSchema } from "~/lib/contracts/template.schema";
import { parseListQuery } from "~/lib/kit/list";

const form = (over: Record<string, string> = {}) => {
  const fd = new FormData();
  const values = { name: "Contrato padrão", language: "pt", saleKind: "any", body: JSON.stringify(emptyDoc()), ...over };
  for (const [k, v] of Object.entries(values)) fd.append(k, v);
  return fd;
};
const parse = (over: Record<string, string> = {}, schema: typeof templateSchema | typeof templateEditSchema = templateSchema) => parseWithZod(form(over), { schema });
const errorsOf = (over: Record<string, string>) => {
  const s = parse(over);
  return s.status === "error" ? s.error : null;
};

describe("contract template (pure part)", () => {
  it("repeats the schema's languages and kinds", () => {
    expect([...TEMPLATE_LANGUAGES].sort()).toEqual([...CONTRACT_LANGUAGES].sort());
    expect([...TEMPLATE_KINDS].sort()).toEqual([...TEMPLATE_SALE_KINDS].sort());
  });

  it("lets Admins and SuperAdmins change templates, nobody else", () => {
    expect(canManageTemplates("Admin")).toBe(true);
    expect(canManageTemplates("SuperAdmin")).toBe(true);
    for (const role of ["Agente", "Financeiro", "Operacional"] as const) expect(canManageTemplates(role)).toBe(false);
  });

  it("drops bad list params", () => {
    const q = parseListQuery(new URLSearchParams("language=de&kind=excursion&sort=body"), templateListSpec);
    expect(q.filters).toEqual({ kind: "excursion" });
    expect(q.sort).toBe("name");
  });

  it("writes a CSV row", () => {
    expect(templateToCsvRow({ name: "X", language: "es", saleKind: "emissivo", isDefault: true, currentVersion: 3, updatedAt: "2026-01-01T00:00:00.000Z" })).toEqual({
      name: "X",
      language: "es",
      saleKind: "emissivo",
      isDefault: "1",
      currentVersion: "3",
      updatedAt: "2026-01-01T00:00:00.000Z",
    });
  });
});

describe("the template form schema", () => {
  it("accepts a template and gives the parsed body", () => {
    const s = parse({ isDefault: "on", body: JSON.stringify(DEFAULT_TEMPLATES[0]!.body) });
    expect(s.status).toBe("success");
    if (s.status !== "success") return;
    expect(s.value).toMatchObject({ name: "Contrato padrão", language: "pt", saleKind: "any", isDefault: true });
    expect(s.value.body).toEqual(DEFAULT_TEMPLATES[0]!.body);
    expect(parse({}).status === "success" && (parse({}) as { value: { isDefault: boolean } }).value.isDefault).toBe(false);
  });

  it("requires a name of at most 120 characters, a known language and kind", () => {
    expect(errorsOf({ name: " " })?.name).toEqual(["validation.required"]);
    expect(errorsOf({ name: "x".repeat(TEMPLATE_NAME_MAX + 1) })?.name).toEqual(["validation.tooLong"]);
    expect(errorsOf({ language: "de" })?.language).toBeTruthy();
    expect(errorsOf({ saleKind: "cruise" })?.saleKind).toBeTruthy();
  });

  it("refuses a body that is not the editor's document", () => {
    const bad = [
      "",
      "not json",
      "{}",
      JSON.stringify({ type: "doc", content: [] }),
      JSON.stringify({ type: "doc", content: [{ type: "codeBlock", content: [{ type: "text", text: "x" }] }] }),
      JSON.stringify({ type: "doc", content: [{ type: "paragraph", content: [{ type: "mergeField", attrs: { key: "client.password" } }] }] }),
      JSON.stringify({ type: "doc", content: [{ type: "paragraph", content: [{ type: "text", text: "x", marks: [{ type: "link" }] }] }] }),
    ];
    for (const body of bad) expect(errorsOf({ body })?.body, body).toEqual([templateErr.body]);
    expect(errorsOf({ body: "x".repeat(1_000_001) })?.body).toEqual([templateErr.bodyTooLong]);
  });

  it("asks the edit form for the version", () => {
    expect(parse({}, templateEditSchema).status).toBe("error");
    expect(parse({ version: "2" }, templateEditSchema).status).toBe("success");
  });
});

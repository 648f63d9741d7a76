import { describe, expect, it } from "vitest";
import { DEFAULT_TEMPLATES } from "~/lib/contracts/default-templates";
import { fieldsUsed, mergeDocument, plainText, type InlineNode, type TemplateDoc } from "~/lib/contracts/document";
import { parseTemplateBody, templateDocSchema } from "~/lib/contracts/document.schema";
import { MERGE_FIELD_KEYS, type MergeFieldKey } from "~/lib/contracts/merge-fields";

/** Every merge key a document names, however deep (also ones fieldsUsed would skip as unknown). */
function mergeKeys(node: unknown): string[] {
  const n = node as { type?: string; attrs?: { key?: string }; content?: unknown[] };
  const own = n.type === "mergeField" ? [String(n.attrs?.key)] : [];
  return [...own, ...(n.content ?? []).flatMap(mergeKeys)];
}

/** Inline runs of every textblock (paragraphs and headings, inside lists too). */
function textblocks(node: unknown): InlineNode[][] {
  const n = node as { type?: string; content?: unknown[] };
  if (n.type === "paragraph" || n.type === "heading") return [(n.content ?? []) as InlineNode[]];
  return (n.content ?? []).flatMap(textblocks);
}

const byKind = (kind: string) => DEFAULT_TEMPLATES.find((t) => t.saleKind === kind)!;

describe("the default contract templates", () => {
  it("are one excursion and one emissivo template, in Portuguese", () => {
    expect(DEFAULT_TEMPLATES.map((t) => [t.saleKind, t.language, t.name])).toEqual([
      ["excursion", "pt", "Contrato de excursão"],
      ["emissivo", "pt", "Contrato de viagem — emissivo"],
    ]);
  });

  for (const t of DEFAULT_TEMPLATES) {
    describe(t.name, () => {
      it("passes the body schema unchanged (the stored form is the parsed form)", () => {
        const parsed = templateDocSchema.safeParse(t.body);
        expect(parsed.success, JSON.stringify(parsed.error?.issues?.slice(0, 3))).toBe(true);
        expect(JSON.stringify(parsed.data)).toBe(JSON.stringify(t.body));
        expect(parseTemplateBody(JSON.stringify(t.body))).toEqual(t.body);
      });

      it("uses only merge fields of the catalogue, and many of them", () => {
        const keys = mergeKeys(t.body);
        for (const key of keys) expect(MERGE_FIELD_KEYS, key).toContain(key);
        const used = fieldsUsed(t.body);
        expect(new Set(keys)).toEqual(new Set(used));
        for (const key of ["agency.legalName", "agency.cnpj", "agency.cadastur", "client.name", "client.document", "items.list", "passengers.list", "totals.total", "payment.plan", "contract.today", "contract.city", "contract.number"] as MergeFieldKey[]) {
          expect(used, key).toContain(key);
        }
      });

      it("is in the editor's normal form: no neighbouring texts with the same marks, no empty text, a paragraph last", () => {
        for (const runs of textblocks(t.body)) {
          runs.forEach((node, i) => {
            if (node.type !== "text") return;
            expect(node.text.length).toBeGreaterThan(0);
            expect(node.text).not.toContain("\n");
            const prev = runs[i - 1];
            if (prev?.type === "text") expect(JSON.stringify(prev.marks ?? [])).not.toBe(JSON.stringify(node.marks ?? []));
          });
        }
        expect(t.body.content.at(-1)?.type).toBe("paragraph");
      });

      it("has the clauses Brazilian agencies use", () => {
        const text = plainText(mergeDocument(t.body, {}, (key) => `[${key}]`));
        for (const clause of ["DAS PARTES", "DO OBJETO", "DO PREÇO", "ARREPENDIMENTO", "art. 49", "DESISTÊNCIA", "DA BAGAGEM", "DOS DOCUMENTOS", "art. 83", "Resolução CNJ", "intermedi", "FORÇA MAIOR", "DO FORO", "art. 101", "CONTRATANTE", "Lei nº 13.709/2018"]) {
          expect(text, clause).toContain(clause);
        }
        // The retention table: five bands by days before departure.
        expect(text.match(/^• .*\d+%/gm)?.length).toBeGreaterThanOrEqual(5);
      });

      it("merges with every value in place and none missing", () => {
        const values = Object.fromEntries(MERGE_FIELD_KEYS.map((k) => [k, `<${k}>`]));
        const merged = mergeDocument(t.body, values, () => "MISSING");
        const text = plainText(merged);
        expect(text).not.toContain("MISSING");
        for (const key of fieldsUsed(t.body)) expect(text).toContain(`<${key}>`);
      });
    });
  }

  it("fit the excursion and the emissivo sale", () => {
    const excursion = plainText(mergeDocument(byKind("excursion").body as TemplateDoc, {}));
    expect(excursion).toContain("ônibus");
    expect(excursion).toContain("Resolução CNJ nº 295/2019");
    expect(fieldsUsed(byKind("excursion").body)).toEqual(expect.arrayContaining(["excursion.title", "excursion.departure", "boarding.points", "excursion.seats"]));
    const emissivo = plainText(mergeDocument(byKind("emissivo").body as TemplateDoc, {}));
    expect(emissivo).toContain("Resolução ANAC nº 400/2016");
    expect(emissivo).toContain("Resolução CNJ nº 131/2011");
    expect(emissivo).toContain("passaporte");
  });
});

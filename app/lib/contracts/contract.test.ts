import fc from "fast-check";
import { PDFDocument, StandardFonts } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { contractPdf, layoutRuns } from "~/lib/contracts/contract-pdf.server";
import { parseGenerate, signSchema } from "~/lib/contracts/contract.schema";
import { mergeDocument, plainText, type TemplateDoc } from "~/lib/contracts/document";
import { textWidth } from "~/lib/kit/table-pdf.server";

const doc: TemplateDoc = {
  type: "doc",
  content: [
    { type: "heading", attrs: { level: 1 }, content: [{ type: "text", text: "Contrato" }] },
    {
      type: "paragraph",
      content: [
        { type: "text", text: "CONTRATANTE: ", marks: [{ type: "bold" }] },
        { type: "mergeField", attrs: { key: "client.name" } },
        { type: "text", text: ", CPF " },
        { type: "mergeField", attrs: { key: "client.document" } },
      ],
    },
    { type: "orderedList", content: [{ type: "listItem", content: [{ type: "paragraph", content: [{ type: "text", text: "Primeira" }] }] }, { type: "listItem", content: [{ type: "paragraph", content: [{ type: "text", text: "Segunda" }] }] }] },
    { type: "horizontalRule" },
  ],
};

describe("the merged document", () => {
  it("puts the sale's values in the fields, keeps marks, numbers ordered items", () => {
    const merged = mergeDocument(doc, { "client.name": "Ana Souza", "client.document": "529.982.247-25" });
    expect(plainText(merged)).toBe("Contrato\nCONTRATANTE: Ana Souza, CPF 529.982.247-25\n1. Primeira\n2. Segunda\n—");
    const p = merged.blocks[1]!;
    expect(p.kind === "paragraph" && p.runs[0]).toMatchObject({ text: "CONTRATANTE: ", bold: true });
    expect(p.kind === "paragraph" && p.runs[1]).toMatchObject({ text: "Ana Souza", field: "client.name" });
  });
  it("shows a field without a value as the caller says (blank in a contract, its name in the preview)", () => {
    expect(plainText(mergeDocument(doc, {}))).toContain("CONTRATANTE: , CPF ");
    expect(plainText(mergeDocument(doc, {}, (k) => `[${k}]`))).toContain("CONTRATANTE: [client.name], CPF [client.document]");
  });
});

describe("the contract PDF's lines", () => {
  it("never run past the width and keep every word, in order, with the spaces between them (drawn widths, no kerning)", async () => {
    const pdf = await PDFDocument.create();
    const regular = await pdf.embedFont(StandardFonts.Helvetica);
    const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
    const fonts = { regular, bold, italic: regular, boldItalic: bold };
    const word = fc.stringMatching(/^[A-Za-zÀ-ÿ0-9.,()]{1,30}$/);
    await fc.assert(
      fc.property(fc.array(fc.record({ words: fc.array(word, { minLength: 1, maxLength: 12 }), bold: fc.boolean() }), { minLength: 1, maxLength: 6 }), fc.integer({ min: 80, max: 480 }), (runs, width) => {
        const input = runs.map((r) => ({ text: `${r.words.join(" ")} `, bold: r.bold }));
        const lines = layoutRuns(input, fonts, 10, width);
        for (const line of lines) {
          const drawn = line.pieces.reduce((sum, p) => sum + textWidth(p.font, p.text, 10), 0);
          expect(drawn).toBeLessThanOrEqual(width + 0.001);
          expect(Math.abs(drawn - line.width)).toBeLessThan(0.001);
        }
        const text = lines.map((l) => l.pieces.map((p) => p.text).join("")).join(" ");
        expect(text.replace(/\s+/g, " ").trim()).toBe(input.map((r) => r.text).join("").replace(/\s+/g, " ").trim());
      }),
      { numRuns: 200 },
    );
  });
  it("draws the same contract into the same bytes (the generation instant is the file's date)", async () => {
    const input = { title: "Contrato nº 1", document: mergeDocument(doc, { "client.name": "Ana" }), header: { left: "Sol", right: "Contrato nº 1" }, pageLabel: (n: number, c: number) => `${n}/${c}`, generatedAt: "2026-11-27T12:00:00.000Z" };
    const [a, b] = await Promise.all([contractPdf(input), contractPdf(input)]);
    expect(Buffer.from(a).equals(Buffer.from(b))).toBe(true);
  });
});

describe("the signing form", () => {
  const base = { intent: "sign", name: "Ana Souza", cpf: "529.982.247-25", signatureKind: "typed", signatureText: "Ana Souza", accept: "on" };
  it("takes a full name, a valid CPF (digits kept), acceptance and a signature", () => {
    const ok = signSchema.safeParse(base);
    expect(ok.success && ok.data.cpf).toBe("52998224725");
  });
  it.each([
    [{ name: "Ana" }, "name"],
    [{ cpf: "111.111.111-11" }, "cpf"],
    [{ accept: undefined }, "accept"],
    [{ signatureText: "" }, "signatureText"],
    [{ signatureKind: "drawn", signatureData: "data:image/gif;base64,R0lGOD" }, "signatureData"],
    [{ code: "12ab" }, "code"],
  ])("refuses %o on %s", (change, path) => {
    const r = signSchema.safeParse({ ...base, ...change });
    expect(r.success).toBe(false);
    if (!r.success) expect(r.error.issues.map((i) => i.path.join("."))).toContain(path);
  });
  it("reads ticked sales as a list, one or many, and refuses none or too many", () => {
    const form = (ids: string[]) => {
      const f = new FormData();
      for (const id of ids) f.append("venda", id);
      return f;
    };
    expect(parseGenerate(form(["a1"]))?.success).toBe(true);
    expect(parseGenerate(form(["a1", "b2"]))?.data?.venda).toEqual(["a1", "b2"]);
    expect(parseGenerate(form([]))?.success).toBe(false);
    expect(parseGenerate(form(Array.from({ length: 51 }, (_, i) => `s${i}`)))?.success).toBe(false);
    expect(parseGenerate(form(["../x"]))?.success).toBe(false);
  });
});

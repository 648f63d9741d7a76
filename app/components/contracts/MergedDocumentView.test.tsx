import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { MergedDocumentView } from "~/components/contracts/MergedDocumentView";
import type { MergedDocument } from "~/lib/contracts/document";

const document: MergedDocument = {
  blocks: [
    { kind: "heading", level: 1, align: "center", runs: [{ text: "CONTRATO" }] },
    { kind: "paragraph", align: "left", runs: [{ text: "Cliente: " }, { text: "Ana <b>", field: "client.name", bold: true }, { text: " e ", italic: true }, { text: "sub", underline: true }] },
    { kind: "paragraph", align: "justify", runs: [{ text: "1. Ana\n2. Bia", field: "passengers.list" }] },
    { kind: "item", marker: "1.", depth: 0, runs: [{ text: "primeiro" }] },
    { kind: "item", marker: "•", depth: 1, runs: [{ text: "dentro" }] },
    { kind: "rule" },
    { kind: "paragraph", align: "left", runs: [] },
    { kind: "heading", level: 3, align: "left", runs: [{ text: "Foro" }] },
  ],
};

describe("MergedDocumentView", () => {
  it("renders semantic HTML: headings, paragraphs, one list for neighbouring items, rules, marks, line breaks", () => {
    const html = renderToStaticMarkup(<MergedDocumentView document={document} />);
    expect(html).toMatch(/<h1[^>]*text-align:center[^>]*>CONTRATO<\/h1>/);
    expect(html).toContain("<strong>Ana &lt;b&gt;</strong>");
    expect(html).toContain("<em> e </em>");
    expect(html).toContain("<u>sub</u>");
    expect(html).toMatch(/1\. Ana<\/span><span><br\/>2\. Bia/);
    expect(html.match(/<ul/g)).toHaveLength(1);
    expect(html.match(/<li/g)).toHaveLength(2);
    expect(html).toMatch(/margin-left:1\.5em/);
    expect(html).toContain("<hr");
    expect(html).toMatch(/<p[^>]*><br\/><\/p>/);
    expect(html).toMatch(/<h3[^>]*>Foro<\/h3>/);
    expect(html).not.toContain("<mark");
  });

  it("highlights merge-field text on demand, with its label as title, and shifts headings", () => {
    const html = renderToStaticMarkup(<MergedDocumentView document={document} highlightFields fieldTitle={(key) => `campo ${key}`} headingOffset={1} />);
    expect(html).toMatch(/<mark[^>]*data-field="client.name"[^>]*title="campo client.name"[^>]*><strong>Ana &lt;b&gt;<\/strong><\/mark>/);
    expect(html.match(/<mark/g)).toHaveLength(2);
    expect(html).toMatch(/<h2[^>]*>CONTRATO<\/h2>/);
    expect(html).toMatch(/<h4[^>]*>Foro<\/h4>/);
  });
});

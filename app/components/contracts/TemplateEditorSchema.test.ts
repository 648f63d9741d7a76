import { getSchema } from "@tiptap/core";
import { describe, expect, it } from "vitest";
import { templateExtensions } from "~/components/contracts/TemplateEditorSchema";
import { DEFAULT_TEMPLATES } from "~/lib/contracts/default-templates";
import { emptyDoc, type TemplateDoc } from "~/lib/contracts/document";
import { templateDocSchema } from "~/lib/contracts/document.schema";

// The editor's ProseMirror schema, built without a browser.
const schema = getSchema(templateExtensions((key) => `label of ${key}`));
/** A document through the editor's schema and back, as getJSON() gives it. */
const roundTrip = (doc: unknown) => {
  const node = schema.nodeFromJSON(doc);
  node.check();
  return node.toJSON() as TemplateDoc;
};

describe("the template editor's schema", () => {
  it("has exactly the nodes and marks of a template body", () => {
    expect(Object.keys(schema.nodes).sort()).toEqual(["bulletList", "doc", "hardBreak", "heading", "horizontalRule", "listItem", "mergeField", "orderedList", "paragraph", "text"].sort());
    expect(Object.keys(schema.marks).sort()).toEqual(["bold", "italic", "underline"]);
  });

  it("holds the default templates and an empty one as they are, and gives back what the server accepts", () => {
    for (const doc of [...DEFAULT_TEMPLATES.map((t) => t.body), emptyDoc()]) {
      const json = roundTrip(doc);
      const parsed = templateDocSchema.safeParse(json);
      expect(parsed.success).toBe(true);
      expect(JSON.stringify(parsed.data)).toBe(JSON.stringify(templateDocSchema.parse(doc)));
    }
  });

  it("gives back headings, lists, marks, breaks and merge fields in the body's shape", () => {
    const doc = {
      type: "doc",
      content: [
        { type: "heading", attrs: { level: 2 }, content: [{ type: "text", text: "Título" }] },
        { type: "orderedList", attrs: { start: 3 }, content: [{ type: "listItem", content: [{ type: "paragraph", content: [{ type: "text", text: "um", marks: [{ type: "bold" }, { type: "underline" }] }, { type: "hardBreak" }, { type: "mergeField", attrs: { key: "client.name" } }] }] }] },
        { type: "bulletList", content: [{ type: "listItem", content: [{ type: "paragraph" }, { type: "bulletList", content: [{ type: "listItem", content: [{ type: "paragraph", content: [{ type: "text", text: "dois", marks: [{ type: "italic" }] }] }] }] }] }] },
        { type: "horizontalRule" },
        { type: "paragraph" },
      ],
    };
    const parsed = templateDocSchema.safeParse(roundTrip(doc));
    expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
    expect(parsed.data).toEqual(templateDocSchema.parse(doc));
  });

  it("refuses what a template cannot hold", () => {
    expect(() => roundTrip({ type: "doc", content: [{ type: "codeBlock", content: [{ type: "text", text: "x" }] }] })).toThrow();
    expect(() => roundTrip({ type: "doc", content: [{ type: "paragraph", content: [{ type: "text", text: "x", marks: [{ type: "strike" }] }] }] })).toThrow();
  });
});

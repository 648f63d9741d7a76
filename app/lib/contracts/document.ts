/**
 * A contract's document, pure (browser and server; no zod here — the schema is in
 * document.schema.ts).
 *
 * A template's body is the rich-text editor's document (Tiptap/ProseMirror JSON),
 * restricted to the nodes and marks below. Merging it with a sale's values gives a
 * `MergedDocument`: a flat list of blocks of styled runs, with every merge field
 * replaced by its text. The merged document is what the PDF is drawn from, what the
 * preview and the signing page show, and what a contract keeps, so the three never
 * disagree.
 */
import { MERGE_FIELD_KEYS, type MergeFieldKey } from "~/lib/contracts/merge-fields";

export type Mark = { type: "bold" | "italic" | "underline" };
export type TextNode = { type: "text"; text: string; marks?: Mark[] };
export type MergeFieldNode = { type: "mergeField"; attrs: { key: MergeFieldKey } };
export type HardBreakNode = { type: "hardBreak" };
export type InlineNode = TextNode | MergeFieldNode | HardBreakNode;
export type Align = "left" | "center" | "right" | "justify";
export type ParagraphNode = { type: "paragraph"; attrs?: { textAlign?: Align | null }; content?: InlineNode[] };
export type HeadingNode = { type: "heading"; attrs: { level: 1 | 2 | 3; textAlign?: Align | null }; content?: InlineNode[] };
export type ListItemNode = { type: "listItem"; content: BlockNode[] };
export type ListNode = { type: "bulletList" | "orderedList"; attrs?: { start?: number }; content: ListItemNode[] };
export type RuleNode = { type: "horizontalRule" };
export type BlockNode = ParagraphNode | HeadingNode | ListNode | RuleNode;
export type TemplateDoc = { type: "doc"; content: BlockNode[] };

/** Limits a body must keep (checked by the schema). */
export const DOC_LIMITS = { blocks: 2000, textChars: 200_000, depth: 4 } as const;

/** A styled piece of text; `field` marks text that came from a merge field (shown highlighted in the preview). */
export type Run = { text: string; bold?: boolean; italic?: boolean; underline?: boolean; field?: MergeFieldKey };
/** One block: a heading, a paragraph, a list item (with its marker and depth) or a rule. */
export type MergedBlock =
  | { kind: "heading"; level: 1 | 2 | 3; align: Align; runs: Run[] }
  | { kind: "paragraph"; align: Align; runs: Run[] }
  | { kind: "item"; marker: string; depth: number; runs: Run[] }
  | { kind: "rule" };
export type MergedDocument = { blocks: MergedBlock[] };

/** Merge values by key; a missing value is shown as an empty line in the document. */
export type MergeValues = Partial<Record<MergeFieldKey, string>>;

export const emptyDoc = (): TemplateDoc => ({ type: "doc", content: [{ type: "paragraph" }] });

const isMergeKey = (key: unknown): key is MergeFieldKey => typeof key === "string" && (MERGE_FIELD_KEYS as readonly string[]).includes(key);

function inlineRuns(content: InlineNode[] | undefined, values: MergeValues, showMissing: (key: MergeFieldKey) => string): Run[] {
  const runs: Run[] = [];
  for (const node of content ?? []) {
    if (node.type === "text") {
      const run: Run = { text: node.text };
      for (const mark of node.marks ?? []) run[mark.type] = true;
      runs.push(run);
    } else if (node.type === "hardBreak") {
      runs.push({ text: "\n" });
    } else if (node.type === "mergeField" && isMergeKey(node.attrs?.key)) {
      const value = values[node.attrs.key];
      runs.push({ text: value === undefined || value === "" ? showMissing(node.attrs.key) : value, field: node.attrs.key });
    }
  }
  return runs;
}

/**
 * The template with the sale's values in place. `showMissing` says what stands for a
 * field without a value (the preview shows its name; a contract a blank).
 */
export function mergeDocument(doc: TemplateDoc, values: MergeValues, showMissing: (key: MergeFieldKey) => string = () => ""): MergedDocument {
  const blocks: MergedBlock[] = [];
  const walk = (nodes: BlockNode[], depth: number) => {
    for (const node of nodes) {
      if (node.type === "paragraph") {
        blocks.push({ kind: "paragraph", align: node.attrs?.textAlign ?? "left", runs: inlineRuns(node.content, values, showMissing) });
      } else if (node.type === "heading") {
        blocks.push({ kind: "heading", level: node.attrs.level, align: node.attrs.textAlign ?? "left", runs: inlineRuns(node.content, values, showMissing) });
      } else if (node.type === "horizontalRule") {
        blocks.push({ kind: "rule" });
      } else if (node.type === "bulletList" || node.type === "orderedList") {
        let n = node.type === "orderedList" ? (node.attrs?.start ?? 1) : 0;
        for (const item of node.content) {
          const marker = node.type === "orderedList" ? `${n++}.` : "•";
          const [first, ...rest] = item.content;
          const firstRuns = first && (first.type === "paragraph" || first.type === "heading") ? inlineRuns(first.content, values, showMissing) : [];
          blocks.push({ kind: "item", marker, depth, runs: firstRuns });
          const remaining = first && (first.type === "paragraph" || first.type === "heading") ? rest : item.content;
          // A nested list or a second paragraph of the item continues one level in.
          walk(remaining, depth + 1);
        }
      }
    }
  };
  walk(doc.content, 0);
  return { blocks };
}

/** The merge fields a template uses, in order of first use. */
export function fieldsUsed(doc: TemplateDoc): MergeFieldKey[] {
  const seen = new Set<MergeFieldKey>();
  const visit = (nodes: readonly unknown[] | undefined) => {
    for (const raw of nodes ?? []) {
      const node = raw as { type?: string; attrs?: { key?: unknown }; content?: unknown[] };
      if (node.type === "mergeField" && isMergeKey(node.attrs?.key)) seen.add(node.attrs.key);
      if (Array.isArray(node.content)) visit(node.content);
    }
  };
  visit(doc.content);
  return [...seen];
}

/** The document's plain text (search, tests, e-mail previews). */
export function plainText(doc: MergedDocument): string {
  return doc.blocks
    .map((b) => (b.kind === "rule" ? "—" : (b.kind === "item" ? `${b.marker} ` : "") + b.runs.map((r) => r.text).join("")))
    .join("\n");
}

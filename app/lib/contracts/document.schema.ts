/**
 * The zod schema of a template body (the editor's JSON document): only the nodes
 * and marks document.ts knows, merge fields from the catalogue, within the limits.
 * Unknown attributes are dropped; an unknown node or mark refuses the whole body.
 */
import { z } from "zod";
import { DOC_LIMITS, type BlockNode, type TemplateDoc } from "~/lib/contracts/document";
import { MERGE_FIELD_KEYS } from "~/lib/contracts/merge-fields";

const align = z.enum(["left", "center", "right", "justify"]).nullish();
const mark = z.object({ type: z.enum(["bold", "italic", "underline"]) });
const inline = z.discriminatedUnion("type", [
  z.object({ type: z.literal("text"), text: z.string().min(1).max(20_000), marks: z.array(mark).max(3).optional() }),
  z.object({ type: z.literal("mergeField"), attrs: z.object({ key: z.enum(MERGE_FIELD_KEYS as [string, ...string[]]) }) }),
  z.object({ type: z.literal("hardBreak") }),
]);
const inlines = z.array(inline).max(5000).optional();

const block: z.ZodType<BlockNode> = z.lazy(() =>
  z.discriminatedUnion("type", [
    z.object({ type: z.literal("paragraph"), attrs: z.object({ textAlign: align }).optional(), content: inlines }),
    z.object({
      type: z.literal("heading"),
      attrs: z.object({ level: z.union([z.literal(1), z.literal(2), z.literal(3)]), textAlign: align }),
      content: inlines,
    }),
    z.object({
      type: z.enum(["bulletList", "orderedList"]),
      attrs: z.object({ start: z.number().int().min(0).max(10_000).optional() }).optional(),
      content: z.array(z.object({ type: z.literal("listItem"), content: z.array(block).min(1).max(100) })).min(1).max(500),
    }),
    z.object({ type: z.literal("horizontalRule") }),
  ]),
) as z.ZodType<BlockNode>;

function withinLimits(doc: TemplateDoc): boolean {
  let blocks = 0;
  let chars = 0;
  let deepest = 0;
  const visit = (nodes: readonly unknown[] | undefined, depth: number) => {
    deepest = Math.max(deepest, depth);
    for (const raw of nodes ?? []) {
      const node = raw as { type: string; text?: string; content?: unknown[] };
      if (node.type === "text") chars += node.text?.length ?? 0;
      else blocks++;
      if (node.type === "bulletList" || node.type === "orderedList") visit(node.content, depth + 1);
      else if (Array.isArray(node.content)) visit(node.content, depth);
    }
  };
  visit(doc.content, 0);
  return blocks <= DOC_LIMITS.blocks && chars <= DOC_LIMITS.textChars && deepest <= DOC_LIMITS.depth;
}

export const templateDocSchema = z
  .object({ type: z.literal("doc"), content: z.array(block).min(1).max(DOC_LIMITS.blocks) })
  .refine(withinLimits) as z.ZodType<TemplateDoc>;

/** A body posted as a JSON string (the editor's hidden field): the document, or null when it is not one. */
export function parseTemplateBody(raw: unknown): TemplateDoc | null {
  if (typeof raw !== "string" || raw.length > 1_000_000) return null;
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return null;
  }
  const parsed = templateDocSchema.safeParse(json);
  return parsed.success ? parsed.data : null;
}

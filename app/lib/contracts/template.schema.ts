/** The contract template form's schema (server, and the browser on demand). */
import { z } from "zod";
import { parseTemplateBody } from "~/lib/contracts/document.schema";
import { TEMPLATE_BODY_MAX_CHARS, TEMPLATE_KINDS, TEMPLATE_LANGUAGES, TEMPLATE_NAME_MAX, templateErr } from "~/lib/contracts/template";
import { msg, requiredText } from "~/lib/kit/forms";
import { checkboxField, versionField } from "~/lib/kit/fields";

/** The editor's document as a JSON string: only the nodes, marks and merge fields document.ts knows, within its limits. */
const body = z
  .string({ error: templateErr.body })
  .max(TEMPLATE_BODY_MAX_CHARS, templateErr.bodyTooLong)
  .transform((raw, ctx) => {
    const doc = parseTemplateBody(raw);
    if (!doc) {
      ctx.addIssue({ code: "custom", message: templateErr.body });
      return z.NEVER;
    }
    return doc;
  });

const templateFields = {
  name: requiredText(TEMPLATE_NAME_MAX),
  language: z.enum(TEMPLATE_LANGUAGES, { error: msg.required }),
  saleKind: z.enum(TEMPLATE_KINDS, { error: msg.required }),
  /** The template offered first for its kind of sale; saving it as default takes the mark from the previous one. */
  isDefault: checkboxField(),
  body,
};

/** Novo modelo. */
export const templateSchema = z.object(templateFields);
/** Editar modelo: the same, plus the version the form was loaded with. */
export const templateEditSchema = z.object({ ...templateFields, version: versionField() });

export type TemplateInput = z.output<typeof templateSchema>;

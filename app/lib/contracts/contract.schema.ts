/**
 * The zod schemas of the contracts' forms (issue #17): generation (one or many
 * sales), send / cancel on a contract, and the public signing page's sign,
 * decline and code requests. Messages are translation keys.
 */
import { z } from "zod";
import { contractErr, ID, MAX_BATCH, MAX_SIGNATURE_BYTES, signErr } from "~/lib/contracts/contract";
import { msg } from "~/lib/kit/form-keys";
import { versionField } from "~/lib/kit/fields";
import { isValidCpf, onlyDigits } from "~/lib/platform/br-documents";

const id = () => z.string().regex(ID, msg.invalid);

/** Contratos pendentes: the sales ticked (`venda`), the template (empty: each sale's default), and whether to send at once. */
export const generateSchema = z.object({
  // One checkbox ticked posts a single value (and the page's progress posts one sale per call): one value or several.
  venda: z
    .union([z.string(), z.array(z.string())])
    .optional()
    .transform((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]))
    .pipe(z.array(id()).min(1, contractErr.nothingSelected).max(MAX_BATCH, contractErr.tooMany)),
  template: z
    .string()
    .optional()
    .transform((v) => (v ? v : null))
    .pipe(id().nullable()),
  send: z
    .string()
    .optional()
    .transform((v) => v === "on"),
});

/**
 * The generation's post: ticked checkboxes repeat the name `venda` (a plain HTML form
 * cannot index them), so the values are read with getAll before the schema.
 */
export function parseGenerate(formData: FormData) {
  const raw = {
    venda: formData.getAll("venda").map((v) => (typeof v === "string" ? v : "")),
    template: formData.get("template") ?? undefined,
    send: formData.get("send") ?? undefined,
  };
  if (typeof raw.template !== "string" && raw.template !== undefined) return null;
  if (typeof raw.send !== "string" && raw.send !== undefined) return null;
  return generateSchema.safeParse(raw);
}

export const contractIntentSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("send"), version: versionField() }),
  z.object({ intent: z.literal("cancel"), version: versionField(), reason: z.string({ error: contractErr.reason }).trim().min(3, contractErr.reason).max(500, msg.tooLong) }),
]);
export type ContractIntent = z.infer<typeof contractIntentSchema>;

const DATA_URL = /^data:image\/png;base64,([A-Za-z0-9+/]+={0,2})$/;
/** The largest data URL a drawn signature may be (base64 of MAX_SIGNATURE_BYTES). */
const MAX_DATA_URL = Math.ceil(MAX_SIGNATURE_BYTES / 3) * 4 + 30;

export const signSchema = z
  .object({
    intent: z.literal("sign"),
    name: z
      .string({ error: signErr.name })
      .trim()
      .min(5, signErr.name)
      .max(120, msg.tooLong)
      .refine((v) => v.split(/\s+/).filter((w) => w.length > 0).length >= 2, signErr.name),
    cpf: z
      .string({ error: signErr.cpf })
      .transform(onlyDigits)
      .refine((v) => isValidCpf(v), signErr.cpf),
    signatureKind: z.enum(["drawn", "typed"], { error: signErr.signature }),
    signatureData: z.string().max(MAX_DATA_URL, signErr.signature).optional(),
    signatureText: z.string().trim().max(120, msg.tooLong).optional(),
    accept: z.literal("on", { error: signErr.accept }),
    code: z
      .string()
      .trim()
      .optional()
      .transform((v) => (v ? v : null))
      .pipe(z.string().regex(/^\d{6}$/, signErr.code).nullable()),
  })
  .superRefine((v, ctx) => {
    if (v.signatureKind === "drawn" && !DATA_URL.test(v.signatureData ?? "")) ctx.addIssue({ code: "custom", path: ["signatureData"], message: signErr.signature });
    if (v.signatureKind === "typed" && (v.signatureText ?? "").length < 3) ctx.addIssue({ code: "custom", path: ["signatureText"], message: signErr.typed });
  });
export type SignInput = z.infer<typeof signSchema>;

export const declineSchema = z.object({
  intent: z.literal("decline"),
  reason: z.string({ error: signErr.reason }).trim().min(3, signErr.reason).max(500, msg.tooLong),
});

export const codeSchema = z.object({ intent: z.literal("code") });

/** The bytes of a drawn signature's data URL (checked as PNG by the caller). */
export function signatureBytes(dataUrl: string): Uint8Array | null {
  const m = DATA_URL.exec(dataUrl);
  if (!m) return null;
  try {
    const binary = atob(m[1]!);
    const bytes = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
    return bytes;
  } catch {
    return null;
  }
}

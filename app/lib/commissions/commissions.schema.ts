/** The commissions screen's two forms (issue #20): pay the selected lines; the release policy. */
import { z } from "zod";
import { RELEASE_POLICIES } from "~/lib/commissions/commissions";

const ID = /^[A-Za-z0-9_-]{1,64}$/;

export const payCommissionsSchema = z.object({
  intent: z.literal("pay"),
  // One checked box posts a string, several an array.
  id: z
    .union([z.string(), z.array(z.string())])
    .optional()
    .transform((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]))
    .pipe(z.array(z.string().regex(ID, "validation.invalid")).max(500, "validation.invalid")),
});

export const releasePolicySchema = z.object({
  intent: z.literal("policy"),
  policy: z.enum(RELEASE_POLICIES, { message: "validation.invalid" }),
});

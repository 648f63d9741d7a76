/** The commissions screen's two forms (issue #20): pay the selected lines; the release policy. */
import { z } from "zod";
import { RELEASE_POLICIES } from "~/lib/commissions/commissions";
import { msg, optionalText } from "~/lib/kit/forms";
import { regErr, versionField } from "~/lib/kit/fields";
import { COMMISSION_RULES, parsePercentToBps } from "~/lib/registers/agent";

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

/**
 * A sale's commission (the sale page's card): the seller's rule, or one of its own
 * (rule and percentage, 0 to 100 % with up to two decimals) for this sale only.
 */
export const commissionOverrideSchema = z
  .object({
    intent: z.literal("override"),
    mode: z.enum(["agent", "custom"], { message: "validation.invalid" }),
    rule: z.enum(COMMISSION_RULES, { message: "validation.invalid" }).optional(),
    commission: optionalText(12),
    version: versionField(),
  })
  .superRefine((v, ctx) => {
    if (v.mode !== "custom") return;
    if (!v.rule) ctx.addIssue({ code: "custom", path: ["rule"], message: msg.required });
    if (v.commission === null) ctx.addIssue({ code: "custom", path: ["commission"], message: msg.required });
    else if (parsePercentToBps(v.commission) === null) ctx.addIssue({ code: "custom", path: ["commission"], message: regErr.percent });
  });

/** What the sale stores: the rule and basis points, or both null for the seller's rule. */
export function overrideValues(v: z.output<typeof commissionOverrideSchema>) {
  const custom = v.mode === "custom" && v.rule && v.commission !== null;
  return { version: v.version, rule: custom ? v.rule! : null, bps: custom ? parsePercentToBps(v.commission!) : null };
}
export type CommissionOverrideInput = ReturnType<typeof overrideValues>;

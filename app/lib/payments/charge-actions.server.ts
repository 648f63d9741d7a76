/**
 * The receivable screen's charge intents (charge, chargeAll, cancelCharge): parse the
 * posted form, check the role (finance managers, like any money move), call
 * charges.server.ts and answer — a redirect with a toast on success; otherwise the
 * reason as a translated error of the "charge" form (400, or 409 for a state the
 * provider or another user changed), nothing written.
 */
import type { SubmissionResult } from "@conform-to/react";
import { data } from "react-router";
import { canManageFinance } from "~/lib/finance/roles";
import { malformed, parseForm } from "~/lib/kit/forms";
import { chargeSchema, CHARGE_INTENTS } from "~/lib/payments/charge.schema";
import { cancelCharge, chargeGroup, createCharge, type ChargeFailure } from "~/lib/payments/charges.server";
import type { PaymentDeps } from "~/lib/payments/integration.server";
import { redirectWithToast } from "~/lib/platform/flash.server";
import { forbidden, notFound } from "~/lib/platform/http";
import type { Scope } from "~/lib/platform/scope.server";
import type { ToastMessage } from "~/lib/platform/toast";

export type ChargeActionData = { form: "charge"; result: SubmissionResult<string[]>; toast?: ToastMessage; detail?: string | null };

const E = (reason: string) => `payments.charge.errors.${reason}`;
const CONFLICTS = new Set<ChargeFailure>(["alreadyCharged", "notCancellable"]);

function failure(reason: ChargeFailure, detail?: string) {
  const status = CONFLICTS.has(reason) ? 409 : 400;
  // The client's document is the one field the user must fix elsewhere: said on the field.
  const field = reason === "clientDocument" || reason === "noClient" ? "billingType" : "";
  return data(
    {
      form: "charge",
      result: { status: "error", error: { [field]: [E(reason)] } },
      detail: detail ?? null,
      toast: { title: E(reason), values: { error: detail ?? "" }, variant: "destructive", duration: 10_000 },
    } satisfies ChargeActionData,
    { status },
  );
}

export const isChargeIntent = (intent: unknown): boolean => typeof intent === "string" && (CHARGE_INTENTS as readonly string[]).includes(intent);

export async function chargeAction(scope: Scope, deps: PaymentDeps, titleId: string, formData: FormData, here: string) {
  if (!canManageFinance(scope.role)) return forbidden({ form: "charge", result: { status: "error", error: { "": ["financeLedger.forbidden"] } } } satisfies ChargeActionData);
  const submission = parseForm(formData, chargeSchema);
  if (!submission) return malformed();
  if (submission.status !== "success") return data({ form: "charge", result: submission.reply() } satisfies ChargeActionData, { status: 400 });
  const { intent, billingType } = submission.value;
  if (intent !== "cancelCharge" && !billingType) {
    return data({ form: "charge", result: submission.reply({ fieldErrors: { billingType: ["validation.required"] } }) } satisfies ChargeActionData, { status: 400 });
  }
  if (intent === "charge") {
    const result = await createCharge(scope, deps, titleId, billingType!);
    if (!result.ok) {
      if (result.reason === "notFound") throw notFound();
      return failure(result.reason, result.error);
    }
    return redirectWithToast(here, { title: "payments.charge.created" });
  }
  if (intent === "chargeAll") {
    const result = await chargeGroup(scope, deps, titleId, billingType!);
    if (!result.ok) {
      if (result.reason === "notFound") throw notFound();
      if (result.reason === "none") return failure("alreadyCharged");
      return failure(result.reason);
    }
    if (result.failed > 0) {
      if (result.created === 0 && result.error) return failure(result.error, result.detail ?? undefined);
      return redirectWithToast(here, { title: "payments.charge.chargeAllPartial", values: { created: result.created, failed: result.failed, error: result.detail ?? "" }, variant: "destructive", duration: 10_000 });
    }
    return redirectWithToast(here, { title: "payments.charge.chargeAllDone", values: { count: result.created } });
  }
  const result = await cancelCharge(scope, deps, titleId);
  if (!result.ok) {
    if (result.reason === "notFound") throw notFound();
    return failure(result.reason, result.error);
  }
  return redirectWithToast(here, { title: "payments.charge.cancelled" });
}

/**
 * The ledger screens' actions: parse the posted form with its schema (400 with
 * field errors, nothing written), check the role for money moves (403 for those
 * who may only view), call the domain and answer — a redirect with a toast on
 * success, the failure as a translated form error (409 for a lost race).
 * `form` in every answer says which of a screen's forms it belongs to.
 */
import type { SubmissionResult } from "@conform-to/react";
import { data } from "react-router";
import type { TitleDirection } from "~/db/schema/finance";
import { canManageFinance } from "~/lib/finance/roles";
import { attachToTitle, deleteAttachment } from "~/lib/finance/ledger/attachments.server";
import { findEntry, manualEntry, reverseEntry, settleTitles, transferBetween } from "~/lib/finance/ledger/entries.server";
import { attachmentDeleteSchema, cancelSchema, manualSchema, reverseSchema, settleManySchema, settleSchema, titleCreateSchema, titleEditSchema, transferSchema } from "~/lib/finance/ledger/ledger.schema";
import { DIRECTION_PATH } from "~/lib/finance/ledger/title-list";
import { cancelTitle, createTitles, findTitle, updateTitle, type Title, type TitleHooks } from "~/lib/finance/ledger/titles.server";
import { malformed, parseForm } from "~/lib/kit/forms";
import { redirectWithToast } from "~/lib/platform/flash.server";
import { forbidden, notFound } from "~/lib/platform/http";
import type { Scope } from "~/lib/platform/scope.server";
import type { ToastMessage } from "~/lib/platform/toast";
import { todayIn } from "~/lib/platform/time-zone";
import { formatDate } from "~/lib/platform/format";
import { textIn } from "~/lib/platform/text-in";

export type LedgerForm = "title" | "settle" | "reverse" | "cancel" | "attach" | "settleMany" | "transfer" | "manual";
export type LedgerActionData = { form: LedgerForm; result: SubmissionResult<string[]>; toast?: ToastMessage; stale?: boolean };

const E = (reason: string) => `financeLedger.errors.${reason}`;
const reply = (form: LedgerForm, result: SubmissionResult<string[]>, status: number, extra: Partial<LedgerActionData> = {}) =>
  data({ form, result, ...extra } satisfies LedgerActionData, { status });
const formError = (form: LedgerForm, reason: string, status = 400) =>
  reply(form, { status: "error", error: { "": [E(reason)] } }, status, { toast: { title: E(reason), variant: "destructive" } });
const denied = (form: LedgerForm) => forbidden({ form, result: { status: "error", error: { "": ["financeLedger.forbidden"] } } } satisfies LedgerActionData);

/**
 * A title's rate failures as the field error on its currency, in the user's
 * language: "there is no rate for USD on 12/03/2026" (decision 0018).
 */
function rateFieldErrors(language: string, reason: "rate" | "fxAmount", currency: string, day: string): Record<string, string[]> {
  if (reason === "fxAmount") return { amount: ["fx.errors.brlAmount"] };
  return { currency: [textIn(language, "fx.errors.noRateOn", { currency, date: formatDate(`${day}T12:00:00Z`, language, "UTC") })] };
}

const MONEY_INTENTS = new Set(["settle", "reverse", "cancel", "settleMany", "transfer", "manual", "deleteAttachment"]);

/** The role check every money move starts with (403 with the reason). */
export function guardIntent(scope: Scope, intent: string, form: LedgerForm) {
  return MONEY_INTENTS.has(intent) && !canManageFinance(scope.role) ? denied(form) : null;
}

/** novo: creates the title (or its installments) and opens the first. */
export async function createTitleAction(scope: Scope, direction: TitleDirection, formData: FormData, language: string) {
  const submission = parseForm(formData, titleCreateSchema);
  if (!submission) return malformed();
  if (submission.status !== "success") return reply("title", submission.reply(), 400);
  const v = submission.value;
  const created = await createTitles(scope, {
    direction,
    partyKind: v.party.kind,
    partyId: v.party.id,
    description: v.description,
    documentNumber: v.documentNumber,
    categoryId: v.categoryId,
    competenceDate: v.competenceDate,
    dueDate: v.dueDate,
    amountCents: v.amount,
    currency: v.currency,
    paymentTermId: v.paymentTermId,
    notes: v.notes,
  });
  if (!created.ok) {
    if (created.reason === "rate" || created.reason === "fxAmount") return reply("title", submission.reply({ fieldErrors: rateFieldErrors(language, created.reason, v.currency, v.competenceDate) }), 400);
    const field = { party: "party", category: "categoryId", term: "paymentTermId", split: "amount" }[created.reason];
    return reply("title", submission.reply({ fieldErrors: { [field]: [E(created.reason)] } }), 400);
  }
  return redirectWithToast(`${DIRECTION_PATH[direction]}/editar/${created.ids[0]}`, { title: "financeLedger.toasts.created", values: { count: created.ids.length } });
}

/** editar/:id: every intent of the edit screen; `hooks` hear of a cancel or an edit once stored. */
export async function titleAction(scope: Scope, direction: TitleDirection, id: string, formData: FormData, bucket: R2Bucket, hooks: TitleHooks = {}, language = "pt") {
  const title = await findTitle(scope.db, scope.agencyId, id, direction);
  if (!title) throw notFound();
  const intent = String(formData.get("intent") ?? "save");
  const formOf: Record<string, LedgerForm> = { save: "title", settle: "settle", reverse: "reverse", cancel: "cancel", attach: "attach", deleteAttachment: "attach" };
  const form = formOf[intent];
  if (!form) return malformed();
  const refused = guardIntent(scope, intent, form);
  if (refused) return refused;
  const here = `${DIRECTION_PATH[direction]}/editar/${id}`;
  switch (intent) {
    case "save":
      return saveTitle(scope, title, formData, hooks, language);
    case "settle": {
      const submission = parseForm(formData, settleSchema);
      if (!submission) return malformed();
      if (submission.status !== "success") return reply("settle", submission.reply(), 400);
      const v = submission.value;
      const result = await settleTitles(scope, { date: v.date, bankAccountId: v.bankAccountId, description: v.description }, [
        { titleId: id, version: v.version, principalCents: v.principal, interestCents: v.interest, fineCents: v.fine, discountCents: v.discount, feeCents: v.fee, intermediaryId: v.intermediaryId },
      ]);
      if (!result.ok) {
        const field = { account: "bankAccountId", accountDate: "date", overpaid: "principal", figures: "discount", intermediary: "intermediaryId", currency: "bankAccountId" }[result.reason as string];
        if (field) return reply("settle", submission.reply({ fieldErrors: { [field]: [E(result.reason)] } }), 400);
        return formError("settle", result.reason, result.reason === "conflict" || result.reason === "closed" ? 409 : 400);
      }
      await hooks.changed?.(scope, id, ["paidCents"]);
      return redirectWithToast(here, { title: "financeLedger.toasts.settled", values: { count: 1 } });
    }
    case "reverse": {
      const submission = parseForm(formData, reverseSchema);
      if (!submission) return malformed();
      if (submission.status !== "success") return reply("reverse", submission.reply(), 400);
      const entry = await findEntry(scope.db, scope.agencyId, submission.value.entryId);
      if (!entry || entry.titleId !== id) throw notFound();
      const result = await reverseEntry(scope, entry.id, todayIn(scope.timeZone), submission.value.reason);
      if (!result.ok) return formError("reverse", result.reason, result.reason === "notFound" ? 404 : 409);
      await hooks.changed?.(scope, id, ["paidCents"]);
      return redirectWithToast(here, { title: "financeLedger.toasts.reversed" });
    }
    case "cancel": {
      const submission = parseForm(formData, cancelSchema);
      if (!submission) return malformed();
      if (submission.status !== "success") return reply("cancel", submission.reply(), 400);
      const result = await cancelTitle(scope, id, submission.value.version, submission.value.reason);
      if (!result.ok) return formError("cancel", result.reason, 409);
      await hooks.cancelled?.(scope, id);
      return redirectWithToast(here, { title: "financeLedger.toasts.cancelled" });
    }
    case "deleteAttachment": {
      const submission = parseForm(formData, attachmentDeleteSchema);
      if (!submission) return malformed();
      if (submission.status !== "success") return reply("attach", submission.reply(), 400);
      const result = await deleteAttachment(scope, bucket, id, submission.value.attachmentId);
      if (!result.ok) throw notFound();
      return redirectWithToast(here, { title: "financeLedger.toasts.attachmentDeleted", values: { name: result.fileName } });
    }
    default: {
      const result = await attachToTitle(scope, bucket, id, formData.get("file"));
      if (!result.ok) return reply("attach", { status: "error", error: { file: [E(result.reason)] } }, result.reason === "fileType" ? 415 : result.reason === "fileTooLarge" ? 413 : 400);
      return redirectWithToast(here, { title: "financeLedger.toasts.attached" });
    }
  }
}

async function saveTitle(scope: Scope, title: Title, formData: FormData, hooks: TitleHooks, language: string) {
  const submission = parseForm(formData, titleEditSchema);
  if (!submission) return malformed();
  if (submission.status !== "success") return reply("title", submission.reply(), 400);
  const v = submission.value;
  const result = await updateTitle(scope, title.id, v.version, {
    partyKind: v.party.kind,
    partyId: v.party.id,
    description: v.description,
    documentNumber: v.documentNumber,
    categoryId: v.categoryId,
    competenceDate: v.competenceDate,
    dueDate: v.dueDate,
    amountCents: v.amount,
    currency: v.currency,
    notes: v.notes,
  });
  if (!result.ok) {
    if (result.reason === "notFound") throw notFound();
    if (result.reason === "rate" || result.reason === "fxAmount") return reply("title", submission.reply({ fieldErrors: rateFieldErrors(language, result.reason, v.currency, v.competenceDate) }), 400);
    const field = { party: "party", category: "categoryId", amountLocked: "amount" }[result.reason as string];
    if (field) return reply("title", submission.reply({ fieldErrors: { [field]: [E(result.reason)] } }), result.reason === "amountLocked" ? 409 : 400);
    return reply("title", submission.reply({ formErrors: [E(result.reason)] }), 409, { stale: result.reason === "stale", toast: { title: E(result.reason), variant: "destructive" } });
  }
  if (result.changed.length > 0) await hooks.changed?.(scope, title.id, result.changed);
  return redirectWithToast(`${DIRECTION_PATH[title.direction]}/editar/${title.id}`, { title: "financeLedger.toasts.saved" });
}

/** The list's "settle selected": each checked title's open amount, all or none. */
export async function settleManyAction(scope: Scope, direction: TitleDirection, formData: FormData, back: string, hooks: TitleHooks = {}) {
  const refused = guardIntent(scope, "settleMany", "settleMany");
  if (refused) return refused;
  const submission = parseForm(formData, settleManySchema);
  if (!submission) return malformed();
  if (submission.status !== "success") return reply("settleMany", submission.reply(), 400);
  const v = submission.value;
  const items = [];
  for (const s of v.selected) {
    const title = await findTitle(scope.db, scope.agencyId, s.titleId, direction);
    if (!title) throw notFound();
    items.push({ titleId: title.id, version: s.version, principalCents: Math.max(0, title.amountCents - title.paidCents), interestCents: 0, fineCents: 0, discountCents: 0, feeCents: 0, intermediaryId: null });
  }
  const result = await settleTitles(scope, { date: v.date, bankAccountId: v.bankAccountId, description: null }, items);
  if (!result.ok) {
    if (result.reason === "account" || result.reason === "accountDate") return reply("settleMany", submission.reply({ fieldErrors: { [result.reason === "account" ? "bankAccountId" : "date"]: [E(result.reason)] } }), 400);
    return formError("settleMany", result.reason === "figures" ? "closed" : result.reason, 409);
  }
  for (const item of items) await hooks.changed?.(scope, item.titleId, ["paidCents"]);
  return redirectWithToast(back, { title: "financeLedger.toasts.settled", values: { count: items.length } });
}

/** The statement screen's transfer, manual entry and a transfer's reversal. */
export async function statementAction(scope: Scope, formData: FormData, back: string) {
  const intent = String(formData.get("intent") ?? "");
  if (intent !== "transfer" && intent !== "manual" && intent !== "reverse") return malformed();
  const refused = guardIntent(scope, intent, intent);
  if (refused) return refused;
  if (intent === "reverse") {
    const submission = parseForm(formData, reverseSchema);
    if (!submission) return malformed();
    if (submission.status !== "success") return reply("reverse", submission.reply(), 400);
    // Here only transfers: a settlement is reversed on its title's screen.
    const entry = await findEntry(scope.db, scope.agencyId, submission.value.entryId);
    if (!entry || (entry.kind !== "transfer_out" && entry.kind !== "transfer_in")) throw notFound();
    const result = await reverseEntry(scope, entry.id, todayIn(scope.timeZone), submission.value.reason);
    if (!result.ok) return formError("reverse", result.reason, result.reason === "notFound" ? 404 : 409);
    return redirectWithToast(back, { title: "financeLedger.toasts.transferReversed" });
  }
  if (intent === "transfer") {
    const submission = parseForm(formData, transferSchema);
    if (!submission) return malformed();
    if (submission.status !== "success") return reply("transfer", submission.reply(), 400);
    const v = submission.value;
    const result = await transferBetween(scope, { fromAccountId: v.fromAccountId, toAccountId: v.toAccountId, date: v.date, amountCents: v.amount, description: v.description });
    if (!result.ok) {
      // A foreign-currency account without a rate for the day (decision 0018).
      if (result.reason === "rate") return reply("transfer", submission.reply({ fieldErrors: { date: ["fx.errors.noRate"] } }), 400);
      const field = { sameAccount: "toAccountId", fromAccount: "fromAccountId", toAccount: "toAccountId", accountDate: "date", currency: "toAccountId", amount: "amount" }[result.reason];
      return reply("transfer", submission.reply({ fieldErrors: { [field]: [E(result.reason)] } }), 400);
    }
    return redirectWithToast(back, { title: "financeLedger.toasts.transferred" });
  }
  const submission = parseForm(formData, manualSchema);
  if (!submission) return malformed();
  if (submission.status !== "success") return reply("manual", submission.reply(), 400);
  const v = submission.value;
  const result = await manualEntry(scope, { bankAccountId: v.bankAccountId, date: v.date, netCents: v.direction === "in" ? v.amount : -v.amount, categoryId: v.categoryId, description: v.description });
  if (!result.ok) {
    if (result.reason === "rate") return reply("manual", submission.reply({ fieldErrors: { date: ["fx.errors.noRate"] } }), 400);
    const field = { account: "bankAccountId", accountDate: "date", category: "categoryId", amount: "amount" }[result.reason];
    return reply("manual", submission.reply({ fieldErrors: { [field]: [E(result.reason)] } }), 400);
  }
  return redirectWithToast(back, { title: "financeLedger.toasts.manual" });
}

/**
 * The emissivo sale screen's loader data and action (novo, editar/:id): save
 * (create a draft, update a draft, or edit a confirmed sale with its preview
 * step), the status intents (confirm, cancel, delete) and the inline new
 * client (the client register's own schema, duplicate rule and store).
 * Another agency's id, another kind's, a deleted sale or (Agente) someone
 * else's is a 404 on every intent.
 */
import { syncSaleCommissions } from "~/lib/commissions/commissions.server";
import { data } from "react-router";
import { createRecord } from "~/lib/kit/record.server";
import { malformed, parseForm } from "~/lib/kit/forms";
import { redirectWithToast } from "~/lib/platform/flash.server";
import { badRequest, conflict, notFound } from "~/lib/platform/http";
import type { Scope } from "~/lib/platform/scope.server";
import type { ToastMessage } from "~/lib/platform/toast";
import { clientSchema } from "~/lib/registers/client.schema";
import { clientStore, clientValues, findClientDuplicate } from "~/lib/registers/client.server";
import { EMISSIVO_LIST_PATH, emissivoEditPath, emiErr } from "~/lib/sales/emissivo";
import { cancelSchema, emissivoEditSchema, emissivoSchema, type EmissivoInput } from "~/lib/sales/emissivo.schema";
import {
  agentOptions,
  checkEmissivo,
  clientOptions,
  createEmissivo,
  emissivoForm,
  emissivoNewValues,
  inventoryOptions,
  paymentTermOptions,
  productKindChoices,
  supplierChoices,
  updateDraft,
} from "~/lib/sales/emissivo.server";
import { cancelEmissivo, confirmEmissivo, deleteEmissivo, editConfirmed } from "~/lib/sales/emissivo-status.server";
import { findSale, saleTimeline, saleTitles, seesAllSales, type SaleRow } from "~/lib/sales/sale-core.server";
import { tryToBrl } from "~/lib/finance/fx";

/** The screen's data: the form's values, its options, and on edit the sale's status, titles and timeline. */
/** The rate a confirmed sale keeps and its total in reais at it (decision 0018), for its screen. */
export function saleFx(row: Pick<SaleRow, "currency" | "totalCents" | "fxRateE6" | "fxRateDate" | "fxRateSource">) {
  return {
    fxRateE6: row.fxRateE6,
    fxRateDate: row.fxRateDate,
    fxRateSource: row.fxRateSource,
    totalBrlCents: row.fxRateE6 === null ? null : tryToBrl(row.totalCents, row.currency, row.fxRateE6),
  };
}

export async function emissivoScreen(scope: Scope, id: string | undefined) {
  const row = id ? await findSale(scope, id, "emissivo") : null;
  if (id && !row) throw notFound();
  const [values, clients, agents, suppliers, productKinds, terms, inventory, titles, timeline] = await Promise.all([
    row ? emissivoForm(scope, row) : emissivoNewValues(scope),
    clientOptions(scope),
    agentOptions(scope),
    supplierChoices(scope),
    productKindChoices(scope),
    paymentTermOptions(scope),
    inventoryOptions(scope),
    row ? saleTitles(scope, row.id) : [],
    row ? saleTimeline(scope, row.id) : { entries: [], more: false },
  ]);
  return {
    mode: row ? ("edit" as const) : ("new" as const),
    sale: row
      ? { id: row.id, number: row.number, status: row.status, version: row.version, confirmedAt: row.confirmedAt, cancelledAt: row.cancelledAt, cancelReason: row.cancelReason, currency: row.currency, ...saleFx(row) }
      : null,
    values,
    clients,
    agents,
    agentFixed: !seesAllSales(scope.role),
    suppliers,
    productKinds,
    terms,
    inventory,
    titles: titles.map((t) => ({
      id: t.id,
      direction: t.direction,
      partyKind: t.partyKind,
      description: t.description,
      dueDate: t.dueDate,
      amountCents: t.amountCents,
      paidCents: t.paidCents,
      status: t.status,
      currency: t.currency,
    })),
    timeline: timeline.entries,
    timeZone: scope.timeZone,
  };
}

const toast = (title: string, values?: Record<string, string | number>, variant?: "destructive"): ToastMessage => ({ title, ...(values ? { values } : {}), ...(variant ? { variant } : {}) });

/** Field errors as Conform's reply (the typed input kept). */
type Submission = NonNullable<ReturnType<typeof parseForm>>;

/**
 * Every write of an emissivo sale (save, edit, confirm, cancel, delete): afterwards
 * its commission lines follow what is stored (syncSaleCommissions reads the sale as
 * it is, so a refused or partial intent changes nothing there either).
 */
export async function emissivoAction(scope: Scope, request: Request, params: { id?: string }, language: string) {
  try {
    return await emissivoIntent(scope, request, params, language);
  } finally {
    if (params.id) await syncSaleCommissions(scope, params.id);
  }
}

async function emissivoIntent(scope: Scope, request: Request, params: { id?: string }, language: string) {
  const formData = await request.formData();
  const intent = formData.get("intent");
  if (intent === "newClient") return newClientIntent(scope, formData);

  const row = params.id ? await findSale(scope, params.id, "emissivo") : null;
  if (params.id && !row) throw notFound();

  if (row && (intent === "confirm" || intent === "cancel" || intent === "delete")) {
    const fields = Object.fromEntries([...formData.entries()].filter(([, v]) => typeof v === "string"));
    const parsed = intent === "cancel" ? cancelSchema.safeParse(fields) : { success: true };
    const versionText = formData.get("version");
    const version = typeof versionText === "string" && /^[0-9]{1,9}$/.test(versionText) ? Number(versionText) : 0;
    if (intent === "cancel" && !parsed.success) return badRequest({ move: { error: "sales.errors.reasonRequired" }, toast: toast("sales.errors.reasonRequired", undefined, "destructive") });
    if (!Number.isInteger(version) || version < 1) return malformed();
    if (intent === "confirm") {
      const result = await confirmEmissivo(scope, row, version, language);
      if (result.ok) return { moved: "confirmed", toast: toast("sales.emissivo.done.confirmed", { number: row.number, titles: result.titles }) };
      return moveRefused(result.reason, result);
    }
    if (intent === "cancel") {
      const reason = String(formData.get("reason") ?? "");
      const result = await cancelEmissivo(scope, row, version, reason, language);
      if (result.ok) return { moved: "cancelled", toast: toast("sales.emissivo.done.cancelled", { number: row.number }) };
      return moveRefused(result.reason, result);
    }
    const result = await deleteEmissivo(scope, row, version);
    if (result.ok) return redirectWithToast(EMISSIVO_LIST_PATH, toast("sales.emissivo.done.deleted", { number: row.number }));
    return moveRefused(result.reason, {});
  }

  if (row?.status === "cancelled") return conflict({ formError: emiErr.notEditable, toast: toast(emiErr.notEditable, undefined, "destructive") });
  const submission = parseForm(formData, row ? emissivoEditSchema : emissivoSchema);
  if (!submission) return malformed();
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: submission.status === "error" ? 400 : 200 });
  const input = submission.value as EmissivoInput & { version?: number };
  const checked = await checkEmissivo(scope, input, row);
  if (!checked.ok) return badRequest({ result: submission.reply({ fieldErrors: checked.errors }) });

  if (!row) {
    const created = await createEmissivo(scope, input, checked);
    const stored = await findSale(scope, created.id, "emissivo");
    return redirectWithToast(emissivoEditPath(created.id), toast("sales.emissivo.done.created", { number: stored?.number ?? "" }));
  }
  const edit = input as EmissivoInput & { version: number };
  if (row.status === "draft") {
    const saved = await updateDraft(scope, row, edit, checked);
    if (!saved.ok) return stale(submission);
    return { result: submission.reply({ resetForm: true }), saved: true, toast: toast("sales.emissivo.done.saved", { number: row.number }) };
  }
  const applied = await editConfirmed(scope, row, edit, checked, language);
  if (!applied.ok) {
    if (applied.reason === "stale") return stale(submission);
    if (applied.reason === "inventory") return badRequest({ result: submission.reply({ formErrors: ["sales.emissivo.errors.inventoryChange"] }) });
    if (applied.reason === "settledExceedsTotal") return conflict({ result: submission.reply(), formError: "sales.errors.settledExceedsTotal", values: applied.values, toast: toast("sales.errors.settledExceedsTotal", applied.values, "destructive") });
    return conflict({ result: submission.reply(), formError: applied.key, values: applied.values, toast: toast(applied.key ?? "sales.errors.notAllowed", applied.values, "destructive") });
  }
  if (!applied.applied) return { result: submission.reply(), preview: applied.preview, digest: applied.digest };
  return { result: submission.reply({ resetForm: true }), saved: true, toast: toast("sales.emissivo.done.saved", { number: row.number }) };
}

const stale = (submission: Submission) => conflict({ result: submission.reply(), formError: "sales.errors.stale", toast: toast("sales.errors.stale", undefined, "destructive") });

function moveRefused(reason: string, failure: { key?: string; values?: Record<string, string | number> }) {
  const key = reason === "plan" ? (failure.key ?? "sales.errors.notAllowed") : reason === "unavailable" ? "sales.emissivo.errors.unavailableConfirm" : `sales.errors.${reason}`;
  return conflict({ move: { error: key, values: failure.values ?? {} }, toast: toast(key, failure.values, "destructive") });
}

/** A client created from the sale form: the client register's schema (a person: name, CPF, birth date), duplicate rule and store. */
async function newClientIntent(scope: Scope, formData: FormData) {
  const fd = new FormData();
  fd.set("kind", "person");
  for (const key of ["name", "document", "birthDate"]) {
    const v = formData.get(`newClient.${key}`);
    if (typeof v === "string") fd.set(key, v);
  }
  const submission = parseForm(fd, clientSchema);
  if (!submission || submission.status !== "success") {
    const errors = submission?.status === "error" ? (submission.error ?? {}) : { name: ["validation.invalid"] };
    return badRequest({ newClient: { errors } });
  }
  const input = submission.value;
  const duplicate = await findClientDuplicate(scope, input);
  if (duplicate) return conflict({ newClient: { errors: { [duplicate.field]: [`records.errors.duplicate.${duplicate.field}`] } } });
  const created = await createRecord(scope, clientStore, clientValues(input));
  if (!created.ok) return conflict({ newClient: { errors: { document: ["records.errors.taken"] } } });
  return { newClient: { id: created.id, name: input.name }, toast: toast("sales.emissivo.newClient.saved", { name: input.name }) };
}

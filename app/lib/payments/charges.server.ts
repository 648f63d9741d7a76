/**
 * Charges from receivables (issue #19): "Cobrar" on a receivable creates the client as
 * an Asaas customer when needed (once per environment; CPF/CNPJ, e-mail, phone from the
 * registers) and a charge — Pix (QR code and copy-paste code), boleto (digitable line
 * and PDF), card or payment link — stored in payment_charge with what the client needs
 * to pay it. "Cancelar cobrança" deletes it at the provider. The ledger calls
 * `chargeHooks` when a receivable is cancelled (its live charge is cancelled) or its
 * amount or due date changes while open (the charge is updated), so the ledger knows
 * nothing of the provider. `chargeGroup` charges every open installment of a sale (or
 * an installment group) at once, each its own charge.
 *
 * The API key stays inside integration.server.ts; nothing here logs or returns it.
 */
import { and, asc, desc, eq, inArray, isNull, or, sql } from "drizzle-orm";
import { financeTitle } from "~/db/schema/finance";
import { client } from "~/db/schema/registers";
import { paymentCharge, paymentCustomer, type BillingType } from "~/db/schema/payments";
import type { TitleHooks } from "~/lib/finance/ledger/titles.server";
import type { AsaasClient } from "~/lib/payments/asaas-client.server";
import { activeClient, type IntegrationRow, type PaymentDeps } from "~/lib/payments/integration.server";
import { auditInsert } from "~/lib/platform/audit.server";
import { parseDocument } from "~/lib/platform/br-documents";
import { fail, ok, type Result } from "~/lib/platform/result";
import type { Scope } from "~/lib/platform/scope.server";
import { todayIn } from "~/lib/platform/time-zone";

export type ChargeRow = typeof paymentCharge.$inferSelect;

/** What the receivable screen shows of a charge (no internal ids of other tables). */
export type ChargeView = Pick<
  ChargeRow,
  | "id"
  | "externalId"
  | "billingType"
  | "status"
  | "valueCents"
  | "currency"
  | "dueDate"
  | "invoiceUrl"
  | "bankSlipUrl"
  | "identificationField"
  | "pixPayload"
  | "pixQrImage"
  | "pixExpiresAt"
  | "environment"
  | "deletedAt"
  | "createdAt"
>;

const VIEW = {
  id: paymentCharge.id,
  externalId: paymentCharge.externalId,
  billingType: paymentCharge.billingType,
  status: paymentCharge.status,
  valueCents: paymentCharge.valueCents,
  currency: paymentCharge.currency,
  dueDate: paymentCharge.dueDate,
  invoiceUrl: paymentCharge.invoiceUrl,
  bankSlipUrl: paymentCharge.bankSlipUrl,
  identificationField: paymentCharge.identificationField,
  pixPayload: paymentCharge.pixPayload,
  pixQrImage: paymentCharge.pixQrImage,
  pixExpiresAt: paymentCharge.pixExpiresAt,
  environment: paymentCharge.environment,
  deletedAt: paymentCharge.deletedAt,
  createdAt: paymentCharge.createdAt,
};

/** Statuses in which the charge can still be changed or cancelled at the provider. */
const OPEN_STATUSES = new Set(["PENDING", "OVERDUE"]);

/** A title's live charge and its last cancelled ones (at most 5), newest first. */
export async function titleCharges({ db, agencyId }: Pick<Scope, "db" | "agencyId">, titleId: string): Promise<{ live: ChargeView | null; history: ChargeView[] }> {
  const rows = await db
    .select(VIEW)
    .from(paymentCharge)
    .where(and(eq(paymentCharge.agencyId, agencyId), eq(paymentCharge.titleId, titleId)))
    .orderBy(desc(paymentCharge.createdAt), desc(paymentCharge.id))
    .limit(6);
  const live = rows.find((r) => r.deletedAt === null) ?? null;
  return { live, history: rows.filter((r) => r !== live).slice(0, 5) };
}

async function liveCharge({ db, agencyId }: Pick<Scope, "db" | "agencyId">, titleId: string): Promise<ChargeRow | null> {
  const [row] = await db
    .select()
    .from(paymentCharge)
    .where(and(eq(paymentCharge.agencyId, agencyId), eq(paymentCharge.titleId, titleId), isNull(paymentCharge.deletedAt)))
    .limit(1);
  return row ?? null;
}

export type ChargeFailure = "notFound" | "notConfigured" | "notReceivable" | "currency" | "noClient" | "clientDocument" | "alreadyCharged" | "notCancellable" | "provider";
type Details = { error?: string };

const providerError = (errors: { code: string; description: string }[]) =>
  errors
    .map((e) => e.description || e.code)
    .join("; ")
    .slice(0, 300);

/** The client's Asaas customer in this environment, created at the provider on first use. */
async function customerFor(scope: Scope, asaas: AsaasClient, integration: IntegrationRow, clientId: string): Promise<Result<{ customerId: string }, "noClient" | "clientDocument" | "provider", Details>> {
  const { db, agencyId } = scope;
  const [existing] = await db
    .select({ externalId: paymentCustomer.externalId })
    .from(paymentCustomer)
    .where(and(eq(paymentCustomer.agencyId, agencyId), eq(paymentCustomer.provider, "asaas"), eq(paymentCustomer.environment, integration.environment), eq(paymentCustomer.clientId, clientId)));
  if (existing) return ok({ customerId: existing.externalId });
  const [row] = await db
    .select({ name: client.name, document: client.document, emails: client.emails, phones: client.phones })
    .from(client)
    .where(and(eq(client.agencyId, agencyId), eq(client.id, clientId)));
  if (!row) return fail("noClient");
  const document = parseDocument(row.document);
  if (!document) return fail("clientDocument");
  const phone = (row.phones ?? []).map((p) => p.number.replace(/\D/g, "")).find((n) => n.length >= 10) ?? null;
  const created = await asaas.createCustomer({ name: row.name, cpfCnpj: document.digits, email: row.emails?.[0] ?? null, mobilePhone: phone, externalReference: clientId });
  if (!created.ok) return fail("provider", { error: providerError(created.errors) });
  await db
    .insert(paymentCustomer)
    .values({ agencyId, provider: "asaas", clientId, externalId: created.data.id, environment: integration.environment })
    .onConflictDoNothing();
  // Two first charges at once: the one stored first is the client's customer.
  const [stored] = await db
    .select({ externalId: paymentCustomer.externalId })
    .from(paymentCustomer)
    .where(and(eq(paymentCustomer.agencyId, agencyId), eq(paymentCustomer.provider, "asaas"), eq(paymentCustomer.environment, integration.environment), eq(paymentCustomer.clientId, clientId)));
  return ok({ customerId: stored?.externalId ?? created.data.id });
}

type Title = typeof financeTitle.$inferSelect;

/** The earliest due date Asaas takes: today in Brazil (its clock), or the agency's today when later. */
function firstDueDate(scope: Pick<Scope, "timeZone">): string {
  const agency = todayIn(scope.timeZone);
  const brazil = todayIn("America/Sao_Paulo");
  return agency > brazil ? agency : brazil;
}

async function receivable({ db, agencyId }: Pick<Scope, "db" | "agencyId">, titleId: string): Promise<Title | null> {
  if (typeof titleId !== "string" || titleId.length > 64) return null;
  const [row] = await db
    .select()
    .from(financeTitle)
    .where(and(eq(financeTitle.agencyId, agencyId), eq(financeTitle.id, titleId), eq(financeTitle.direction, "receivable")))
    .limit(1);
  return row ?? null;
}

async function chargeTitle(scope: Scope, asaas: AsaasClient, integration: IntegrationRow, title: Title, billingType: BillingType): Promise<Result<{ charge: ChargeView }, ChargeFailure, Details>> {
  if (title.status !== "open" && title.status !== "partial") return fail("notReceivable");
  if (title.currency !== "BRL") return fail("currency");
  if (title.partyKind !== "client") return fail("noClient");
  if (await liveCharge(scope, title.id)) return fail("alreadyCharged");
  const customer = await customerFor(scope, asaas, integration, title.partyId);
  if (!customer.ok) return customer;
  const today = firstDueDate(scope);
  const valueCents = title.amountCents - title.paidCents;
  const payment = await asaas.createPayment({
    customer: customer.customerId,
    billingType,
    valueCents,
    // Asaas refuses a due date in the past: an overdue receivable is charged for today.
    dueDate: title.dueDate < today ? today : title.dueDate,
    description: (title.installmentCount > 1 ? `${title.description} (${title.installmentNo}/${title.installmentCount})` : title.description).slice(0, 500),
    externalReference: title.id,
  });
  if (!payment.ok) return fail("provider", { error: providerError(payment.errors) });
  const p = payment.data;
  const [pix, line] = await Promise.all([
    billingType === "PIX" || billingType === "UNDEFINED" ? asaas.pixQrCode(p.id) : null,
    billingType === "BOLETO" ? asaas.identificationField(p.id) : null,
  ]);
  const values = {
    agencyId: scope.agencyId,
    provider: "asaas" as const,
    environment: integration.environment,
    titleId: title.id,
    externalId: p.id,
    billingType,
    status: "PENDING" as const,
    valueCents,
    currency: "BRL",
    dueDate: p.dueDate,
    invoiceUrl: p.invoiceUrl,
    bankSlipUrl: p.bankSlipUrl,
    identificationField: line?.ok ? line.data.identificationField : null,
    pixPayload: pix?.ok ? pix.data.payload : null,
    pixQrImage: pix?.ok ? pix.data.encodedImage : null,
    pixExpiresAt: pix?.ok ? pix.data.expirationDate : null,
    createdBy: scope.userId,
  };
  const [inserted] = await scope.db.batch([
    scope.db.insert(paymentCharge).values(values).onConflictDoNothing().returning(VIEW),
    auditInsert(scope.db, {
      agencyId: scope.agencyId,
      userId: scope.userId,
      entity: "payment_charge",
      entityId: title.id,
      action: "create",
      changes: { externalId: [null, p.id], billingType: [null, billingType], valueCents: [null, valueCents], dueDate: [null, p.dueDate] },
      ip: scope.ip,
    }),
  ]);
  const charge = (inserted as ChargeView[])[0];
  if (!charge) {
    // Another charge of this title was stored first: this one must not stay payable.
    await asaas.deletePayment(p.id);
    return fail("alreadyCharged");
  }
  return ok({ charge });
}

/** "Cobrar": the receivable's charge of this billing type. */
export async function createCharge(scope: Scope, deps: PaymentDeps, titleId: string, billingType: BillingType): Promise<Result<{ charge: ChargeView }, ChargeFailure, Details>> {
  const title = await receivable(scope, titleId);
  if (!title) return fail("notFound");
  const active = await activeClient(scope, deps);
  if (!active) return fail("notConfigured");
  return chargeTitle(scope, active.client, active.integration, title, billingType);
}

/**
 * "Cobrar todas as parcelas": every open installment of the title's sale (or of its
 * installment group) without a live charge, each its own charge, in installment order.
 * Stops at the first failure the next ones would share (configuration, the client).
 */
export async function chargeGroup(
  scope: Scope,
  deps: PaymentDeps,
  titleId: string,
  billingType: BillingType,
): Promise<Result<{ created: number; failed: number; error: ChargeFailure | null; detail: string | null }, "notFound" | "notConfigured" | "none">> {
  const title = await receivable(scope, titleId);
  if (!title) return fail("notFound");
  const active = await activeClient(scope, deps);
  if (!active) return fail("notConfigured");
  const siblings = await scope.db
    .select()
    .from(financeTitle)
    .where(
      and(
        eq(financeTitle.agencyId, scope.agencyId),
        eq(financeTitle.direction, "receivable"),
        inArray(financeTitle.status, ["open", "partial"]),
        title.originKind === "sale" && title.originId
          ? or(eq(financeTitle.groupId, title.groupId), and(eq(financeTitle.originKind, "sale"), eq(financeTitle.originId, title.originId)))
          : eq(financeTitle.groupId, title.groupId),
        sql`not exists (select 1 from payment_charge "pc" where "pc"."agency_id" = ${scope.agencyId} and "pc"."title_id" = ${financeTitle.id} and "pc"."deleted_at" is null)`,
      ),
    )
    .orderBy(asc(financeTitle.dueDate), asc(financeTitle.installmentNo), asc(financeTitle.id))
    .limit(120);
  if (siblings.length === 0) return fail("none");
  let created = 0;
  let failed = 0;
  let error: ChargeFailure | null = null;
  let detail: string | null = null;
  for (const sibling of siblings) {
    const result = await chargeTitle(scope, active.client, active.integration, sibling, billingType);
    if (result.ok) {
      created++;
      continue;
    }
    failed++;
    error ??= result.reason;
    detail ??= result.error ?? null;
    if (result.reason === "noClient" || result.reason === "clientDocument") {
      failed += siblings.length - created - failed;
      break;
    }
  }
  return ok({ created, failed, error, detail });
}

/** Deletes the charge at the provider; a charge the provider no longer has counts as deleted. */
async function deleteAtProvider(asaas: AsaasClient, charge: ChargeRow): Promise<Result<object, "notCancellable" | "provider", Details>> {
  const result = await asaas.deletePayment(charge.externalId);
  if (result.ok || result.status === 404) return ok();
  if (result.status === 400) return fail("notCancellable", { error: providerError(result.errors) });
  return fail("provider", { error: providerError(result.errors) });
}

async function markDeleted(scope: Scope, charge: ChargeRow, reason: "manual" | "title_cancelled" | "title_settled") {
  const at = new Date().toISOString();
  await scope.db.batch([
    scope.db
      .update(paymentCharge)
      .set({ status: "DELETED", deletedAt: at, updatedAt: at, version: sql`${paymentCharge.version} + 1` })
      .where(and(eq(paymentCharge.agencyId, scope.agencyId), eq(paymentCharge.id, charge.id), isNull(paymentCharge.deletedAt))),
    auditInsert(scope.db, {
      agencyId: scope.agencyId,
      userId: scope.userId,
      entity: "payment_charge",
      entityId: charge.titleId,
      action: "delete",
      changes: { externalId: [charge.externalId, null], status: [charge.status, "DELETED"], reason: [null, reason] },
      ip: scope.ip,
    }),
  ]);
}

/** "Cancelar cobrança": deletes the live charge at the provider and marks it deleted here. */
export async function cancelCharge(scope: Scope, deps: PaymentDeps, titleId: string): Promise<Result<object, ChargeFailure, Details>> {
  const title = await receivable(scope, titleId);
  if (!title) return fail("notFound");
  const charge = await liveCharge(scope, title.id);
  if (!charge) return fail("notFound");
  if (!OPEN_STATUSES.has(charge.status)) return fail("notCancellable");
  const active = await activeClient(scope, deps);
  if (!active) return fail("notConfigured");
  const deleted = await deleteAtProvider(active.client, charge);
  if (!deleted.ok) return deleted;
  await markDeleted(scope, charge, "manual");
  return ok();
}

/**
 * The ledger's hooks for a receivable's charge: cancelled → its live charge is cancelled
 * at the provider; amount or due date changed while open → the charge follows
 * (POST /payments/{id}). The title change already happened: a provider failure is kept
 * quiet here (the charge panel still shows the charge as it is at the provider).
 */
export function chargeHooks(deps: PaymentDeps): TitleHooks {
  return {
    async cancelled(scope, titleId) {
      const charge = await liveCharge(scope, titleId);
      if (!charge || !OPEN_STATUSES.has(charge.status)) return;
      const active = await activeClient(scope, deps);
      if (!active) return;
      const deleted = await deleteAtProvider(active.client, charge);
      if (deleted.ok) await markDeleted(scope, charge, "title_cancelled");
    },
    async changed(scope, titleId, fields) {
      if (!fields.includes("amountCents") && !fields.includes("dueDate") && !fields.includes("paidCents")) return;
      const charge = await liveCharge(scope, titleId);
      if (!charge || !OPEN_STATUSES.has(charge.status)) return;
      const title = await receivable(scope, titleId);
      if (!title) return;
      const active = await activeClient(scope, deps);
      if (!active) return;
      // Settled in full by hand (cash, a transfer): the client must not pay the charge too.
      if (title.status === "paid") {
        const deleted = await deleteAtProvider(active.client, charge);
        if (deleted.ok) await markDeleted(scope, charge, "title_settled");
        return;
      }
      if (title.status !== "open" && title.status !== "partial") return;
      const today = firstDueDate(scope);
      const valueCents = title.amountCents - title.paidCents;
      const dueDate = title.dueDate < today ? today : title.dueDate;
      if (valueCents === charge.valueCents && dueDate === charge.dueDate) return;
      const updated = await active.client.updatePayment(charge.externalId, { valueCents, dueDate });
      if (!updated.ok) return;
      const pix = charge.billingType === "PIX" || charge.billingType === "UNDEFINED" ? await active.client.pixQrCode(charge.externalId) : null;
      const line = charge.billingType === "BOLETO" ? await active.client.identificationField(charge.externalId) : null;
      const at = new Date().toISOString();
      await scope.db.batch([
        scope.db
          .update(paymentCharge)
          .set({
            valueCents,
            dueDate: updated.data.dueDate,
            ...(pix?.ok ? { pixPayload: pix.data.payload, pixQrImage: pix.data.encodedImage, pixExpiresAt: pix.data.expirationDate } : {}),
            ...(line?.ok ? { identificationField: line.data.identificationField } : {}),
            updatedAt: at,
            version: sql`${paymentCharge.version} + 1`,
          })
          .where(and(eq(paymentCharge.agencyId, scope.agencyId), eq(paymentCharge.id, charge.id))),
        auditInsert(scope.db, {
          agencyId: scope.agencyId,
          userId: scope.userId,
          entity: "payment_charge",
          entityId: titleId,
          action: "update",
          changes: { valueCents: [charge.valueCents, valueCents], dueDate: [charge.dueDate, updated.data.dueDate] },
          ip: scope.ip,
        }),
      ]);
    },
  };
}

/**
 * Brings the live charges of these titles in step with them after a change made outside
 * the ledger's title actions (a sale's edit or cancellation rewrites its installments in
 * one batch: the sales module calls this with the titles it touched). A cancelled title's
 * charge is cancelled; an open one's follows its amount and due date.
 */
export async function syncCharges(scope: Scope, deps: PaymentDeps, titleIds: readonly string[]): Promise<void> {
  if (titleIds.length === 0) return;
  const live = await scope.db
    .select({ titleId: paymentCharge.titleId, status: financeTitle.status })
    .from(paymentCharge)
    .innerJoin(financeTitle, and(eq(financeTitle.agencyId, scope.agencyId), eq(financeTitle.id, paymentCharge.titleId)))
    .where(and(eq(paymentCharge.agencyId, scope.agencyId), inArray(paymentCharge.titleId, [...titleIds].slice(0, 200)), isNull(paymentCharge.deletedAt)));
  const hooks = chargeHooks(deps);
  for (const row of live) {
    if (row.status === "cancelled") await hooks.cancelled?.(scope, row.titleId);
    else await hooks.changed?.(scope, row.titleId, ["amountCents", "dueDate"]);
  }
}

/**
 * After a sale's edit, cancellation or status move (the sales module rewrites its
 * installments in one batch, outside the ledger's title actions): the live charges of
 * the sale's receivables follow (syncCharges). One indexed read when none is charged.
 */
export async function syncSaleCharges(scope: Scope, deps: PaymentDeps, saleId: string): Promise<void> {
  const charged = await scope.db
    .select({ titleId: paymentCharge.titleId })
    .from(paymentCharge)
    .innerJoin(financeTitle, and(eq(financeTitle.agencyId, scope.agencyId), eq(financeTitle.id, paymentCharge.titleId)))
    .where(and(eq(paymentCharge.agencyId, scope.agencyId), isNull(paymentCharge.deletedAt), eq(financeTitle.originKind, "sale"), eq(financeTitle.originId, saleId)));
  await syncCharges(
    scope,
    deps,
    charged.map((c) => c.titleId),
  );
}

/** Whether the title belongs to a group or sale with other open installments (the "charge all" button). */
export async function hasOpenSiblings({ db, agencyId }: Pick<Scope, "db" | "agencyId">, title: Pick<Title, "id" | "groupId" | "originKind" | "originId">): Promise<boolean> {
  const [row] = await db
    .select({ id: financeTitle.id })
    .from(financeTitle)
    .where(
      and(
        eq(financeTitle.agencyId, agencyId),
        eq(financeTitle.direction, "receivable"),
        inArray(financeTitle.status, ["open", "partial"]),
        sql`${financeTitle.id} <> ${title.id}`,
        title.originKind === "sale" && title.originId
          ? or(eq(financeTitle.groupId, title.groupId), and(eq(financeTitle.originKind, "sale"), eq(financeTitle.originId, title.originId)))
          : eq(financeTitle.groupId, title.groupId),
      ),
    )
    .limit(1);
  return !!row;
}


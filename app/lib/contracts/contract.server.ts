/**
 * Contracts for staff (issue #17): the confirmed sales still without one, the
 * generation of a contract from a template version and a sale (merged document →
 * PDF in R2 under the agency's prefix, with its SHA-256), sending the signing link
 * by e-mail (a fresh 256-bit token, stored only as its hash, expiring), cancelling,
 * the files, verification of an uploaded PDF by its hash, and the lapse of links.
 * Everything reads through the user's scope: another agency's contract is not
 * found, and an Agente works only on the contracts of their own sales.
 */
import { and, asc, desc, eq, inArray, isNull, lt, notExists, or, sql, type SQL } from "drizzle-orm";
import { agency, auditEntry, client, contract, contractTemplate, contractTemplateVersion, profile, recordCounter, sale } from "~/db/schema";
import { newId } from "~/db/schema/columns";
import { LIVE_CONTRACT_STATUSES, type ContractLanguage, type ContractStatus } from "~/db/schema/contracts";
import { mergeValuesOf } from "~/lib/contracts/contract-data.server";
import { contractPdf } from "~/lib/contracts/contract-pdf.server";
import {
  AWAITING,
  canCancel,
  canSend,
  contractPath,
  ID,
  MAX_BATCH,
  LINK_DAYS,
  MAX_VERIFY_BYTES,
  signLink,
  type PendingFilter,
  type PendingSort,
  type SignatureFilter,
  type SignatureSort,
} from "~/lib/contracts/contract";
import { mergeDocument, type TemplateDoc } from "~/lib/contracts/document";
import type { ListQuery } from "~/lib/kit/list";
import { runList, type ListSource } from "~/lib/kit/list.server";
import { buildSearchText } from "~/lib/kit/search-text";
import { auditInsert } from "~/lib/platform/audit.server";
import { assertInBatch, isBatchAssert, isUniqueFailure } from "~/lib/platform/batch-assert.server";
import { randomToken, sha256Hex } from "~/lib/platform/crypto.server";
import { crossTenant, type Db } from "~/lib/platform/db.server";
import { dispatchMail, outboxInsert, type Mailer } from "~/lib/platform/mail.server";
import { notify, type RealtimeEnv } from "~/lib/platform/realtime.server";
import { fail, ok, type Result } from "~/lib/platform/result";
import type { Scope } from "~/lib/platform/scope.server";
import { textIn } from "~/lib/platform/text-in";
import { formatDateTime } from "~/lib/platform/format";
import { findSale, saleScopeWhere, type SaleRow } from "~/lib/sales/sale-core.server";

export const CONTRACT_ENTITY = "contract";
export const CONTRACT_COUNTER = "contract";
export type ContractRow = typeof contract.$inferSelect;
type Statement = Parameters<Scope["db"]["batch"]>[0][number];

const isId = (id: string | null | undefined): id is string => !!id && ID.test(id);
export const contractKey = (agencyId: string, id: string, suffix = "") => `agencies/${agencyId}/contracts/${id}${suffix}.pdf`;
const DAY_MS = 86_400_000;

// ---------------------------------------------------------------------------
// Reading

/** The contracts of the sales the user may see (an Agente: their own sales'). */
export function contractScopeWhere(scope: Pick<Scope, "agencyId" | "role" | "userId">): SQL {
  return and(
    eq(contract.agencyId, scope.agencyId),
    sql`exists (select 1 from "sale" where "sale"."agency_id" = ${scope.agencyId} and "sale"."id" = ${contract.saleId} and "sale"."deleted_at" is null${
      scope.role === "Agente" ? sql` and "sale"."owner_user_id" = ${scope.userId}` : sql``
    })`,
  )!;
}

/** One contract the user may see, or null (another agency's, an unknown id, another seller's for an Agente). */
export async function findContract(scope: Scope, id: string): Promise<ContractRow | null> {
  if (!isId(id)) return null;
  const [row] = await scope.db
    .select()
    .from(contract)
    .where(and(contractScopeWhere(scope), eq(contract.id, id)))
    .limit(1);
  return row ?? null;
}

/** The live contract of a sale, if any (the sale screens link to it). */
export async function contractOfSale(scope: Scope, saleId: string) {
  if (!isId(saleId)) return null;
  const [row] = await scope.db
    .select({ id: contract.id, number: contract.number, status: contract.status })
    .from(contract)
    .where(and(eq(contract.agencyId, scope.agencyId), eq(contract.saleId, saleId), inArray(contract.status, [...LIVE_CONTRACT_STATUSES])))
    .limit(1);
  return row ?? null;
}

export type PendingRow = { id: string; sortValue: string | number | null; number: number; kind: "emissivo" | "excursion"; saleDate: string; clientName: string | null; totalCents: number; currency: string };

const pendingSource: ListSource<PendingSort, PendingFilter> = {
  table: sale,
  sortColumns: { saleDate: sale.saleDate, number: sale.number },
  softDelete: sale.deletedAt,
  search: sale.searchText,
  filterWhere: (f) => (f.tipo ? [eq(sale.kind, f.tipo as "emissivo" | "excursion")] : []),
};

/** Confirmed sales without a live contract (generated, sent, viewed or signed). */
export async function listPending(scope: Scope, query: ListQuery<PendingSort, PendingFilter>) {
  const source: ListSource<PendingSort, PendingFilter> = {
    ...pendingSource,
    scope: () => [
      saleScopeWhere(scope),
      eq(sale.status, "confirmed"),
      notExists(
        scope.db
          .select({ one: sql`1` })
          .from(contract)
          .where(and(eq(contract.agencyId, scope.agencyId), eq(contract.saleId, sale.id), inArray(contract.status, [...LIVE_CONTRACT_STATUSES]))),
      ),
    ],
  };
  return runList(scope, source, query, (where, order, limit) =>
    scope.db
      .select({
        id: sale.id,
        sortValue: query.sort === "number" ? sale.number : sale.saleDate,
        number: sale.number,
        kind: sale.kind,
        saleDate: sale.saleDate,
        clientName: client.name,
        totalCents: sale.totalCents,
        currency: sale.currency,
      })
      .from(sale)
      .leftJoin(client, and(eq(client.agencyId, scope.agencyId), eq(client.id, sale.clientId)))
      .where(where)
      .orderBy(...order)
      .limit(limit),
  ) as Promise<{ rows: PendingRow[]; page: Awaited<ReturnType<typeof runList>>["page"] }>;
}

export type ContractListRow = {
  id: string;
  sortValue: string | number | null;
  number: number;
  status: ContractStatus;
  title: string;
  saleNumber: number | null;
  clientName: string | null;
  sentTo: string | null;
  sentAt: string | null;
  viewedAt: string | null;
  signedAt: string | null;
  tokenExpiresAt: string | null;
  createdAt: string;
};

/** The contracts, newest first: without a status filter the ones waiting (generated, sent, viewed), `todos` all. */
export async function listContracts(scope: Scope, query: ListQuery<SignatureSort, SignatureFilter>) {
  const status = query.filters.situacao;
  const source: ListSource<SignatureSort, SignatureFilter> = {
    table: contract,
    sortColumns: { createdAt: contract.createdAt, number: contract.number },
    search: contract.searchText,
    scope: () => [contractScopeWhere(scope)],
    filterWhere: () =>
      !status ? [inArray(contract.status, ["generated", ...AWAITING])] : status === "todos" ? [] : [eq(contract.status, status as ContractStatus)],
  };
  return runList(scope, source, query, (where, order, limit) =>
    scope.db
      .select({
        id: contract.id,
        sortValue: query.sort === "number" ? contract.number : contract.createdAt,
        number: contract.number,
        status: contract.status,
        title: contract.title,
        saleNumber: sale.number,
        clientName: client.name,
        sentTo: contract.sentTo,
        sentAt: contract.sentAt,
        viewedAt: contract.viewedAt,
        signedAt: contract.signedAt,
        tokenExpiresAt: contract.tokenExpiresAt,
        createdAt: contract.createdAt,
      })
      .from(contract)
      .leftJoin(sale, and(eq(sale.agencyId, scope.agencyId), eq(sale.id, contract.saleId)))
      .leftJoin(client, and(eq(client.agencyId, scope.agencyId), eq(client.id, sale.clientId)))
      .where(where)
      .orderBy(...order)
      .limit(limit),
  ) as Promise<{ rows: ContractListRow[]; page: Awaited<ReturnType<typeof runList>>["page"] }>;
}

/** The agency's live templates, defaults first (the generation's choice). */
export async function templateOptions(scope: Scope) {
  return scope.db
    .select({ id: contractTemplate.id, name: contractTemplate.name, language: contractTemplate.language, saleKind: contractTemplate.saleKind, isDefault: contractTemplate.isDefault })
    .from(contractTemplate)
    .where(and(eq(contractTemplate.agencyId, scope.agencyId), isNull(contractTemplate.deletedAt)))
    .orderBy(desc(contractTemplate.isDefault), asc(contractTemplate.name))
    .limit(200);
}

/** A contract's page: the contract, its sale and client, and its audit trail (the events). */
export async function contractDetail(scope: Scope, id: string) {
  const row = await findContract(scope, id);
  if (!row) return null;
  const [[saleRow], events] = await Promise.all([
    scope.db
      .select({ id: sale.id, number: sale.number, kind: sale.kind, clientName: client.name, clientDocument: client.document, clientEmails: client.emails })
      .from(sale)
      .leftJoin(client, and(eq(client.agencyId, scope.agencyId), eq(client.id, sale.clientId)))
      .where(and(eq(sale.agencyId, scope.agencyId), eq(sale.id, row.saleId)))
      .limit(1),
    scope.db
      .select({ id: auditEntry.id, createdAt: auditEntry.createdAt, action: auditEntry.action, changes: auditEntry.changes, who: profile.name })
      .from(auditEntry)
      .leftJoin(profile, eq(profile.id, auditEntry.userId))
      .where(and(eq(auditEntry.agencyId, scope.agencyId), eq(auditEntry.entity, CONTRACT_ENTITY), eq(auditEntry.entityId, row.id)))
      .orderBy(desc(auditEntry.createdAt), desc(auditEntry.id))
      .limit(100),
  ]);
  const { tokenHash: _t, otpHash: _o, ...safe } = row;
  return { contract: safe, sale: saleRow ?? null, events: events.map((e) => ({ ...e, changes: (e.changes as Record<string, [unknown, unknown]> | null) ?? null })) };
}

// ---------------------------------------------------------------------------
// Generating

export type GenerateRefusal = "notConfirmed" | "exists" | "noTemplate" | "template";

/** The template a sale's contract is made from: the one asked for, else the default of its kind, else the default for any sale. */
async function templateFor(scope: Scope, row: SaleRow, templateId: string | null) {
  const { db, agencyId } = scope;
  const live = and(eq(contractTemplate.agencyId, agencyId), isNull(contractTemplate.deletedAt));
  const [template] = templateId
    ? await db
        .select()
        .from(contractTemplate)
        .where(and(live, eq(contractTemplate.id, templateId)))
        .limit(1)
    : await db
        .select()
        .from(contractTemplate)
        .where(and(live, eq(contractTemplate.isDefault, true), inArray(contractTemplate.saleKind, [row.kind, "any"])))
        .orderBy(sql`case when ${contractTemplate.saleKind} = ${row.kind} then 0 else 1 end`)
        .limit(1);
  if (!template) return null;
  const [version] = await db
    .select()
    .from(contractTemplateVersion)
    .where(and(eq(contractTemplateVersion.agencyId, agencyId), eq(contractTemplateVersion.templateId, template.id), eq(contractTemplateVersion.number, template.currentVersion)))
    .limit(1);
  return version ? { template, version } : null;
}

/** The agency's next contract number (bumped now: a number is never given twice, a failed generation leaves a gap). */
async function nextNumber(scope: Scope): Promise<number> {
  const [row] = await scope.db
    .insert(recordCounter)
    .values({ agencyId: scope.agencyId, kind: CONTRACT_COUNTER, last: 1 })
    .onConflictDoUpdate({ target: [recordCounter.agencyId, recordCounter.kind], set: { last: sql`${recordCounter.last} + 1` } })
    .returning({ last: recordCounter.last });
  return row!.last;
}

const headerOf = (agencyName: string, title: string) => ({ left: agencyName, right: title });

/**
 * A contract for one confirmed sale: the template version's body merged with the
 * sale's values, drawn as a PDF, stored in R2 with its SHA-256, and the contract row
 * written with its audit entry. A sale with a live contract is refused (also by the
 * unique index, when two generations race).
 */
export async function generateContract(scope: Scope, bucket: R2Bucket, saleId: string, templateId: string | null): Promise<Result<{ id: string; number: number }, GenerateRefusal>> {
  const row = await findSale(scope, saleId);
  if (!row) return fail("notConfirmed");
  if (row.status !== "confirmed") return fail("notConfirmed");
  if (await contractOfSale(scope, row.id)) return fail("exists");
  if (templateId !== null && !isId(templateId)) return fail("template");
  const chosen = await templateFor(scope, row, templateId);
  if (!chosen) return fail(templateId ? "template" : "noTemplate");
  const { template, version } = chosen;
  const language = version.language as ContractLanguage;
  const number = await nextNumber(scope);
  const values = await mergeValuesOf(scope, row, language, { contractNumber: number });
  const document = mergeDocument(version.body as TemplateDoc, values);
  const title = `${version.name} — ${textIn(language, "contracts.numberOf", { number })}`;
  const generatedAt = new Date().toISOString();
  const bytes = await contractPdf({
    title,
    document,
    header: headerOf(values["agency.name"] ?? "", title),
    pageLabel: (n, count) => textIn(language, "contracts.pdf.page", { n, count }),
    generatedAt,
  });
  const sha = await sha256Hex(bytes);
  const id = newId();
  const key = contractKey(scope.agencyId, id);
  await bucket.put(key, bytes, { httpMetadata: { contentType: "application/pdf" }, customMetadata: { sha256: sha } });
  try {
    await scope.db.batch([
      scope.db.insert(contract).values({
        id,
        agencyId: scope.agencyId,
        number,
        saleId: row.id,
        templateId: template.id,
        templateVersionId: version.id,
        language,
        status: "generated",
        content: document,
        title,
        pdfKey: key,
        pdfSha256: sha,
        pdfBytes: bytes.byteLength,
        searchText: buildSearchText([String(number), String(row.number), values["client.name"], version.name]),
        createdBy: scope.userId,
        createdAt: generatedAt,
        updatedAt: generatedAt,
      }),
      auditInsert(scope.db, {
        agencyId: scope.agencyId,
        userId: scope.userId,
        ip: scope.ip,
        entity: CONTRACT_ENTITY,
        entityId: id,
        action: "create",
        changes: { status: [null, "generated"], sale: [null, row.number], template: [null, `${version.name} v${version.number}`], pdfSha256: [null, sha] },
      }),
    ]);
  } catch (error) {
    await bucket.delete(key);
    if (isUniqueFailure(error)) return fail("exists");
    throw error;
  }
  return ok({ id, number });
}

export type BatchOutcome = { saleId: string; ok: boolean; contractId?: string; number?: number; error?: string; sent?: boolean };

/** Generates (and optionally sends) the contracts of several sales, one after the other; each succeeds or fails on its own. */
export async function generateContracts(
  scope: Scope,
  deps: { bucket: R2Bucket; mailer: Mailer; origin: string },
  saleIds: string[],
  options: { templateId: string | null; send: boolean },
): Promise<BatchOutcome[]> {
  const outcomes: BatchOutcome[] = [];
  for (const saleId of [...new Set(saleIds)].slice(0, MAX_BATCH)) {
    const made = await generateContract(scope, deps.bucket, saleId, options.templateId);
    if (!made.ok) {
      outcomes.push({ saleId, ok: false, error: made.reason });
      continue;
    }
    // A contract is written at version 1: sent right away when asked.
    const sent = options.send ? (await sendContract(scope, deps.mailer, deps.origin, made.id, 1)).ok : undefined;
    outcomes.push({ saleId, ok: true, contractId: made.id, number: made.number, sent });
  }
  return outcomes;
}

// ---------------------------------------------------------------------------
// Sending, cancelling

/** A batch statement that aborts the batch unless the contract is still at `version` and in one of `statuses` (staff and the signing page). */
export function contractStillAt(db: Db, agencyId: string, id: string, version: number, statuses: readonly ContractStatus[]) {
  return assertInBatch(
    db,
    agencyId,
    "contract.stale",
    sql`not exists (select 1 from "contract" where "contract"."agency_id" = ${agencyId} and "contract"."id" = ${id} and "contract"."version" = ${version} and "contract"."status" in (${sql.join(
      statuses.map((s) => sql`${s}`),
      sql`, `,
    )}))`,
  );
}

export type SendRefusal = "notSendable" | "noEmail" | "stale";

/**
 * Sends the signing link to the client (first e-mail of the client register) in the
 * contract's language: a new token each time (an older link stops working), valid for
 * the agency's number of days. A generated contract becomes sent; an expired one is
 * sent again.
 */
export async function sendContract(scope: Scope, mailer: Mailer, origin: string, id: string, version: number): Promise<Result<{ to: string }, SendRefusal>> {
  const row = await findContract(scope, id);
  if (!row) return fail("notSendable");
  if (row.version !== version) return fail("stale");
  if (!canSend(row.status)) return fail("notSendable");
  const { db, agencyId } = scope;
  const [[saleRow], [agencyRow]] = await Promise.all([
    db
      .select({ number: sale.number, clientName: client.name, emails: client.emails })
      .from(sale)
      .innerJoin(client, and(eq(client.agencyId, agencyId), eq(client.id, sale.clientId)))
      .where(and(eq(sale.agencyId, agencyId), eq(sale.id, row.saleId)))
      .limit(1),
    db.select({ name: agency.name, days: agency.contractLinkDays }).from(agency).where(eq(agency.id, agencyId)).limit(1),
  ]);
  const to = saleRow?.emails?.[0]?.trim();
  if (!to) return fail("noEmail");
  const token = randomToken();
  const tokenHash = await sha256Hex(token);
  const now = new Date();
  const expiresAt = new Date(now.getTime() + (agencyRow?.days ?? LINK_DAYS.default) * DAY_MS).toISOString();
  const language = row.language;
  const values = {
    client: saleRow?.clientName ?? "",
    agency: agencyRow?.name ?? "",
    number: row.number,
    title: row.title,
    link: signLink(origin, token),
    expires: formatDateTime(expiresAt, language, scope.timeZone),
  };
  const outbox = outboxInsert(db, {
    agencyId,
    kind: "contract_signing",
    to,
    locale: language,
    subject: textIn(language, "contracts.mail.subject", values),
    text: textIn(language, "contracts.mail.body", values),
  });
  const status: ContractStatus = row.status === "viewed" ? "viewed" : "sent";
  try {
    await db.batch([
      contractStillAt(scope.db, scope.agencyId, id, version, [row.status]),
      db
        .update(contract)
        .set({
          status,
          tokenHash,
          tokenExpiresAt: expiresAt,
          sentTo: to,
          sentAt: now.toISOString(),
          sendCount: sql`${contract.sendCount} + 1`,
          otpHash: null,
          otpExpiresAt: null,
          otpVerifiedAt: null,
          failedAttempts: 0,
          expiredAt: null,
          updatedAt: now.toISOString(),
          version: sql`${contract.version} + 1`,
        })
        .where(and(eq(contract.agencyId, agencyId), eq(contract.id, id))),
      outbox.statement,
      auditInsert(db, {
        agencyId,
        userId: scope.userId,
        ip: scope.ip,
        entity: CONTRACT_ENTITY,
        entityId: id,
        action: "update",
        changes: { status: [row.status, status], sentTo: [row.sentTo, to], tokenExpiresAt: [row.tokenExpiresAt, expiresAt] },
      }),
    ] as unknown as [Statement, ...Statement[]]);
  } catch (error) {
    if (isBatchAssert(error)) return fail("stale");
    throw error;
  }
  await dispatchMail(mailer, outbox.mail);
  return ok({ to });
}

export type CancelRefusal = "notCancellable" | "stale";

/** Cancels a contract not yet signed or declined: its link stops working, and the sale may get a new one. */
export async function cancelContract(scope: Scope, id: string, version: number, reason: string): Promise<Result<object, CancelRefusal>> {
  const row = await findContract(scope, id);
  if (!row || !canCancel(row.status)) return fail("notCancellable");
  if (row.version !== version) return fail("stale");
  const now = new Date().toISOString();
  try {
    await scope.db.batch([
      contractStillAt(scope.db, scope.agencyId, id, version, [row.status]),
      scope.db
        .update(contract)
        .set({ status: "cancelled", cancelledAt: now, cancelReason: reason, updatedAt: now, version: sql`${contract.version} + 1` })
        .where(and(eq(contract.agencyId, scope.agencyId), eq(contract.id, id))),
      auditInsert(scope.db, {
        agencyId: scope.agencyId,
        userId: scope.userId,
        ip: scope.ip,
        entity: CONTRACT_ENTITY,
        entityId: id,
        action: "update",
        changes: { status: [row.status, "cancelled"], cancelReason: [null, reason] },
      }),
    ]);
  } catch (error) {
    if (isBatchAssert(error)) return fail("stale");
    throw error;
  }
  return ok();
}

// ---------------------------------------------------------------------------
// Files and verification

/** The R2 object of a contract's original or signed PDF, for a user who may see the contract. */
export async function contractFile(scope: Scope, id: string, which: "original" | "assinado"): Promise<{ key: string; filename: string } | null> {
  const row = await findContract(scope, id);
  if (!row) return null;
  if (which === "original") return { key: row.pdfKey, filename: `contrato-${row.number}.pdf` };
  return row.signedPdfKey ? { key: row.signedPdfKey, filename: `contrato-${row.number}-assinado.pdf` } : null;
}

export type Verification =
  | { match: "none"; sha256: string }
  | { match: "original" | "signed"; sha256: string; contract: { id: string; number: number; title: string; status: ContractStatus; signedAt: string | null; signerName: string | null; createdAt: string } };

/** Whether an uploaded PDF is one of the agency's contracts, unchanged: its SHA-256 against the originals and signed copies. */
export async function verifyPdf(scope: Scope, file: FormDataEntryValue | null): Promise<Result<Verification, "file" | "fileType">> {
  if (!file || typeof file === "string" || file.size === 0 || file.size > MAX_VERIFY_BYTES) return fail("file");
  const bytes = new Uint8Array(await file.arrayBuffer());
  if (!(bytes[0] === 0x25 && bytes[1] === 0x50 && bytes[2] === 0x44 && bytes[3] === 0x46)) return fail("fileType");
  const sha = await sha256Hex(bytes);
  const [row] = await scope.db
    .select({
      id: contract.id,
      number: contract.number,
      title: contract.title,
      status: contract.status,
      signedAt: contract.signedAt,
      signerName: contract.signerName,
      createdAt: contract.createdAt,
      pdfSha256: contract.pdfSha256,
    })
    .from(contract)
    .where(and(eq(contract.agencyId, scope.agencyId), or(eq(contract.pdfSha256, sha), eq(contract.signedPdfSha256, sha))))
    .limit(1);
  if (!row) return ok({ match: "none", sha256: sha });
  const { pdfSha256, ...found } = row;
  return ok({ match: pdfSha256 === sha ? "original" : "signed", sha256: sha, contract: found });
}

// ---------------------------------------------------------------------------
// Expiry (the hourly job) and the seller's notices

/**
 * Links past their expiry become `expired` (across agencies on purpose: the
 * scheduled job), each with its audit entry. The signing page refuses an expired
 * link by its date even before this runs.
 */
export async function expireContracts(anyDb: Db, now = new Date()): Promise<number> {
  const db = crossTenant(anyDb);
  const at = now.toISOString();
  const due = await db
    .select({ id: contract.id, agencyId: contract.agencyId, status: contract.status })
    .from(contract)
    .where(and(inArray(contract.status, [...AWAITING]), lt(contract.tokenExpiresAt, at)))
    .limit(500);
  if (due.length === 0) return 0;
  const statements: Statement[] = [];
  for (const row of due) {
    statements.push(
      db
        .update(contract)
        .set({ status: "expired", expiredAt: at, updatedAt: at, version: sql`${contract.version} + 1` })
        .where(and(eq(contract.agencyId, row.agencyId), eq(contract.id, row.id), eq(contract.status, row.status))),
      auditInsert(db, { agencyId: row.agencyId, userId: null, ip: null, entity: CONTRACT_ENTITY, entityId: row.id, action: "update", changes: { status: [row.status, "expired"] } }),
    );
  }
  await db.batch(statements as [Statement, ...Statement[]]);
  return due.length;
}

/** Tells the sale's owner (the seller), live and in their language, what the client did with the contract. */
export async function notifySeller(env: RealtimeEnv, db: Db, row: Pick<ContractRow, "id" | "agencyId" | "saleId" | "number">, event: "viewed" | "signed" | "declined", signer?: string | null) {
  const open = crossTenant(db);
  const [owner] = await open
    .select({ userId: sale.ownerUserId, saleNumber: sale.number, locale: profile.locale, active: profile.active })
    .from(sale)
    .innerJoin(profile, eq(profile.id, sale.ownerUserId))
    .where(and(eq(sale.agencyId, row.agencyId), eq(sale.id, row.saleId)))
    .limit(1);
  if (!owner?.userId || !owner.active) return null;
  const values = { number: row.number, sale: owner.saleNumber, signer: signer ?? "" };
  return notify(env, {
    userId: owner.userId,
    agencyId: row.agencyId,
    title: textIn(owner.locale, `contracts.notice.${event}.title`, values),
    message: textIn(owner.locale, `contracts.notice.${event}.message`, values),
    link: contractPath(row.id),
  });
}


/**
 * The public signing page's data (issue #17; /assinar-contrato/{token}, no login).
 *
 * A link is found by the SHA-256 of its token, across agencies on purpose (the
 * token is the only credential the signer has). A link that cannot be used says
 * which of invalid, expired, signed, declined, cancelled or locked it is, and
 * nothing else. Signing checks the CPF against the client's, the one-time code when
 * the agency asks for one, re-reads the original PDF and checks its SHA-256, then
 * writes the signed PDF (original pages + certificate) with its own hash, and the
 * evidence (name, CPF, IP, user agent, time, the document's hash) — in one batch
 * that only succeeds while the contract is still waiting at the version read, so a
 * second submit signs nothing.
 */
import { and, eq, sql } from "drizzle-orm";
import { agency, client, contract, sale } from "~/db/schema";
import { newId } from "~/db/schema/columns";
import type { ContractStatus } from "~/db/schema/contracts";
import { AWAITING, MAX_FAILED_ATTEMPTS, MAX_SIGNATURE_BYTES, OTP_MINUTES, SIGNED_COPY_MINUTES, TOKEN, type LinkState } from "~/lib/contracts/contract";
import { signatureBytes, type SignInput } from "~/lib/contracts/contract.schema";
import { CONTRACT_ENTITY, contractStillAt, notifySeller, type ContractRow } from "~/lib/contracts/contract.server";
import { signedContractPdf } from "~/lib/contracts/contract-pdf.server";
import type { MergedDocument } from "~/lib/contracts/document";
import { auditInsert } from "~/lib/platform/audit.server";
import { isBatchAssert } from "~/lib/platform/batch-assert.server";
import { formatCpf, onlyDigits } from "~/lib/platform/br-documents";
import { randomToken, sha256Hex } from "~/lib/platform/crypto.server";
import { crossTenant, type Db } from "~/lib/platform/db.server";
import { imageDimensions, detectImageType } from "~/lib/platform/files.server";
import { formatDateTime } from "~/lib/platform/format";
import { dispatchMail, outboxInsert, type Mailer } from "~/lib/platform/mail.server";
import type { RealtimeEnv } from "~/lib/platform/realtime.server";
import { fail, ok, type Result } from "~/lib/platform/result";
import { textIn } from "~/lib/platform/text-in";

type Statement = Parameters<Db["batch"]>[0][number];

export type OpenLink = {
  state: "ok";
  contract: ContractRow;
  agency: { name: string; timeZone: string; otp: boolean; email: string | null; phone: string | null };
  /** The client's name, and their CPF's digits when the client is a person with one on file (server only: never shown). */
  client: { name: string; cpf: string | null };
};
export type ClosedLink = { state: LinkState; agencyName?: string; at?: string | null };

/** What a link's status says when it cannot be signed. */
function closedState(row: ContractRow, now: number): LinkState | null {
  const status: ContractStatus = row.status;
  if (status === "signed") return "signed";
  if (status === "declined") return "declined";
  if (status === "cancelled") return "cancelled";
  if (status === "expired" || !row.tokenExpiresAt || Date.parse(row.tokenExpiresAt) <= now) return "expired";
  if (!AWAITING.includes(status)) return "invalid";
  if (row.failedAttempts >= MAX_FAILED_ATTEMPTS) return "locked";
  return null;
}

/** The contract behind a token, or why the link cannot be used. */
export async function openLink(anyDb: Db, token: string, now = Date.now()): Promise<OpenLink | ClosedLink> {
  if (!TOKEN.test(token)) return { state: "invalid" };
  const db = crossTenant(anyDb); // the token is the credential: the agency is not known before it is found
  const tokenHash = await sha256Hex(token);
  const [found] = await db
    .select({ contract, agencyName: agency.name, timeZone: agency.timeZone, otp: agency.contractSigningOtp, email: agency.email, phone: agency.phone, clientName: client.name, clientDocument: client.document })
    .from(contract)
    .innerJoin(agency, eq(agency.id, contract.agencyId))
    .innerJoin(sale, and(eq(sale.agencyId, contract.agencyId), eq(sale.id, contract.saleId)))
    .innerJoin(client, and(eq(client.agencyId, contract.agencyId), eq(client.id, sale.clientId)))
    .where(eq(contract.tokenHash, tokenHash))
    .limit(1);
  if (!found) return { state: "invalid" };
  const closed = closedState(found.contract, now);
  if (closed) return { state: closed, agencyName: found.agencyName, at: closed === "signed" ? found.contract.signedAt : closed === "declined" ? found.contract.declinedAt : null };
  return {
    state: "ok",
    contract: found.contract,
    agency: { name: found.agencyName, timeZone: found.timeZone, otp: found.otp, email: found.email, phone: found.phone },
    client: { name: found.clientName, cpf: onlyDigits(found.clientDocument).length === 11 ? onlyDigits(found.clientDocument) : null },
  };
}

/** What the page shows of an open link (never the token hash, the code or the client's CPF). */
export function publicView(link: OpenLink) {
  const c = link.contract;
  return {
    number: c.number,
    title: c.title,
    language: c.language,
    status: c.status,
    content: c.content as MergedDocument,
    pdfSha256: c.pdfSha256,
    expiresAt: c.tokenExpiresAt,
    sentTo: maskEmail(c.sentTo),
    codeSent: !!c.otpHash && !!c.otpExpiresAt && Date.parse(c.otpExpiresAt) > Date.now(),
    agency: link.agency,
    clientName: link.client.name,
  };
}

export function maskEmail(email: string | null): string | null {
  if (!email) return null;
  const [user, domain] = email.split("@");
  if (!user || !domain) return null;
  return `${user.slice(0, 2)}${"•".repeat(Math.max(1, Math.min(6, user.length - 2)))}@${domain}`;
}

const still = (db: Db, row: ContractRow) => contractStillAt(db, row.agencyId, row.id, row.version, AWAITING);

/** The first opening of a sent link: the contract becomes viewed, with its audit entry, and the seller hears of it. */
export async function markViewed(env: RealtimeEnv, anyDb: Db, row: ContractRow, ip: string | null): Promise<boolean> {
  if (row.status !== "sent") return false;
  const db = crossTenant(anyDb);
  const now = new Date().toISOString();
  const result = (await db.batch([
    db
      .update(contract)
      .set({ status: "viewed", viewedAt: now, updatedAt: now, version: sql`${contract.version} + 1` })
      .where(and(eq(contract.agencyId, row.agencyId), eq(contract.id, row.id), eq(contract.status, "sent"), eq(contract.version, row.version)))
      .returning({ id: contract.id }),
    auditInsert(db, { agencyId: row.agencyId, userId: null, ip, entity: CONTRACT_ENTITY, entityId: row.id, action: "update", changes: { status: ["sent", "viewed"] } }),
  ])) as unknown as [{ id: string }[], unknown];
  if (result[0].length === 0) return false;
  await notifySeller(env, db, row, "viewed");
  return true;
}

function otpHash(contractId: string, code: string) {
  return sha256Hex(`${contractId}:${code}`);
}

/** A six-digit code by e-mail to the address the link was sent to, valid for OTP_MINUTES; a new one replaces the last. */
export async function sendSigningCode(anyDb: Db, mailer: Mailer, link: OpenLink): Promise<Result<object, "noEmail">> {
  const row = link.contract;
  if (!row.sentTo) return fail("noEmail");
  const db = crossTenant(anyDb);
  const code = String(crypto.getRandomValues(new Uint32Array(1))[0]! % 1_000_000).padStart(6, "0");
  const expires = new Date(Date.now() + OTP_MINUTES * 60_000).toISOString();
  const values = { code, number: row.number, agency: link.agency.name, minutes: OTP_MINUTES };
  const outbox = outboxInsert(db, {
    agencyId: row.agencyId,
    kind: "contract_code",
    to: row.sentTo,
    locale: row.language,
    subject: textIn(row.language, "contracts.codeMail.subject", values),
    text: textIn(row.language, "contracts.codeMail.body", values),
  });
  await db.batch([
    db
      .update(contract)
      .set({ otpHash: await otpHash(row.id, code), otpExpiresAt: expires, updatedAt: new Date().toISOString() })
      .where(and(eq(contract.agencyId, row.agencyId), eq(contract.id, row.id))),
    outbox.statement,
  ]);
  await dispatchMail(mailer, outbox.mail);
  return ok();
}

/** One more failed attempt (wrong CPF or code): the link locks at MAX_FAILED_ATTEMPTS. */
async function countFailure(db: Db, row: ContractRow) {
  await db
    .update(contract)
    .set({ failedAttempts: sql`${contract.failedAttempts} + 1` })
    .where(and(eq(contract.agencyId, row.agencyId), eq(contract.id, row.id)));
}

export type SignFailure = { field: "cpf" | "code" | "signatureData" | "form"; key: string };
export type SignContext = { env: RealtimeEnv; db: Db; bucket: R2Bucket; ip: string | null; userAgent: string | null };

/** Signs the contract behind an open link. */
export async function signContract(ctx: SignContext, link: OpenLink, input: SignInput): Promise<Result<{ signedAt: string; signedSha256: string }, "failed", SignFailure>> {
  const db = crossTenant(ctx.db);
  const row = link.contract;
  const now = new Date();
  const signedAt = now.toISOString();

  // The CPF: the client's, when the client is a person with a CPF on file.
  if (link.client.cpf && link.client.cpf !== input.cpf) {
    await countFailure(db, row);
    return fail("failed", { field: "cpf", key: "contracts.sign.errors.cpfMismatch" });
  }
  // The one-time code, when the agency asks for it.
  if (link.agency.otp) {
    if (!input.code) return fail("failed", { field: "code", key: "contracts.sign.errors.codeRequired" });
    const valid = !!row.otpHash && !!row.otpExpiresAt && Date.parse(row.otpExpiresAt) > now.getTime() && row.otpHash === (await otpHash(row.id, input.code));
    if (!valid) {
      await countFailure(db, row);
      return fail("failed", { field: "code", key: "contracts.sign.errors.code" });
    }
  }
  // The signature.
  let png: Uint8Array | null = null;
  if (input.signatureKind === "drawn") {
    png = signatureBytes(input.signatureData ?? "");
    const size = png && detectImageType(png) === "png" ? imageDimensions(png, "png") : null;
    if (!png || png.byteLength > MAX_SIGNATURE_BYTES || !size || size.width > 2000 || size.height > 1000 || size.width < 20 || size.height < 10) {
      return fail("failed", { field: "signatureData", key: "contracts.sign.errors.signature" });
    }
  }
  // The document exactly as generated: its bytes must still hash to the recorded SHA-256.
  const object = await ctx.bucket.get(row.pdfKey);
  const original = object ? new Uint8Array(await object.arrayBuffer()) : null;
  if (!original || (await sha256Hex(original)) !== row.pdfSha256) return fail("failed", { field: "form", key: "contracts.sign.errors.document" });

  const lang = row.language;
  const tz = link.agency.timeZone;
  const t = (key: string, values?: Record<string, string | number>) => textIn(lang, `contracts.certificate.${key}`, values);
  const when = (iso: string | null) => (iso ? `${formatDateTime(iso, lang, tz, "medium")} (${iso})` : "—");
  const signedBytes = await signedContractPdf(original, {
    title: row.title,
    header: { left: link.agency.name, right: row.title },
    heading: t("heading"),
    intro: t("intro", { agency: link.agency.name }),
    evidence: [
      { label: t("contract"), value: row.title },
      { label: t("documentHash"), value: row.pdfSha256 },
      { label: t("signer"), value: input.name },
      { label: t("cpf"), value: formatCpf(input.cpf) },
      { label: t("email"), value: row.sentTo ?? "—" },
      { label: t("signedAt"), value: when(signedAt) },
      { label: t("ip"), value: ctx.ip ?? "—" },
      { label: t("userAgent"), value: (ctx.userAgent ?? "—").slice(0, 400) },
      { label: t("method"), value: t(input.signatureKind === "drawn" ? "drawn" : "typed") },
      { label: t("code"), value: link.agency.otp ? t("codeVerified", { email: row.sentTo ?? "" }) : t("codeNotAsked") },
    ],
    eventsHeading: t("events"),
    events: [
      { label: t("generated"), value: when(row.createdAt) },
      { label: t("sent"), value: `${when(row.sentAt)} · ${row.sentTo ?? "—"}` },
      { label: t("viewed"), value: when(row.viewedAt) },
      { label: t("signed"), value: when(signedAt) },
    ],
    signatureHeading: t("signature"),
    signature: input.signatureKind === "drawn" ? { kind: "drawn", png: png! } : { kind: "typed", text: input.signatureText ?? input.name },
    footer: t("footer"),
    signedAt,
  });
  const signedSha = await sha256Hex(signedBytes);
  const signedKey = `agencies/${row.agencyId}/contracts/${row.id}-signed-${newId()}.pdf`;
  const signatureKey = png ? `agencies/${row.agencyId}/contracts/${row.id}-signature.png` : null;
  await Promise.all([
    ctx.bucket.put(signedKey, signedBytes, { httpMetadata: { contentType: "application/pdf" }, customMetadata: { sha256: signedSha } }),
    png && signatureKey ? ctx.bucket.put(signatureKey, png, { httpMetadata: { contentType: "image/png" } }) : null,
  ]);
  try {
    await db.batch([
      still(db, row),
      db
        .update(contract)
        .set({
          status: "signed",
          signedAt,
          signerName: input.name,
          signerCpf: input.cpf,
          signerEmail: row.sentTo,
          signerIp: ctx.ip,
          signerUserAgent: ctx.userAgent?.slice(0, 1000) ?? null,
          signatureKind: input.signatureKind,
          signatureText: input.signatureKind === "typed" ? (input.signatureText ?? null) : null,
          signatureKey,
          signedPdfKey: signedKey,
          signedPdfSha256: signedSha,
          otpVerifiedAt: link.agency.otp ? signedAt : null,
          otpHash: null,
          updatedAt: signedAt,
          version: sql`${contract.version} + 1`,
        })
        .where(and(eq(contract.agencyId, row.agencyId), eq(contract.id, row.id))),
      auditInsert(db, {
        agencyId: row.agencyId,
        userId: null,
        ip: ctx.ip,
        entity: CONTRACT_ENTITY,
        entityId: row.id,
        action: "update",
        changes: { status: [row.status, "signed"], signerName: [null, input.name], signedPdfSha256: [null, signedSha] },
      }),
    ] as unknown as [Statement, ...Statement[]]);
  } catch (error) {
    await Promise.all([ctx.bucket.delete(signedKey), signatureKey ? ctx.bucket.delete(signatureKey) : null]);
    if (isBatchAssert(error)) return fail("failed", { field: "form", key: "contracts.sign.errors.stale" });
    throw error;
  }
  await notifySeller(ctx.env, db, row, "signed", input.name);
  return ok({ signedAt, signedSha256: signedSha });
}

/** Declines the contract with a reason; the link is then used. */
export async function declineContract(env: RealtimeEnv, anyDb: Db, link: OpenLink, reason: string, ip: string | null): Promise<Result<object, "stale">> {
  const db = crossTenant(anyDb);
  const row = link.contract;
  const now = new Date().toISOString();
  try {
    await db.batch([
      still(db, row),
      db
        .update(contract)
        .set({ status: "declined", declinedAt: now, declineReason: reason, updatedAt: now, version: sql`${contract.version} + 1` })
        .where(and(eq(contract.agencyId, row.agencyId), eq(contract.id, row.id))),
      auditInsert(db, { agencyId: row.agencyId, userId: null, ip, entity: CONTRACT_ENTITY, entityId: row.id, action: "update", changes: { status: [row.status, "declined"], declineReason: [null, reason] } }),
    ]);
  } catch (error) {
    if (isBatchAssert(error)) return fail("stale");
    throw error;
  }
  await notifySeller(env, db, row, "declined");
  return ok();
}

/**
 * A file for the holder of a link: the document while the link is open, or the
 * signed copy for SIGNED_COPY_MINUTES after signing. Null otherwise.
 */
export async function signerFile(anyDb: Db, token: string, which: "documento" | "copia"): Promise<{ key: string; filename: string } | null> {
  if (!TOKEN.test(token)) return null;
  const db = crossTenant(anyDb); // as openLink: the token is the credential
  const [row] = await db.select().from(contract).where(eq(contract.tokenHash, await sha256Hex(token))).limit(1);
  if (!row) return null;
  if (which === "documento") {
    return closedState(row, Date.now()) === null ? { key: row.pdfKey, filename: `contrato-${row.number}.pdf` } : null;
  }
  const fresh = row.status === "signed" && row.signedPdfKey && row.signedAt && Date.now() - Date.parse(row.signedAt) < SIGNED_COPY_MINUTES * 60_000;
  return fresh ? { key: row.signedPdfKey!, filename: `contrato-${row.number}-assinado.pdf` } : null;
}

/**
 * The client portal's way to the signing page (issue #21): the signed-in client of the
 * contract's sale gets a fresh link token for a contract still waiting (sent or viewed,
 * link not expired, not locked), with the link's expiry unchanged. The token replaces the
 * mailed one (only one hash is kept), as a resend does. Null when it cannot be signed now
 * or it changed meanwhile. The caller has checked the contract is the client's.
 */
export async function portalSigningToken(db: Db, agencyId: string, row: ContractRow, now = Date.now()): Promise<string | null> {
  if (closedState(row, now) !== null) return null;
  const token = randomToken();
  const updated = await db
    .update(contract)
    .set({ tokenHash: await sha256Hex(token), updatedAt: new Date(now).toISOString(), version: sql`${contract.version} + 1` })
    .where(and(eq(contract.agencyId, agencyId), eq(contract.id, row.id), eq(contract.version, row.version)))
    .returning({ id: contract.id });
  return updated.length ? token : null;
}

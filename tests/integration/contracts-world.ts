/** The contracts integration tests' world: an agency with its default templates, users, clients and confirmed sales, and the requests the tests make (contracts-generation.test.ts, contracts-signing.test.ts). */
import { env } from "cloudflare:test";
import { PDFDocument } from "pdf-lib";
import { v7 as uuidv7 } from "uuid";
import { expect } from "vitest";
import { defaultTemplateStatements } from "~/lib/contracts/default-templates.server";
import { MAX_SIGNATURE_BYTES } from "~/lib/contracts/contract";
import { cpfCheckDigits, formatCpf } from "~/lib/platform/br-documents";
import { createDb } from "~/lib/platform/db.server";
import type { Scope } from "~/lib/platform/scope.server";
import { findSale, insertSaleStatements, sellerFor } from "~/lib/sales/sale-core.server";
import { saleTotals } from "~/lib/sales/totals";
import { appRequest, json } from "./harness";
import { createAgency, createUser, signIn } from "./fixtures";
import { pdfText } from "./pdf-text";

export const PENDING = "/contratos/contratos-pendentes";
export const GERAR = `${PENDING}/gerar`;
export const SIGNATURES = "/contratos/assinaturas";
export const VERIFY = "/contratos/verificar";
export const contractPage = (id: string) => `/contratos/contrato/${id}`;
export const filePath = (id: string, which: "original" | "assinado") => `/contratos/arquivo/${id}/${which}`;
export const signPage = (token: string) => `/assinar-contrato/${token}`;
/** The longest drawn signature the form takes (contract.schema.ts: base64 of MAX_SIGNATURE_BYTES + the prefix). */
export const MAX_DATA_URL = Math.ceil(MAX_SIGNATURE_BYTES / 3) * 4 + 30;

// ---------------------------------------------------------------------------
// Helpers

export function newCpf(): string {
  const base = String(100_000_000 + Math.floor(Math.random() * 899_999_999)).slice(0, 9);
  return base + cpfCheckDigits(base);
}
/** A valid CPF that is not `other`. */
export function otherCpf(other: string): string {
  for (;;) {
    const cpf = newCpf();
    if (cpf !== other) return cpf;
  }
}

export const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
export function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
export function pngChunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  for (let i = 0; i < 4; i++) out[4 + i] = type.charCodeAt(i);
  out.set(data, 8);
  view.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)));
  return out;
}
export const concat = (parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
};
/** A real RGB PNG (white, with a dark diagonal stroke): a drawn signature. */
export async function makePng(width: number, height: number): Promise<Uint8Array> {
  const ihdr = new Uint8Array(13);
  const v = new DataView(ihdr.buffer);
  v.setUint32(0, width);
  v.setUint32(4, height);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // RGB
  const stride = 1 + width * 3;
  const raw = new Uint8Array(height * stride).fill(255);
  for (let y = 0; y < height; y++) {
    raw[y * stride] = 0; // filter: none
    const x = Math.floor((y * width) / height);
    raw.fill(20, y * stride + 1 + x * 3, y * stride + 1 + x * 3 + 3);
  }
  const idat = new Uint8Array(await new Response(new Blob([raw]).stream().pipeThrough(new CompressionStream("deflate"))).arrayBuffer());
  return concat([new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10]), pngChunk("IHDR", ihdr), pngChunk("IDAT", idat), pngChunk("IEND", new Uint8Array())]);
}
export const base64 = (bytes: Uint8Array) => {
  let s = "";
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s);
};
export const dataUrl = (bytes: Uint8Array, type = "image/png") => `data:${type};base64,${base64(bytes)}`;

export const r2Bytes = async (key: string) => {
  const object = await env.FILES.get(key);
  expect(object, key).not.toBeNull();
  return new Uint8Array(await object!.arrayBuffer());
};
export const pageCount = async (bytes: Uint8Array) => (await PDFDocument.load(bytes)).getPageCount();
/** The PDF's drawn text as one string, whitespace (NBSP too) collapsed. */
export const textOf = async (bytes: Uint8Array) => squash((await pdfText(bytes)).join(" "));
export const squash = (s: string) => s.replace(/[\s\u00a0\u202f]+/g, " ");

export type ContractDb = {
  id: string;
  agency_id: string;
  number: number;
  sale_id: string;
  status: string;
  version: number;
  pdf_key: string;
  pdf_sha256: string;
  pdf_bytes: number;
  token_hash: string | null;
  token_expires_at: string | null;
  sent_to: string | null;
  send_count: number;
  viewed_at: string | null;
  failed_attempts: number;
  otp_hash: string | null;
  otp_verified_at: string | null;
  signed_at: string | null;
  signer_name: string | null;
  signer_cpf: string | null;
  signer_ip: string | null;
  signer_user_agent: string | null;
  signature_kind: string | null;
  signature_text: string | null;
  signature_key: string | null;
  signed_pdf_key: string | null;
  signed_pdf_sha256: string | null;
  declined_at: string | null;
  decline_reason: string | null;
  cancelled_at: string | null;
  expired_at: string | null;
};
export const contractRow = (id: string) => env.DB.prepare("select * from contract where id = ?").bind(id).first<ContractDb>() as Promise<ContractDb>;
export const contractsOfSale = async (saleId: string) => (await env.DB.prepare("select * from contract where sale_id = ? order by number").bind(saleId).all<ContractDb>()).results;
export const count = async (q: string, ...v: unknown[]) => (await env.DB.prepare(q).bind(...v).first<{ n: number }>())!.n;
export const notices = (userId: string, contractId: string) =>
  env.DB.prepare("select title, message from notification where user_id = ? and link = ? order by created_at, id").bind(userId, contractPage(contractId)).all<{ title: string; message: string }>().then((r) => r.results);

export async function world(name = `Agência ${uuidv7().slice(-6)}`) {
  const agency = await createAgency(name);
  const db = createDb(env.DB);
  // The fixture's agency is bare: the two default templates every new agency gets.
  await db.batch(defaultTemplateStatements(db, agency.id, null) as never);
  const admin = await createUser({ role: "Admin", agencyId: agency.id, name: `Admin ${name}` });
  const agente = await createUser({ role: "Agente", agencyId: agency.id, name: `Agente ${name}` });
  const agente2 = await createUser({ role: "Agente", agencyId: agency.id, name: `Outro ${name}` });
  const suffix = agency.id.slice(-8);
  const ids = { client: uuidv7(), clientNoEmail: uuidv7(), agentAgente: uuidv7(), agentAgente2: uuidv7() };
  const cpf = newCpf();
  const email = `carla-${suffix}@cliente.test`;
  const t = new Date().toISOString();
  const P = (q: string, ...v: unknown[]) => env.DB.prepare(q).bind(...v);
  await env.DB.batch([
    P("insert into client (id, agency_id, name, document, emails, search_text, created_at, updated_at) values (?, ?, 'Carla Cliente Souza', ?, ?, 'carla', ?, ?)", ids.client, agency.id, cpf, JSON.stringify([email]), t, t),
    P("insert into client (id, agency_id, name, document, search_text, created_at, updated_at) values (?, ?, 'Davi Sem Email', ?, 'davi', ?, ?)", ids.clientNoEmail, agency.id, newCpf(), t, t),
    P("insert into agent (id, agency_id, name, user_id, created_at, updated_at) values (?, ?, 'Ana Agente', ?, ?, ?)", ids.agentAgente, agency.id, agente.id, t, t),
    P("insert into agent (id, agency_id, name, user_id, created_at, updated_at) values (?, ?, 'Otto Outro', ?, ?, ?)", ids.agentAgente2, agency.id, agente2.id, t, t),
  ]);
  const scope: Scope = { db, ip: null, userId: admin.id, role: "Admin", agencyId: agency.id, timeZone: "America/Sao_Paulo", currency: "BRL" };
  return {
    agency,
    db,
    ids,
    cpf,
    email,
    scope,
    users: { admin, agente, agente2 },
    admin: await signIn(admin.email),
    agente: await signIn(agente.email),
  };
}
export type World = Awaited<ReturnType<typeof world>>;

/** A sale (emissivo, total R$ 1.010,00) sold by `agentId`'s user; confirmed unless asked otherwise. */
export async function createSale(w: World, opts: { clientId?: string; agentId?: string; confirmed?: boolean } = {}) {
  const totals = saleTotals("BRL", [{ costCents: 80_000, priceCents: 100_000, feesCents: 1_000, currency: "BRL" }], 0);
  if (!totals.ok) throw new Error(totals.reason);
  const seller = await sellerFor(w.scope, opts.agentId ?? w.ids.agentAgente);
  if (!seller.ok) throw new Error(seller.reason);
  const { id, statements } = insertSaleStatements(w.scope, {
    kind: "emissivo",
    clientId: opts.clientId ?? w.ids.client,
    agentId: opts.agentId ?? w.ids.agentAgente,
    ownerUserId: seller.ownerUserId,
    saleDate: "2026-11-20",
    currency: "BRL",
    paymentTermId: null,
    paymentMethod: "pix",
    downPaymentCents: null,
    firstDueDate: "2026-11-25",
    notes: null,
    totals: totals.totals,
    passengerCount: 1,
    searchText: "",
  });
  await w.db.batch(statements as never);
  if (opts.confirmed !== false) {
    await env.DB.prepare("update sale set status = 'confirmed', confirmed_at = ?, version = version + 1 where id = ?").bind(new Date().toISOString(), id).run();
  }
  return (await findSale(w.scope, id))!;
}

export type Outcome = { saleId: string; ok: boolean; contractId?: string; number?: number; error?: string; sent?: boolean };

export async function generate(w: World, saleIds: string[], cookie = w.admin, extra: Record<string, string> = {}) {
  const res = await appRequest(PENDING, { cookie, form: { venda: saleIds, ...extra } });
  if (res.status !== 200) throw new Error(`generate: ${res.status} ${await res.text()}`);
  return (await json<{ outcomes: Outcome[] }>(res)).outcomes;
}
export async function generateOne(w: World, saleId: string) {
  const [outcome] = await generate(w, [saleId]);
  expect(outcome).toMatchObject({ saleId, ok: true });
  return outcome!.contractId!;
}
export const pendingIds = async (w: World, cookie = w.admin) => (await json<{ rows: { id: string }[] }>(await appRequest(PENDING, { cookie }))).rows.map((r) => r.id);

export async function send(w: World, contractId: string, cookie = w.admin) {
  const row = await contractRow(contractId);
  return appRequest(contractPage(contractId), { cookie, form: { intent: "send", version: String(row.version) } });
}
/** The link of the last signing mail to `to`: the token only exists there. */
export async function lastToken(w: World, to = w.email): Promise<string> {
  const mail = await env.DB.prepare("select text from email_outbox where agency_id = ? and kind = 'contract_signing' and to_address = ? order by id desc limit 1")
    .bind(w.agency.id, to)
    .first<{ text: string }>();
  expect(mail).not.toBeNull();
  const m = /\/assinar-contrato\/([A-Za-z0-9_-]{43})(?![A-Za-z0-9_-])/.exec(mail!.text);
  expect(m).not.toBeNull();
  return m![1]!;
}
export async function sendAndToken(w: World, contractId: string) {
  const res = await send(w, contractId);
  expect(res.status).toBe(200);
  return lastToken(w);
}
/** A sale, its contract generated and sent: the contract's id and the link's token. */
export async function sentContract(w: World, opts: Parameters<typeof createSale>[1] = {}) {
  const sale = await createSale(w, opts);
  const id = await generateOne(w, sale.id);
  return { sale, id, token: await sendAndToken(w, id) };
}

export const SIGNER_IP = "203.0.113.77";
export const SIGNER_UA = "Mozilla/5.0 (Rota integration test) Signer/1.0";
export function signForm(w: World, extra: Record<string, string> = {}) {
  return { intent: "sign", name: "Carla Cliente Souza", cpf: formatCpf(w.cpf), signatureKind: "typed", signatureText: "Carla C. Souza", accept: "on", ...extra };
}
export function postSign(token: string, form: Record<string, string>, headers: Record<string, string> = {}) {
  return appRequest(signPage(token), { form, headers: { "cf-connecting-ip": SIGNER_IP, "user-agent": SIGNER_UA, ...headers } });
}
export const openPage = (token: string) => appRequest(signPage(token), { headers: { "cf-connecting-ip": SIGNER_IP, "user-agent": SIGNER_UA } });

export type SignReply = { done: string | null; errors: Record<string, string>; codeSent: boolean; signedSha256?: string };
export type PageData = { closed: { state: string } | null; view: { number: number; pdfSha256: string; status: string } | null };

export async function verify(cookie: string, bytes: Uint8Array<ArrayBuffer>, name = "contrato.pdf", type = "application/pdf") {
  const res = await appRequest(VERIFY, { cookie, form: { file: new File([bytes], name, { type }) } });
  return { status: res.status, body: await json<{ error: string | null; verification: { match: string; sha256: string; contract?: { id: string } } | null }>(res) };
}

// ---------------------------------------------------------------------------


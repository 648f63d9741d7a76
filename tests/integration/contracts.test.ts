/**
 * Contracts (issue #17) through the real route table, middleware, loaders and
 * actions on the local D1 and R2:
 *  - generation from a confirmed sale: the row (numbered per agency), the PDF in
 *    R2 under the agency with its SHA-256, the merged values in the PDF's text;
 *    a draft refused, one live contract per sale (also when two generations
 *    race), the pending list, a cancelled contract gives the sale back;
 *  - sending: the mail with the link, only the token's hash stored, a resend
 *    kills the old link, a client without e-mail refused with nothing changed;
 *  - signing by link: viewed (the seller notified), the CPF checked (failures
 *    counted), typed and drawn signatures, the signed PDF (one more page, the
 *    evidence, its own hash), single use, decline;
 *  - expiry (by date and by the hourly job), the one-time code, the lock after
 *    10 failures;
 *  - verification of an uploaded PDF by its hash;
 *  - tenant isolation and the Agente's view; no session → /login;
 *  - the sale's timeline; fuzzed bodies and tokens on the public page.
 */
import { env } from "cloudflare:test";
import fc from "fast-check";
import { PDFDocument } from "pdf-lib";
import { v7 as uuidv7 } from "uuid";
import { describe, expect, it } from "vitest";
import { defaultTemplateStatements } from "~/lib/contracts/default-templates.server";
import { MAX_SIGNATURE_BYTES } from "~/lib/contracts/contract";
import { expireContracts } from "~/lib/contracts/contract.server";
import { cpfCheckDigits, formatCpf, onlyDigits } from "~/lib/platform/br-documents";
import { sha256Hex } from "~/lib/platform/crypto.server";
import { createDb } from "~/lib/platform/db.server";
import { formatMoney } from "~/lib/platform/format";
import type { Scope } from "~/lib/platform/scope.server";
import { findSale, insertSaleStatements, saleTimeline, sellerFor } from "~/lib/sales/sale-core.server";
import { saleTotals } from "~/lib/sales/totals";
import { appRequest, json } from "./harness";
import { createAgency, createUser, signIn } from "./fixtures";
import { FUZZ_RUNS } from "./fuzz";
import { pdfText } from "./pdf-text";

const PENDING = "/contratos/contratos-pendentes";
const GERAR = `${PENDING}/gerar`;
const SIGNATURES = "/contratos/assinaturas";
const VERIFY = "/contratos/verificar";
const contractPage = (id: string) => `/contratos/contrato/${id}`;
const filePath = (id: string, which: "original" | "assinado") => `/contratos/arquivo/${id}/${which}`;
const signPage = (token: string) => `/assinar-contrato/${token}`;
/** The longest drawn signature the form takes (contract.schema.ts: base64 of MAX_SIGNATURE_BYTES + the prefix). */
const MAX_DATA_URL = Math.ceil(MAX_SIGNATURE_BYTES / 3) * 4 + 30;

// ---------------------------------------------------------------------------
// Helpers

function newCpf(): string {
  const base = String(100_000_000 + Math.floor(Math.random() * 899_999_999)).slice(0, 9);
  return base + cpfCheckDigits(base);
}
/** A valid CPF that is not `other`. */
function otherCpf(other: string): string {
  for (;;) {
    const cpf = newCpf();
    if (cpf !== other) return cpf;
  }
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function pngChunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  for (let i = 0; i < 4; i++) out[4 + i] = type.charCodeAt(i);
  out.set(data, 8);
  view.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)));
  return out;
}
const concat = (parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
};
/** A real RGB PNG (white, with a dark diagonal stroke): a drawn signature. */
async function makePng(width: number, height: number): Promise<Uint8Array> {
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
const base64 = (bytes: Uint8Array) => {
  let s = "";
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s);
};
const dataUrl = (bytes: Uint8Array, type = "image/png") => `data:${type};base64,${base64(bytes)}`;

const r2Bytes = async (key: string) => {
  const object = await env.FILES.get(key);
  expect(object, key).not.toBeNull();
  return new Uint8Array(await object!.arrayBuffer());
};
const pageCount = async (bytes: Uint8Array) => (await PDFDocument.load(bytes)).getPageCount();
/** The PDF's drawn text as one string, whitespace (NBSP too) collapsed. */
const textOf = async (bytes: Uint8Array) => squash((await pdfText(bytes)).join(" "));
const squash = (s: string) => s.replace(/[\s\u00a0\u202f]+/g, " ");

type ContractDb = {
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
const contractRow = (id: string) => env.DB.prepare("select * from contract where id = ?").bind(id).first<ContractDb>() as Promise<ContractDb>;
const contractsOfSale = async (saleId: string) => (await env.DB.prepare("select * from contract where sale_id = ? order by number").bind(saleId).all<ContractDb>()).results;
const count = async (q: string, ...v: unknown[]) => (await env.DB.prepare(q).bind(...v).first<{ n: number }>())!.n;
const notices = (userId: string, contractId: string) =>
  env.DB.prepare("select title, message from notification where user_id = ? and link = ? order by created_at, id").bind(userId, contractPage(contractId)).all<{ title: string; message: string }>().then((r) => r.results);

async function world(name = `Agência ${uuidv7().slice(-6)}`) {
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
type World = Awaited<ReturnType<typeof world>>;

/** A sale (emissivo, total R$ 1.010,00) sold by `agentId`'s user; confirmed unless asked otherwise. */
async function createSale(w: World, opts: { clientId?: string; agentId?: string; confirmed?: boolean } = {}) {
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

type Outcome = { saleId: string; ok: boolean; contractId?: string; number?: number; error?: string; sent?: boolean };

async function generate(w: World, saleIds: string[], cookie = w.admin, extra: Record<string, string> = {}) {
  const res = await appRequest(PENDING, { cookie, form: { venda: saleIds, ...extra } });
  if (res.status !== 200) throw new Error(`generate: ${res.status} ${await res.text()}`);
  return (await json<{ outcomes: Outcome[] }>(res)).outcomes;
}
async function generateOne(w: World, saleId: string) {
  const [outcome] = await generate(w, [saleId]);
  expect(outcome).toMatchObject({ saleId, ok: true });
  return outcome!.contractId!;
}
const pendingIds = async (w: World, cookie = w.admin) => (await json<{ rows: { id: string }[] }>(await appRequest(PENDING, { cookie }))).rows.map((r) => r.id);

async function send(w: World, contractId: string, cookie = w.admin) {
  const row = await contractRow(contractId);
  return appRequest(contractPage(contractId), { cookie, form: { intent: "send", version: String(row.version) } });
}
/** The link of the last signing mail to `to`: the token only exists there. */
async function lastToken(w: World, to = w.email): Promise<string> {
  const mail = await env.DB.prepare("select text from email_outbox where agency_id = ? and kind = 'contract_signing' and to_address = ? order by id desc limit 1")
    .bind(w.agency.id, to)
    .first<{ text: string }>();
  expect(mail).not.toBeNull();
  const m = /\/assinar-contrato\/([A-Za-z0-9_-]{43})(?![A-Za-z0-9_-])/.exec(mail!.text);
  expect(m).not.toBeNull();
  return m![1]!;
}
async function sendAndToken(w: World, contractId: string) {
  const res = await send(w, contractId);
  expect(res.status).toBe(200);
  return lastToken(w);
}
/** A sale, its contract generated and sent: the contract's id and the link's token. */
async function sentContract(w: World, opts: Parameters<typeof createSale>[1] = {}) {
  const sale = await createSale(w, opts);
  const id = await generateOne(w, sale.id);
  return { sale, id, token: await sendAndToken(w, id) };
}

const SIGNER_IP = "203.0.113.77";
const SIGNER_UA = "Mozilla/5.0 (Rota integration test) Signer/1.0";
function signForm(w: World, extra: Record<string, string> = {}) {
  return { intent: "sign", name: "Carla Cliente Souza", cpf: formatCpf(w.cpf), signatureKind: "typed", signatureText: "Carla C. Souza", accept: "on", ...extra };
}
function postSign(token: string, form: Record<string, string>, headers: Record<string, string> = {}) {
  return appRequest(signPage(token), { form, headers: { "cf-connecting-ip": SIGNER_IP, "user-agent": SIGNER_UA, ...headers } });
}
const openPage = (token: string) => appRequest(signPage(token), { headers: { "cf-connecting-ip": SIGNER_IP, "user-agent": SIGNER_UA } });

type SignReply = { done: string | null; errors: Record<string, string>; codeSent: boolean; signedSha256?: string };
type PageData = { closed: { state: string } | null; view: { number: number; pdfSha256: string; status: string } | null };

async function verify(cookie: string, bytes: Uint8Array<ArrayBuffer>, name = "contrato.pdf", type = "application/pdf") {
  const res = await appRequest(VERIFY, { cookie, form: { file: new File([bytes], name, { type }) } });
  return { status: res.status, body: await json<{ error: string | null; verification: { match: string; sha256: string; contract?: { id: string } } | null }>(res) };
}

// ---------------------------------------------------------------------------

describe("contracts: generation", () => {
  it("a confirmed sale → a numbered contract whose PDF is in R2 with its SHA-256 and the merged values; the sale leaves the pending list", async () => {
    const w = await world();
    const sale = await createSale(w);
    const second = await createSale(w);
    expect(await pendingIds(w)).toEqual(expect.arrayContaining([sale.id, second.id]));
    // The Agente sees their own sale pending.
    expect(await pendingIds(w, w.agente)).toEqual(expect.arrayContaining([sale.id]));

    const [outcome] = await generate(w, [sale.id]);
    expect(outcome).toMatchObject({ saleId: sale.id, ok: true, number: 1 });
    const row = await contractRow(outcome!.contractId!);
    expect(row).toMatchObject({ agency_id: w.agency.id, sale_id: sale.id, number: 1, status: "generated", token_hash: null, send_count: 0 });
    expect(row.pdf_key.startsWith(`agencies/${w.agency.id}/contracts/`)).toBe(true);
    const bytes = await r2Bytes(row.pdf_key);
    expect(bytes.byteLength).toBe(row.pdf_bytes);
    expect(await sha256Hex(bytes)).toBe(row.pdf_sha256);
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe("%PDF-");

    const text = await textOf(bytes);
    expect(text).toContain("Carla Cliente Souza");
    expect(text).toContain(w.agency.name);
    expect(text).toContain(squash(formatMoney(101_000, "BRL", "pt")));
    expect(text).toContain(formatCpf(w.cpf));
    expect(text).toMatch(new RegExp(`\\b${sale.number}\\b`));
    // The contract was audited.
    expect(await count("select count(*) n from audit_entry where entity = 'contract' and entity_id = ? and action = 'create'", row.id)).toBe(1);

    // Out of the pending list; the next sale's contract is number 2.
    const pending = await pendingIds(w);
    expect(pending).not.toContain(sale.id);
    expect(pending).toContain(second.id);
    const [next] = await generate(w, [second.id]);
    expect(next).toMatchObject({ ok: true, number: 2 });

    // Both are listed in Assinaturas (waiting); the merged sale number is the sale's.
    const list = await json<{ rows: { id: string; number: number; status: string; saleNumber: number }[] }>(await appRequest(SIGNATURES, { cookie: w.admin }));
    expect(list.rows.map((r) => r.number).sort()).toEqual([1, 2]);
    expect(list.rows.find((r) => r.id === row.id)).toMatchObject({ status: "generated", saleNumber: sale.number });
  }, 60_000);

  it("refuses a draft sale, a second contract for the same sale (also when two generations race), and gives the sale back once its contract is cancelled", async () => {
    const w = await world();
    const draft = await createSale(w, { confirmed: false });
    const [refused] = await generate(w, [draft.id]);
    expect(refused).toMatchObject({ saleId: draft.id, ok: false, error: "notConfirmed" });
    expect(await contractsOfSale(draft.id)).toHaveLength(0);
    expect(await pendingIds(w)).not.toContain(draft.id);

    const sale = await createSale(w);
    const id = await generateOne(w, sale.id);
    const [again] = await generate(w, [sale.id]);
    expect(again).toMatchObject({ ok: false, error: "exists" });
    // The JSON route (one sale per call) says the same.
    const gerar = await json<{ outcomes: Outcome[] }>(await appRequest(GERAR, { cookie: w.admin, form: { venda: sale.id } }));
    expect(gerar.outcomes).toEqual([{ saleId: sale.id, ok: false, error: "exists" }]);
    expect(await contractsOfSale(sale.id)).toHaveLength(1);

    // Two generations of one sale at once: one contract, one PDF in R2.
    const racing = await createSale(w);
    const answers = await Promise.all([0, 1].map(() => appRequest(GERAR, { cookie: w.admin, form: { venda: racing.id } }).then((r) => json<{ outcomes: Outcome[] }>(r))));
    const oks = answers.flatMap((a) => a.outcomes).filter((o) => o.ok);
    expect(oks).toHaveLength(1);
    expect(answers.flatMap((a) => a.outcomes).filter((o) => !o.ok).map((o) => o.error)).toEqual(["exists"]);
    expect(await contractsOfSale(racing.id)).toHaveLength(1);
    const objects = (await env.FILES.list({ prefix: `agencies/${w.agency.id}/contracts/` })).objects.map((o) => o.key);
    expect(objects).toHaveLength(2);

    // Nothing selected, too many, a malformed id: 400 with nothing written.
    expect((await appRequest(GERAR, { cookie: w.admin, form: { template: "" } })).status).toBe(400);
    expect((await appRequest(GERAR, { cookie: w.admin, form: { venda: Array.from({ length: 51 }, () => uuidv7()) } })).status).toBe(400);
    expect((await appRequest(GERAR, { cookie: w.admin, form: { venda: "../x" } })).status).toBe(400);
    expect(await count("select count(*) n from contract where agency_id = ?", w.agency.id)).toBe(2);

    // Cancelled (a reason required, the version checked): the sale is pending again and may get a new contract.
    const row = await contractRow(id);
    expect((await appRequest(contractPage(id), { cookie: w.admin, form: { intent: "cancel", version: String(row.version), reason: "x" } })).status).toBe(400);
    expect((await appRequest(contractPage(id), { cookie: w.admin, form: { intent: "cancel", version: String(row.version + 5), reason: "Venda renegociada" } })).status).toBe(409);
    expect((await contractRow(id)).status).toBe("generated");
    const cancel = await appRequest(contractPage(id), { cookie: w.admin, form: { intent: "cancel", version: String(row.version), reason: "Venda renegociada" } });
    expect(cancel.status).toBe(200);
    expect(await contractRow(id)).toMatchObject({ status: "cancelled" });
    expect(await pendingIds(w)).toContain(sale.id);
    const [remade] = await generate(w, [sale.id]);
    expect(remade).toMatchObject({ ok: true });
    expect((await contractsOfSale(sale.id)).map((c) => c.status)).toEqual(["cancelled", "generated"]);
    // A cancelled contract cannot be sent nor cancelled again.
    const cancelled = await contractRow(id);
    expect((await send(w, id)).status).toBe(400);
    expect((await appRequest(contractPage(id), { cookie: w.admin, form: { intent: "cancel", version: String(cancelled.version), reason: "De novo" } })).status).toBe(400);
  });
});

describe("contracts: sending", () => {
  it("mails the link to the client; only the token's hash is stored; a resend gives a new token and the old link is invalid", async () => {
    const w = await world();
    const sale = await createSale(w);
    const id = await generateOne(w, sale.id);
    const before = await contractRow(id);
    const res = await send(w, id);
    expect(res.status).toBe(200);
    expect((await json<{ toast: { values: { email: string } } }>(res)).toast.values.email).toBe(w.email);
    const token = await lastToken(w);
    const row = await contractRow(id);
    expect(row).toMatchObject({ status: "sent", sent_to: w.email, send_count: 1, version: before.version + 1 });
    expect(row.token_hash).toBe(await sha256Hex(token));
    expect(JSON.stringify(row)).not.toContain(token);
    expect(Date.parse(row.token_expires_at!) - Date.now()).toBeGreaterThan(14 * 86_400_000);
    expect(Date.parse(row.token_expires_at!) - Date.now()).toBeLessThanOrEqual(15 * 86_400_000);
    // The contract page never shows the token's hash.
    const page = await json<{ contract: Record<string, unknown> }>(await appRequest(contractPage(id), { cookie: w.admin }));
    expect(page.contract.status).toBe("sent");
    expect(page.contract).not.toHaveProperty("tokenHash");
    expect(JSON.stringify(page)).not.toContain(row.token_hash!);

    // The link opens.
    expect((await openPage(token)).status).toBe(200);

    // Resend: a new token; the old link is now the invalid page.
    const again = await send(w, id);
    expect(again.status).toBe(200);
    const fresh = await lastToken(w);
    expect(fresh).not.toBe(token);
    expect((await contractRow(id)).token_hash).toBe(await sha256Hex(fresh));
    expect((await contractRow(id)).send_count).toBe(2);
    expect(await count("select count(*) n from email_outbox where agency_id = ? and kind = 'contract_signing' and to_address = ?", w.agency.id, w.email)).toBe(2);
    const old = await openPage(token);
    expect(old.status).toBe(404);
    expect((await json<PageData>(old)).closed).toEqual({ state: "invalid", agencyName: null });
    expect((await postSign(token, signForm(w))).status).toBe(404);
    expect((await openPage(fresh)).status).toBe(200);
    // A stale version is refused.
    expect((await appRequest(contractPage(id), { cookie: w.admin, form: { intent: "send", version: String(before.version) } })).status).toBe(409);
  });

  it("a client without e-mail: refused with noEmail and nothing changed", async () => {
    const w = await world();
    const sale = await createSale(w, { clientId: w.ids.clientNoEmail });
    const id = await generateOne(w, sale.id);
    const before = await contractRow(id);
    const outboxBefore = await count("select count(*) n from email_outbox where agency_id = ?", w.agency.id);
    const res = await send(w, id);
    expect(res.status).toBe(400);
    expect((await json<{ error: string }>(res)).error).toBe("contracts.errors.noEmail");
    expect(await contractRow(id)).toEqual(before);
    expect(await count("select count(*) n from email_outbox where agency_id = ?", w.agency.id)).toBe(outboxBefore);
    // Generate-and-send in one go: generated, not sent.
    const other = await createSale(w, { clientId: w.ids.clientNoEmail });
    const [outcome] = await generate(w, [other.id], w.admin, { send: "on" });
    expect(outcome).toMatchObject({ ok: true, sent: false });
    expect((await contractRow(outcome!.contractId!)).status).toBe("generated");
  });

  it("generate with send=on mails the link at once", async () => {
    const w = await world();
    const sale = await createSale(w);
    const [outcome] = await generate(w, [sale.id], w.admin, { send: "on" });
    expect(outcome).toMatchObject({ ok: true, sent: true });
    const token = await lastToken(w);
    expect((await contractRow(outcome!.contractId!)).token_hash).toBe(await sha256Hex(token));
  });
});

describe("contracts: signing by link", () => {
  it("viewed (seller notified) → wrong CPF counted → signed with a typed signature: the signed PDF, the evidence, single use", async () => {
    const w = await world();
    const { sale, id, token } = await sentContract(w);
    const original = await contractRow(id);

    const opened = await openPage(token);
    expect(opened.status).toBe(200);
    const view = (await json<PageData>(opened)).view!;
    expect(view).toMatchObject({ number: original.number, pdfSha256: original.pdf_sha256, status: "viewed" });
    expect(JSON.stringify(view)).not.toContain(w.cpf);
    expect(await contractRow(id)).toMatchObject({ status: "viewed" });
    expect((await contractRow(id)).viewed_at).not.toBeNull();
    // The seller (the sale's owner, the Agente) hears of it; a second opening says nothing new.
    expect(await notices(w.users.agente.id, id)).toHaveLength(1);
    expect((await openPage(token)).status).toBe(200);
    expect(await notices(w.users.agente.id, id)).toHaveLength(1);
    expect(await notices(w.users.admin.id, id)).toHaveLength(0);
    // The document while the link is open.
    const doc = await appRequest(`${signPage(token)}/documento`);
    expect(doc.status).toBe(200);
    expect(await sha256Hex(new Uint8Array(await doc.arrayBuffer()))).toBe(original.pdf_sha256);

    // A wrong (valid) CPF: a field error, one failed attempt, nothing signed.
    const wrong = await postSign(token, signForm(w, { cpf: formatCpf(otherCpf(w.cpf)) }));
    expect(wrong.status).toBe(400);
    expect((await json<SignReply>(wrong)).errors).toEqual({ cpf: "contracts.sign.errors.cpfMismatch" });
    expect(await contractRow(id)).toMatchObject({ status: "viewed", failed_attempts: 1, signed_at: null, signed_pdf_key: null });
    // Form errors: not counted.
    const noAccept = await postSign(token, { ...signForm(w), accept: "" });
    expect(noAccept.status).toBe(400);
    expect(Object.keys((await json<SignReply>(noAccept)).errors)).toEqual(["accept"]);
    const badName = await postSign(token, signForm(w, { name: "Carla" }));
    expect((await json<SignReply>(badName)).errors).toHaveProperty("name");
    expect((await contractRow(id)).failed_attempts).toBe(1);

    // Signed.
    const ok = await postSign(token, signForm(w));
    expect(ok.status).toBe(200);
    const reply = await json<SignReply>(ok);
    expect(reply.done).toBe("signed");
    const row = await contractRow(id);
    expect(row).toMatchObject({
      status: "signed",
      signer_name: "Carla Cliente Souza",
      signer_cpf: w.cpf,
      signer_ip: SIGNER_IP,
      signer_user_agent: SIGNER_UA,
      signature_kind: "typed",
      signature_text: "Carla C. Souza",
      signature_key: null,
      pdf_sha256: original.pdf_sha256,
      pdf_key: original.pdf_key,
    });
    expect(row.signed_at).not.toBeNull();
    expect(row.signed_pdf_key!.startsWith(`agencies/${w.agency.id}/contracts/`)).toBe(true);
    const signed = await r2Bytes(row.signed_pdf_key!);
    expect(await sha256Hex(signed)).toBe(row.signed_pdf_sha256);
    expect(reply.signedSha256).toBe(row.signed_pdf_sha256);
    // The original is untouched; the signed copy is its pages plus the certificate.
    const originalBytes = await r2Bytes(original.pdf_key);
    expect(await sha256Hex(originalBytes)).toBe(original.pdf_sha256);
    expect(await pageCount(signed)).toBe((await pageCount(originalBytes)) + 1);
    const text = await textOf(signed);
    expect(text).toContain("Carla Cliente Souza");
    expect(text).toContain(formatCpf(w.cpf));
    expect(text).toContain(original.pdf_sha256);
    expect(text).toContain(SIGNER_IP);
    expect(text).toContain("Carla C. Souza");
    expect(await count("select count(*) n from audit_entry where entity = 'contract' and entity_id = ? and changes like '%\"signed\"%'", id)).toBe(1);
    const signedNotices = await notices(w.users.agente.id, id);
    expect(signedNotices).toHaveLength(2);
    expect(signedNotices[1]!.message).toContain("Carla Cliente Souza");

    // The signed copy: for the signer just after, for staff from the contract's files.
    const copy = await appRequest(`${signPage(token)}/copia`);
    expect(copy.status).toBe(200);
    expect(await sha256Hex(new Uint8Array(await copy.arrayBuffer()))).toBe(row.signed_pdf_sha256);
    expect((await appRequest(`${signPage(token)}/documento`)).status).toBe(404);
    const staffCopy = await appRequest(filePath(id, "assinado"), { cookie: w.admin });
    expect(staffCopy.status).toBe(200);
    expect(await sha256Hex(new Uint8Array(await staffCopy.arrayBuffer()))).toBe(row.signed_pdf_sha256);
    const staffOriginal = await appRequest(filePath(id, "original"), { cookie: w.admin });
    expect(await sha256Hex(new Uint8Array(await staffOriginal.arrayBuffer()))).toBe(original.pdf_sha256);

    // Single use: the same link now says signed (410), and nothing changes.
    const twice = await postSign(token, signForm(w, { name: "Outra Pessoa" }));
    expect(twice.status).toBe(410);
    expect((await json<SignReply>(twice)).errors).toEqual({ form: "contracts.sign.closed.signed.title" });
    const reopened = await openPage(token);
    expect(reopened.status).toBe(410);
    expect((await json<PageData>(reopened)).closed).toMatchObject({ state: "signed" });
    expect((await postSign(token, { intent: "decline", reason: "Desisti depois" })).status).toBe(410);
    expect(await contractRow(id)).toEqual(row);
    // Signed: no resend, no cancel; the sale stays out of the pending list.
    expect((await send(w, id)).status).toBe(400);
    expect(await pendingIds(w)).not.toContain(sale.id);
  });

  it("two submits of the same link at once sign once: one signed copy, the other refused", async () => {
    const w = await world();
    const { id, token } = await sentContract(w);
    const answers = await Promise.all([postSign(token, signForm(w)), postSign(token, signForm(w, { name: "Carla Segunda Vez" }))]);
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses[0]).toBe(200);
    expect([409, 410]).toContain(statuses[1]);
    const row = await contractRow(id);
    expect(row.status).toBe("signed");
    const winner = answers.find((r) => r.status === 200)!;
    expect((await json<SignReply>(winner)).signedSha256).toBe(row.signed_pdf_sha256);
    const copies = (await env.FILES.list({ prefix: `agencies/${w.agency.id}/contracts/${id}-signed-` })).objects.map((o) => o.key);
    expect(copies).toEqual([row.signed_pdf_key]);
    expect(await count("select count(*) n from audit_entry where entity = 'contract' and entity_id = ? and changes like '%\"signed\"%'", id)).toBe(1);
  });

  it("a drawn signature (a real PNG) signs; a data URL that is not a PNG is a field error", async () => {
    const w = await world();
    const { id, token } = await sentContract(w);
    // A JPEG data URL: refused by the form.
    const jpeg = await postSign(token, signForm(w, { signatureKind: "drawn", signatureData: dataUrl(new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]), "image/jpeg") }));
    expect(jpeg.status).toBe(400);
    expect((await json<SignReply>(jpeg)).errors).toEqual({ signatureData: "contracts.sign.errors.signature" });
    // Labelled PNG, but GIF bytes: refused by the content check.
    const gif = await postSign(token, signForm(w, { signatureKind: "drawn", signatureData: dataUrl(new TextEncoder().encode("GIF89a\u0001\u0000\u0001\u0000\u0000\u0000\u0000;")) }));
    expect(gif.status).toBe(400);
    expect((await json<SignReply>(gif)).errors).toEqual({ signatureData: "contracts.sign.errors.signature" });
    // A PNG too small to be a signature.
    const tiny = await postSign(token, signForm(w, { signatureKind: "drawn", signatureData: dataUrl(await makePng(5, 5)) }));
    expect((await json<SignReply>(tiny)).errors).toEqual({ signatureData: "contracts.sign.errors.signature" });
    // No drawing at all.
    expect((await json<SignReply>(await postSign(token, signForm(w, { signatureKind: "drawn" })))).errors).toHaveProperty("signatureData");
    expect(await contractRow(id)).toMatchObject({ status: "sent", failed_attempts: 0, signed_at: null });

    const png = await makePng(120, 40);
    const ok = await postSign(token, signForm(w, { signatureKind: "drawn", signatureData: dataUrl(png), signatureText: "" }));
    expect(ok.status).toBe(200);
    const row = await contractRow(id);
    expect(row).toMatchObject({ status: "signed", signature_kind: "drawn", signature_text: null });
    expect(await r2Bytes(row.signature_key!)).toEqual(png);
    const signed = await r2Bytes(row.signed_pdf_key!);
    expect(await sha256Hex(signed)).toBe(row.signed_pdf_sha256);
    expect(await pageCount(signed)).toBe((await pageCount(await r2Bytes(row.pdf_key))) + 1);
  });

  it("decline with a reason: declined, the seller notified, the link closed", async () => {
    const w = await world();
    const { id, token } = await sentContract(w);
    expect((await openPage(token)).status).toBe(200);
    const short = await postSign(token, { intent: "decline", reason: "x" });
    expect(short.status).toBe(400);
    expect((await json<SignReply>(short)).errors).toEqual({ reason: "contracts.sign.errors.reason" });
    expect((await contractRow(id)).status).toBe("viewed");

    const res = await postSign(token, { intent: "decline", reason: "Os valores mudaram" });
    expect(res.status).toBe(200);
    expect((await json<SignReply>(res)).done).toBe("declined");
    const row = await contractRow(id);
    expect(row).toMatchObject({ status: "declined", decline_reason: "Os valores mudaram", signed_at: null });
    expect(row.declined_at).not.toBeNull();
    const seen = await notices(w.users.agente.id, id);
    expect(seen).toHaveLength(2);
    expect(seen[1]!.title).toMatch(/recusado/);

    const closed = await openPage(token);
    expect(closed.status).toBe(410);
    expect((await json<PageData>(closed)).closed).toMatchObject({ state: "declined" });
    expect((await postSign(token, signForm(w))).status).toBe(410);
    expect(await contractRow(id)).toEqual(row);
    // A declined contract is not live: the sale is pending again.
    expect(await pendingIds(w)).toContain(row.sale_id);
  });
});

describe("contracts: expiry, code, lock", () => {
  it("a link past its expiry is the expired page and cannot sign; the hourly job marks it expired; a resend revives it", async () => {
    const w = await world();
    const { id, token } = await sentContract(w);
    const past = new Date(Date.now() - 60_000).toISOString();
    await env.DB.prepare("update contract set token_expires_at = ? where id = ?").bind(past, id).run();

    const page = await openPage(token);
    expect(page.status).toBe(410);
    expect((await json<PageData>(page)).closed).toMatchObject({ state: "expired" });
    const sign = await postSign(token, signForm(w));
    expect(sign.status).toBe(410);
    expect((await json<SignReply>(sign)).errors).toEqual({ form: "contracts.sign.closed.expired.title" });
    expect((await appRequest(`${signPage(token)}/documento`)).status).toBe(404);
    expect(await contractRow(id)).toMatchObject({ status: "sent", signed_at: null, viewed_at: null });

    const before = await contractRow(id);
    expect(await expireContracts(createDb(env.DB), new Date())).toBeGreaterThanOrEqual(1);
    const expired = await contractRow(id);
    expect(expired).toMatchObject({ status: "expired", version: before.version + 1 });
    expect(expired.expired_at).not.toBeNull();
    const audit = await env.DB.prepare("select user_id, changes from audit_entry where entity = 'contract' and entity_id = ? and changes like '%expired%'").bind(id).all<{ user_id: string | null; changes: string }>();
    expect(audit.results).toHaveLength(1);
    expect(JSON.parse(audit.results[0]!.changes)).toEqual({ status: ["sent", "expired"] });
    // Run again: nothing more to do for this one.
    await expireContracts(createDb(env.DB), new Date());
    expect((await contractRow(id)).version).toBe(expired.version);

    // Resend: sent again, a fresh link that works and signs.
    expect((await send(w, id)).status).toBe(200);
    const fresh = await lastToken(w);
    expect(await contractRow(id)).toMatchObject({ status: "sent", expired_at: null });
    expect((await openPage(fresh)).status).toBe(200);
    expect((await openPage(token)).status).toBe(404);
    expect((await postSign(fresh, signForm(w))).status).toBe(200);
    expect((await contractRow(id)).status).toBe("signed");
  });

  it("with the agency's one-time code: required, mailed (6 digits), a wrong one counted, the right one signs", async () => {
    const w = await world();
    await env.DB.prepare("update agency set contract_signing_otp = 1 where id = ?").bind(w.agency.id).run();
    const { id, token } = await sentContract(w);

    const noCode = await postSign(token, signForm(w));
    expect(noCode.status).toBe(400);
    expect((await json<SignReply>(noCode)).errors).toEqual({ code: "contracts.sign.errors.codeRequired" });
    expect(await contractRow(id)).toMatchObject({ status: "sent", failed_attempts: 0 });

    const asked = await postSign(token, { intent: "code" });
    expect(asked.status).toBe(200);
    expect((await json<SignReply>(asked)).codeSent).toBe(true);
    const mail = await env.DB.prepare("select to_address, text from email_outbox where agency_id = ? and kind = 'contract_code' order by id desc limit 1").bind(w.agency.id).first<{ to_address: string; text: string }>();
    expect(mail!.to_address).toBe(w.email);
    const code = /\b(\d{6})\b/.exec(mail!.text)![1]!;
    const stored = await contractRow(id);
    expect(stored.otp_hash).not.toBeNull();
    expect(JSON.stringify(stored)).not.toContain(code);

    const wrongCode = String((Number(code) + 1) % 1_000_000).padStart(6, "0");
    const wrong = await postSign(token, signForm(w, { code: wrongCode }));
    expect(wrong.status).toBe(400);
    expect((await json<SignReply>(wrong)).errors).toEqual({ code: "contracts.sign.errors.code" });
    expect(await contractRow(id)).toMatchObject({ status: "sent", failed_attempts: 1, signed_at: null });
    // Not six digits: a form error.
    expect((await json<SignReply>(await postSign(token, signForm(w, { code: "12ab" })))).errors).toEqual({ code: "contracts.sign.errors.code" });

    const ok = await postSign(token, signForm(w, { code }));
    expect(ok.status).toBe(200);
    const row = await contractRow(id);
    expect(row).toMatchObject({ status: "signed", otp_hash: null });
    expect(row.otp_verified_at).toBe(row.signed_at);
    // Without the agency's setting, intent=code is refused.
    await env.DB.prepare("update agency set contract_signing_otp = 0 where id = ?").bind(w.agency.id).run();
    const { token: plain } = await sentContract(w);
    expect((await postSign(plain, { intent: "code" })).status).toBe(400);
  });

  it("10 failed attempts lock the link (423) until it is sent again", async () => {
    const w = await world();
    const { id, token } = await sentContract(w);
    for (let i = 0; i < 10; i++) {
      const res = await postSign(token, signForm(w, { cpf: otherCpf(w.cpf) }));
      expect(res.status).toBe(400);
    }
    expect((await contractRow(id)).failed_attempts).toBe(10);
    const page = await openPage(token);
    expect(page.status).toBe(423);
    expect((await json<PageData>(page)).closed).toMatchObject({ state: "locked" });
    // Even the right CPF: locked, nothing signed, no more counting.
    const right = await postSign(token, signForm(w));
    expect(right.status).toBe(423);
    expect(await contractRow(id)).toMatchObject({ status: "sent", failed_attempts: 10, signed_at: null });
    expect((await appRequest(`${signPage(token)}/documento`)).status).toBe(404);

    // Sent again: a new link, the count reset.
    expect((await send(w, id)).status).toBe(200);
    const fresh = await lastToken(w);
    expect((await contractRow(id)).failed_attempts).toBe(0);
    expect((await postSign(fresh, signForm(w))).status).toBe(200);
  });
});

describe("contracts: verification", () => {
  it("the original and the signed copy match; one byte changed matches nothing; not a PDF is refused", async () => {
    const w = await world();
    const { id, token } = await sentContract(w);
    expect((await postSign(token, signForm(w))).status).toBe(200);
    const row = await contractRow(id);
    const original = await r2Bytes(row.pdf_key);
    const signed = await r2Bytes(row.signed_pdf_key!);

    const a = await verify(w.admin, original);
    expect(a.status).toBe(200);
    expect(a.body.verification).toMatchObject({ ok: true, match: "original", sha256: row.pdf_sha256, contract: { id } });
    const b = await verify(w.admin, signed);
    expect(b.body.verification).toMatchObject({ match: "signed", sha256: row.signed_pdf_sha256, contract: { id, signerName: "Carla Cliente Souza" } });

    const tampered = original.slice();
    const at = Math.floor(tampered.length / 2);
    tampered[at] = tampered[at]! ^ 0x01;
    const c = await verify(w.admin, tampered);
    expect(c.status).toBe(200);
    expect(c.body.verification).toMatchObject({ match: "none", sha256: await sha256Hex(tampered) });
    expect(c.body.verification).not.toHaveProperty("contract");

    const notPdf = await verify(w.admin, new TextEncoder().encode("just some text, not a PDF"), "x.pdf");
    expect(notPdf.status).toBe(400);
    expect(notPdf.body.error).toBe("contracts.errors.fileType");
    const empty = await verify(w.admin, new Uint8Array(), "vazio.pdf");
    expect(empty.status).toBe(400);
    expect(empty.body.error).toBe("contracts.errors.file");
    const noFile = await appRequest(VERIFY, { cookie: w.admin, form: { file: "texto" } });
    expect(noFile.status).toBe(400);
  });
});

describe("contracts: tenant isolation and roles", () => {
  it("another agency's user: 404 on the contract and its files, generation refused, verification says none", async () => {
    const w = await world();
    const other = await world();
    const { sale, id, token } = await sentContract(w);
    expect((await postSign(token, signForm(w))).status).toBe(200);
    const row = await contractRow(id);

    expect((await appRequest(contractPage(id), { cookie: other.admin })).status).toBe(404);
    expect((await appRequest(contractPage(id), { cookie: other.admin, form: { intent: "send", version: String(row.version) } })).status).toBe(404);
    expect((await appRequest(contractPage(id), { cookie: other.admin, form: { intent: "cancel", version: String(row.version), reason: "Tentativa alheia" } })).status).toBe(404);
    expect((await appRequest(filePath(id, "original"), { cookie: other.admin })).status).toBe(404);
    expect((await appRequest(filePath(id, "assinado"), { cookie: other.admin })).status).toBe(404);
    expect(await contractRow(id)).toEqual(row);

    // Generating for the other agency's (confirmed) sale: refused, nothing written anywhere.
    const foreignSale = await createSale(w);
    const [refused] = await generate(other, [foreignSale.id]);
    expect(refused).toMatchObject({ ok: false, error: "notConfirmed" });
    const gerar = await json<{ outcomes: Outcome[] }>(await appRequest(GERAR, { cookie: other.admin, form: { venda: foreignSale.id, send: "on" } }));
    expect(gerar.outcomes).toEqual([{ saleId: foreignSale.id, ok: false, error: "notConfirmed" }]);
    expect(await contractsOfSale(foreignSale.id)).toHaveLength(0);
    expect(await count("select count(*) n from contract where agency_id = ?", other.agency.id)).toBe(0);
    expect(await count("select count(*) n from record_counter where agency_id = ? and kind = 'contract'", other.agency.id)).toBe(0);
    expect((await env.FILES.list({ prefix: `agencies/${other.agency.id}/` })).objects).toHaveLength(0);
    expect(await pendingIds(other)).not.toContain(foreignSale.id);

    // Not listed; verification of this agency's PDFs says none there.
    const list = await json<{ rows: { id: string }[] }>(await appRequest(`${SIGNATURES}?situacao=todos`, { cookie: other.admin }));
    expect(list.rows.map((r) => r.id)).not.toContain(id);
    expect((await verify(other.admin, await r2Bytes(row.pdf_key))).body.verification).toMatchObject({ match: "none" });
    expect((await verify(other.admin, await r2Bytes(row.signed_pdf_key!))).body.verification).toMatchObject({ match: "none" });
    // The sale's own agency still sees it.
    expect((await appRequest(contractPage(id), { cookie: w.admin })).status).toBe(200);
    expect(sale.agencyId).toBe(w.agency.id);
  });

  it("an Agente sees only the contracts of their own sales; without a session the staff routes go to /login", async () => {
    const w = await world();
    const mine = await sentContract(w); // sold by the Agente
    const theirs = await sentContract(w, { agentId: w.ids.agentAgente2 });

    expect((await appRequest(contractPage(mine.id), { cookie: w.agente })).status).toBe(200);
    const own = await appRequest(filePath(mine.id, "original"), { cookie: w.agente });
    expect(own.status).toBe(200);
    expect(await sha256Hex(new Uint8Array(await own.arrayBuffer()))).toBe((await contractRow(mine.id)).pdf_sha256);
    expect((await appRequest(contractPage(theirs.id), { cookie: w.agente })).status).toBe(404);
    const before = await contractRow(theirs.id);
    expect((await appRequest(contractPage(theirs.id), { cookie: w.agente, form: { intent: "send", version: String(before.version) } })).status).toBe(404);
    expect((await appRequest(contractPage(theirs.id), { cookie: w.agente, form: { intent: "cancel", version: String(before.version), reason: "Não é minha" } })).status).toBe(404);
    expect((await appRequest(filePath(theirs.id, "original"), { cookie: w.agente })).status).toBe(404);
    expect(await contractRow(theirs.id)).toEqual(before);
    const list = await json<{ rows: { id: string }[] }>(await appRequest(`${SIGNATURES}?situacao=todos`, { cookie: w.agente }));
    expect(list.rows.map((r) => r.id)).toEqual([mine.id]);
    // Nor generate for another seller's sale, nor see it pending.
    const otherSale = await createSale(w, { agentId: w.ids.agentAgente2 });
    expect(await pendingIds(w, w.agente)).not.toContain(otherSale.id);
    const [refused] = await generate(w, [otherSale.id], w.agente);
    expect(refused).toMatchObject({ ok: false, error: "notConfirmed" });
    expect(await contractsOfSale(otherSale.id)).toHaveLength(0);
    // The Admin sees both.
    const all = await json<{ rows: { id: string }[] }>(await appRequest(`${SIGNATURES}?situacao=todos`, { cookie: w.admin }));
    expect(all.rows.map((r) => r.id).sort()).toEqual([mine.id, theirs.id].sort());

    for (const path of [PENDING, SIGNATURES, VERIFY, contractPage(mine.id), filePath(mine.id, "original")]) {
      const res = await appRequest(path);
      expect(res.status, path).toBe(302);
      expect(res.headers.get("Location"), path).toMatch(/^\/login/);
    }
    for (const [path, form] of [
      [PENDING, { venda: otherSale.id }],
      [GERAR, { venda: otherSale.id }],
      [contractPage(mine.id), { intent: "send", version: "1" }],
      [VERIFY, { file: new File([new Uint8Array([0x25, 0x50, 0x44, 0x46])], "a.pdf") }],
    ] as const) {
      const res = await appRequest(path, { form: form as Record<string, string | File> });
      expect(res.status, path).toBe(302);
      expect(res.headers.get("Location"), path).toMatch(/^\/login/);
    }
    expect(await contractsOfSale(otherSale.id)).toHaveLength(0);
  });

  it("the Assinaturas filter: waiting by default, one status, or every one", async () => {
    const w = await world();
    const a = await sentContract(w);
    const b = await sentContract(w);
    expect((await postSign(b.token, signForm(w))).status).toBe(200);
    const c = await createSale(w);
    const cId = await generateOne(w, c.id);
    const ids = async (q: string) => (await json<{ rows: { id: string }[] }>(await appRequest(`${SIGNATURES}${q}`, { cookie: w.admin }))).rows.map((r) => r.id).sort();
    expect(await ids("")).toEqual([a.id, cId].sort());
    expect(await ids("?situacao=signed")).toEqual([b.id]);
    expect(await ids("?situacao=todos")).toEqual([a.id, b.id, cId].sort());
  });
});

describe("contracts: the sale's timeline", () => {
  it("shows the contract's steps (generated, sent, viewed, signed)", async () => {
    const w = await world();
    const { sale, id, token } = await sentContract(w);
    expect((await openPage(token)).status).toBe(200);
    expect((await postSign(token, signForm(w))).status).toBe(200);

    const res = await appRequest(`/vendas/emissivo/editar/${sale.id}`, { cookie: w.admin });
    expect(res.status).toBe(200);
    const data = await json<{ timeline: { entity: string; entityId: string; action: string; changes: Record<string, [unknown, unknown]> | null }[] }>(res);
    const steps = data.timeline.filter((e) => e.entity === "contract" && e.entityId === id);
    expect(steps.map((e) => e.changes?.status?.[1]).reverse()).toEqual(["generated", "sent", "viewed", "signed"]);
    // The sale's own entries are there too.
    expect(data.timeline.some((e) => e.entity === "sale" && e.entityId === sale.id)).toBe(true);
    // The same through the core.
    const core = await saleTimeline(w.scope, sale.id);
    expect(core.entries.filter((e) => e.entity === "contract").map((e) => e.entityId)).toEqual([id, id, id, id]);
  });
});

describe("contracts: fuzzed signing page", () => {
  it("random bodies never answer 5xx and never sign or decline unless the input is valid", async () => {
    const w = await world();
    const { id, token } = await sentContract(w);
    const validPng = dataUrl(await makePng(60, 20));
    const huge = "ç".repeat(300_000);
    const reset = () =>
      env.DB.prepare(
        `update contract set status = 'viewed', signed_at = null, signer_name = null, signer_cpf = null, signer_email = null, signer_ip = null, signer_user_agent = null,
         signature_kind = null, signature_text = null, signature_key = null, signed_pdf_key = null, signed_pdf_sha256 = null, otp_verified_at = null,
         declined_at = null, decline_reason = null, failed_attempts = 0, version = version + 1 where id = ?`,
      )
        .bind(id)
        .run();
    await reset();
    const str = fc.oneof(fc.string({ maxLength: 40 }), fc.string({ unit: "binary", maxLength: 40 }), fc.constantFrom("", " ", huge, "\u0000", "<script>", "'; drop table contract; --"));
    const body = fc.record(
      {
        intent: fc.oneof(fc.constantFrom("sign", "decline", "code", "SIGN", "", "cancel"), str),
        name: fc.oneof(fc.constantFrom("Carla Cliente Souza", "Ana B", "  Zé  Maria  ", "Carla"), str),
        cpf: fc.oneof(fc.constantFrom(w.cpf, formatCpf(w.cpf), otherCpf(w.cpf), "000.000.000-00", "123"), str),
        signatureKind: fc.oneof(fc.constantFrom("drawn", "typed", "both"), str),
        signatureData: fc.oneof(fc.constantFrom(validPng, "data:image/png;base64,AAAA", "data:image/png;base64,", "data:image/jpeg;base64,/9j/4AAQ", `data:image/png;base64,${"A".repeat(500_000)}`), str),
        signatureText: fc.oneof(fc.constantFrom("Carla", "ab", "Carla C. Souza"), str),
        accept: fc.oneof(fc.constantFrom("on", "off", "true", ""), str),
        code: fc.oneof(fc.constantFrom("123456", "12345", "abcdef"), str),
        reason: fc.oneof(fc.constantFrom("Não quero mais", "no", "   ok   "), str),
      },
      { requiredKeys: [] },
    );
    // Mostly noise, but also bodies that are valid (so the property is checked both ways on the paths that write).
    const validSign = fc.record({
      intent: fc.constant("sign"),
      name: fc.constantFrom("Carla Cliente Souza", "  Zé  Maria  ", "Ana Bela"),
      cpf: fc.constantFrom(w.cpf, formatCpf(w.cpf), ` ${formatCpf(w.cpf)} `),
      signatureKind: fc.constant("typed"),
      signatureText: fc.constantFrom("Carla C. Souza", "Zé M", "abc"),
      accept: fc.constant("on"),
      code: fc.constantFrom("", "123456"),
    });
    const validDrawn = fc.record({
      intent: fc.constant("sign"),
      name: fc.constant("Carla Cliente Souza"),
      cpf: fc.constant(w.cpf),
      signatureKind: fc.constant("drawn"),
      signatureData: fc.constant(validPng),
      accept: fc.constant("on"),
    });
    const decline = fc.record({ intent: fc.constant("decline"), reason: fc.oneof(fc.string({ maxLength: 20 }), fc.constantFrom("Não quero mais", "  a  ", "x".repeat(501))) });
    const anyBody = fc.oneof({ arbitrary: body, weight: 8 }, { arbitrary: validSign, weight: 1 }, { arbitrary: validDrawn, weight: 1 }, { arbitrary: decline, weight: 1 });
    let signedRuns = 0;
    let declinedRuns = 0;
    await fc.assert(
      fc.asyncProperty(anyBody, async (form) => {
        const fields = Object.fromEntries(Object.entries(form).filter(([, v]) => v !== undefined)) as Record<string, string>;
        const res = await postSign(token, fields);
        expect(res.status, JSON.stringify(fields).slice(0, 300)).toBeLessThan(500);
        const row = await contractRow(id);
        const trimmed = (v: string | undefined) => (v ?? "").trim();
        // zod measures min/max in code points; the typed signature's own floor is in UTF-16 units.
        const points = (v: string | undefined) => [...(v ?? "")].length;
        const nameOk = (() => {
          const n = trimmed(fields.name);
          return points(n) >= 5 && points(n) <= 120 && n.split(/\s+/).filter(Boolean).length >= 2;
        })();
        const signatureOk =
          (fields.signatureKind === "typed" && trimmed(fields.signatureText).length >= 3 && points(trimmed(fields.signatureText)) <= 120) ||
          (fields.signatureKind === "drawn" && fields.signatureData === validPng);
        const codeOk = trimmed(fields.code) === "" || /^\d{6}$/.test(trimmed(fields.code));
        const validSign =
          fields.intent === "sign" &&
          fields.accept === "on" &&
          onlyDigits(fields.cpf) === w.cpf &&
          nameOk &&
          signatureOk &&
          codeOk &&
          points(trimmed(fields.signatureText)) <= 120 &&
          points(fields.signatureData) <= MAX_DATA_URL;
        const validDecline = fields.intent === "decline" && points(trimmed(fields.reason)) >= 3 && points(trimmed(fields.reason)) <= 500;
        if (row.status === "signed") {
          expect(validSign, JSON.stringify(fields).slice(0, 300)).toBe(true);
          expect(res.status).toBe(200);
          signedRuns++;
        } else if (row.status === "declined") {
          expect(validDecline, JSON.stringify(fields).slice(0, 300)).toBe(true);
          declinedRuns++;
        } else {
          expect(row.status).toBe("viewed");
          expect(row.signed_pdf_key).toBeNull();
          // A valid signature always signs; a valid decline always declines.
          expect(validSign, JSON.stringify(fields).slice(0, 300)).toBe(false);
          expect(validDecline, JSON.stringify(fields).slice(0, 300)).toBe(false);
        }
        if (row.status !== "viewed" || row.failed_attempts > 0) await reset();
      }),
      { numRuns: FUZZ_RUNS },
    );
    // The paths that write were reached.
    expect(signedRuns).toBeGreaterThan(0);
    expect(declinedRuns).toBeGreaterThan(0);
  }, 600_000);

  it("random tokens on GET and POST never answer 5xx and never open a contract", async () => {
    const w = await world();
    const { id } = await sentContract(w);
    const before = await contractRow(id);
    const token = fc.oneof(
      fc.string({ maxLength: 80 }),
      fc.string({ unit: "binary", maxLength: 60 }),
      fc.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      fc.stringMatching(/^[A-Za-z0-9_-]{42,44}$/),
      fc.constantFrom("", "%00", "a".repeat(5000), "documento", "x y", "é"),
    );
    await fc.assert(
      fc.asyncProperty(token, fc.boolean(), async (t, post) => {
        const path = `/assinar-contrato/${encodeURIComponent(t)}`;
        const res = post ? await appRequest(path, { form: signForm(w), headers: { "cf-connecting-ip": SIGNER_IP } }) : await appRequest(path);
        expect(res.status, JSON.stringify(t)).toBeLessThan(500);
        // "." and ".." leave the signing route once the URL is normalised; every other token is the signing page's.
        const pathname = new URL(path, "http://localhost").pathname;
        if (/^\/assinar-contrato\/[^/]+$/.test(pathname)) expect([404, 405], JSON.stringify(t)).toContain(res.status);
      }),
      { numRuns: FUZZ_RUNS },
    );
    expect(await contractRow(id)).toEqual(before);
  }, 300_000);
});

/**
 * The local Asaas simulator (issue #19, development and tests only): answers the
 * Asaas v3 REST shapes the app uses — customers, payments (create, get, update,
 * delete), the Pix QR code, the boleto's identification field, the webhook
 * registration and the account — and plays the client's side: paying a charge by
 * Pix, boleto or card, confirming, marking overdue, refunding, a chargeback, a delete.
 * Each change delivers the Asaas-shaped webhook event (unique `evt_` id, dateCreated,
 * the payment object) to the URL the account registered, with its authToken in
 * `asaas-access-token`, through the WEBHOOKS service (the webhooks Worker). Like
 * Asaas, 15 consecutive non-200 answers interrupt (pause) the account's queue.
 *
 * An account is an API key: any key starting with `$aact_` (Asaas's own prefix) and at
 * least 10 characters long is accepted; another answers 401 like Asaas. State lives in
 * the asaas_sim_* tables keyed by the key's SHA-256 (never the key itself).
 *
 * Never reached in production: transport.server.ts picks the network there, and the
 * dev page (/dev/asaas) answers 404.
 */
import { bytesToBase64 } from "~/lib/platform/base64";
import { and, desc, eq, lt, or } from "drizzle-orm";
import { asaasSimCustomer, asaasSimPayment, asaasSimWebhook } from "~/db/schema/payments";
import { BILLING_TYPES, type BillingType, type ChargeStatus } from "~/db/schema/payments";
import type { AsaasCustomer, AsaasPayment } from "~/lib/payments/asaas-client.server";
import { centsToValue, valueToCents } from "~/lib/payments/asaas-client.server";
import { parseDocument } from "~/lib/platform/br-documents";
import type { Db } from "~/lib/platform/db.server";
import { hashWebhookToken } from "~/lib/payments/token";
import { todayIn } from "~/lib/platform/time-zone";

/** What a simulated account's key must look like. */
export function isSimulatorKey(key: string | null | undefined): key is string {
  return typeof key === "string" && key.startsWith("$aact_") && key.length >= 10 && key.length <= 512;
}

export type SimulatorDeps = {
  db: Db;
  /** Delivers a webhook request (the WEBHOOKS service's fetch, or fetch). */
  deliver: (request: Request) => Promise<Response>;
  /** Leaves the delivery to run after the answer (ctx.waitUntil); awaited when absent. */
  waitUntil?: (promise: Promise<unknown>) => void;
  now?: () => Date;
};

// ---------------------------------------------------------------------------
// Helpers: ids, dates, answers

const json = (body: unknown, status = 200) => Response.json(body, { status });
const asaasErrors = (status: number, code: string, description: string) => json({ errors: [{ code, description }] }, status);

function randomDigits(n: number): string {
  const bytes = crypto.getRandomValues(new Uint8Array(n));
  return [...bytes].map((b) => String(b % 10)).join("");
}
function randomHex(n: number): string {
  const bytes = crypto.getRandomValues(new Uint8Array(Math.ceil(n / 2)));
  return [...bytes]
    .map((b) => b.toString(16).padStart(2, "0"))
    .join("")
    .slice(0, n);
}
const isoDay = (d: Date) => d.toISOString().slice(0, 10);
/** Asaas's "today": the day in Brazil (a due date before it is refused). */
const brDay = (d: Date) => todayIn("America/Sao_Paulo", d);
/** Asaas's event time: "YYYY-MM-DD HH:mm:ss". */
const asaasDateTime = (d: Date) => d.toISOString().slice(0, 19).replace("T", " ");

function isValidDay(text: unknown): text is string {
  if (typeof text !== "string" || !/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const d = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && isoDay(d) === text;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const str = (v: unknown, max = 500): string | null => (typeof v === "string" && v.trim() ? v.trim().slice(0, max) : null);

/** The simulated fee Asaas keeps, per billing type (netValue = value − fee). */
function feeCents(billingType: BillingType, valueCents: number): number {
  if (billingType === "PIX") return 99;
  if (billingType === "BOLETO") return 199;
  if (billingType === "CREDIT_CARD") return Math.round((valueCents * 299) / 10000) + 49;
  return 199;
}

// ---------------------------------------------------------------------------
// Pix "copia e cola" (EMV BR Code) and a PNG image

function emv(id: string, value: string): string {
  return `${id}${String(value.length).padStart(2, "0")}${value}`;
}

/** CRC16/CCITT-FALSE, as the BR Code's field 63. */
export function crc16(text: string): string {
  let crc = 0xffff;
  for (const byte of new TextEncoder().encode(text)) {
    crc ^= byte << 8;
    for (let i = 0; i < 8; i++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, "0");
}

/** A static Pix BR Code for the payment: key, amount, merchant, txid, CRC. */
export function pixPayload(paymentId: string, valueCents: number): string {
  const account = emv("00", "br.gov.bcb.pix") + emv("01", `${randomHex(8)}-${randomHex(4)}-4${randomHex(3)}-a${randomHex(3)}-${randomHex(12)}`);
  const body =
    emv("00", "01") +
    emv("26", account) +
    emv("52", "0000") +
    emv("53", "986") +
    emv("54", (valueCents / 100).toFixed(2)) +
    emv("58", "BR") +
    emv("59", "ROTA SIMULADOR") +
    emv("60", "SAO PAULO") +
    emv("62", emv("05", paymentId.replace(/[^A-Za-z0-9]/g, "").slice(0, 25)));
  const withCrcId = `${body}6304`;
  return withCrcId + crc16(withCrcId);
}

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();
function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function u32(n: number): number[] {
  return [(n >>> 24) & 0xff, (n >>> 16) & 0xff, (n >>> 8) & 0xff, n & 0xff];
}
function chunk(type: string, data: Uint8Array): number[] {
  const typed = new Uint8Array([...new TextEncoder().encode(type), ...data]);
  return [...u32(data.length), ...typed, ...u32(crc32(typed))];
}

/**
 * A 1-bit grayscale PNG that looks like a QR code (finder squares, modules from the
 * payload's bytes) — not a scannable one. Deflate "stored" blocks keep it dependency-free.
 */
export function qrLikePng(payload: string): Uint8Array {
  const modules = 33;
  const scale = 6;
  const border = 4;
  const size = (modules + border * 2) * scale;
  const seed = new TextEncoder().encode(payload);
  const dark = (x: number, y: number): boolean => {
    const finder = (fx: number, fy: number) => {
      const dx = x - fx;
      const dy = y - fy;
      if (dx < 0 || dy < 0 || dx > 6 || dy > 6) return null;
      return dx === 0 || dy === 0 || dx === 6 || dy === 6 || (dx >= 2 && dx <= 4 && dy >= 2 && dy <= 4);
    };
    for (const [fx, fy] of [
      [0, 0],
      [modules - 7, 0],
      [0, modules - 7],
    ] as const) {
      const f = finder(fx, fy);
      if (f !== null) return f;
    }
    const i = y * modules + x;
    return ((seed[i % seed.length]! * 31 + i * 17 + (i >> 3)) & 0x5) === 0x1 || (seed[(i * 7) % seed.length]! + i) % 3 === 0;
  };
  const rowBytes = Math.ceil(size / 8);
  const raw = new Uint8Array((rowBytes + 1) * size);
  for (let py = 0; py < size; py++) {
    const base = py * (rowBytes + 1);
    raw[base] = 0; // filter: none
    for (let px = 0; px < size; px++) {
      const mx = Math.floor(px / scale) - border;
      const my = Math.floor(py / scale) - border;
      const isDark = mx >= 0 && my >= 0 && mx < modules && my < modules && dark(mx, my);
      if (!isDark) raw[base + 1 + (px >> 3)]! |= 0x80 >> (px & 7); // 1 = white
    }
  }
  // zlib: header, stored blocks (≤ 65535 bytes each), Adler-32.
  const zlib: number[] = [0x78, 0x01];
  for (let offset = 0; offset < raw.length; offset += 65535) {
    const block = raw.subarray(offset, Math.min(offset + 65535, raw.length));
    const last = offset + 65535 >= raw.length ? 1 : 0;
    zlib.push(last, block.length & 0xff, block.length >> 8, ~block.length & 0xff, (~block.length >> 8) & 0xff, ...block);
  }
  let a = 1;
  let b = 0;
  for (const byte of raw) {
    a = (a + byte) % 65521;
    b = (b + a) % 65521;
  }
  zlib.push(...u32(((b << 16) | a) >>> 0));
  const ihdr = new Uint8Array([...u32(size), ...u32(size), 1, 0, 0, 0, 0]);
  return new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...chunk("IHDR", ihdr), ...chunk("IDAT", new Uint8Array(zlib)), ...chunk("IEND", new Uint8Array())]);
}


/** A boleto's 47-digit line and 44-digit bar code (bank 461 Asaas; plausible, not bank-valid). */
function boletoFields(paymentId: string, valueCents: number, dueDate: string) {
  const factor = Math.max(1000, Math.round((Date.parse(`${dueDate}T00:00:00Z`) - Date.parse("2022-05-29T00:00:00Z")) / 86_400_000) + 1000) % 10000;
  const amount = String(valueCents).padStart(10, "0").slice(-10);
  const digits = paymentId.replace(/\D/g, "").padStart(12, "0").slice(-12);
  const free = `${digits}${randomDigits(13)}`;
  const barCode = `4619${randomDigits(1)}${String(factor).padStart(4, "0")}${amount}${free}`.slice(0, 44);
  const identificationField = `4619${free.slice(0, 5)}${randomDigits(1)}${free.slice(5, 15)}${randomDigits(1)}${free.slice(15, 25)}${randomDigits(1)}${barCode[4]}${String(factor).padStart(4, "0")}${amount}`;
  return { identificationField, nossoNumero: digits.slice(-8), barCode };
}

// ---------------------------------------------------------------------------
// State

type SimPayment = AsaasPayment & { pixTransaction?: null };

async function accountOf(request: Request): Promise<string | null> {
  const key = request.headers.get("access_token");
  return isSimulatorKey(key) ? hashWebhookToken(key) : null;
}

async function findPayment(db: Db, account: string, id: string) {
  const [row] = await db
    .select()
    .from(asaasSimPayment)
    .where(and(eq(asaasSimPayment.id, id), eq(asaasSimPayment.accountKey, account)));
  return row ? (JSON.parse(row.body) as SimPayment) : null;
}

async function savePayment(db: Db, payment: SimPayment) {
  await db.update(asaasSimPayment).set({ status: payment.status, body: JSON.stringify(payment) }).where(eq(asaasSimPayment.id, payment.id));
}

function baseUrl(request: Request) {
  return new URL(request.url).hostname.includes("sandbox") ? "https://sandbox.asaas.com" : "https://www.asaas.com";
}

// ---------------------------------------------------------------------------
// Webhook delivery

export type DeliveryOutcome = "delivered" | "failed" | "interrupted" | "no_webhook";

/**
 * Sends one event for the payment to the account's webhook and counts the answer:
 * 200 resets the failures; anything else (or no answer) adds one; at 15 the queue is
 * interrupted and nothing is sent until it is resumed (dev page).
 */
export async function deliverEvent(deps: SimulatorDeps, account: string, event: string, payment: SimPayment): Promise<DeliveryOutcome> {
  const { db } = deps;
  const [hook] = await db.select().from(asaasSimWebhook).where(eq(asaasSimWebhook.accountKey, account));
  if (!hook || !hook.enabled) return "no_webhook";
  if (hook.interrupted) return "interrupted";
  const now = deps.now?.() ?? new Date();
  const body = { id: `evt_${randomHex(32)}&${randomDigits(9)}`, event, dateCreated: asaasDateTime(now), payment };
  const headers = new Headers({ "content-type": "application/json", "user-agent": "Asaas_Simulator/3.0" });
  if (hook.authToken) headers.set("asaas-access-token", hook.authToken);
  let status = 0;
  try {
    const response = await deps.deliver(new Request(hook.url, { method: "POST", headers, body: JSON.stringify(body) }));
    status = response.status;
    await response.body?.cancel();
  } catch {
    // no answer: a failure like any non-200
  }
  if (status === 200) {
    await db.update(asaasSimWebhook).set({ failures: 0 }).where(eq(asaasSimWebhook.accountKey, account));
    return "delivered";
  }
  const failures = hook.failures + 1;
  await db
    .update(asaasSimWebhook)
    .set({ failures, interrupted: failures >= 15 })
    .where(eq(asaasSimWebhook.accountKey, account));
  return failures >= 15 ? "interrupted" : "failed";
}

/** Events in order, after the answer when the caller can wait for them (waitUntil). */
function deliverLater(deps: SimulatorDeps, account: string, events: [string, SimPayment][]): Promise<DeliveryOutcome[]> {
  const run = (async () => {
    const outcomes: DeliveryOutcome[] = [];
    for (const [event, payment] of events) outcomes.push(await deliverEvent(deps, account, event, payment));
    return outcomes;
  })();
  if (deps.waitUntil) deps.waitUntil(run);
  return run;
}

// ---------------------------------------------------------------------------
// The REST API

async function readJson(request: Request): Promise<Record<string, unknown> | null> {
  try {
    const body: unknown = await request.json();
    return isRecord(body) ? body : null;
  } catch {
    return null;
  }
}

/** Answers one Asaas v3 request (any host; the path after /v3). */
export async function handleSimulatorRequest(deps: SimulatorDeps, request: Request): Promise<Response> {
  const account = await accountOf(request);
  if (!account) return asaasErrors(401, "invalid_access_token", "A chave de API fornecida é inválida");
  const url = new URL(request.url);
  const path = url.pathname.replace(/^\/v3/, "").replace(/\/+$/, "");
  const method = request.method.toUpperCase();
  const segments = path.split("/").filter(Boolean).map(decodeURIComponent);
  const { db } = deps;
  const now = deps.now?.() ?? new Date();

  if ((path === "/myAccount" || path === "/myAccount/commercialInfo") && method === "GET") {
    return json({ object: "account", name: "Conta simulada (Rota)", email: "simulador@rota.example", cpfCnpj: "11222333000181", walletId: account.slice(0, 36), personType: "JURIDICA" });
  }
  if (path === "/finance/balance" && method === "GET") return json({ balance: 0 });

  if (path === "/webhooks" && method === "GET") {
    const [hook] = await db.select().from(asaasSimWebhook).where(eq(asaasSimWebhook.accountKey, account));
    const data = hook ? [{ object: "webhook", id: `wh_${account.slice(0, 12)}`, name: "Webhook", url: hook.url, enabled: hook.enabled, interrupted: hook.interrupted, hasAuthToken: !!hook.authToken }] : [];
    return json({ object: "list", hasMore: false, totalCount: data.length, limit: 10, offset: 0, data });
  }
  // The simulated account has one webhook: PUT /webhooks/{id} replaces it like POST /webhooks.
  const putHook = segments[0] === "webhooks" && segments.length === 2 && method === "PUT";
  if (putHook && segments[1] !== `wh_${account.slice(0, 12)}`) return asaasErrors(404, "not_found", "Webhook não encontrado.");
  if ((path === "/webhooks" && method === "POST") || putHook) {
    const body = await readJson(request);
    const hookUrl = str(body?.url, 2000);
    let valid: boolean;
    try {
      valid = !!hookUrl && ["http:", "https:"].includes(new URL(hookUrl).protocol);
    } catch {
      valid = false;
    }
    if (!body || !valid) return asaasErrors(400, "invalid_url", "Informe uma URL válida para o Webhook.");
    const authToken = str(body.authToken, 255);
    const enabled = body.enabled !== false;
    const interrupted = body.interrupted === true;
    await db
      .insert(asaasSimWebhook)
      .values({ accountKey: account, url: hookUrl!, authToken, enabled, interrupted, failures: 0 })
      .onConflictDoUpdate({ target: asaasSimWebhook.accountKey, set: { url: hookUrl!, authToken, enabled, interrupted, failures: 0 } });
    return json({
      object: "webhook",
      id: `wh_${account.slice(0, 12)}`,
      name: str(body.name, 100) ?? "Webhook",
      url: hookUrl,
      email: str(body.email, 200),
      enabled,
      interrupted,
      apiVersion: 3,
      hasAuthToken: !!authToken,
      sendType: body.sendType === "NON_SEQUENTIALLY" ? "NON_SEQUENTIALLY" : "SEQUENTIALLY",
      events: Array.isArray(body.events) ? body.events.filter((e) => typeof e === "string").slice(0, 100) : [],
    });
  }

  if (path === "/customers" && method === "POST") {
    const body = await readJson(request);
    if (!body) return asaasErrors(400, "invalid_object", "Corpo da requisição inválido.");
    const name = str(body.name, 200);
    if (!name) return asaasErrors(400, "invalid_name", "O nome do cliente deve ser informado.");
    const document = parseDocument(typeof body.cpfCnpj === "string" ? body.cpfCnpj : null);
    if (!document) return asaasErrors(400, "invalid_cpfCnpj", "O CPF/CNPJ informado é inválido.");
    const customer: AsaasCustomer & Record<string, unknown> = {
      object: "customer",
      id: `cus_${randomDigits(12)}`,
      dateCreated: isoDay(now),
      name,
      email: str(body.email, 200),
      phone: str(body.phone, 30),
      mobilePhone: str(body.mobilePhone, 30),
      cpfCnpj: document.digits,
      personType: document.kind === "cpf" ? "FISICA" : "JURIDICA",
      externalReference: str(body.externalReference, 200),
      notificationDisabled: body.notificationDisabled === true,
      deleted: false,
    };
    await db.insert(asaasSimCustomer).values({ id: customer.id, accountKey: account, body: JSON.stringify(customer) });
    return json(customer);
  }
  if (segments[0] === "customers" && segments.length === 2 && method === "GET") {
    const [row] = await db
      .select()
      .from(asaasSimCustomer)
      .where(and(eq(asaasSimCustomer.id, segments[1]!), eq(asaasSimCustomer.accountKey, account)));
    return row ? new Response(row.body, { headers: { "content-type": "application/json" } }) : asaasErrors(404, "not_found", "Cliente não encontrado.");
  }

  if (path === "/payments" && method === "POST") {
    const body = await readJson(request);
    if (!body) return asaasErrors(400, "invalid_object", "Corpo da requisição inválido.");
    const customerId = str(body.customer, 100);
    const [customer] = customerId
      ? await db
          .select({ id: asaasSimCustomer.id })
          .from(asaasSimCustomer)
          .where(and(eq(asaasSimCustomer.id, customerId), eq(asaasSimCustomer.accountKey, account)))
      : [];
    if (!customer) return asaasErrors(400, "invalid_customer", "Cliente inválido ou não informado.");
    const billingType = body.billingType as BillingType;
    if (!(BILLING_TYPES as readonly string[]).includes(billingType)) return asaasErrors(400, "invalid_billingType", "Forma de pagamento inválida.");
    const value = body.value;
    if (typeof value !== "number" || !Number.isFinite(value) || value <= 0 || value > 99_999_999_999.99 || Math.abs(valueToCents(value) - value * 100) > 1e-6 * Math.max(1, value))
      return asaasErrors(400, "invalid_value", "O valor da cobrança é inválido.");
    if (!isValidDay(body.dueDate)) return asaasErrors(400, "invalid_dueDate", "A data de vencimento é inválida.");
    if (body.dueDate < brDay(now)) return asaasErrors(400, "invalid_dueDate", "Não é permitido data de vencimento inferior a hoje.");
    const valueCents = valueToCents(value);
    const id = `pay_${randomHex(16)}`;
    const site = baseUrl(request);
    const payment: SimPayment = {
      object: "payment",
      id,
      dateCreated: isoDay(now),
      customer: customer.id,
      value: centsToValue(valueCents),
      netValue: centsToValue(valueCents - feeCents(billingType, valueCents)),
      billingType,
      status: "PENDING",
      dueDate: body.dueDate,
      originalDueDate: body.dueDate,
      paymentDate: null,
      clientPaymentDate: null,
      confirmedDate: null,
      description: str(body.description, 500),
      externalReference: str(body.externalReference, 200),
      invoiceUrl: `${site}/i/${id.slice(4)}`,
      bankSlipUrl: billingType === "BOLETO" || billingType === "UNDEFINED" ? `${site}/b/pdf/${id.slice(4)}` : null,
      invoiceNumber: randomDigits(8),
      deleted: false,
    };
    await db.insert(asaasSimPayment).values({ id, accountKey: account, customerId: customer.id, status: payment.status, body: JSON.stringify(payment) });
    await deliverLater(deps, account, [["PAYMENT_CREATED", payment]]);
    return json(payment);
  }

  if (segments[0] === "payments" && segments.length >= 2) {
    const payment = await findPayment(db, account, segments[1]!);
    if (!payment) return asaasErrors(404, "not_found", "Cobrança não encontrada.");
    const sub = segments[2];
    if (!sub && method === "GET") return json(payment);
    if (!sub && method === "DELETE") {
      if (payment.deleted) return asaasErrors(400, "invalid_action", "Esta cobrança já foi removida.");
      if (!["PENDING", "OVERDUE"].includes(payment.status)) return asaasErrors(400, "invalid_action", "Só é possível remover cobranças aguardando pagamento ou vencidas.");
      const next = { ...payment, deleted: true };
      await savePayment(db, next);
      await deliverLater(deps, account, [["PAYMENT_DELETED", next]]);
      return json({ deleted: true, id: payment.id });
    }
    if (!sub && method === "POST") {
      const body = await readJson(request);
      if (!body) return asaasErrors(400, "invalid_object", "Corpo da requisição inválido.");
      if (payment.deleted || !["PENDING", "OVERDUE"].includes(payment.status)) return asaasErrors(400, "invalid_action", "Só é possível alterar cobranças aguardando pagamento ou vencidas.");
      const next = { ...payment };
      if (body.value !== undefined) {
        if (typeof body.value !== "number" || !Number.isFinite(body.value) || body.value <= 0 || body.value > 99_999_999_999.99)
          return asaasErrors(400, "invalid_value", "O valor da cobrança é inválido.");
        const cents = valueToCents(body.value);
        next.value = centsToValue(cents);
        next.netValue = centsToValue(cents - feeCents(payment.billingType, cents));
      }
      if (body.dueDate !== undefined) {
        if (!isValidDay(body.dueDate)) return asaasErrors(400, "invalid_dueDate", "A data de vencimento é inválida.");
        if (body.dueDate < brDay(now)) return asaasErrors(400, "invalid_dueDate", "Não é permitido data de vencimento inferior a hoje.");
        next.dueDate = body.dueDate;
        if (next.status === "OVERDUE") next.status = "PENDING";
      }
      if (body.description !== undefined) next.description = str(body.description, 500);
      await savePayment(db, next);
      await deliverLater(deps, account, [["PAYMENT_UPDATED", next]]);
      return json(next);
    }
    if (sub === "pixQrCode" && method === "GET") {
      if (payment.billingType === "CREDIT_CARD") return asaasErrors(400, "invalid_billingType", "Esta cobrança não aceita Pix.");
      if (payment.deleted || !["PENDING", "OVERDUE"].includes(payment.status)) return asaasErrors(400, "invalid_action", "Cobrança não está aguardando pagamento.");
      const payload = pixPayload(payment.id, valueToCents(payment.value));
      const expires = new Date(Date.parse(`${payment.dueDate}T23:59:59Z`) + 365 * 86_400_000);
      return json({ encodedImage: bytesToBase64(qrLikePng(payload)), payload, expirationDate: asaasDateTime(expires) });
    }
    if (sub === "identificationField" && method === "GET") {
      if (payment.billingType !== "BOLETO" && payment.billingType !== "UNDEFINED") return asaasErrors(400, "invalid_billingType", "Esta cobrança não é um boleto.");
      return json(boletoFields(payment.id, valueToCents(payment.value), payment.dueDate));
    }
  }
  return asaasErrors(404, "not_found", "Recurso não encontrado.");
}

// ---------------------------------------------------------------------------
// The client's side: what the dev page's buttons do

export const SIM_ACTIONS = ["payPix", "payBoleto", "payCard", "confirm", "overdue", "refund", "chargeback", "delete"] as const;
export type SimAction = (typeof SIM_ACTIONS)[number];

type Transition = { status: ChargeStatus; events: string[]; patch?: Partial<SimPayment>; deleted?: boolean };

function transition(payment: SimPayment, action: SimAction, today: string): Transition | null {
  const open = !payment.deleted && ["PENDING", "OVERDUE"].includes(payment.status);
  const paid = { paymentDate: today, clientPaymentDate: today, confirmedDate: today };
  switch (action) {
    case "payPix":
      if (!open || payment.billingType === "CREDIT_CARD") return null;
      return { status: "RECEIVED", events: ["PAYMENT_RECEIVED"], patch: { ...paid, billingType: "PIX" } };
    case "payBoleto":
      if (!open || (payment.billingType !== "BOLETO" && payment.billingType !== "UNDEFINED")) return null;
      return { status: "RECEIVED", events: ["PAYMENT_CONFIRMED", "PAYMENT_RECEIVED"], patch: { ...paid, billingType: "BOLETO" } };
    case "payCard":
      if (!open || (payment.billingType !== "CREDIT_CARD" && payment.billingType !== "UNDEFINED")) return null;
      return { status: "CONFIRMED", events: ["PAYMENT_CONFIRMED"], patch: { clientPaymentDate: today, confirmedDate: today, billingType: "CREDIT_CARD" } };
    case "confirm":
      if (payment.deleted || payment.status !== "CONFIRMED") return null;
      return { status: "RECEIVED", events: ["PAYMENT_RECEIVED"], patch: { paymentDate: today } };
    case "overdue":
      if (payment.deleted || payment.status !== "PENDING") return null;
      return { status: "OVERDUE", events: ["PAYMENT_OVERDUE"] };
    case "refund":
      if (payment.deleted || !["RECEIVED", "CONFIRMED"].includes(payment.status)) return null;
      return { status: "REFUNDED", events: ["PAYMENT_REFUNDED"] };
    case "chargeback":
      if (payment.deleted || payment.billingType !== "CREDIT_CARD" || !["RECEIVED", "CONFIRMED"].includes(payment.status)) return null;
      return { status: "CHARGEBACK_REQUESTED", events: ["PAYMENT_CHARGEBACK_REQUESTED"] };
    case "delete":
      if (!open) return null;
      return { status: payment.status, events: ["PAYMENT_DELETED"], deleted: true };
  }
}

/** The actions a payment accepts now (the dev page shows only these). */
export function availableActions(payment: SimPayment, today: string): SimAction[] {
  return SIM_ACTIONS.filter((a) => transition(payment, a, today) !== null);
}

export type SimActionResult = { ok: true; payment: SimPayment; outcomes: DeliveryOutcome[] } | { ok: false; reason: "not_found" | "invalid_action" };

/** Applies a client action to a simulated payment and delivers its events (awaited). */
export async function applySimAction(deps: SimulatorDeps, paymentId: string, action: SimAction): Promise<SimActionResult> {
  const { db } = deps;
  const [row] = await db.select().from(asaasSimPayment).where(eq(asaasSimPayment.id, paymentId));
  if (!row) return { ok: false, reason: "not_found" };
  const payment = JSON.parse(row.body) as SimPayment;
  const today = brDay(deps.now?.() ?? new Date());
  const step = transition(payment, action, today);
  if (!step) return { ok: false, reason: "invalid_action" };
  const next: SimPayment = { ...payment, ...step.patch, status: step.status, deleted: step.deleted ?? payment.deleted };
  await savePayment(db, next);
  const outcomes: DeliveryOutcome[] = [];
  for (const event of step.events) outcomes.push(await deliverEvent(deps, row.accountKey, event, next));
  return { ok: true, payment: next, outcomes };
}

/** Resumes an interrupted queue (Asaas: "reativar fila"). */
export async function resumeSimWebhook(db: Db, paymentId: string): Promise<boolean> {
  const [row] = await db.select({ accountKey: asaasSimPayment.accountKey }).from(asaasSimPayment).where(eq(asaasSimPayment.id, paymentId));
  if (!row) return false;
  await db.update(asaasSimWebhook).set({ interrupted: false, failures: 0 }).where(eq(asaasSimWebhook.accountKey, row.accountKey));
  return true;
}

export type SimPaymentRow = {
  id: string;
  createdAt: string;
  payment: SimPayment;
  customerName: string | null;
  actions: SimAction[];
  webhook: { url: string; failures: number; interrupted: boolean } | null;
};

export const SIM_PAGE_SIZE = 25;

/**
 * Simulated payments, newest first, a keyset page at a time: `after` is the last row's
 * `createdAt|id` of the previous page.
 */
export async function listSimPayments(deps: Pick<SimulatorDeps, "db" | "now">, after: string | null): Promise<{ rows: SimPaymentRow[]; next: string | null }> {
  const { db } = deps;
  const [afterAt, afterId] = (after ?? "").split("|");
  const cursor =
    afterAt && afterId
      ? or(lt(asaasSimPayment.createdAt, afterAt), and(eq(asaasSimPayment.createdAt, afterAt), lt(asaasSimPayment.id, afterId)))
      : undefined;
  const rows = await db
    .select({ payment: asaasSimPayment, customer: asaasSimCustomer.body, hook: asaasSimWebhook })
    .from(asaasSimPayment)
    .leftJoin(asaasSimCustomer, eq(asaasSimCustomer.id, asaasSimPayment.customerId))
    .leftJoin(asaasSimWebhook, eq(asaasSimWebhook.accountKey, asaasSimPayment.accountKey))
    .where(cursor)
    .orderBy(desc(asaasSimPayment.createdAt), desc(asaasSimPayment.id))
    .limit(SIM_PAGE_SIZE + 1);
  const today = brDay(deps.now?.() ?? new Date());
  const page = rows.slice(0, SIM_PAGE_SIZE).map((r) => {
    const payment = JSON.parse(r.payment.body) as SimPayment;
    let customerName: string | null;
    try {
      customerName = r.customer ? String((JSON.parse(r.customer) as { name?: unknown }).name ?? "") : null;
    } catch {
      customerName = null;
    }
    return {
      id: r.payment.id,
      createdAt: r.payment.createdAt,
      payment,
      customerName,
      actions: availableActions(payment, today),
      webhook: r.hook ? { url: r.hook.url, failures: r.hook.failures, interrupted: r.hook.interrupted } : null,
    };
  });
  const last = page[page.length - 1];
  return { rows: page, next: rows.length > SIM_PAGE_SIZE && last ? `${last.createdAt}|${last.id}` : null };
}

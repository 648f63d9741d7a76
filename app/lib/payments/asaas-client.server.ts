/**
 * The typed Asaas API client (issue #19): customers, payments, the Pix QR code, the
 * boleto's digitable line, updates and deletes, the webhook registration and the
 * account (test connection). It speaks through a `transport` (a fetch-like function)
 * so the same code talks to Asaas over the network or to the local simulator
 * (simulator.server.ts) in development and tests.
 *
 * Money: the app keeps integer cents; Asaas speaks a decimal `value` in reais.
 * `centsToValue` / `valueToCents` convert exactly for 2-decimal amounts.
 *
 * The API key travels only in the `access_token` header; it is never part of a
 * result, an error or a log line.
 */
import type { BillingType, ChargeStatus, PaymentEnvironment } from "~/db/schema/payments";

export const ASAAS_BASE_URLS: Record<PaymentEnvironment, string> = {
  production: "https://api.asaas.com/v3",
  sandbox: "https://api-sandbox.asaas.com/v3",
};

/** A fetch-like function: the network (`fetch`) or the simulator. */
export type AsaasTransport = (request: Request) => Promise<Response>;

/** Integer cents → Asaas's decimal reais: 12345 → 123.45. */
export function centsToValue(cents: number): number {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`centsToValue: ${cents} is not an integer number of cents`);
  return Number((cents / 100).toFixed(2));
}

/** Asaas's decimal reais → integer cents: 123.45 → 12345 (exact for 2-decimal values). */
export function valueToCents(value: number): number {
  if (!Number.isFinite(value)) throw new RangeError(`valueToCents: ${value}`);
  return Math.round(value * 100) + 0;
}

export type AsaasError = { code: string; description: string };

/** A call's outcome: the body, or why not (HTTP status + Asaas's errors; 0 for the network). */
export type AsaasResult<T> = { ok: true; data: T } | { ok: false; status: number; errors: AsaasError[] };

export type AsaasCustomerInput = {
  name: string;
  cpfCnpj: string;
  email?: string | null;
  mobilePhone?: string | null;
  phone?: string | null;
  externalReference?: string | null;
};
export type AsaasCustomer = { object: "customer"; id: string; name: string; cpfCnpj: string; email: string | null; mobilePhone: string | null; externalReference: string | null };

export type AsaasPaymentInput = {
  customer: string;
  billingType: BillingType;
  /** Cents: converted to `value` on the wire. */
  valueCents: number;
  /** YYYY-MM-DD. */
  dueDate: string;
  description?: string | null;
  externalReference?: string | null;
};
export type AsaasPaymentUpdate = { valueCents?: number; dueDate?: string; description?: string | null };

export type AsaasPayment = {
  object: "payment";
  id: string;
  dateCreated: string;
  customer: string;
  value: number;
  netValue: number | null;
  billingType: BillingType;
  status: ChargeStatus;
  dueDate: string;
  originalDueDate?: string;
  paymentDate: string | null;
  clientPaymentDate: string | null;
  confirmedDate: string | null;
  description: string | null;
  externalReference: string | null;
  invoiceUrl: string | null;
  bankSlipUrl: string | null;
  invoiceNumber?: string | null;
  deleted: boolean;
};

export type AsaasPixQrCode = { encodedImage: string; payload: string; expirationDate: string };
export type AsaasIdentificationField = { identificationField: string; nossoNumero: string; barCode: string };
export type AsaasWebhookInput = {
  name: string;
  url: string;
  email: string;
  enabled: boolean;
  interrupted: boolean;
  authToken: string;
  sendType: "SEQUENTIALLY" | "NON_SEQUENTIALLY";
  events: string[];
};
export type AsaasWebhook = { id: string; name: string; url: string; enabled: boolean; interrupted: boolean };
export type AsaasAccount = { object?: string; name: string; email: string | null; cpfCnpj: string | null; walletId?: string | null };

/** The payment events the app registers for (the webhooks Worker and events.server.ts handle them). */
export const WEBHOOK_EVENTS = [
  "PAYMENT_CREATED",
  "PAYMENT_UPDATED",
  "PAYMENT_CONFIRMED",
  "PAYMENT_RECEIVED",
  "PAYMENT_OVERDUE",
  "PAYMENT_DELETED",
  "PAYMENT_RESTORED",
  "PAYMENT_REFUNDED",
  "PAYMENT_REFUND_IN_PROGRESS",
  "PAYMENT_RECEIVED_IN_CASH_UNDONE",
  "PAYMENT_CHARGEBACK_REQUESTED",
  "PAYMENT_CHARGEBACK_DISPUTE",
  "PAYMENT_AWAITING_CHARGEBACK_REVERSAL",
] as const;

export type AsaasClientOptions = { environment: PaymentEnvironment; apiKey: string; userAgent?: string };

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/** Asaas's `{errors: [{code, description}]}`, or one generic error. */
function errorsOf(body: unknown, status: number): AsaasError[] {
  if (isRecord(body) && Array.isArray(body.errors)) {
    const errors = body.errors
      .filter(isRecord)
      .map((e) => ({ code: String(e.code ?? "error"), description: String(e.description ?? "") }))
      .slice(0, 10);
    if (errors.length > 0) return errors;
  }
  return [{ code: status === 401 ? "invalid_access_token" : `http_${status}`, description: status === 401 ? "Unauthorized" : `HTTP ${status}` }];
}

export function asaasClient(transport: AsaasTransport, options: AsaasClientOptions) {
  const base = ASAAS_BASE_URLS[options.environment];

  async function call<T>(method: "GET" | "POST" | "PUT" | "DELETE", path: string, body?: unknown): Promise<AsaasResult<T>> {
    const headers = new Headers({ accept: "application/json", access_token: options.apiKey, "user-agent": options.userAgent ?? "rota" });
    if (body !== undefined) headers.set("content-type", "application/json");
    const request = new Request(`${base}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    let response: Response;
    try {
      response = await transport(request);
    } catch {
      return { ok: false, status: 0, errors: [{ code: "network_error", description: "The payment provider could not be reached" }] };
    }
    let parsed: unknown = null;
    const text = await response.text();
    if (text) {
      try {
        parsed = JSON.parse(text);
      } catch {
        parsed = null;
      }
    }
    if (!response.ok) return { ok: false, status: response.status, errors: errorsOf(parsed, response.status) };
    if (!isRecord(parsed)) return { ok: false, status: response.status, errors: [{ code: "invalid_response", description: "Unexpected answer" }] };
    return { ok: true, data: parsed as T };
  }

  const id = (value: string) => encodeURIComponent(value);

  return {
    environment: options.environment,
    createCustomer: (input: AsaasCustomerInput) =>
      call<AsaasCustomer>("POST", "/customers", {
        name: input.name,
        cpfCnpj: input.cpfCnpj,
        email: input.email ?? undefined,
        mobilePhone: input.mobilePhone ?? undefined,
        phone: input.phone ?? undefined,
        externalReference: input.externalReference ?? undefined,
        notificationDisabled: true,
      }),
    createPayment: (input: AsaasPaymentInput) =>
      call<AsaasPayment>("POST", "/payments", {
        customer: input.customer,
        billingType: input.billingType,
        value: centsToValue(input.valueCents),
        dueDate: input.dueDate,
        description: input.description ?? undefined,
        externalReference: input.externalReference ?? undefined,
      }),
    getPayment: (paymentId: string) => call<AsaasPayment>("GET", `/payments/${id(paymentId)}`),
    updatePayment: (paymentId: string, input: AsaasPaymentUpdate) =>
      call<AsaasPayment>("POST", `/payments/${id(paymentId)}`, {
        ...(input.valueCents !== undefined ? { value: centsToValue(input.valueCents) } : {}),
        ...(input.dueDate !== undefined ? { dueDate: input.dueDate } : {}),
        ...(input.description !== undefined ? { description: input.description ?? "" } : {}),
      }),
    deletePayment: (paymentId: string) => call<{ deleted: boolean; id: string }>("DELETE", `/payments/${id(paymentId)}`),
    pixQrCode: (paymentId: string) => call<AsaasPixQrCode>("GET", `/payments/${id(paymentId)}/pixQrCode`),
    identificationField: (paymentId: string) => call<AsaasIdentificationField>("GET", `/payments/${id(paymentId)}/identificationField`),
    registerWebhook: (input: AsaasWebhookInput) => call<AsaasWebhook>("POST", "/webhooks", input),
    listWebhooks: () => call<{ data: AsaasWebhook[] }>("GET", "/webhooks"),
    updateWebhook: (webhookId: string, input: AsaasWebhookInput) => call<AsaasWebhook>("PUT", `/webhooks/${id(webhookId)}`, input),
    /**
     * The agency's webhook at Asaas: the existing one with this URL is updated (PUT), else one
     * is created (POST) — saving twice never leaves two webhooks (Asaas allows ten per account).
     */
    async upsertWebhook(input: AsaasWebhookInput): Promise<AsaasResult<AsaasWebhook>> {
      const list = await call<{ data: AsaasWebhook[] }>("GET", "/webhooks");
      const existing = list.ok && Array.isArray(list.data.data) ? list.data.data.find((w) => w && w.url === input.url) : undefined;
      return existing ? call<AsaasWebhook>("PUT", `/webhooks/${id(existing.id)}`, input) : call<AsaasWebhook>("POST", "/webhooks", input);
    },
    /** GET /myAccount/commercialInfo: the account's name and document ("test connection"). */
    myAccount: () => call<AsaasAccount>("GET", "/myAccount/commercialInfo"),
  };
}

export type AsaasClient = ReturnType<typeof asaasClient>;

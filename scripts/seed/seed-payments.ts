/**
 * Demo payments (issue #19): Sol Viagens gets an Asaas integration in sandbox with a
 * key the local simulator accepts (`$aact_…`), enabled, settling into a "Conta Asaas"
 * bank account through an "Asaas" intermediary (Pix fee R$ 0,99), and the simulator's
 * account has the agency's webhook registered with the same token — so on a fresh
 * machine a receivable can be charged at once and paid in /dev/asaas.
 *
 * Plain Node: imports by relative path, no `~/`. The key and token are sealed with the
 * local default DATA_ENCRYPTION_KEY (a DATA_ENCRYPTION_KEY of your own in .dev.vars
 * makes the seeded key undecryptable: save the key again in Sistema → Integrações → Asaas).
 * Idempotent: fixed ids and ON CONFLICT DO NOTHING (a second run's fresh ciphertexts are ignored).
 */
import { encryptSecret, randomToken } from "../../app/lib/platform/crypto.server.ts";
import { DEV_KEY } from "../../app/lib/platform/env.server.ts";
import { hashWebhookToken } from "../../app/lib/payments/token.ts";
import { normalizeSearchText } from "../../app/lib/kit/search-text.ts";
import { DEFAULT_ACCOUNT_TYPES } from "../../app/lib/finance/defaults.ts";
import { financeSeedId } from "./seed-finance.ts";
import type { SeedRow } from "./seed-registers.ts";

/** The demo agency's simulator key (not a secret: the simulator accepts any `$aact_` key). */
export const DEMO_ASAAS_KEY = "$aact_demo_sol_viagens_sandbox_0001";

export const PAYMENT_SEED_IDS = {
  bankAccount: "0190a000-0019-7001-8000-000000000001",
  intermediary: "0190a000-0019-7001-8000-000000000002",
  integration: "0190a000-0019-7001-8000-000000000003",
} as const;

export type PaymentSeedTable = "bank_account" | "intermediary" | "payment_integration" | "asaas_sim_webhook";

type Options = { agencyIndex: number; userId: string | null; now: Date; encryptionKey?: string; origin?: string };

/**
 * Sealing uses a random IV and the token is random: the rows are built once per process
 * and agency, so building the seed twice gives the same statements (the seed's test).
 */
const built = new Map<string, Promise<Record<PaymentSeedTable, SeedRow[]>>>();
export function buildPaymentRows(agency: { id: string }, options: Options): Promise<Record<PaymentSeedTable, SeedRow[]>> {
  const cacheKey = JSON.stringify([agency.id, options]);
  let rows = built.get(cacheKey);
  if (!rows) {
    rows = build(agency, options);
    built.set(cacheKey, rows);
  }
  return rows;
}

async function build(agency: { id: string }, options: Options): Promise<Record<PaymentSeedTable, SeedRow[]>> {
  const iso = options.now.toISOString();
  const key = options.encryptionKey ?? DEV_KEY;
  const bookkeeping = { active: 1, created_by: options.userId, deleted_at: null, created_at: iso, updated_at: iso, version: 1 };
  const walletType = financeSeedId("account_type", options.agencyIndex, DEFAULT_ACCOUNT_TYPES.findIndex((t) => t.kind === "wallet") + 1);
  const token = randomToken();
  const ctx = (purpose: string) => ({ secret: key, purpose, aad: agency.id });
  const name = "Conta Asaas";
  return {
    bank_account: [
      {
        id: PAYMENT_SEED_IDS.bankAccount,
        agency_id: agency.id,
        name,
        account_type_id: walletType,
        bank_code: "461",
        branch: "0001",
        number: "1234567-8",
        opening_balance_cents: 0,
        opening_date: iso.slice(0, 10),
        currency: "BRL",
        search_text: normalizeSearchText(name),
        ...bookkeeping,
      },
    ],
    intermediary: [
      {
        id: PAYMENT_SEED_IDS.intermediary,
        agency_id: agency.id,
        name: "Asaas",
        kind: "gateway",
        fee_bp: 0,
        fixed_fee_cents: 99,
        settlement_days: 0,
        bank_account_id: PAYMENT_SEED_IDS.bankAccount,
        ...bookkeeping,
      },
    ],
    payment_integration: [
      {
        id: PAYMENT_SEED_IDS.integration,
        agency_id: agency.id,
        provider: "asaas",
        environment: "sandbox",
        api_key_enc: await encryptSecret(DEMO_ASAAS_KEY, ctx("payments/asaas-api-key")),
        api_key_hint: DEMO_ASAAS_KEY.slice(-4),
        webhook_token_enc: await encryptSecret(token, ctx("payments/asaas-webhook-token")),
        webhook_token_hash: await hashWebhookToken(token),
        enabled: 1,
        intermediary_id: PAYMENT_SEED_IDS.intermediary,
        bank_account_id: PAYMENT_SEED_IDS.bankAccount,
        updated_by: options.userId,
        created_at: iso,
        updated_at: iso,
        version: 1,
      },
    ],
    // The simulator's account of that key, with the agency's webhook (the host is not used: the
    // simulator delivers through the WEBHOOKS service).
    asaas_sim_webhook: [
      {
        account_key: await hashWebhookToken(DEMO_ASAAS_KEY),
        url: `${options.origin ?? "http://localhost:8787"}/webhooks/asaas/${agency.id}`,
        auth_token: token,
        enabled: 1,
        failures: 0,
        interrupted: 0,
        created_at: iso,
      },
    ],
  };
}

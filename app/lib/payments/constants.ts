/**
 * The payment constants the screens need, without the schema (components never import
 * ~/db). They equal the schema's lists (app/db/schema/payments.ts): the type checks below fail otherwise.
 */
import type { BillingType, PaymentEnvironment } from "~/db/schema/payments";

export const ENVIRONMENTS = ["sandbox", "production"] as const satisfies readonly PaymentEnvironment[];
export const CHARGE_BILLING_TYPES = ["PIX", "BOLETO", "CREDIT_CARD", "UNDEFINED"] as const satisfies readonly BillingType[];

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : never) : never;
const _environments: Same<(typeof ENVIRONMENTS)[number], PaymentEnvironment> = true;
const _billing: Same<(typeof CHARGE_BILLING_TYPES)[number], BillingType> = true;
void _environments;
void _billing;

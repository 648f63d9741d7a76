/**
 * The finance settings forms (Financeiro → Configurações): one zod schema per
 * form, used by the actions and fetched on demand by the forms in the browser.
 * The edit schemas add the version the form was loaded with. Choices, limits,
 * error keys and the lists' specs are in the zod-free settings.ts.
 */
import { z } from "zod";
import { activeField, dayField, intField, moneyField, optionalIdField, optionalMoneyField, percentField, requiredIdField } from "~/lib/finance/settings/fields";
import { ACCOUNT_NATURES, ACCOUNT_TYPE_KINDS, CURRENCIES, INTERMEDIARY_KINDS, INTERVAL_KINDS, MAX_INSTALLMENTS, finErr } from "~/lib/finance/settings/settings";
import { versionField } from "~/lib/kit/fields";
import { msg, requiredText } from "~/lib/kit/forms";

const choice = <T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { error: msg.invalid });
const withVersion = <S extends z.ZodRawShape>(shape: S) => ({ ...shape, version: versionField() });

// ---------------------------------------------------------------------------
// Prazos de pagamento

const termShape = {
  name: requiredText(80),
  /** The down payment as a percentage of the total ("25" or "12,5"); empty is none. Below 100 %. */
  downPayment: percentField(9_999),
  installments: intField(1, MAX_INSTALLMENTS),
  firstDueDays: intField(0, 3650, 0),
  intervalKind: choice(INTERVAL_KINDS),
  intervalDays: intField(0, 3650, 0),
  /** 1–31 with interval by day of month (clamped to the month's length: 31 → 30, 29 or 28). */
  dayOfMonth: intField(0, 31, 0),
  active: activeField(),
};

type TermShapeOut = { installments: number; intervalKind: string; intervalDays: number; dayOfMonth: number };
function refineTerm(v: TermShapeOut, ctx: z.RefinementCtx) {
  if (v.intervalKind === "day_of_month" && v.dayOfMonth < 1) ctx.addIssue({ code: "custom", path: ["dayOfMonth"], message: finErr.dayOfMonth });
  if (v.intervalKind === "days" && v.installments > 1 && v.intervalDays < 1) ctx.addIssue({ code: "custom", path: ["intervalDays"], message: finErr.intervalDays });
}

export const paymentTermSchema = z.object(termShape).superRefine(refineTerm);
export const paymentTermEditSchema = z.object(withVersion(termShape)).superRefine(refineTerm);
export type PaymentTermInput = z.output<typeof paymentTermSchema>;

// ---------------------------------------------------------------------------
// Tipos de conta

const typeShape = { name: requiredText(60), kind: choice(ACCOUNT_TYPE_KINDS), active: activeField() };
export const accountTypeSchema = z.object(typeShape);
export const accountTypeEditSchema = z.object(withVersion(typeShape));
export type AccountTypeInput = z.output<typeof accountTypeSchema>;

// ---------------------------------------------------------------------------
// Plano de contas

const CODE = /^[0-9]{1,6}(\.[0-9]{1,6}){0,5}$/;
const chartShape = {
  code: requiredText(40).refine((v) => CODE.test(v), finErr.code),
  name: requiredText(120),
  nature: choice(ACCOUNT_NATURES),
  parentId: optionalIdField(),
  active: activeField(),
};
export const chartAccountSchema = z.object(chartShape);
export const chartAccountEditSchema = z.object(withVersion(chartShape));
export type ChartAccountInput = z.output<typeof chartAccountSchema>;

// ---------------------------------------------------------------------------
// Bancos e caixas

const bankShape = {
  name: requiredText(80),
  accountTypeId: requiredIdField(finErr.accountType),
  /** A 3-digit COMPE code; empty for a cash desk or a wallet. */
  bankCode: z
    .string({ error: msg.invalid })
    .max(10, msg.tooLong)
    .optional()
    .transform((v) => (v ?? "").trim())
    .refine((v) => v === "" || /^[0-9]{3}$/.test(v), finErr.bankCode)
    .transform((v) => v || null),
  branch: z.string({ error: msg.invalid }).trim().max(20, msg.tooLong).optional().transform((v) => v || null),
  number: z.string({ error: msg.invalid }).trim().max(30, msg.tooLong).optional().transform((v) => v || null),
  openingBalance: moneyField({ allowNegative: true }),
  openingDate: dayField(),
  currency: z
    .string({ error: msg.invalid })
    .max(3, finErr.currency)
    .optional()
    .transform((v) => (v ?? "").trim().toUpperCase() || "BRL")
    .refine((v) => (CURRENCIES as readonly string[]).includes(v), finErr.currency),
  active: activeField(),
};
export const bankAccountSchema = z.object(bankShape);
export const bankAccountEditSchema = z.object(withVersion(bankShape));
export type BankAccountInput = z.output<typeof bankAccountSchema>;

// ---------------------------------------------------------------------------
// Intermediadores

const intermediaryShape = {
  name: requiredText(80),
  kind: choice(INTERMEDIARY_KINDS),
  fee: percentField(10_000),
  fixedFee: optionalMoneyField({ max: 100_000_00 }),
  settlementDays: intField(0, 365, 0),
  bankAccountId: optionalIdField(),
  active: activeField(),
};
export const intermediarySchema = z.object(intermediaryShape);
export const intermediaryEditSchema = z.object(withVersion(intermediaryShape));
export type IntermediaryInput = z.output<typeof intermediarySchema>;

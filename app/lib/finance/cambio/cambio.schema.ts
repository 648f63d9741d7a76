/**
 * The Câmbio forms (zod; the actions, and the browser on demand): a rate, the
 * converter and the enabled currencies. Messages are translation keys (fx.errors.*,
 * validation.*).
 */
import { z } from "zod";
import { ALL_CODES, FX_CODES, fxErr, parseDay, parseRate } from "~/lib/finance/fx";
import { MAX_CENTS, parseCents } from "~/lib/finance/money";
import { versionField } from "~/lib/kit/fields";
import { msg } from "~/lib/kit/forms";

const text = (max: number) => z.string({ error: msg.invalid }).max(max, msg.tooLong).optional();

const code = (codes: readonly string[]) =>
  text(3)
    .transform((v) => (v ?? "").trim().toUpperCase())
    .refine((v) => codes.includes(v), fxErr.currency);

const day = () =>
  text(10)
    .transform((v) => (v ?? "").trim())
    .refine((v) => v.length > 0, msg.required)
    .transform((v) => parseDay(v))
    .refine((v): v is string => v !== null, fxErr.date)
    .transform((v) => v as string);

const rate = () =>
  text(20)
    .transform((v) => (v ?? "").trim())
    .refine((v) => v.length > 0, msg.required)
    .transform((v) => parseRate(v))
    .refine((v): v is number => v !== null, fxErr.rate)
    .transform((v) => v as number);

const rateShape = { currency: code(FX_CODES), date: day(), rate: rate() };
/** A rate typed by hand: currency, day and BRL per unit ("5,4321" → rate_e6). */
export const rateSchema = z.object(rateShape);
export const rateEditSchema = z.object({ ...rateShape, version: versionField() });
export type RateInput = z.output<typeof rateSchema>;

/** The converter: an amount ("1.234,56"), from, to and the day whose rates to use. */
export const convertSchema = z.object({
  amount: text(40)
    .transform((v) => (v ?? "").trim())
    .refine((v) => v.length > 0, msg.required)
    .transform((v) => parseCents(v, { allowNegative: true }))
    .refine((v): v is number => v !== null && Math.abs(v) <= MAX_CENTS, fxErr.amount)
    .transform((v) => v as number),
  from: code(ALL_CODES),
  to: code(ALL_CODES),
  date: day(),
});
export type ConvertInput = z.output<typeof convertSchema>;

/** The enabled currencies: checkboxes named `code` (BRL, the base, is always on). */
export const currenciesSchema = z.object({
  code: z
    .union([z.string({ error: msg.invalid }), z.array(z.string({ error: msg.invalid }))], { error: msg.invalid })
    .optional()
    // One ticked box posts a text, several a list.
    .transform((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]))
    .refine((v) => v.length <= FX_CODES.length * 2 && v.every((c) => FX_CODES.includes(c)), fxErr.currency)
    .transform((v) => [...new Set(v)]),
});
export type CurrenciesInput = z.output<typeof currenciesSchema>;

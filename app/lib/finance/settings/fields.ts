/**
 * The zod field builders of the finance settings forms (settings.schema.ts).
 * Messages are translation keys (financeSettings.errors.*, validation.*); the
 * keys, paths and currencies are in the zod-free settings.ts.
 */
import { z } from "zod";
import { MAX_CENTS, parseBp, parseCents } from "~/lib/finance/money";
import { isIsoDay } from "~/lib/finance/schedule";
import { finErr } from "~/lib/finance/settings/settings";
import { msg } from "~/lib/kit/forms";

/** Text a form posts: a string, or absent. Several values under one name are refused by zod (not a string). */
const text = (max: number) => z.string({ error: msg.invalid }).max(max, msg.tooLong).optional();

/** A required amount typed as "1.234,56" → cents (negative only with `allowNegative`). */
export const moneyField = ({ allowNegative = false, max = MAX_CENTS } = {}) =>
  text(40)
    .transform((v) => (v ?? "").trim())
    .refine((v) => v.length > 0, msg.required)
    .transform((v) => parseCents(v, { allowNegative }))
    .refine((v): v is number => v !== null && Math.abs(v) <= max, finErr.money)
    .transform((v) => v as number);

/** An optional amount: empty is 0. */
export const optionalMoneyField = ({ max = MAX_CENTS } = {}) =>
  text(40)
    .transform((v) => (v ?? "").trim())
    .transform((v) => (v === "" ? 0 : parseCents(v)))
    .refine((v): v is number => v !== null && v <= max, finErr.money)
    .transform((v) => v as number);

/** A percentage typed as "2,5" → basis points (0 – `max`); empty is 0. */
export const percentField = (max = 10_000) =>
  text(20)
    .transform((v) => (v ?? "").trim())
    .transform((v) => (v === "" ? 0 : parseBp(v, max)))
    .refine((v): v is number => v !== null, finErr.percent)
    .transform((v) => v as number);

/** A whole number within bounds; empty is `empty` (or required when undefined). */
export const intField = (min: number, max: number, empty?: number) =>
  text(12)
    .transform((v) => (v ?? "").trim())
    .refine((v) => v !== "" || empty !== undefined, msg.required)
    .refine((v) => v === "" || /^[0-9]{1,9}$/.test(v), finErr.integer)
    .transform((v) => (v === "" ? (empty as number) : Number.parseInt(v, 10)))
    .refine((v) => v >= min && v <= max, finErr.integer);

/** A required calendar day "YYYY-MM-DD" between 1900 and 2999. */
export const dayField = () =>
  text(10)
    .transform((v) => (v ?? "").trim())
    .refine((v) => v.length > 0, msg.required)
    .refine((v) => isIsoDay(v) && v >= "1900-01-01" && v <= "2999-12-31", finErr.date);

/** A checkbox: present ("on") is true. */
export const activeField = () =>
  z
    .union([z.boolean(), z.string()])
    .optional()
    .transform((v) => v === true || v === "on" || v === "true");

/** An id of another row (a select): empty is null; the action checks it is the agency's. */
export const optionalIdField = () =>
  text(64)
    .transform((v) => (v ?? "").trim() || null)
    .refine((v) => v === null || /^[A-Za-z0-9_-]{1,64}$/.test(v), msg.invalid);

export const requiredIdField = (error: string) =>
  text(64)
    .transform((v) => (v ?? "").trim())
    .refine((v) => /^[A-Za-z0-9_-]{1,64}$/.test(v), error);

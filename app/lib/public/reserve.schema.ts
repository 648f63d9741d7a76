/**
 * "Quero reservar" (issue #21): the visitor's request on a package or excursion page.
 * Messages are translation keys (validation.*, public.reserve.errors.*), rendered in the
 * visitor's language. The departure must be one of the page's (checked by reserve.server.ts).
 */
import { z } from "zod";
import { emailField, msg, requiredText } from "~/lib/kit/forms";

export const reserveErr = {
  phone: "public.reserve.errors.phone",
  passengers: "public.reserve.errors.passengers",
  departure: "public.reserve.errors.departure",
} as const;

export const reserveSchema = z.object({
  name: requiredText(200),
  email: emailField(),
  phone: z
    .string({ error: msg.required })
    .trim()
    .min(1, msg.required)
    .max(30, msg.tooLong)
    .refine((v) => /^[0-9+()\s.-]{8,30}$/.test(v) && v.replace(/\D/g, "").length >= 8, reserveErr.phone),
  departure: z.string({ error: reserveErr.departure }).trim().min(1, reserveErr.departure).max(64, reserveErr.departure),
  passengers: z.coerce.number({ error: reserveErr.passengers }).int(reserveErr.passengers).min(1, reserveErr.passengers).max(60, reserveErr.passengers),
});
export type ReserveInput = z.infer<typeof reserveSchema>;

/** Requests one address may send in an hour (all pages), and per page and address. */
export const RESERVE_RATE = { windowMs: 60 * 60 * 1000, max: 5 };

/**
 * The client portal's sign-in rules (issue #21 item 4; docs/decisions/0021-client-portal.md):
 * shared by the server and the forms.
 */
import { z } from "zod";
import type { RateRule } from "~/lib/platform/rate-limit.server";

/** A one-time code: 6 digits, valid 10 minutes, 5 tries. */
export const CODE_TTL_MS = 10 * 60 * 1000;
export const CODE_MAX_TRIES = 5;
/** Codes asked for one e-mail (per agency), and from one address, per window. */
export const CODE_RATE_PER_EMAIL: RateRule = { windowMs: 15 * 60 * 1000, max: 5 };
export const CODE_RATE_PER_IP: RateRule = { windowMs: 15 * 60 * 1000, max: 10 };
/** Code checks from one address per window (each code also has its own 5 tries). */
export const VERIFY_RATE_PER_IP: RateRule = { windowMs: 15 * 60 * 1000, max: 30 };
/** A portal session lasts 7 days from sign-in. */
export const PORTAL_SESSION_MS = 7 * 24 * 60 * 60 * 1000;

export const normaliseEmail = (value: string) => value.trim().toLowerCase();

export const requestCodeSchema = z.object({
  email: z.string({ error: "portal.errors.email" }).trim().toLowerCase().max(254, "portal.errors.email").pipe(z.email("portal.errors.email")),
});

export const verifyCodeSchema = z.object({
  email: z.string({ error: "portal.errors.email" }).trim().toLowerCase().max(254, "portal.errors.email").pipe(z.email("portal.errors.email")),
  code: z
    .string({ error: "portal.errors.code" })
    .transform((v) => v.replace(/\s+/g, ""))
    .pipe(z.string().regex(/^\d{6}$/, "portal.errors.code")),
});

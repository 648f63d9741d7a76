/**
 * What the receptive registers share: paths, error keys (app/locales/receptive),
 * who may delete, Brazilian vehicle and licence numbers (plate, RENAVAM, CNH),
 * and how close a document is to its expiry. Pure.
 */
import type { Role } from "~/db/schema/platform";
import { onlyDigits } from "~/lib/platform/br-documents";

export const RECEPTIVE_PATHS = {
  services: "/receptivo/servicos",
  drivers: "/receptivo/motoristas",
  guides: "/receptivo/guias",
  fleet: "/receptivo/frota",
} as const;

export const rcpErr = {
  plate: "receptive.errors.plate",
  renavam: "receptive.errors.renavam",
  cnh: "receptive.errors.cnh",
  cpf: "receptive.errors.cpf",
  cadastur: "receptive.errors.cadastur",
  provider: "receptive.errors.provider",
  languages: "receptive.errors.languages",
  duration: "receptive.errors.duration",
  year: "receptive.errors.year",
  seats: "receptive.errors.seats",
  expiry: "receptive.errors.expiry",
} as const;

/** Deleting a receptive register (it leaves lists and the schedule) is for administrators and operations. */
export const RECEPTIVE_MANAGERS: readonly Role[] = ["SuperAdmin", "Admin", "Operacional"];
export const canManageReceptive = (role: Role) => RECEPTIVE_MANAGERS.includes(role);

// ---------------------------------------------------------------------------
// Plates, RENAVAM, CNH

const PLATE = /^[A-Z]{3}[0-9][A-Z0-9][0-9]{2}$/;

/** A plate as typed ("abc-1234", "ABC 1D23") → stored form ("ABC1234"), or null when it is neither format. */
export function normalizePlate(value: string | null | undefined): string | null {
  const v = (value ?? "").toUpperCase().replace(/[\s-]/g, "");
  return PLATE.test(v) ? v : null;
}

/** Whether a stored plate is of the Mercosul format (ABC1D23) rather than the old one (ABC1234). */
export const isMercosulPlate = (plate: string) => /^[A-Z]{3}[0-9][A-Z][0-9]{2}$/.test(plate);

/** A stored plate as people write it: "ABC-1234" (old) or "ABC1D23" (Mercosul). */
export const formatPlate = (plate: string) => (isMercosulPlate(plate) || plate.length !== 7 ? plate : `${plate.slice(0, 3)}-${plate.slice(3)}`);

/** The RENAVAM's check digit of its first ten digits (DENATRAN: weights 3,2,9,8,7,6,5,4,3,2; ×10 mod 11; 10 → 0). */
export function renavamCheckDigit(base10: string): number {
  const weights = [3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
  const sum = weights.reduce((acc, w, i) => acc + w * Number(base10[i]), 0);
  const dv = (sum * 10) % 11;
  return dv === 10 ? 0 : dv;
}

/** A RENAVAM of 9 to 11 digits (old ones are left-padded with zeros) whose check digit matches. */
export function normalizeRenavam(value: string | null | undefined): string | null {
  const digits = onlyDigits(value);
  if (digits.length < 9 || digits.length > 11) return null;
  const padded = digits.padStart(11, "0");
  if (/^0+$/.test(padded)) return null;
  return renavamCheckDigit(padded.slice(0, 10)) === Number(padded[10]) ? padded : null;
}

/** A CNH registration number: 11 digits, not all the same. */
export function normalizeCnh(value: string | null | undefined): string | null {
  const digits = onlyDigits(value);
  return digits.length === 11 && !/^(\d)\1{10}$/.test(digits) && /^[0-9 .-]+$/.test((value ?? "").trim()) ? digits : null;
}

// ---------------------------------------------------------------------------
// Expiry

/** Days before an expiry at which a document is shown as close to it (the alert job warns at 30 and 7). */
export const EXPIRY_SOON_DAYS = 30;

export type ExpiryState = "missing" | "expired" | "soon" | "valid";

const dayNumber = (day: string) => Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10))) / 86_400_000;

/** Days from `today` to `day` (both "YYYY-MM-DD"; negative when `day` is past). */
export const daysUntil = (day: string, today: string) => Math.round(dayNumber(day) - dayNumber(today));

/**
 * A document is valid through its expiry day: expired from the day after,
 * "soon" within EXPIRY_SOON_DAYS days of it (inclusive).
 */
export function expiryState(expiry: string | null | undefined, today: string): ExpiryState {
  if (!expiry) return "missing";
  const days = daysUntil(expiry, today);
  if (days < 0) return "expired";
  return days <= EXPIRY_SOON_DAYS ? "soon" : "valid";
}

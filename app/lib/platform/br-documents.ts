/**
 * Brazilian documents and contact numbers: CPF and CNPJ check digits, masks for
 * CPF, CNPJ, CEP and phones, and generators of valid CPF/CNPJ from a seeded PRNG
 * (demo seed and tests).
 *
 * Pure and dependency-free: it runs in the Worker, the browser and plain Node
 * (scripts/seed/seed.ts imports it through Node's type stripping), so it uses erasable
 * TypeScript only (no enums, no namespaces, no parameter properties).
 *
 * Stored form: documents, CEPs and Brazilian phones are stored as digits only
 * (phones without the +55 country code); masks are for display.
 *
 * Not covered: the alphanumeric CNPJ (IN RFB 2.229/2024, issued from July 2026),
 * whose first 12 characters may be letters. Supporting it changes the stored form
 * (no longer digits) and the database check on the document columns.
 */

export const CPF_LENGTH = 11;
export const CNPJ_LENGTH = 14;
export const CEP_LENGTH = 8;

export const CPF_MASK = "000.000.000-00";
export const CNPJ_MASK = "00.000.000/0000-00";
export const CEP_MASK = "00000-000";
export const PHONE_MASK_MOBILE = "(00) 00000-0000";
export const PHONE_MASK_LANDLINE = "(00) 0000-0000";

/** Every character that is not an ASCII digit removed. */
export const onlyDigits = (value: string | null | undefined): string => (value ?? "").replace(/[^0-9]/g, "");

/** Punctuation a masked document may carry (and stray spaces). */
const DOCUMENT_SEPARATORS = /[\s.\-/]/g;

/**
 * The digits of a document typed masked or unmasked, or null when it holds
 * anything but digits and separators, or has the wrong length. Letters are not
 * silently dropped: "123.456.789-0x9" is not a CPF.
 */
function documentDigits(value: string | null | undefined, length: number): string | null {
  if (typeof value !== "string") return null;
  const digits = value.replace(DOCUMENT_SEPARATORS, "");
  return digits.length === length && /^[0-9]+$/.test(digits) ? digits : null;
}

const allSame = (digits: string) => /^(\d)\1*$/.test(digits);

/** Modulo-11 check digit: remainder 0 or 1 gives 0, otherwise 11 − remainder. */
function mod11(digits: string, weights: readonly number[]): number {
  let sum = 0;
  for (let i = 0; i < weights.length; i++) sum += (digits.charCodeAt(i) - 48) * weights[i];
  const r = sum % 11;
  return r < 2 ? 0 : 11 - r;
}

const CPF_WEIGHTS_1 = [10, 9, 8, 7, 6, 5, 4, 3, 2] as const;
const CPF_WEIGHTS_2 = [11, 10, 9, 8, 7, 6, 5, 4, 3, 2] as const;
const CNPJ_WEIGHTS_1 = [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2] as const;
const CNPJ_WEIGHTS_2 = [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2] as const;

/** The two check digits of a CPF from its first nine digits. */
export function cpfCheckDigits(base: string): string {
  if (!/^[0-9]{9}$/.test(base)) throw new RangeError("a CPF base has 9 digits");
  const d1 = mod11(base, CPF_WEIGHTS_1);
  const d2 = mod11(base + d1, CPF_WEIGHTS_2);
  return `${d1}${d2}`;
}

/** The two check digits of a CNPJ from its first twelve digits. */
export function cnpjCheckDigits(base: string): string {
  if (!/^[0-9]{12}$/.test(base)) throw new RangeError("a CNPJ base has 12 digits");
  const d1 = mod11(base, CNPJ_WEIGHTS_1);
  const d2 = mod11(base + d1, CNPJ_WEIGHTS_2);
  return `${d1}${d2}`;
}

/**
 * A valid CPF, masked ("123.456.789-09") or not ("12345678909"). Sequences of
 * one repeated digit (000.000.000-00, 111.111.111-11, ...) pass the arithmetic
 * but are not issued, and are refused.
 */
export function isValidCpf(value: string | null | undefined): boolean {
  const digits = documentDigits(value, CPF_LENGTH);
  if (!digits || allSame(digits)) return false;
  return digits.slice(9) === cpfCheckDigits(digits.slice(0, 9));
}

/** A valid CNPJ, masked ("11.222.333/0001-81") or not; repeated-digit sequences refused. */
export function isValidCnpj(value: string | null | undefined): boolean {
  const digits = documentDigits(value, CNPJ_LENGTH);
  if (!digits || allSame(digits)) return false;
  return digits.slice(12) === cnpjCheckDigits(digits.slice(0, 12));
}

export type DocumentKind = "cpf" | "cnpj";

/** A CPF or CNPJ typed either way: its kind and digits, or null when it is neither. */
export function parseDocument(value: string | null | undefined): { kind: DocumentKind; digits: string } | null {
  if (isValidCpf(value)) return { kind: "cpf", digits: onlyDigits(value) };
  if (isValidCnpj(value)) return { kind: "cnpj", digits: onlyDigits(value) };
  return null;
}

/** Digits of a CPF or CNPJ for storage (masks and spaces dropped). */
export const normalizeDocument = onlyDigits;
export const normalizeCpf = onlyDigits;
export const normalizeCnpj = onlyDigits;
export const normalizeCep = onlyDigits;

/** `digits` laid into `mask`, where each 0 takes one digit. Assumes the lengths agree. */
function applyMask(digits: string, mask: string): string {
  let i = 0;
  let out = "";
  for (const ch of mask) out += ch === "0" ? digits[i++] : ch;
  return out;
}

/** "12345678909" → "123.456.789-09"; anything not of 11 digits is returned unchanged. */
export function formatCpf(value: string | null | undefined): string {
  const digits = onlyDigits(value);
  return digits.length === CPF_LENGTH ? applyMask(digits, CPF_MASK) : (value ?? "");
}

/** "11222333000181" → "11.222.333/0001-81"; anything not of 14 digits is returned unchanged. */
export function formatCnpj(value: string | null | undefined): string {
  const digits = onlyDigits(value);
  return digits.length === CNPJ_LENGTH ? applyMask(digits, CNPJ_MASK) : (value ?? "");
}

/** A CPF or CNPJ masked by its length (11 or 14 digits); anything else unchanged. */
export function formatDocument(value: string | null | undefined): string {
  const digits = onlyDigits(value);
  if (digits.length === CPF_LENGTH) return applyMask(digits, CPF_MASK);
  if (digits.length === CNPJ_LENGTH) return applyMask(digits, CNPJ_MASK);
  return value ?? "";
}

/** Eight digits, not all zero (masked "01310-100" or not). */
export function isValidCep(value: string | null | undefined): boolean {
  const digits = documentDigits(value, CEP_LENGTH);
  return digits !== null && digits !== "00000000";
}

/** "01310100" → "01310-100"; anything not of 8 digits is returned unchanged. */
export function formatCep(value: string | null | undefined): string {
  const digits = onlyDigits(value);
  return digits.length === CEP_LENGTH ? applyMask(digits, CEP_MASK) : (value ?? "");
}

/** Area codes (DDD) in use in Brazil (Anatel). */
export const BR_AREA_CODES: ReadonlySet<string> = new Set(
  (
    "11 12 13 14 15 16 17 18 19 21 22 24 27 28 31 32 33 34 35 37 38 41 42 43 44 45 46 47 48 49 " +
    "51 53 54 55 61 62 63 64 65 66 67 68 69 71 73 74 75 77 79 81 82 83 84 85 86 87 88 89 " +
    "91 92 93 94 95 96 97 98 99"
  ).split(" "),
);

/**
 * A phone for storage. Brazilian numbers become their national digits, area
 * code first, 10 (landline) or 11 (mobile) digits: "+55 (11) 91234-5678",
 * "55 11 91234 5678" and "011 91234-5678" all give "11912345678". A number
 * written with another country code keeps it: "+54 11 4321-0000" → "+541143210000".
 * Anything else is reduced to its digits.
 */
export function normalizePhone(value: string | null | undefined): string {
  const raw = (value ?? "").trim();
  const digits = onlyDigits(raw);
  const international = raw.startsWith("+") || raw.startsWith("00");
  const body = raw.startsWith("00") ? digits.slice(2) : digits;
  if (international) {
    if (body.startsWith("55") && (body.length === 12 || body.length === 13)) return body.slice(2);
    return body ? `+${body}` : "";
  }
  // 55 + national number: there is no 12- or 13-digit national number to confuse it with.
  if ((digits.length === 12 || digits.length === 13) && digits.startsWith("55")) return digits.slice(2);
  // Trunk prefix 0 before the area code ("011 ..."); area codes never start with 0.
  if ((digits.length === 11 || digits.length === 12) && digits.startsWith("0")) return digits.slice(1);
  return digits;
}

/**
 * A Brazilian phone in any usual writing: a known area code, then 9 + eight
 * digits (mobile) or eight digits starting 2–5 (landline).
 */
export function isValidBrPhone(value: string | null | undefined): boolean {
  const n = normalizePhone(value);
  if (!/^[0-9]{10,11}$/.test(n) || !BR_AREA_CODES.has(n.slice(0, 2))) return false;
  return n.length === 11 ? n[2] === "9" : n[2] >= "2" && n[2] <= "5";
}

/** "11912345678" or "+55 11 91234-5678" → "(11) 91234-5678"; "1130001000" → "(11) 3000-1000". Other numbers unchanged. */
export function formatPhone(value: string | null | undefined): string {
  const n = normalizePhone(value);
  if (/^[0-9]{11}$/.test(n)) return applyMask(n, PHONE_MASK_MOBILE);
  if (/^[0-9]{10}$/.test(n)) return applyMask(n, PHONE_MASK_LANDLINE);
  return value ?? "";
}

/** E.164 form for links (tel:, wa.me): "+5511912345678"; null when it cannot tell. */
export function phoneToE164(value: string | null | undefined): string | null {
  const n = normalizePhone(value);
  if (/^[0-9]{10,11}$/.test(n)) return `+55${n}`;
  if (/^\+[1-9][0-9]{6,14}$/.test(n)) return n;
  return null;
}

// ---------------------------------------------------------------------------
// Generators (seeded, deterministic): for the demo seed and for tests only.

/** A source of numbers in [0, 1). */
export type Rng = () => number;

/** mulberry32: a small, fast, seedable 32-bit PRNG. Same seed, same sequence. */
export function mulberry32(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A 32-bit seed from a string (FNV-1a), to derive a stable PRNG per key. */
export function seedFromString(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** `length` random decimal digits. */
export function randomDigits(rng: Rng, length: number): string {
  let out = "";
  for (let i = 0; i < length; i++) out += Math.floor(rng() * 10) % 10;
  return out;
}

/** A valid CPF (11 digits, unmasked), never a repeated-digit sequence. */
export function generateCpf(rng: Rng): string {
  for (;;) {
    const base = randomDigits(rng, 9);
    const cpf = base + cpfCheckDigits(base);
    if (!allSame(cpf)) return cpf;
  }
}

/**
 * A valid CNPJ (14 digits, unmasked): eight random root digits, the branch
 * number (1, the head office "0001", unless told) and the check digits.
 */
export function generateCnpj(rng: Rng, options: { branch?: number } = {}): string {
  const branch = options.branch ?? 1;
  if (!Number.isInteger(branch) || branch < 1 || branch > 9999) throw new RangeError("a CNPJ branch is 1–9999");
  for (;;) {
    const base = randomDigits(rng, 8) + String(branch).padStart(4, "0");
    const cnpj = base + cnpjCheckDigits(base);
    if (!allSame(cnpj)) return cnpj;
  }
}

/**
 * Text for accent- and case-insensitive search. Register rows keep a
 * `search_text` column built with `buildSearchText` (name, document, e-mail...)
 * and a list query matches each term of `searchTerms(q)` with
 * `search_text LIKE likeContains(term) ESCAPE '\'`, so "jose" finds "José" and
 * "sao paulo" finds "São Paulo" without SQLite knowing about accents.
 *
 * Pure and dependency-free (scripts/seed/seed.ts imports it through Node's type stripping).
 */

/** Combining marks left by NFD decomposition: "é" → "e" + U+0301. */
const COMBINING_MARKS = /\p{M}/gu;

/** Letters NFD does not decompose but people type without the mark. */
const FOLDS: Record<string, string> = { ß: "ss", æ: "ae", œ: "oe", ø: "o", đ: "d", ł: "l", ı: "i" };
const FOLDABLE = /[ßæœøđłı]/g;

/**
 * Lowercase, without accents, with whitespace collapsed to single spaces and
 * trimmed: "  José  da SILVA " → "jose da silva", "São Paulo" → "sao paulo".
 */
export function normalizeSearchText(value: string | null | undefined): string {
  if (!value) return "";
  return value
    .normalize("NFD")
    .replace(COMBINING_MARKS, "")
    .toLowerCase()
    .replace(FOLDABLE, (ch) => FOLDS[ch] ?? ch)
    .replace(/\s+/g, " ")
    .trim();
}

/** Whether two texts are equal for search: `searchEquals("José", "jose")`. */
export const searchEquals = (a: string | null | undefined, b: string | null | undefined) =>
  normalizeSearchText(a) === normalizeSearchText(b);

/** Whether `needle` occurs in `haystack` for search: `searchIncludes("São Paulo - SP", "sao paulo")`. */
export const searchIncludes = (haystack: string | null | undefined, needle: string | null | undefined) =>
  normalizeSearchText(haystack).includes(normalizeSearchText(needle));

/**
 * The `search_text` of a row from its parts (name, trade name, document digits,
 * e-mails...): each part normalised, empty ones dropped, joined by one space.
 * Arrays (a row's e-mails) are flattened.
 */
export function buildSearchText(...parts: (string | null | undefined | readonly (string | null | undefined)[])[]): string {
  return parts
    .flat()
    .map(normalizeSearchText)
    .filter((p) => p.length > 0)
    .join(" ");
}

/**
 * The terms of a typed query, each to be found in `search_text`. A term made
 * only of digits and document/phone punctuation ("123.456.789-09", "(11)") is
 * reduced to its digits, since documents are stored as digits.
 */
export function searchTerms(query: string | null | undefined): string[] {
  const terms = normalizeSearchText(query)
    .split(" ")
    .map((t) => (/^[0-9.\-/()]+$/.test(t) && /[0-9]/.test(t) ? t.replace(/[^0-9]/g, "") : t))
    .filter((t) => t.length > 0);
  return [...new Set(terms)];
}

/** A LIKE pattern for "contains `term`", escaping %, _ and \ (use with `ESCAPE '\'`). */
export function likeContains(term: string): string {
  return `%${term.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

type Text = string | null | undefined;

/**
 * What each register's `search_text` holds, in one place for the app and the
 * demo seed: write it on every insert and update from the row's new values.
 */
export const registerSearchText = {
  /** Name, trade name, CPF/CNPJ digits, e-mails and phone digits. */
  client: (r: { name: string; tradeName?: Text; document?: Text; emails?: readonly string[] | null; phones?: readonly { number: string }[] | null }) =>
    buildSearchText(r.name, r.tradeName, r.document, r.emails ?? [], (r.phones ?? []).map((p) => p.number)),
  /** Supplier or provider: name, trade name, CPF/CNPJ digits, e-mail and city. */
  partner: (r: { name: string; tradeName?: Text; document?: Text; email?: Text; city?: Text }) =>
    buildSearchText(r.name, r.tradeName, r.document, r.email, r.city),
  agent: (r: { name: string; document?: Text; email?: Text }) => buildSearchText(r.name, r.document, r.email),
  boardingPoint: (r: { name: string; address?: Text; district?: Text; city?: Text }) =>
    buildSearchText(r.name, r.address, r.district, r.city),
  destination: (r: { name: string; city?: Text; state?: Text; country?: Text }) => buildSearchText(r.name, r.city, r.state, r.country),
  productKind: (r: { kind: string; defaultCategory?: Text }) => buildSearchText(r.kind, r.defaultCategory),
};

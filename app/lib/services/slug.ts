/**
 * Public slugs of services (/pacote/{slug}): lower-case ASCII letters, digits
 * and single hyphens, 1–120 characters (the table's check), unique across
 * agencies. Made from the agency's slug (or name) and the title, editable,
 * made unique on create with a numeric suffix. Pure (the seed imports it).
 */

export const SLUG_MAX = 120;
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** Whether a text is a slug as stored. */
export const isSlug = (value: string) => value.length >= 1 && value.length <= SLUG_MAX && SLUG.test(value);

/**
 * Any text as a slug: accents off ("São João" → "sao-joao"), everything that is
 * not a letter or digit a hyphen, hyphens collapsed and trimmed, at most `max`
 * characters (cut at a hyphen when there is one near the end). "" when nothing is left.
 */
export function slugify(value: string, max = SLUG_MAX): string {
  const base = value
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/ß/g, "ss")
    .replace(/[æ]/g, "ae")
    .replace(/[œ]/g, "oe")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
  if (base.length <= max) return base;
  const cut = base.slice(0, max);
  const hyphen = cut.lastIndexOf("-");
  return (hyphen > max / 2 ? cut.slice(0, hyphen) : cut).replace(/-+$/, "");
}

/** The slug a new package gets: the agency's slug (or name) and the title ("sol-viagens-gramado-natal-luz"). */
export function packageSlug(agency: string, title: string): string {
  const prefix = slugify(agency, 40);
  const rest = slugify(title, SLUG_MAX - prefix.length - 1 - 4);
  return [prefix, rest].filter(Boolean).join("-") || "pacote";
}

/** The slug with a numeric suffix that keeps it within the length ("gramado-2"). */
export function withSuffix(slug: string, n: number): string {
  if (n <= 1) return slug;
  const suffix = `-${n}`;
  return `${slugify(slug, SLUG_MAX - suffix.length)}${suffix}`;
}

/** The first of slug, slug-2, slug-3… not in `taken` (a set of the slugs already used). */
export function uniqueSlug(slug: string, taken: ReadonlySet<string>): string {
  for (let n = 1; n < 10_000; n++) {
    const candidate = withSuffix(slug, n);
    if (!taken.has(candidate)) return candidate;
  }
  return withSuffix(slug, Date.now());
}

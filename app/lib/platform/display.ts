/** Display rules of spec §5. */

const words = (name: string | null | undefined) => (name ?? "").trim().split(/\s+/).filter(Boolean);

/** The header shows the first and last word of the name, or the e-mail without a name. */
export function displayName(name: string | null | undefined, email: string): string {
  const w = words(name);
  if (w.length === 0) return email;
  if (w.length === 1) return w[0]!;
  return `${w[0]} ${w[w.length - 1]}`;
}

/** First letters of the first and last words, uppercased; '?' without a name. */
export function initials(name: string | null | undefined): string {
  const w = words(name);
  if (w.length === 0) return "?";
  const first = w[0]!.charAt(0);
  const last = w.length > 1 ? w[w.length - 1]!.charAt(0) : "";
  return (first + last).toLocaleUpperCase();
}

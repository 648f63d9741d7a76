/** An agency's sitemap (sitemaps.org, with xhtml:link hreflang alternates per language). */
import { LANGUAGES } from "~/locales";

const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

export function sitemapXml(origin: string, agencySlug: string, pages: readonly { kind: "package" | "excursion"; slug: string; updatedAt: string }[]): string {
  const entry = (path: string, lastmod: string | null) => {
    const loc = `${origin}${path}`;
    const alts = LANGUAGES.map((l) => `<xhtml:link rel="alternate" hreflang="${l}" href="${esc(`${loc}?lng=${l}`)}"/>`).join("");
    return `<url><loc>${esc(loc)}</loc>${lastmod ? `<lastmod>${esc(lastmod.slice(0, 10))}</lastmod>` : ""}${alts}</url>`;
  };
  const urls = [entry(`/agencia/${agencySlug}/pacotes`, null), ...pages.map((p) => entry(`/${p.kind === "package" ? "pacote" : "excursao"}/${p.slug}`, p.updatedAt))];
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">${urls.join("")}</urlset>\n`;
}

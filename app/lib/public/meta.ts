/** The public pages' head: title, description, canonical URL, hreflang alternates, Open Graph, Twitter card and JSON-LD. */
export type PublicMeta = {
  title: string;
  description: string;
  image: string | null;
  canonical: string;
  alternates: { lng: string; href: string }[];
  jsonLd?: object;
  lang?: string;
};

const OG_LOCALE: Record<string, string> = { pt: "pt_BR", en: "en_US", es: "es_ES" };

export function publicMetaTags(m: PublicMeta, type: "website" | "product" = "website") {
  return [
    { title: m.title },
    { name: "description", content: m.description },
    { tagName: "link", rel: "canonical", href: m.canonical },
    ...m.alternates.map((a) => ({ tagName: "link", rel: "alternate", hrefLang: a.lng, href: a.href })),
    { tagName: "link", rel: "alternate", hrefLang: "x-default", href: m.canonical },
    { property: "og:type", content: type },
    { property: "og:title", content: m.title },
    { property: "og:description", content: m.description },
    { property: "og:url", content: m.canonical },
    ...(m.lang && OG_LOCALE[m.lang] ? [{ property: "og:locale", content: OG_LOCALE[m.lang] }] : []),
    ...(m.image ? [{ property: "og:image", content: m.image }] : []),
    { name: "twitter:card", content: m.image ? "summary_large_image" : "summary" },
    { name: "twitter:title", content: m.title },
    { name: "twitter:description", content: m.description },
    ...(m.image ? [{ name: "twitter:image", content: m.image }] : []),
    ...(m.jsonLd ? [{ "script:ld+json": m.jsonLd }] : []),
  ];
}

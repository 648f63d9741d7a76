import { describe, expect, it } from "vitest";
import { brandColor } from "~/lib/public/brand";
import { publicCacheKey } from "~/lib/public/cache.server";
import { parseCatalogQuery } from "~/lib/public/catalog";
import { sitemapXml } from "~/lib/public/sitemap";
import { detectLanguage } from "~/middleware/i18n";

describe("public pages' pieces", () => {
  it("reads the list's filter from the URL, dropping bad values", () => {
    expect(parseCatalogQuery(new URLSearchParams("destino=abc_1&mes=2027-07&ate=1500&apos=2027-07-01~package:x")).filter).toEqual({ destination: "abc_1", month: "2027-07", maxPriceCents: 150000 });
    expect(parseCatalogQuery(new URLSearchParams("destino=a%20b&mes=2027-13&ate=-3")).filter).toEqual({ destination: null, month: null, maxPriceCents: null });
  });

  it("keys the cache by agency, version, language and the sorted query without lng", () => {
    const a = publicCacheKey(new URL("https://x.example/pacote/p?b=2&a=1&lng=en"), "ag1", 7, "en").url;
    const b = publicCacheKey(new URL("https://x.example/pacote/p?a=1&b=2"), "ag1", 7, "en").url;
    expect(a).toBe(b);
    expect(a).toBe("https://x.example/__public-cache/ag1/v7/en/pacote/p?a=1&b=2");
    expect(publicCacheKey(new URL("https://x.example/pacote/p"), "ag1", 8, "en").url).not.toBe(publicCacheKey(new URL("https://x.example/pacote/p"), "ag1", 7, "en").url);
    expect(publicCacheKey(new URL("https://x.example/pacote/p"), "ag1", 7, "pt").url).not.toBe(publicCacheKey(new URL("https://x.example/pacote/p"), "ag1", 7, "en").url);
  });

  it("writes an escaped sitemap with alternates", () => {
    const xml = sitemapXml("https://x.example", "sol", [{ kind: "package", slug: "a-b", updatedAt: "2027-01-02T03:04:05Z" }]);
    expect(xml).toContain("<loc>https://x.example/pacote/a-b</loc><lastmod>2027-01-02</lastmod>");
    expect(xml).toContain('hreflang="es" href="https://x.example/pacote/a-b?lng=es"');
    expect(xml).toContain("<loc>https://x.example/agencia/sol/pacotes</loc>");
  });

  it("takes ?lng= before the cookie and the browser's language; falls back on a bad colour", () => {
    expect(detectLanguage(new Request("https://x.example/pacote/p?lng=es", { headers: { Cookie: "lng=en", "Accept-Language": "pt" } }))).toBe("es");
    expect(detectLanguage(new Request("https://x.example/pacote/p?lng=fr", { headers: { Cookie: "lng=en" } }))).toBe("en");
    expect(brandColor("violet")).toBe("violet");
    expect(brandColor("url(javascript:x)")).toBe("teal");
  });
});

import { Button, Flex, Heading, Text } from "@radix-ui/themes";
import { data, Form } from "react-router";
import { PublicLayout, PublicNotFound } from "~/components/public/PublicLayout";
import { formatCalendarDate, formatMoney } from "~/lib/platform/format";
import { parseCatalogQuery } from "~/lib/public/catalog";
import { publicMetaTags } from "~/lib/public/meta";
import { catalogDestinations, catalogPage } from "~/lib/public/catalog.server";
import { agencyView, publicTexts, seoUrls } from "~/lib/public/view.server";
import { getLocale } from "~/middleware/i18n";
import { getPublicAgency, publicPage } from "~/middleware/public";
import { publicScope } from "~/middleware/session";
import type { Route } from "./+types/agencia-pacotes";

export const middleware: Route.MiddlewareFunction[] = [publicPage("agency")];
/** The browser loads only the core texts for this page (its own come with the loader; entry.client.tsx). */
export const handle = { texts: "core" };

const fill = (template: string, values: Record<string, string>) => template.replace(/\{\{\s*(\w+)\s*\}\}/g, (w, k: string) => values[k] ?? w);

/** An agency's published packages and open excursions (spec §2.4), filtered, in keyset pages; 404 for an unknown agency. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const lang = getLocale(context);
  const t = publicTexts(lang);
  const a = getPublicAgency(context);
  if (!a) return data({ lang, t, page: null, notFound: { title: t.notFound.title, text: t.notFound.agency } }, { status: 404 });
  const url = new URL(request.url);
  const { filter, after, values } = parseCatalogQuery(url.searchParams);
  const { db } = publicScope(context, request);
  const [page, destinations] = await Promise.all([catalogPage(db, a, filter, after), catalogDestinations(db, a)]);
  const next = page.next ? (() => {
    const u = new URLSearchParams(url.searchParams);
    u.delete("lng");
    u.set("apos", page.next!);
    return `?${u.toString()}`;
  })() : null;
  const seo = seoUrls(url);
  return {
    lang,
    t,
    notFound: null,
    page: {
      agency: agencyView(a),
      currency: a.currency,
      values,
      destinations,
      paged: !!after,
      next,
      rows: page.rows.map((r) => ({
        key: `${r.kind}:${r.id}`,
        kind: r.kind,
        href: `/${r.kind === "package" ? "pacote" : "excursao"}/${r.slug}`,
        title: r.title,
        summary: r.summary,
        imageUrl: r.imageUrl,
        date: r.date ? fill(t.list.departs, { date: formatCalendarDate(r.date, lang, "medium") }) : null,
        from: r.fromCents === null ? null : fill(t.list.from, { price: formatMoney(r.fromCents, r.currency, lang) }),
      })),
      meta: {
        title: `${t.list.title} · ${a.name}`,
        description: fill(t.list.description, { agency: a.name }),
        image: a.logoUrl ? new URL(a.logoUrl, url.origin).toString() : null,
        ...seo,
        lang,
        noindex: !!after,
      },
    },
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  const p = loaderData?.page;
  if (!p) return [{ title: loaderData?.notFound?.title ?? "Rota" }, { name: "robots", content: "noindex" }];
  return [...publicMetaTags(p.meta), ...(p.meta.noindex ? [{ name: "robots", content: "noindex, follow" }] : [])];
};

export default function AgencyPackages({ loaderData }: Route.ComponentProps) {
  const { t, lang, page } = loaderData;
  if (!page) {
    return (
      <PublicLayout agency={null} lang={lang}>
        <PublicNotFound title={loaderData.notFound!.title} text={loaderData.notFound!.text} />
      </PublicLayout>
    );
  }
  const a = page.agency;
  return (
    <PublicLayout agency={a} lang={lang}>
      <Flex direction="column" gap="4">
        <div>
          <Heading as="h1" size="7">
            {fill(t.list.heading, { agency: a.name })}
          </Heading>
          <Text as="p" color="gray">
            {t.list.subtitle}
          </Text>
        </div>
        <Form method="get" className="public-filters" data-testid="public-filters">
          <label>
            {t.list.destination}
            <select name="destino" defaultValue={page.values.destino}>
              <option value="">{t.list.anyDestination}</option>
              {page.destinations.map((d) => (
                <option key={d.value} value={d.value}>
                  {d.label}
                </option>
              ))}
            </select>
          </label>
          <label>
            {t.list.month}
            <input type="month" name="mes" defaultValue={page.values.mes} />
          </label>
          <label>
            {fill(t.list.maxPrice, { currency: page.currency })}
            <input type="number" name="ate" min={1} step={1} inputMode="numeric" defaultValue={page.values.ate} />
          </label>
          <Flex gap="2" align="center">
            <Button type="submit" size="3">
              {t.list.apply}
            </Button>
            {(page.values.destino || page.values.mes || page.values.ate) && (
              <a href={`/agencia/${a.slug}/pacotes`}>{t.list.clear}</a>
            )}
          </Flex>
        </Form>
        {page.rows.length === 0 ? (
          <Text as="p" data-testid="public-empty">
            {t.list.empty}
          </Text>
        ) : (
          <ul className="public-grid" style={{ listStyle: "none", padding: 0, margin: 0 }}>
            {page.rows.map((r, i) => (
              <li key={r.key}>
                <a href={r.href} className="public-card" data-testid="public-card" data-kind={r.kind}>
                  {r.imageUrl ? <img src={r.imageUrl} alt="" width={400} height={250} loading={i < 3 ? "eager" : "lazy"} /> : <span className="public-card-placeholder" aria-hidden />}
                  <Flex direction="column" gap="1" p="3">
                    <Text size="1" color="gray">
                      {t.list.kinds[r.kind]}
                    </Text>
                    <Heading as="h2" size="4">
                      {r.title}
                    </Heading>
                    {r.date && <Text size="2">{r.date}</Text>}
                    {r.from && (
                      <Text size="2" weight="bold">
                        {r.from}
                      </Text>
                    )}
                  </Flex>
                </a>
              </li>
            ))}
          </ul>
        )}
        <Flex gap="3" justify="center">
          {page.paged && <a href={`/agencia/${a.slug}/pacotes`}>{t.list.first}</a>}
          {page.next && (
            <a href={page.next} data-testid="public-next" rel="next">
              {t.list.more}
            </a>
          )}
        </Flex>
      </Flex>
    </PublicLayout>
  );
}

import { data } from "react-router";
import { ItemPage } from "~/components/public/ItemPage";
import { PublicLayout, PublicNotFound } from "~/components/public/PublicLayout";
import { publicMetaTags } from "~/lib/public/meta";
import { reserveFromForm } from "~/lib/public/reserve.server";
import { agencyView, itemPage, publicTexts } from "~/lib/public/view.server";
import { getEnv } from "~/middleware/cloudflare";
import { getLocale } from "~/middleware/i18n";
import { getPublicAgency, publicPage } from "~/middleware/public";
import { documentUrl, publicScope } from "~/middleware/session";
import type { Route } from "./+types/excursao";

export const middleware: Route.MiddlewareFunction[] = [publicPage("excursion")];
/** The browser loads only the core texts for this page (its own come with the loader; entry.client.tsx). */
export const handle = { texts: "core" };

/** A published excursion on sale or with sales closed (spec §2.4), no login; unknown, unpublished, draft, cancelled or archived → this page's 404. */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const lang = getLocale(context);
  const t = publicTexts(lang);
  const a = getPublicAgency(context);
  const page = a ? await itemPage("excursion", publicScope(context, request), a, params.slug, lang, documentUrl(request)) : null;
  if (!a || !page) return data({ lang, t, agency: a ? agencyView(a) : null, view: null }, { status: 404 });
  return { lang, t, agency: agencyView(a), view: page.view };
}

/** "Quero reservar": a lead in the agency's CRM and its staff notified (see reserveFromForm for the answers). */
export async function action({ context, request, params }: Route.ActionArgs) {
  const r = await reserveFromForm(getEnv(context), publicScope(context, request), getPublicAgency(context), "excursion", params.slug, await request.formData(), getLocale(context), documentUrl(request).toString());
  return data(r.body, { status: r.status });
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData?.view ? publicMetaTags(loaderData.view.meta, "product") : [{ title: loaderData?.t.notFound.title ?? "Rota" }, { name: "robots", content: "noindex" }];

export default function PublicExcursionPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t, lang, agency, view } = loaderData;
  return (
    <PublicLayout agency={agency} lang={lang} listLabel={agency ? t.item.allTrips.replace("{{agency}}", agency.name) : undefined}>
      {view && agency ? <ItemPage v={view} t={t} answer={actionData} agencyName={agency.name} /> : <PublicNotFound title={t.notFound.title} text={t.notFound.text} />}
    </PublicLayout>
  );
}

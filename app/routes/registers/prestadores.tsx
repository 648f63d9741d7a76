import { PartnerListPage } from "~/components/registers/PartnerListPage";
import { parseListQuery } from "~/lib/kit/list";
import { providerListSpec } from "~/lib/registers/partner";
import { listProviders } from "~/lib/registers/partner.server";
import { getI18n } from "~/middleware/i18n";
import { requireModule, requireScope } from "~/middleware/session";
import registersStyles from "~/styles/registers.css?url";
import type { Route } from "./+types/prestadores";

export const middleware: Route.MiddlewareFunction[] = [requireModule("cadastros", "prestadores")];
export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: registersStyles }];

export async function loader({ context, request }: Route.LoaderArgs) {
  const scope = requireScope(context, request);
  const query = parseListQuery(new URL(request.url).searchParams, providerListSpec);
  const { rows, page } = await listProviders(scope, query);
  return { query, rows, page, documentTitle: getI18n(context).t("menu.cadastros.prestadores.title") };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData ? `${loaderData.documentTitle} · Rota` : "Rota" }];

export default function Providers({ loaderData }: Route.ComponentProps) {
  return <PartnerListPage register="provider" query={loaderData.query} page={loaderData.page} rows={loaderData.rows} />;
}

/** A missing record (or another agency's) shows inside the shell. */
export { ShellErrorBoundary as ErrorBoundary } from "~/components/ui/RouteError";

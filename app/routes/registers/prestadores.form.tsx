import { PartnerFormPage } from "~/components/registers/PartnerFields";
import { partnerFormAction, partnerFormLoader } from "~/lib/registers/partner.server";
import { requireModule } from "~/middleware/session";
import registersStyles from "~/styles/registers.css?url";
import type { Route } from "./+types/prestadores.form";

export const middleware: Route.MiddlewareFunction[] = [requireModule("cadastros", "prestadores")];
export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: registersStyles }];

/** Novo prestador (no id) or editar/:id: 404 for an unknown id or another agency's. */
export const loader = (args: Route.LoaderArgs) => partnerFormLoader("provider", args);

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData ? `${loaderData.documentTitle} · Rota` : "Rota" }];

/** Save (create, or update with the version check) and delete. */
export const action = (args: Route.ActionArgs) => partnerFormAction("provider", args);

export default function ProviderForm({ loaderData, actionData }: Route.ComponentProps) {
  return <PartnerFormPage register="provider" loaderData={loaderData} actionData={actionData} />;
}

/** A missing record (or another agency's) shows inside the shell. */
export { ShellErrorBoundary as ErrorBoundary } from "~/components/ui/RouteError";

import { PartnerFormPage } from "~/components/registers/PartnerFields";
import { partnerFormAction, partnerFormLoader } from "~/lib/registers/partner.server";
import { requireModule } from "~/middleware/session";
import registersStyles from "~/styles/registers.css?url";
import type { Route } from "./+types/fornecedores.form";

export const middleware: Route.MiddlewareFunction[] = [requireModule("cadastros", "fornecedores")];
export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: registersStyles }];

/** Novo fornecedor (no id) or editar/:id: 404 for an unknown id or another agency's. */
export const loader = (args: Route.LoaderArgs) => partnerFormLoader("supplier", args);

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData ? `${loaderData.documentTitle} · Rota` : "Rota" }];

/** Save (create, or update with the version check) and delete. */
export const action = (args: Route.ActionArgs) => partnerFormAction("supplier", args);

export default function SupplierForm({ loaderData, actionData }: Route.ComponentProps) {
  return <PartnerFormPage register="supplier" loaderData={loaderData} actionData={actionData} />;
}

/** A missing record (or another agency's) shows inside the shell. */
export { ShellErrorBoundary as ErrorBoundary } from "~/components/ui/RouteError";

import { PartnerFormPage } from "~/components/registers/PartnerFormPage";
import { recordAction } from "~/lib/kit/record-action.server";
import { recordLoader } from "~/lib/kit/record-loader.server";
import { partnerEmpty, partnerFormValues, partnerScreenExtra, partnerSpec } from "~/lib/registers/partner-screen.server";
import { getI18n } from "~/middleware/i18n";
import { requireModule, requireScope } from "~/middleware/session";
import registersStyles from "~/styles/registers.css?url";
import type { Route } from "./+types/fornecedores.form";

export const middleware: Route.MiddlewareFunction[] = [requireModule("cadastros", "fornecedores")];
export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: registersStyles }];

/** Novo fornecedor (no id) or editar/:id: 404 for an unknown id or another agency's. */
export function loader({ context, request, params }: Route.LoaderArgs) {
  const scope = requireScope(context, request);
  return recordLoader(partnerSpec("supplier"), scope, request, params, {
    toForm: partnerFormValues,
    empty: partnerEmpty("supplier"),
    newTitle: getI18n(context).t("partners.suppliers.new"),
    extra: (row) => partnerScreenExtra(scope, row),
  });
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData ? `${loaderData.documentTitle} · Rota` : "Rota" }];

/** Save (create, or update with the version check) and delete. */
export const action = ({ context, request, params }: Route.ActionArgs) => recordAction(partnerSpec("supplier"), requireScope(context, request), request, params);

export default function SupplierForm({ loaderData, actionData }: Route.ComponentProps) {
  return <PartnerFormPage register="supplier" loaderData={loaderData} actionData={actionData} />;
}

/** A missing record (or another agency's) shows inside the shell. */
export { ShellErrorBoundary as ErrorBoundary } from "~/components/ui/RouteError";

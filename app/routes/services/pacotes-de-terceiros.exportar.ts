import { exportFilename } from "~/lib/kit/export.server";
import { parseListQuery } from "~/lib/kit/list";
import { packageListSpec } from "~/lib/services/package";
import { packagesCsv } from "~/lib/services/package.server";
import { getI18n } from "~/middleware/i18n";
import { requireAgency, requireModule, requireScope } from "~/middleware/session";
import type { Route } from "./+types/pacotes-de-terceiros.exportar";

export const middleware: Route.MiddlewareFunction[] = [requireModule("servicos", "pacotes_de_terceiros")];

/** GET /servicos/pacotes-de-terceiros/exportar?<list params>: the current filter as CSV, in the list's order. */
export function loader({ context, request }: Route.LoaderArgs) {
  const query = parseListQuery(new URL(request.url).searchParams, packageListSpec);
  const { t } = getI18n(context);
  return packagesCsv(requireScope(context, request), query, exportFilename("pacotes", requireAgency(context, request).agency.slug), (v) =>
    v ? t("services.packages.yes") : t("services.packages.no"),
  );
}

import { partnerExport } from "~/lib/registers/partner.server";
import { requireModule } from "~/middleware/session";
import type { Route } from "./+types/fornecedores.exportar";

export const middleware: Route.MiddlewareFunction[] = [requireModule("cadastros", "fornecedores")];

/** GET /cadastros/fornecedores/exportar?<list params>: the current filter as CSV, in the list's order. */
export const loader = (args: Route.LoaderArgs) => partnerExport("supplier", args);

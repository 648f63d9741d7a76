import { partnerExport } from "~/lib/registers/partner.server";
import { requireModule } from "~/middleware/session";
import type { Route } from "./+types/prestadores.exportar";

export const middleware: Route.MiddlewareFunction[] = [requireModule("cadastros", "prestadores")];

/** GET /cadastros/prestadores/exportar?<list params>: the current filter as CSV, in the list's order. */
export const loader = (args: Route.LoaderArgs) => partnerExport("provider", args);

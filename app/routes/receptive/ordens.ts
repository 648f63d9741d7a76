import { redirect } from "react-router";
import { SCHEDULE_PATH } from "~/lib/receptive/order";
import { requireModule } from "~/middleware/session";
import type { Route } from "./+types/ordens";

export const middleware: Route.MiddlewareFunction[] = [requireModule("servicos", "receptivo")];

/** /servicos/receptivo/ordens: the orders' list is the agenda. */
export function loader() {
  return redirect(SCHEDULE_PATH);
}

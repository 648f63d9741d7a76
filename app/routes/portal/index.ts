import { redirect } from "react-router";
import type { Route } from "./+types/index";

/** /portal/:agencyId: the dashboard (which sends a visitor without a portal session to /acesso). */
export function loader({ params }: Route.LoaderArgs) {
  return redirect(`/portal/${encodeURIComponent(params.agencyId)}/dashboard`);
}

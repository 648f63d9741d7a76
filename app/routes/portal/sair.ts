import { redirect } from "react-router";
import { closeSession } from "~/lib/portal/access.server";
import { clearPortalCookie, portalToken } from "~/middleware/portal";
import { publicScope } from "~/middleware/session";
import type { Route } from "./+types/sair";

/** Sign-out (POST): the session row is deleted, the cookie cleared, back to the agency's /acesso. */
export async function action({ context, request, params }: Route.ActionArgs) {
  const token = portalToken(request);
  if (token) await closeSession(publicScope(context, request).db, token);
  return redirect(`/portal/${encodeURIComponent(params.agencyId)}/acesso`, { headers: { "Set-Cookie": clearPortalCookie(request) } });
}

/** A GET is no sign-out (a link preview must not end a session): the dashboard. */
export function loader({ params }: Route.LoaderArgs) {
  return redirect(`/portal/${encodeURIComponent(params.agencyId)}/dashboard`);
}

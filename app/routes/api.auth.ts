import { getAuth } from "~/middleware/session";
import type { Route } from "./+types/api.auth";

/** better-auth's own endpoints (/api/auth/*): session reads, sign-in for API clients. */
export async function loader({ request, context }: Route.LoaderArgs) {
  return getAuth(context, request).handler(request);
}

export async function action({ request, context }: Route.ActionArgs) {
  return getAuth(context, request).handler(request);
}

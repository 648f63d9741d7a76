import { redirect } from "react-router";
import { getAuth, getViewer } from "~/middleware/session";
import type { Route } from "./+types/logout";

/** Ends the server session and goes to /login (the client replaces the history entry). */
export async function action({ request, context }: Route.ActionArgs) {
  const headers = new Headers();
  if (getViewer(context)) {
    const result = await getAuth(context, request).api.signOut({ headers: request.headers, returnHeaders: true });
    for (const cookie of result.headers.getSetCookie()) headers.append("Set-Cookie", cookie);
  }
  return redirect("/login", { headers });
}

export function loader() {
  return redirect("/dashboard");
}

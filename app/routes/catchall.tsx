import { redirect } from "react-router";

/** Unknown paths go to /dashboard (spec §2.6). */
export function loader() {
  return redirect("/dashboard");
}

export function action() {
  return redirect("/dashboard");
}

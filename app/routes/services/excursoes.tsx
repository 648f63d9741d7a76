import { notFound } from "~/lib/platform/http";
import type { Route } from "./+types/excursoes";

// Being built this session (issue #15); answers 404 until then.
export function loader(_: Route.LoaderArgs) {
  throw notFound();
}

export { ShellErrorBoundary as ErrorBoundary } from "~/components/ui/RouteError";

export default function Screen() {
  return null;
}

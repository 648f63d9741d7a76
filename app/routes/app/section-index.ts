import { redirect } from "react-router";
import { notFound } from "~/lib/platform/http";
import { sectionIndexFor } from "~/lib/shell/screens";
import type { Route } from "./+types/section-index";

/**
 * Section indexes (spec §2.6): /cadastros → /cadastros/clientes and so on. The
 * target comes from the table in ~/lib/screens by the matched route pattern;
 * the target screen applies its own licence and role guard.
 */
export function loader({ pattern }: Route.LoaderArgs) {
  const to = sectionIndexFor(pattern);
  if (!to) throw notFound();
  return redirect(to);
}

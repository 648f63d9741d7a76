import { data } from "react-router";
import { Board } from "~/components/crm/Board";
import { moveSchema } from "~/lib/crm/deal.schema";
import { boardOf, moveDeal } from "~/lib/crm/deal.server";
import { malformed, parseForm } from "~/lib/kit/forms";
import { notFound } from "~/lib/platform/http";
import { getEnv } from "~/middleware/cloudflare";
import { getI18n } from "~/middleware/i18n";
import { requireModule, requireScope } from "~/middleware/session";
import type { Route } from "./+types/board";

export const middleware: Route.MiddlewareFunction[] = [requireModule("crm")];

/** /crm: the pipeline as a kanban (a column per stage, each column's first cards). */
export async function loader({ context, request }: Route.LoaderArgs) {
  const scope = requireScope(context, request);
  const { stages, cards } = await boardOf(scope);
  return {
    agencyId: scope.agencyId,
    userId: scope.userId,
    timeZone: scope.timeZone,
    stages: stages.map((s) => ({ id: s.id, name: s.name, slug: s.slug, kind: s.kind, color: s.color, dealCount: s.dealCount, valueCents: s.valueCents })),
    cards,
    currency: scope.currency,
    documentTitle: getI18n(context).t("crm.board.title"),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData ? `${loaderData.documentTitle} · Rota` : "Rota" }];

/**
 * intent=move: a card to a stage between two cards, from the version shown. 404 for another
 * agency's (or, for an Agente, another user's) deal, 409 stale, 400 for a lost stage without a reason.
 */
export async function action({ context, request }: Route.ActionArgs) {
  const scope = requireScope(context, request);
  const formData = await request.formData();
  if (formData.get("intent") !== "move") return malformed();
  const submission = parseForm(formData, moveSchema);
  if (!submission) return malformed();
  if (submission.status !== "success") return data({ ok: false as const, reason: "invalid", toast: { title: "crm.board.refused", variant: "destructive" as const } }, { status: 400 });
  const moved = await moveDeal(scope, getEnv(context), submission.value);
  if (moved.ok) return { ok: true as const, version: moved.version, position: moved.position };
  if (moved.reason === "notFound") throw notFound();
  const status = moved.reason === "stale" ? 409 : 400;
  const title = moved.reason === "stale" ? "crm.board.stale" : moved.reason === "lostReason" ? "crm.errors.lostReason" : "crm.board.refused";
  return data({ ok: false as const, reason: moved.reason, toast: { title, variant: "destructive" as const } }, { status });
}

export default function CrmBoard({ loaderData }: Route.ComponentProps) {
  return <Board {...loaderData} />;
}

export { ShellErrorBoundary as ErrorBoundary } from "~/components/ui/RouteError";

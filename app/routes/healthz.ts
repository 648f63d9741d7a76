import { health } from "~/lib/platform/health.server";
import { getEnv } from "~/middleware/cloudflare";
import type { Route } from "./+types/healthz";

export async function loader({ context }: Route.LoaderArgs) {
  const answer = await health(getEnv(context));
  return Response.json(answer, { status: answer.database ? 200 : 503, headers: { "Cache-Control": "no-store" } });
}

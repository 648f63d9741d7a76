import { getEnv } from "~/middleware/cloudflare";
import { checkDatabase } from "~/db/health";
import type { Route } from "./+types/healthz";

export async function loader({ context }: Route.LoaderArgs) {
  const env = getEnv(context);
  const database = await checkDatabase(env.DB);
  return Response.json(
    { status: database ? "ok" : "degraded", database, environment: env.APP_ENV },
    { status: database ? 200 : 503, headers: { "Cache-Control": "no-store" } },
  );
}

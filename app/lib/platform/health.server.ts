import { checkDatabase } from "~/db/health";
import type { AppEnv } from "~/lib/platform/env.server";

/** GET /healthz: whether D1 answers, and the environment's name. */
export async function health(env: AppEnv) {
  const database = await checkDatabase(env.DB);
  return { status: database ? ("ok" as const) : ("degraded" as const), database, environment: env.APP_ENV };
}

import { z } from "zod";
import { badRequest, plainFailure } from "~/lib/platform/http";
import { notify } from "~/lib/platform/realtime.server";
import { getEnv } from "~/middleware/cloudflare";
import { requireViewer } from "~/middleware/session";
import type { Route } from "./+types/dev-notify";

const schema = z.object({ title: z.string().trim().min(1).max(120), message: z.string().trim().min(1).max(500) });

/**
 * Development only (404 in production): the signed-in user sends a notification
 * to themselves, to try the bell and to measure delivery in `npm run bench`.
 */
export async function action({ context, request }: Route.ActionArgs) {
  const env = getEnv(context);
  if (env.APP_ENV === "production") return plainFailure(404);
  const viewer = requireViewer(context, request);
  const parsed = schema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) return badRequest({ error: "invalid" });
  const result = await notify(env, { userId: viewer.userId, agencyId: viewer.agency?.id ?? null, ...parsed.data });
  return { id: result.id, delivered: result.delivered };
}

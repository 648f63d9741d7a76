import { notFound } from "~/lib/platform/http";
import { mailboxAttachment } from "~/lib/settings/outbox.server";
import { getEnv } from "~/middleware/cloudflare";
import { publicScope } from "~/middleware/session";
import type { Route } from "./+types/dev-mailbox.attachment";

/** GET /dev/mailbox/:id/:index: one attachment of a locally delivered mail (absent in production: 404). */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const env = getEnv(context);
  if (env.APP_ENV === "production" || !/^[0-9]{1,2}$/.test(params.index) || params.id.length > 64) throw notFound();
  const file = await mailboxAttachment(publicScope(context, request).db, env.FILES, params.id, Number(params.index));
  if (!file) throw notFound();
  return new Response(file.body, {
    headers: { "Content-Type": file.mimeType, "Content-Disposition": `inline; filename*=UTF-8''${encodeURIComponent(file.filename)}`, "Cache-Control": "no-store" },
  });
}

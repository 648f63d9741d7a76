import { createRequestHandler, RouterContextProvider } from "react-router";
import { cloudflareContext } from "~/middleware/cloudflare";
import { crossOriginResponse, isSameOrigin } from "~/middleware/csrf";
import { handlePartyRequest } from "~/lib/platform/realtime.server";

export { Notifications } from "../party/notifications";

const requestHandler = createRequestHandler(
  () => import("virtual:react-router/server-build"),
  import.meta.env.MODE,
);

export default {
  async fetch(request, env, ctx) {
    const url = new URL(request.url);

    // Realtime rooms: /parties/notifications/{userId}
    if (url.pathname.startsWith("/parties/")) return handlePartyRequest(request, env);

    // Locally the webhooks Worker runs in the same process; in production it has
    // its own route, and this forward is only a convenience.
    if (url.pathname.startsWith("/webhooks/") && env.WEBHOOKS) {
      return env.WEBHOOKS.fetch(request);
    }

    // CSRF: refuse cross-origin state changes before any action runs.
    if (!isSameOrigin(request)) return crossOriginResponse(request);

    const context = new RouterContextProvider();
    context.set(cloudflareContext, { env, ctx });
    return requestHandler(request, context);
  },
} satisfies ExportedHandler<Env>;

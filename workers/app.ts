import { createRequestHandler, RouterContextProvider } from "react-router";
import { cloudflareContext } from "~/middleware/cloudflare";
import { crossOriginResponse, isSameOrigin } from "~/middleware/csrf";
import { handlePartyRequest } from "~/lib/platform/realtime.server";
import { handleSeatPartyRequest, isSeatRoomPath } from "~/lib/sales/seats.server";
import { handleBoardPartyRequest, isBoardRoomPath } from "~/lib/platform/board-room.server";
import { internalError } from "./failure";

export { Notifications } from "../party/notifications";
export { ExcursionSeats } from "../party/excursion-seats";
export { Boards } from "../party/boards";

type RequestHandler = ReturnType<typeof createRequestHandler>;

const loadBuild = () => import("virtual:react-router/server-build");

/**
 * The request handler, created once per isolate from the imported build: given the
 * build object (not a function), React Router derives its route tree and static
 * handler once instead of on every request. The import stays lazy (`??=` on the
 * first request), so the Worker's startup is unchanged. Nothing per request is kept:
 * context, env and ctx are passed on every call. In development the build is passed
 * as a function so Vite's hot updates are picked up.
 */
let handler: Promise<RequestHandler> | undefined;
function requestHandler(): Promise<RequestHandler> {
  if (import.meta.env.DEV) return Promise.resolve(createRequestHandler(loadBuild, import.meta.env.MODE));
  handler ??= loadBuild().then(
    (build) => createRequestHandler(build, import.meta.env.MODE),
    (error: unknown) => {
      handler = undefined; // a failed import is retried on the next request
      throw error;
    },
  );
  return handler;
}

async function handleFetch(request: Request, env: Env, ctx: ExecutionContext): Promise<Response> {
  const url = new URL(request.url);

  // Realtime rooms: /parties/excursion-seats/{agencyId}:{excursionId}, /parties/boards/{agencyId}:{board}
  // and /parties/notifications/{userId}
  if (isSeatRoomPath(url.pathname)) return handleSeatPartyRequest(request, env);
  if (isBoardRoomPath(url.pathname)) return handleBoardPartyRequest(request, env);
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
  return (await requestHandler())(request, context);
}

export default {
  async fetch(request, env, ctx) {
    try {
      return await handleFetch(request, env, ctx);
    } catch (error) {
      return internalError("app", error);
    }
  },
  // The Cron Trigger (wrangler.toml [triggers]): the services' deadline alerts (npm run alerts locally).
  // Imported when it runs, so the Worker's startup does not grow.
  scheduled(controller, env, ctx) {
    const now = new Date(controller.scheduledTime);
    // The blocks' deadlines (7 and 2 days before) and the receptive documents' expiries (30 and 7 days before).
    ctx.waitUntil(import("~/lib/services/deadlines.server").then(({ runDeadlineAlerts }) => runDeadlineAlerts(env, now)));
    ctx.waitUntil(import("~/lib/receptive/expiry-alerts.server").then(({ runExpiryAlerts }) => runExpiryAlerts(env, now)));
    // Tasks due within the hour and overdue ones: each assignee reminded once per due instant.
    ctx.waitUntil(import("~/lib/tasks/reminders.server").then(({ runTaskReminders }) => runTaskReminders(env, now)));
    // Contract signing links past their expiry become expired (the signing page refuses them by date anyway).
    ctx.waitUntil(
      Promise.all([import("~/lib/contracts/contract.server"), import("~/lib/platform/db.server")]).then(([{ expireContracts }, { createDb }]) => expireContracts(createDb(env.DB), now)),
    );
  },
} satisfies ExportedHandler<Env>;

/**
 * The Worker the integration tests run in: the realtime room class and the
 * webhooks Worker's handlers. Route loaders and actions are exercised through
 * tests/integration/harness.ts, which runs them with the real route table and
 * middleware chain.
 */
import { handlePartyRequest } from "~/lib/platform/realtime.server";
import { handleSeatPartyRequest, isSeatRoomPath } from "~/lib/sales/seats.server";
import { handleBoardPartyRequest, isBoardRoomPath } from "~/lib/platform/board-room.server";
import webhooks from "../../workers/webhooks";

export { Notifications } from "../../party/notifications";
export { ExcursionSeats } from "../../party/excursion-seats";
export { Boards } from "../../party/boards";

export default {
  fetch: (request, env) => {
    const path = new URL(request.url).pathname;
    if (isSeatRoomPath(path)) return handleSeatPartyRequest(request, env);
    if (isBoardRoomPath(path)) return handleBoardPartyRequest(request, env);
    return path.startsWith("/parties/") ? handlePartyRequest(request, env) : webhooks.fetch(request, env);
  },
  queue: (batch, env) => webhooks.queue(batch, env),
} satisfies ExportedHandler<Env, WebhookQueueMessage>;

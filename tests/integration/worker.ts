/**
 * The Worker the integration tests run in: the realtime room class and the
 * webhooks Worker's handlers. Route loaders and actions are exercised through
 * tests/integration/harness.ts, which runs them with the real route table and
 * middleware chain.
 */
import { handlePartyRequest } from "~/lib/platform/realtime.server";
import webhooks from "../../workers/webhooks";

export { Notifications } from "../../party/notifications";

export default {
  fetch: (request, env) =>
    new URL(request.url).pathname.startsWith("/parties/") ? handlePartyRequest(request, env) : webhooks.fetch(request, env),
  queue: (batch, env) => webhooks.queue(batch, env),
} satisfies ExportedHandler<Env, WebhookQueueMessage>;

// Bindings of both Workers (wrangler.toml, workers/webhooks.wrangler.toml).
// Validated at runtime by app/lib/env.server.ts.
declare namespace Cloudflare {
  interface Env {
  APP_ENV?: string;
  DB: D1Database;
  FILES: R2Bucket;
  Notifications: DurableObjectNamespace;
  ExcursionSeats: DurableObjectNamespace;
  Boards: DurableObjectNamespace;
  WEBHOOKS?: Fetcher;
  ASAAS_NETWORK?: string;
  WEBHOOK_QUEUE?: Queue<WebhookQueueMessage>;
  BETTER_AUTH_SECRET?: string;
  DATA_ENCRYPTION_KEY?: string;
  BUILD_COMMIT?: string;
  BUILD_DATE?: string;
  }
}
interface Env extends Cloudflare.Env {}

interface WebhookQueueMessage {
  webhookEventId: string;
}

/**
 * The webhook token's stored form (issue #19): SHA-256 of the token's UTF-8 bytes in
 * lowercase hex. The app stores it in payment_integration.webhook_token_hash; the
 * webhooks Worker hashes the `asaas-access-token` header the same way and compares in
 * constant time. Import-free so the Worker and the seed (plain Node) can use it.
 */
export async function hashWebhookToken(token: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(token));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

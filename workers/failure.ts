/**
 * The last resort of both Workers: an error nothing else caught is logged with its
 * stack on the server and answered as a plain 500 without one (no file paths or
 * code reach the client, in any environment).
 */
export function internalError(where: string, error: unknown): Response {
  console.error(`[${where}] unhandled error`, error);
  return new Response("Internal server error", {
    status: 500,
    headers: { "Content-Type": "text/plain; charset=utf-8", "X-Content-Type-Options": "nosniff", "Cache-Control": "no-store" },
  });
}

/**
 * The bench's "bare Worker" (tests/bench/run.ts): what a request costs on this
 * wrangler/workerd with no framework. `/` answers a fixed HTML page; `/d1` runs one
 * `select 1` on its D1 and answers JSON. Everything else is 404.
 */
type BareEnv = { DB: D1Database };

const PAGE = `<!doctype html>
<html lang="pt">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Rota bench</title></head>
<body><main><h1>Bare Worker</h1><p>A fixed page, the baseline of the bench.</p></main></body>
</html>
`;

export default {
  async fetch(request, env) {
    const { pathname } = new URL(request.url);
    if (pathname === "/") return new Response(PAGE, { headers: { "Content-Type": "text/html; charset=utf-8" } });
    if (pathname === "/d1") {
      const row = await env.DB.prepare("select 1 as one").first<{ one: number }>();
      return Response.json({ ok: row?.one === 1 });
    }
    return new Response(null, { status: 404 });
  },
} satisfies ExportedHandler<BareEnv>;

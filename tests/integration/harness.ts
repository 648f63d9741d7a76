/**
 * Runs a request through the app the way React Router does on the server, inside
 * workerd with the real bindings: matches the real route table (app/routes.ts),
 * runs the middleware of every matched route from the root down, then the leaf
 * route's loader (GET/HEAD) or action (other methods). Returns a Response,
 * once the work the request left to `ctx.waitUntil` (mail delivery) is done, so
 * a test reads the final state; pass your own `ctx` (createExecutionContext) to
 * get the response as soon as it is ready and `waitOnExecutionContext(ctx)` yourself.
 */
import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { matchRoutes, RouterContextProvider, type RouteObject } from "react-router";
import routes from "~/routes";
import { cloudflareContext } from "~/middleware/cloudflare";

type Module = {
  middleware?: Array<(args: Args, next: () => Promise<Response>) => Promise<Response | void> | Response | void>;
  loader?: (args: Args) => unknown;
  action?: (args: Args) => unknown;
};
type Args = {
  request: Request;
  url: URL;
  /** The matched route pattern, as React Router passes it (parents' paths joined). */
  pattern: string;
  params: Record<string, string | undefined>;
  context: RouterContextProvider;
};

const modules = import.meta.glob<Module>(["/app/root.tsx", "/app/routes/**/*.{ts,tsx}"]);

type Node = RouteObject & { file: string };
function toRouteObjects(entries: RouteConfigEntry[]): Node[] {
  return entries.map((e) => ({
    id: e.id ?? e.file,
    path: e.path,
    index: e.index,
    caseSensitive: e.caseSensitive,
    file: e.file,
    children: e.children ? toRouteObjects(e.children) : undefined,
  })) as Node[];
}
const tree: Node[] = [{ id: "root", path: "", file: "root.tsx", children: toRouteObjects(routes) } as Node];

function isDataWithInit(v: unknown): v is { data: unknown; init: ResponseInit | null; type: string } {
  return typeof v === "object" && v !== null && (v as { type?: string }).type === "DataWithResponseInit";
}

function toResponse(value: unknown): Response {
  if (value instanceof Response) return value;
  if (isDataWithInit(value)) return Response.json(value.data, value.init ?? undefined);
  return Response.json(value ?? null);
}

export const BASE_URL = "http://localhost:8787";

export type AppRequestInit = RequestInit & {
  cookie?: string;
  form?: Record<string, string | string[] | File>;
  /** Answer with this route module's loader data (e.g. "routes/app/layout.tsx") instead of the leaf's. */
  loaderOf?: string;
  /** The ExecutionContext to run in; with one given, its waitUntil work is left to the caller. */
  ctx?: ExecutionContext;
};

export async function appRequest(path: string, init: AppRequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  if (init.cookie) headers.set("Cookie", init.cookie);
  let body = init.body;
  let method = init.method ?? "GET";
  if (init.form) {
    // A form without files goes urlencoded, as a browser sends it; multipart only with a file.
    // (workerd's FormData serialiser refuses some names a browser would send urlencoded, e.g. one ending in "\\".)
    const entries = Object.entries(init.form).flatMap(([k, v]) => (Array.isArray(v) ? v : [v]).map((item) => [k, item] as const));
    if (entries.some(([, item]) => typeof item !== "string")) {
      const fd = new FormData();
      for (const [k, item] of entries) fd.append(k, item);
      body = fd;
    } else {
      body = new URLSearchParams(entries as [string, string][]);
    }
    if (!init.method) method = "POST";
  }
  if (method !== "GET" && method !== "HEAD" && !headers.has("Origin")) headers.set("Origin", BASE_URL);
  const { cookie: _cookie, form: _form, loaderOf, ctx, ...requestInit } = init;
  const request = new Request(new URL(path, BASE_URL), { ...requestInit, method, headers, body });
  return runRequest(request, { loaderOf, ctx });
}

export async function runRequest(request: Request, options: { loaderOf?: string; ctx?: ExecutionContext } = {}): Promise<Response> {
  const ctx = options.ctx ?? createExecutionContext();
  const response = await runRequestIn(request, ctx, options);
  if (!options.ctx) await waitOnExecutionContext(ctx);
  return response;
}

async function runRequestIn(request: Request, ctx: ExecutionContext, options: { loaderOf?: string }): Promise<Response> {
  const url = new URL(request.url);
  const matches = matchRoutes(tree, url.pathname);
  if (!matches) return new Response("Not found", { status: 404 });
  const leaf = matches[matches.length - 1]!;
  const params = leaf.params as Record<string, string | undefined>;
  const loaded = await Promise.all(
    matches.map(async (m) => {
      const file = `/app/${(m.route as Node).file}`;
      const load = modules[file];
      if (!load) throw new Error(`route module not found: ${file}`);
      return load();
    }),
  );
  const context = new RouterContextProvider();
  context.set(cloudflareContext, { env, ctx });
  const pattern = matches.map((m) => m.route.path).filter(Boolean).join("/").replace(/\/\/+/g, "/") || "/";
  const args: Args = { request, url, pattern, params, context };
  const leafModule = loaded[loaded.length - 1]!;
  const targetIndex = options.loaderOf ? matches.findIndex((m) => (m.route as Node).file === options.loaderOf) : loaded.length - 1;
  if (targetIndex < 0) throw new Error(`no matched route module ${options.loaderOf}`);
  const targetModule = loaded[targetIndex]!;
  const isGet = request.method === "GET" || request.method === "HEAD";

  const handler = async (): Promise<Response> => {
    // React Router runs every matched loader on a document GET; the ancestors'
    // loaders can redirect or throw too, so run them all and return the leaf's.
    try {
      if (isGet) {
        let result: Response | undefined;
        for (const mod of loaded) {
          if (!mod.loader) continue;
          const value = await mod.loader(args);
          const response = toResponse(value);
          if (response.status >= 300 && response.status < 400) return response;
          if (mod === targetModule) result = response;
        }
        return result ?? new Response(null, { status: 204 });
      }
      if (!leafModule.action) return new Response("Method not allowed", { status: 405 });
      return toResponse(await leafModule.action(args));
    } catch (thrown) {
      if (thrown instanceof Response || isDataWithInit(thrown)) return toResponse(thrown);
      throw thrown;
    }
  };

  const chain = loaded.flatMap((mod) => mod.middleware ?? []);
  const dispatch = async (i: number): Promise<Response> => {
    if (i >= chain.length) return handler();
    let nextResult: Response | undefined;
    const next = async () => (nextResult = await dispatch(i + 1));
    try {
      const value = await chain[i]!(args, next);
      if (value instanceof Response) return value;
      return nextResult ?? (await next());
    } catch (thrown) {
      if (thrown instanceof Response || isDataWithInit(thrown)) return toResponse(thrown);
      throw thrown;
    }
  };
  return dispatch(0);
}

/** The leaf loader's JSON payload. */
export async function json<T = Record<string, unknown>>(res: Response): Promise<T> {
  return (await res.json()) as T;
}

/**
 * The per-request D1 query log of the bench (`npm run bench:profile`), without
 * touching app code: this Worker wraps the BUILT app Worker (build/server/index.js)
 * and hands it a D1 binding that records every statement of a request (SQL, wall
 * time of the call, D1's meta.duration, rows_read, rows_written), attributed to the
 * request through AsyncLocalStorage (ctx.waitUntil work included).
 *
 *   GET /__bench/query-log        the records of the requests since the last read (JSON), then cleared
 *
 * `raw()` answers rows without meta: for a SELECT it is run again with `all()` after
 * the response (read-only, in waitUntil), so its meta.duration/rows_read are D1's own;
 * its wall time is the real call's. Served only by tests/bench/profile.ts, never deployed.
 */
import { AsyncLocalStorage } from "node:async_hooks";
// The build output (npm run build); wrangler bundles it into this Worker.
// @ts-expect-error -- untyped build artifact
import app, { Boards, ExcursionSeats, Notifications } from "../../../build/server/index.js";

// Every Durable Object class the app's wrangler.json binds (the rooms) must be exported here too.
export { Boards, ExcursionSeats, Notifications };

type Statement = {
  sql: string;
  method: string;
  wallMs: number;
  durationMs: number | null;
  rowsRead: number | null;
  rowsWritten: number | null;
  rows: number | null;
  batch?: number;
};
type RequestLog = { method: string; path: string; status?: number; wallMs?: number; statements: Statement[] };

const current = new AsyncLocalStorage<{ log: RequestLog; ctx: ExecutionContext }>();
let finished: RequestLog[] = [];

type Meta = { duration?: number; rows_read?: number; rows_written?: number } | undefined;

function record(entry: Statement) {
  current.getStore()?.log.statements.push(entry);
}

function fromMeta(sql: string, method: string, wallMs: number, meta: Meta, rows: number | null, batch?: number): Statement {
  return { sql, method, wallMs, durationMs: meta?.duration ?? null, rowsRead: meta?.rows_read ?? null, rowsWritten: meta?.rows_written ?? null, rows, batch };
}

const isRead = (sql: string) => /^\s*(select|with)\b/i.test(sql);

class LoggedStatement {
  constructor(
    readonly inner: D1PreparedStatement,
    readonly sql: string,
  ) {}
  bind(...values: unknown[]) {
    return new LoggedStatement(this.inner.bind(...values), this.sql);
  }
  async all<T>() {
    const t = Date.now();
    const res = await this.inner.all<T>();
    record(fromMeta(this.sql, "all", Date.now() - t, res.meta, res.results?.length ?? null));
    return res;
  }
  async run<T>() {
    const t = Date.now();
    const res = await this.inner.run<T>();
    record(fromMeta(this.sql, "run", Date.now() - t, res.meta, res.results?.length ?? null));
    return res;
  }
  async first<T>(column?: string) {
    // first() has no meta either: time it, and read meta like raw().
    const t = Date.now();
    const res = column === undefined ? await this.inner.first<T>() : await this.inner.first<T>(column);
    this.laterMeta("first", Date.now() - t, res === null ? 0 : 1);
    return res;
  }
  async raw<T>(options?: { columnNames?: boolean }) {
    const t = Date.now();
    const res = options?.columnNames ? await this.inner.raw<T>({ columnNames: true }) : await this.inner.raw<T>();
    this.laterMeta("raw", Date.now() - t, res.length);
    return res;
  }
  private laterMeta(method: string, wallMs: number, rows: number) {
    const entry = fromMeta(this.sql, method, wallMs, undefined, rows);
    record(entry);
    const ctx = current.getStore()?.ctx;
    if (!ctx || !isRead(this.sql)) return;
    ctx.waitUntil(
      this.inner.all().then(
        (again) => {
          entry.durationMs = again.meta?.duration ?? null;
          entry.rowsRead = again.meta?.rows_read ?? null;
        },
        () => undefined,
      ),
    );
  }
}

function loggedDb(db: D1Database): D1Database {
  const wrapped = {
    prepare: (sql: string) => new LoggedStatement(db.prepare(sql), sql),
    async batch(statements: LoggedStatement[]) {
      const t = Date.now();
      const res = await db.batch(statements.map((s) => s.inner));
      const wallMs = Date.now() - t;
      res.forEach((r, i) => record(fromMeta(statements[i]!.sql, "batch", i === 0 ? wallMs : 0, r.meta, r.results?.length ?? null, statements.length)));
      return res;
    },
    async exec(sql: string) {
      const t = Date.now();
      const res = await db.exec(sql);
      record(fromMeta(sql, "exec", Date.now() - t, { duration: res.duration }, null));
      return res;
    },
    withSession: () => wrapped,
    dump: () => db.dump(),
  };
  return wrapped as unknown as D1Database;
}

// One wrapped env per isolate, as the app may keep per-binding objects (WeakMaps keyed on env.DB).
let wrappedEnv: { original: object; env: Record<string, unknown> } | null = null;

export default {
  async fetch(request: Request, env: Record<string, unknown> & { DB: D1Database }, ctx: ExecutionContext) {
    const url = new URL(request.url);
    if (url.pathname === "/__bench/query-log") {
      const out = finished;
      finished = [];
      return Response.json(out);
    }
    if (wrappedEnv?.original !== env) wrappedEnv = { original: env, env: { ...env, DB: loggedDb(env.DB) } };
    const log: RequestLog = { method: request.method, path: url.pathname + url.search, statements: [] };
    const t = Date.now();
    const response: Response = await current.run({ log, ctx }, () => app.fetch(request, wrappedEnv!.env, ctx));
    log.status = response.status;
    log.wallMs = Date.now() - t;
    finished.push(log);
    if (finished.length > 1000) finished = finished.slice(-1000);
    return response;
  },
};

/**
 * The database of a request: drizzle over D1, with the tenant guard.
 *
 * Every table that carries `agency_id` (the tenant tables, listed from the
 * schema) can only be read or written with the agency in the statement: a
 * select, update or delete must compare `<table>.agency_id`, an insert must set
 * it (unqualified `agency_id` counts when one tenant table is named). A statement that does not is refused before it reaches D1 with a
 * `TenantScopeError` — so a query that forgot the agency fails in the first test
 * that runs it instead of leaking another agency's rows. The agency itself comes
 * from the verified session, through one place: `requireScope()` in
 * app/middleware/session.ts, which hands domain functions a `Scope`
 * (platform/scope.server.ts).
 *
 * The few places that work across agencies on purpose (sign-in, accepting an
 * invitation by its token, the SuperAdmin's licence management and agency
 * choice, the dev mailbox) say so with `crossTenant(db)`.
 */
import { getTableColumns, getTableName, isTable } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import * as schema from "~/db/schema";

/** Tables with agency_id that are keyed by something else (the user, the provider's event). */
const NOT_TENANT_SCOPED = new Set(["profile", "notification", "webhook_event"]);

/** The SQL names of the tenant tables. */
export const TENANT_TABLES: ReadonlySet<string> = new Set(
  Object.values(schema)
    .filter((t) => isTable(t) && Object.values(getTableColumns(t)).some((c) => c.name === "agency_id"))
    .map((t) => getTableName(t as never))
    .filter((name) => !NOT_TENANT_SCOPED.has(name)),
);

export class TenantScopeError extends Error {
  constructor(
    readonly table: string,
    readonly statement: string,
  ) {
    super(`Tenant guard: a statement on "${table}" without its agency_id: ${statement.slice(0, 300)}`);
    this.name = "TenantScopeError";
  }
}

const TABLE_REF = /\b(from|join|update|into)\s+"?(\w+)"?(?:\s+(?:as\s+)?"(\w+)")?/gi;
const checked = new Map<string, true>();

/**
 * Throws unless every tenant table the statement names is constrained to an
 * agency: `"t"."agency_id" = ?` (or `in`/`is`) for reads, updates and deletes,
 * an `agency_id` column for inserts. Unqualified `agency_id =` counts when the
 * statement names one table only.
 */
export function assertTenantScoped(statement: string): void {
  if (checked.has(statement)) return;
  const refs = [...statement.matchAll(TABLE_REF)].map((m) => ({ verb: m[1]!.toLowerCase(), table: m[2]!, alias: m[3] }));
  const tenantTables = new Set(refs.map((r) => r.table).filter((t) => TENANT_TABLES.has(t)));
  for (const ref of refs) {
    if (!TENANT_TABLES.has(ref.table)) continue;
    if (ref.verb === "into") {
      const columns = statement.slice(statement.search(/\binto\b/i)).match(/\(([^)]*)\)/)?.[1] ?? "";
      if (/"?agency_id"?/.test(columns)) continue;
      throw new TenantScopeError(ref.table, statement);
    }
    const names = [ref.table, ...(ref.alias ? [ref.alias] : [])].map((n) => n.replace(/[^\w]/g, ""));
    const qualified = names.some((n) => new RegExp(`"?${n}"?\\."?agency_id"?\\s*(=|in\\b|is\\b)`, "i").test(statement));
    const unqualified = tenantTables.size === 1 && /(^|[^.\w"])"?agency_id"?\s*(=|in\b|is\b)/i.test(statement);
    if (!qualified && !unqualified) throw new TenantScopeError(ref.table, statement);
  }
  if (checked.size > 5000) checked.clear();
  checked.set(statement, true);
}

/** D1 with every prepared statement checked by the tenant guard. */
function guarded(d1: D1Database): D1Database {
  return new Proxy(d1, {
    get(target, prop) {
      if (prop === "prepare") {
        return (statement: string) => {
          assertTenantScoped(statement);
          return target.prepare(statement);
        };
      }
      const value = Reflect.get(target, prop, target) as unknown;
      return typeof value === "function" ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}

const raw = new WeakMap<object, D1Database>();
const unguarded = new WeakMap<object, ReturnType<typeof build>>();

const build = (d1: D1Database) => drizzle(d1, { schema });

/** The request's database; tenant tables only with their agency (see above). */
export function createDb(d1: D1Database) {
  const db = build(guarded(d1));
  raw.set(db, d1);
  return db;
}

export type Db = ReturnType<typeof createDb>;

/**
 * The same database without the tenant guard, for the few places that work
 * across agencies on purpose. Each call site says why.
 */
export function crossTenant(db: Db): Db {
  const d1 = raw.get(db);
  if (!d1) return db;
  let open = unguarded.get(db);
  if (!open) {
    open = build(d1);
    unguarded.set(db, open);
  }
  return open;
}

export { schema };

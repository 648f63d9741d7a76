import { and, eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { client, financeTitle, licence, agency, profile, supplier } from "~/db/schema";
import * as schema from "~/db/schema";
import { assertTenantScoped, TENANT_TABLES, TenantScopeError } from "~/lib/platform/db.server";

/** drizzle's SQL for a query, without a database. */
const db = drizzle({} as D1Database, { schema });
const sqlOf = (q: { toSQL(): { sql: string } }) => q.toSQL().sql;

describe("tenant guard", () => {
  it("knows the tenant tables from the schema (registers and finance, not profile)", () => {
    for (const t of ["client", "supplier", "provider", "agent", "boarding_point", "destination", "finance_title", "finance_entry", "bank_account", "licence"]) {
      expect(TENANT_TABLES.has(t), t).toBe(true);
    }
    for (const t of ["user", "agency", "profile", "notification", "webhook_event", "session"]) expect(TENANT_TABLES.has(t), t).toBe(false);
  });

  it("refuses drizzle queries on a tenant table that forget the agency", () => {
    const forgotten = [
      db.select().from(client).where(eq(client.id, "x")),
      db.select({ n: client.name }).from(client),
      db.update(client).set({ name: "y" }).where(eq(client.id, "x")),
      db.delete(supplier).where(eq(supplier.id, "x")),
      db.select().from(profile).innerJoin(financeTitle, eq(financeTitle.createdBy, profile.id)),
    ];
    for (const q of forgotten) expect(() => assertTenantScoped(sqlOf(q)), sqlOf(q)).toThrow(TenantScopeError);
  });

  it("lets the same queries through with the agency", () => {
    const scoped = [
      db.select().from(client).where(and(eq(client.agencyId, "a"), eq(client.id, "x"))),
      db.update(client).set({ name: "y" }).where(and(eq(client.id, "x"), eq(client.agencyId, "a"))),
      db.delete(supplier).where(and(eq(supplier.agencyId, "a"), eq(supplier.id, "x"))),
      db.insert(client).values({ id: "x", agencyId: "a", kind: "person", name: "n" }),
      db.select().from(agency).leftJoin(licence, eq(licence.agencyId, agency.id)).where(eq(agency.id, "a")),
      db.select().from(profile).where(eq(profile.id, "u")),
    ];
    for (const q of scoped) expect(() => assertTenantScoped(sqlOf(q)), sqlOf(q)).not.toThrow();
  });

  it("reads hand-written SQL too: unqualified agency_id counts when one tenant table is named", () => {
    expect(() => assertTenantScoped("select distinct user_id from audit_entry where agency_id = ? limit 5")).not.toThrow();
    expect(() => assertTenantScoped("select * from client where id = ?")).toThrow(TenantScopeError);
    expect(() => assertTenantScoped("select * from client c join supplier s on s.id = c.id where agency_id = ?")).toThrow(TenantScopeError);
    expect(() => assertTenantScoped(`select * from "client" "c" where "c"."agency_id" = ?`)).not.toThrow();
  });

  it("never lets a statement on a tenant table without agency_id through (property)", () => {
    const tables = [...TENANT_TABLES];
    fc.assert(
      fc.property(fc.constantFrom(...tables), fc.constantFrom("select * from", "delete from", "update"), fc.string(), (table, verb, tail) => {
        const where = tail.replace(/agency_id/gi, "");
        const statement = verb === "update" ? `update "${table}" set x = 1 where ${where}` : `${verb} "${table}" where ${where}`;
        expect(() => assertTenantScoped(statement)).toThrow(TenantScopeError);
      }),
    );
  });
});

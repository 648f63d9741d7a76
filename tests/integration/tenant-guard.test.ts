/**
 * The tenant guard on the request's database (app/lib/platform/db.server.ts),
 * against the real local D1: a query on a tenant table that forgets the agency
 * never reaches the database; with the agency it does; crossTenant() is the
 * explicit way around it.
 */
import { env } from "cloudflare:test";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { client } from "~/db/schema";
import { createDb, crossTenant, TenantScopeError } from "~/lib/platform/db.server";
import { createAgency, seedDemo } from "./fixtures";

describe("tenant guard on D1", () => {
  let agencyId: string;
  let other: string;
  beforeAll(async () => {
    await seedDemo();
    agencyId = (await createAgency()).id;
    other = (await createAgency()).id;
    const db = createDb(env.DB);
    await db.insert(client).values([
      { id: `guard-a-${agencyId}`, agencyId, kind: "person", name: "Cliente A" },
      { id: `guard-b-${other}`, agencyId: other, kind: "person", name: "Cliente B" },
    ]);
  });

  it("refuses a read, update or delete that forgets the agency, and nothing reaches D1", async () => {
    const db = createDb(env.DB);
    await expect(db.select().from(client).where(eq(client.id, `guard-b-${other}`))).rejects.toThrow(TenantScopeError);
    await expect(db.update(client).set({ name: "Roubado" }).where(eq(client.id, `guard-b-${other}`))).rejects.toThrow(TenantScopeError);
    await expect(db.delete(client).where(eq(client.id, `guard-b-${other}`))).rejects.toThrow(TenantScopeError);
    const row = await env.DB.prepare("select name from client where id = ?").bind(`guard-b-${other}`).first<{ name: string }>();
    expect(row?.name).toBe("Cliente B");
  });

  it("runs the same queries with the agency, and they see only that agency's rows", async () => {
    const db = createDb(env.DB);
    const mine = await db.select({ id: client.id }).from(client).where(and(eq(client.agencyId, agencyId), eq(client.id, `guard-b-${other}`)));
    expect(mine).toEqual([]);
    const found = await db.select({ id: client.id }).from(client).where(and(eq(client.agencyId, other), eq(client.id, `guard-b-${other}`)));
    expect(found).toHaveLength(1);
  });

  it("guards batches too", async () => {
    const db = createDb(env.DB);
    await expect(
      (async () => db.batch([db.update(client).set({ name: "x" }).where(and(eq(client.agencyId, agencyId), eq(client.id, "n"))), db.delete(client).where(eq(client.id, `guard-b-${other}`))]))(),
    ).rejects.toThrow(TenantScopeError);
    expect(await env.DB.prepare("select count(*) as n from client where id = ?").bind(`guard-b-${other}`).first<{ n: number }>()).toEqual({ n: 1 });
  });

  it("lets crossTenant() through on purpose", async () => {
    const db = createDb(env.DB);
    const rows = await crossTenant(db).select({ id: client.id }).from(client).where(eq(client.id, `guard-b-${other}`));
    expect(rows).toHaveLength(1);
  });
});

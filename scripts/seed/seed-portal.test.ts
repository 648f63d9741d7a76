/**
 * The client portal has content on a fresh machine (issue #21): the demo seed, migrated and
 * run into an in-memory SQLite, gives Sol Viagens a client with an e-mail, a confirmed sale
 * and open BRL installments of it — the client tests/e2e/portal.spec.ts signs in as.
 */
import { readdirSync, readFileSync } from "node:fs";
import { DatabaseSync } from "node:sqlite";
import { describe, expect, it } from "vitest";
import { buildSeedStatements, DEMO_AGENCIES } from "./seed";

/** Keep in step with CLIENT_EMAIL in tests/e2e/portal.spec.ts. */
const PORTAL_DEMO_EMAIL = "gabriela.moreira@example.net";

describe("demo seed: a portal client", () => {
  it("Sol has a client with an e-mail, a confirmed sale and open installments in BRL", async () => {
    const db = new DatabaseSync(":memory:");
    for (const f of readdirSync("db/migrations").filter((f) => f.endsWith(".sql")).sort()) {
      db.exec(readFileSync(`db/migrations/${f}`, "utf8").replaceAll("--> statement-breakpoint", ""));
    }
    for (const s of await buildSeedStatements(async () => "x")) db.exec(s);
    const rows = db
      .prepare(
        `select t.id from client c
         join sale s on s.agency_id = c.agency_id and s.client_id = c.id and s.status = 'confirmed' and s.deleted_at is null
         join finance_title t on t.agency_id = c.agency_id and t.party_kind = 'client' and t.party_id = c.id and t.origin_kind = 'sale' and t.origin_id = s.id
         where c.agency_id = ? and c.deleted_at is null and t.status = 'open' and t.currency = 'BRL'
           and exists (select 1 from json_each(c.emails) where json_each.value = ?)`,
      )
      .all(DEMO_AGENCIES[0].id, PORTAL_DEMO_EMAIL);
    expect(rows.length).toBeGreaterThanOrEqual(1);
    // Only one client of Sol has the e-mail (the portal signs in the oldest one).
    const owners = db.prepare("select count(*) n from client c where c.agency_id = ? and exists (select 1 from json_each(c.emails) where json_each.value = ?)").get(DEMO_AGENCIES[0].id, PORTAL_DEMO_EMAIL) as { n: number };
    expect(owners.n).toBe(1);
  });
});

import { DatabaseSync } from "node:sqlite";
import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { buildSeedStatements, DEMO_AGENCIES } from "./seed";
import { buildCrmStatements } from "./seed-crm";

const TODAY = new Date("2026-03-10T12:00:00.000Z");
const parties = Object.fromEntries(DEMO_AGENCIES.map((a) => [a.id, { clients: [], userIds: [] }]));

describe("the CRM demo seed", () => {
  it("is deterministic and runs after the agencies and registers", async () => {
    expect(buildCrmStatements(DEMO_AGENCIES, { today: TODAY, parties })).toEqual(buildCrmStatements(DEMO_AGENCIES, { today: TODAY, parties }));
    const statements = await buildSeedStatements(async () => "hash");
    const stages = statements.findIndex((s) => s.startsWith("INSERT INTO crm_stage"));
    const deals = statements.findIndex((s) => s.startsWith("INSERT INTO deal "));
    expect(stages).toBeGreaterThan(statements.findIndex((s) => s.startsWith("INSERT INTO client ")));
    expect(deals).toBeGreaterThan(stages);
  });

  it("gives each demo agency 30+ deals across every stage with timelines, idempotently, on the real schema", async () => {
    const db = new DatabaseSync(":memory:");
    db.exec("PRAGMA foreign_keys = ON;");
    for (const file of readdirSync("db/migrations").filter((f) => f.endsWith(".sql")).sort()) {
      for (const stmt of readFileSync(`db/migrations/${file}`, "utf8").split("--> statement-breakpoint")) if (stmt.trim()) db.exec(stmt);
    }
    const statements = await buildSeedStatements(async () => "hash");
    for (const s of statements) db.exec(s);
    for (const s of statements) db.exec(s); // twice: nothing new, nothing fails
    for (const a of DEMO_AGENCIES) {
      const byStage = db.prepare("select s.slug as slug, count(d.id) as n, s.deal_count as counted from crm_stage s left join deal d on d.stage_id = s.id where s.agency_id = ? group by s.id order by s.position").all(a.id) as { slug: string; n: number; counted: number }[];
      expect(byStage.map((r) => r.slug)).toEqual(["lead", "contato", "proposta", "negociacao", "ganho", "perdido"]);
      expect(byStage.every((r) => r.n > 0 && r.n === r.counted)).toBe(true);
      expect(byStage.reduce((s, r) => s + r.n, 0)).toBeGreaterThanOrEqual(30);
      const withoutTimeline = db.prepare("select count(*) as n from deal d where d.agency_id = ? and not exists (select 1 from deal_activity x where x.deal_id = d.id)").get(a.id) as { n: number };
      expect(withoutTimeline.n).toBe(0);
      const lost = db.prepare("select count(*) as n from deal d join crm_stage s on s.id = d.stage_id where d.agency_id = ? and s.kind = 'lost' and d.lost_reason is null").get(a.id) as { n: number };
      expect(lost.n).toBe(0);
    }
  }, 120_000);
});

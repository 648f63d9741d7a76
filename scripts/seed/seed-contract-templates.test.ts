import { getTableColumns } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as schema from "../../app/db/schema";
import { buildSeedStatements, DEMO_AGENCIES } from "./seed";
import { buildContractTemplateRows } from "./seed-contract-templates";

const NOW = new Date("2026-01-05T12:00:00.000Z");
const rows = buildContractTemplateRows(DEMO_AGENCIES, { now: NOW, userIds: {} });

describe("the contract templates demo seed", () => {
  it("gives each demo agency the two defaults with their version 1, in the tables' columns", () => {
    for (const [table, drizzleTable] of [
      ["contract_template", schema.contractTemplate],
      ["contract_template_version", schema.contractTemplateVersion],
    ] as const) {
      const columns = new Set(Object.values(getTableColumns(drizzleTable)).map((c) => c.name));
      for (const row of rows[table]) for (const key of Object.keys(row)) expect(columns.has(key), `${table}.${key}`).toBe(true);
    }
    for (const a of DEMO_AGENCIES) {
      const templates = rows.contract_template.filter((r) => r.agency_id === a.id);
      expect(templates.map((t) => [t.sale_kind, t.is_default, t.current_version])).toEqual([
        ["excursion", true, 1],
        ["emissivo", true, 1],
      ]);
      for (const t of templates) {
        const versions = rows.contract_template_version.filter((v) => v.template_id === t.id);
        expect(versions).toHaveLength(1);
        expect(versions[0]).toMatchObject({ agency_id: a.id, number: 1, name: t.name, body: t.body });
      }
    }
  });

  it("is deterministic and inserted after the agencies", async () => {
    expect(buildContractTemplateRows(DEMO_AGENCIES, { now: NOW, userIds: {} })).toEqual(rows);
    const statements = await buildSeedStatements(async () => "hash");
    const first = statements.findIndex((s) => s.startsWith("INSERT INTO contract_template "));
    const version = statements.findIndex((s) => s.startsWith("INSERT INTO contract_template_version"));
    expect(first).toBeGreaterThan(statements.findIndex((s) => s.startsWith("INSERT INTO agency")));
    expect(version).toBeGreaterThan(first);
  });
});

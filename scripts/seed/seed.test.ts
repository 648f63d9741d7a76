import { getTableColumns } from "drizzle-orm";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";
import { describe, expect, it } from "vitest";
import { formatPhone, isValidBrPhone, isValidCep, isValidCnpj, isValidCpf } from "../../app/lib/platform/br-documents.ts";
import { normalizeSearchText } from "../../app/lib/kit/search-text.ts";
import * as schema from "../../app/db/schema";
import { buildSeedStatements, DEMO_AGENCIES, DEMO_USERS } from "./seed";
import { buildRegisterRows, REGISTER_TABLES, seedId, type RegisterTable } from "./seed-registers";

const NOW = new Date("2026-01-05T12:00:00.000Z");
const rows = buildRegisterRows(DEMO_AGENCIES, { now: NOW, agentUserId: DEMO_USERS[2].id });
const TABLES: Record<RegisterTable, SQLiteTable> = {
  client: schema.client,
  supplier: schema.supplier,
  provider: schema.provider,
  agent: schema.agent,
  boarding_point: schema.boardingPoint,
  destination: schema.destination,
  product_kind: schema.productKind,
};
const byAgency = (table: RegisterTable, agencyId: string) => rows[table].filter((r) => r.agency_id === agencyId);
const json = <T>(v: unknown) => JSON.parse(String(v)) as T;

describe("register seed rows", () => {
  it("are deterministic", () => {
    expect(buildRegisterRows(DEMO_AGENCIES, { now: NOW, agentUserId: DEMO_USERS[2].id })).toEqual(rows);
  });

  it("use only columns of the drizzle tables, and fill every required one", () => {
    for (const table of Object.keys(REGISTER_TABLES) as RegisterTable[]) {
      const columns = Object.values(getTableColumns(TABLES[table]));
      const names = new Set(columns.map((c) => c.name));
      for (const row of rows[table]) {
        for (const key of Object.keys(row)) expect(names, `${table}.${key}`).toContain(key);
        for (const c of columns) {
          if (c.notNull && !c.hasDefault) expect(row[c.name], `${table}.${c.name}`).not.toBeNull();
        }
      }
    }
  });

  it("have unique, UUIDv7-shaped ids distinct from the platform's", () => {
    const all = Object.values(rows).flatMap((list) => list.map((r) => String(r.id)));
    expect(new Set(all).size).toBe(all.length);
    for (const id of all) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-8[0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(seedId("client", 0, 1)).toBe("0190a000-0001-7001-8000-000000000001");
    const platformIds = new Set<string>([...DEMO_AGENCIES.map((a) => a.id), ...DEMO_USERS.map((u) => u.id)]);
    expect(all.some((id) => platformIds.has(id))).toBe(false);
  });

  for (const agency of DEMO_AGENCIES) {
    describe(agency.name, () => {
      const clients = byAgency("client", agency.id);

      it("has at least 60 clients with valid CPFs and a few companies with valid CNPJs", () => {
        const people = clients.filter((c) => c.kind === "person");
        const companies = clients.filter((c) => c.kind === "company");
        expect(people.length).toBeGreaterThanOrEqual(60);
        expect(companies.length).toBeGreaterThanOrEqual(3);
        for (const c of people) expect(isValidCpf(String(c.document)), String(c.name)).toBe(true);
        for (const c of companies) expect(isValidCnpj(String(c.document)), String(c.name)).toBe(true);
        const documents = clients.map((c) => c.document);
        expect(new Set(documents).size).toBe(documents.length);
      });

      it("gives clients real-looking contact data", () => {
        for (const c of clients) {
          expect(isValidCep(String(c.postal_code))).toBe(true);
          expect(String(c.state)).toMatch(/^[A-Z]{2}$/);
          for (const e of json<string[]>(c.emails)) expect(e).toMatch(/^[a-z0-9.-]+@([a-z0-9-]+\.example|example\.(com|net|org))$/);
          for (const p of json<{ number: string; whatsapp: boolean }[]>(c.phones)) {
            expect(isValidBrPhone(p.number), p.number).toBe(true);
            expect(formatPhone(p.number)).toMatch(/^\(\d{2}\) \d{4,5}-\d{4}$/);
          }
          if (c.emergency_contact_phone) expect(isValidBrPhone(String(c.emergency_contact_phone))).toBe(true);
          expect(c.consent_at === null).toBe(c.marketing_consent === false);
          if (c.birth_date) expect(String(c.birth_date)).toMatch(/^\d{4}-\d{2}-\d{2}$/);
          if (c.passport_number) expect(String(c.passport_expiry)).toMatch(/^\d{4}-\d{2}-\d{2}$/);
          expect(c.search_text).toBe(normalizeSearchText(String(c.search_text)));
          expect(String(c.search_text)).toContain(normalizeSearchText(String(c.name)));
          expect(String(c.search_text)).toContain(String(c.document));
        }
        expect(clients.filter((c) => c.passport_number).length).toBeGreaterThanOrEqual(10);
        expect(clients.some((c) => c.marketing_consent === false)).toBe(true);
        const emails = clients.flatMap((c) => json<string[]>(c.emails));
        expect(new Set(emails).size).toBe(emails.length);
      });

      it("has suppliers and providers with valid documents and Pix keys", () => {
        const suppliers = byAgency("supplier", agency.id);
        const categories = new Set(suppliers.map((s) => s.category));
        for (const c of ["hotel", "airline", "bus_company", "insurer", "operator"]) expect(categories).toContain(c);
        expect(suppliers.map((s) => s.trade_name)).toEqual(expect.arrayContaining(["LATAM Airlines Brasil", "GOL", "Azul"]));
        const providers = byAgency("provider", agency.id);
        expect(providers.some((p) => p.category === "transfer")).toBe(true);
        expect(providers.some((p) => p.category === "guide" && p.kind === "person")).toBe(true);
        for (const p of [...suppliers, ...providers]) {
          const valid = p.kind === "person" ? isValidCpf(String(p.document)) : isValidCnpj(String(p.document));
          expect(valid, String(p.name)).toBe(true);
          expect(p.pix_key).toBeTruthy();
          if (p.pix_key_type === "cnpj" || p.pix_key_type === "cpf") expect(p.pix_key).toBe(p.document);
          if (p.pix_key_type === "phone") expect(String(p.pix_key)).toMatch(/^\+55\d{10,11}$/);
          if (p.pix_key_type === "random") expect(String(p.pix_key)).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
        }
        for (const p of providers) expect(json<unknown[]>(p.services).length).toBeGreaterThan(0);
      });

      it("has 3–5 agents, boarding points with coordinates, destinations and every product kind enabled", () => {
        const agents = byAgency("agent", agency.id);
        expect(agents.length).toBeGreaterThanOrEqual(3);
        expect(agents.length).toBeLessThanOrEqual(5);
        for (const a of agents) expect(isValidCpf(String(a.document)) || isValidCnpj(String(a.document))).toBe(true);
        const points = byAgency("boarding_point", agency.id);
        expect(points.length).toBeGreaterThanOrEqual(3);
        for (const p of points) {
          expect(Number(p.latitude)).toBeGreaterThan(-34);
          expect(Number(p.latitude)).toBeLessThan(6);
          expect(Number(p.longitude)).toBeGreaterThan(-74);
          expect(Number(p.longitude)).toBeLessThan(-34);
        }
        const destinations = byAgency("destination", agency.id).map((d) => d.name);
        expect(destinations).toEqual(
          expect.arrayContaining(["Gramado", "Porto Seguro", "Foz do Iguaçu", "Bonito", "Fernando de Noronha", "Buenos Aires", "Santiago", "Lisboa"]),
        );
        const kinds = byAgency("product_kind", agency.id);
        expect(kinds.map((k) => k.kind).sort()).toEqual([...schema.PRODUCT_KINDS].sort());
        expect(kinds.every((k) => k.enabled === true)).toBe(true);
      });
    });
  }

  it("links agente@sol.example's user to one Sol agent only", () => {
    const linked = rows.agent.filter((a) => a.user_id !== null);
    expect(linked).toHaveLength(1);
    expect(linked[0]).toMatchObject({ agency_id: DEMO_AGENCIES[0].id, user_id: DEMO_USERS[2].id, email: "agente@sol.example" });
  });
});

describe("buildSeedStatements", () => {
  const hash = async () => "hash";

  it("is deterministic and keeps every statement small enough for D1", async () => {
    const a = await buildSeedStatements(hash);
    expect(await buildSeedStatements(hash)).toEqual(a);
    expect(a.length).toBeLessThan(120);
    for (const s of a) {
      expect(new TextEncoder().encode(s).length).toBeLessThan(100_000);
      expect(s).toMatch(/ON CONFLICT DO NOTHING;$/);
    }
  });

  it("inserts the registers after the users they reference", async () => {
    const statements = await buildSeedStatements(hash);
    const lastUser = statements.findLastIndex((s) => s.startsWith("INSERT INTO profile"));
    const firstRegister = statements.findIndex((s) => s.startsWith("INSERT INTO client"));
    expect(firstRegister).toBeGreaterThan(lastUser);
    expect(statements.some((s) => s.startsWith("INSERT INTO agent"))).toBe(true);
  });
});

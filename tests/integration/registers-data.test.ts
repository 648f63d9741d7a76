/**
 * Registers (Cadastros) data layer in workerd with the real migrations: the
 * tables and indexes, the demo seed (counts, valid documents, idempotency) and
 * the database rules (one live document per agency, checks).
 */
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { generateCnpj, generateCpf, isValidCnpj, isValidCpf, mulberry32 } from "~/lib/platform/br-documents";
import { likeContains, searchTerms } from "~/lib/kit/search-text";
import { hashPassword } from "~/lib/platform/password.server";
import { v7 as uuidv7 } from "uuid";
import { buildSeedStatements, DEMO_AGENCIES, DEMO_USERS } from "../../scripts/seed/seed";

const SOL = DEMO_AGENCIES[0];
const MAR = DEMO_AGENCIES[1];
const REGISTER_TABLES = ["agent", "boarding_point", "client", "destination", "product_kind", "provider", "supplier"];

let statements: string[];
async function seed() {
  statements ??= await buildSeedStatements(hashPassword);
  await env.DB.batch(statements.map((s) => env.DB.prepare(s)));
}

async function counts(): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const t of REGISTER_TABLES) {
    out[t] = (await env.DB.prepare(`select count(*) as n from "${t}"`).first<{ n: number }>())!.n;
  }
  return out;
}

const all = async <T = Record<string, unknown>>(query: string, ...binds: unknown[]) =>
  (await env.DB.prepare(query).bind(...binds).all<T>()).results;

/** A document the seed never uses (the seed's PRNG streams are elsewhere). */
const rng = mulberry32(20260105);
const freshCpf = () => generateCpf(rng);

async function insertClient(agencyId: string, document: string | null, extra: { kind?: string; name?: string } = {}) {
  const id = uuidv7();
  const now = new Date().toISOString();
  await env.DB.prepare(
    "insert into client (id, agency_id, kind, name, document, search_text, created_at, updated_at) values (?, ?, ?, ?, ?, ?, ?, ?)",
  )
    .bind(id, agencyId, extra.kind ?? "person", extra.name ?? "Cliente de Teste", document, "cliente de teste", now, now)
    .run();
  return id;
}

beforeAll(async () => {
  await seed();
});

describe("registers migration", () => {
  it("creates the register tables", async () => {
    const names = (await all<{ name: string }>("select name from sqlite_master where type = 'table'")).map((r) => r.name);
    expect(names).toEqual(expect.arrayContaining(REGISTER_TABLES));
  });

  it("indexes list, search and document queries, with partial unique indexes on live documents", async () => {
    const indexes = await all<{ name: string; sql: string | null }>("select name, sql from sqlite_master where type = 'index'");
    const byName = new Map(indexes.map((i) => [i.name, i.sql ?? ""]));
    for (const t of ["client", "supplier", "provider", "agent", "boarding_point", "destination"]) {
      // Lists sort by search_text (the name without accents first): app/lib/list.server.ts.
      expect(byName.get(`${t}_list_idx`), t).toMatch(/\(`agency_id`,`deleted_at`,`search_text`,`id`\)/);
      expect(byName.get(`${t}_search_idx`), t).toMatch(/\(`agency_id`,`search_text`\)/);
    }
    for (const t of ["client", "supplier", "provider", "agent"]) {
      expect(byName.get(`${t}_document_uq`), t).toMatch(/^CREATE UNIQUE INDEX .* WHERE document is not null and deleted_at is null$/);
    }
    expect(byName.get("product_kind_agency_kind_uq")).toMatch(/^CREATE UNIQUE INDEX/);
  });

  it("serves the first page of a client list from the list index, without sorting", async () => {
    const plan = await all<{ detail: string }>(
      "explain query plan select id, name from client where agency_id = ? and deleted_at is null and (search_text, id) > (?, ?) order by search_text, id limit 25",
      SOL.id,
      "",
      "",
    );
    const details = plan.map((p) => p.detail).join("\n");
    expect(details).toContain("client_list_idx");
    expect(details).not.toContain("TEMP B-TREE");
  });
});

describe("demo seed of the registers", () => {
  it("creates at least 60 clients per agency", async () => {
    const rows = await all<{ agency_id: string; n: number }>("select agency_id, count(*) as n from client group by agency_id");
    const n = new Map(rows.map((r) => [r.agency_id, r.n]));
    expect(n.get(SOL.id)).toBeGreaterThanOrEqual(60);
    expect(n.get(MAR.id)).toBeGreaterThanOrEqual(60);
  });

  it("gives every seeded client a CPF or CNPJ that validates", async () => {
    const clients = await all<{ kind: string; document: string | null; name: string }>(
      "select kind, document, name from client where agency_id in (?, ?)",
      SOL.id,
      MAR.id,
    );
    expect(clients.length).toBeGreaterThanOrEqual(120);
    for (const c of clients) {
      expect(c.document, c.name).not.toBeNull();
      expect(c.kind === "person" ? isValidCpf(c.document) : isValidCnpj(c.document), `${c.name} ${c.document}`).toBe(true);
    }
    expect(clients.filter((c) => c.kind === "company").length).toBeGreaterThanOrEqual(6);
  });

  it("seeds suppliers, providers, agents, boarding points, destinations and product kinds for both agencies", async () => {
    for (const t of REGISTER_TABLES.filter((x) => x !== "client")) {
      // One query per table: D1 caps compound SELECTs at a handful of terms.
      const rows = await all<{ agency_id: string; n: number }>(`select agency_id, count(*) as n from "${t}" group by agency_id`);
      for (const a of [SOL, MAR]) expect(rows.find((r) => r.agency_id === a.id)?.n, `${t} ${a.slug}`).toBeGreaterThan(0);
    }
    const kinds = await all<{ agency_id: string; n: number }>("select agency_id, count(*) as n from product_kind where enabled = 1 group by agency_id");
    expect(kinds.map((k) => k.n)).toEqual([9, 9]);
    const agent = await env.DB.prepare("select a.agency_id, u.email from agent a join user u on u.id = a.user_id").all();
    expect(agent.results).toEqual([{ agency_id: SOL.id, email: "agente@sol.example" }]);
    const airlines = await all<{ trade_name: string }>("select trade_name from supplier where agency_id = ? and category = 'airline' order by 1", MAR.id);
    expect(airlines.map((r) => r.trade_name)).toEqual(["Azul", "GOL", "LATAM Airlines Brasil"]);
  });

  it("is idempotent: seeding twice changes nothing", async () => {
    const before = await counts();
    const clients = await all("select * from client order by id");
    const suppliers = await all("select * from supplier order by id");
    await seed();
    await seed();
    expect(await counts()).toEqual(before);
    expect(await all("select * from client order by id")).toEqual(clients);
    expect(await all("select * from supplier order by id")).toEqual(suppliers);
  });

  it("does not overwrite a seeded row the agency has edited", async () => {
    const row = await env.DB.prepare("select id from client where agency_id = ? order by id limit 1").bind(SOL.id).first<{ id: string }>();
    await env.DB.prepare("update client set notes = 'Editado', version = version + 1 where id = ?").bind(row!.id).run();
    await seed();
    const after = await env.DB.prepare("select notes, version from client where id = ?").bind(row!.id).first();
    expect(after).toEqual({ notes: "Editado", version: 2 });
  });

  it("finds clients by name without accents through search_text", async () => {
    const accented = await env.DB.prepare("select id, name, document from client where agency_id = ? and name glob '*[áéíóúâêôãõç]*' order by id limit 1")
      .bind(SOL.id)
      .first<{ id: string; name: string; document: string }>();
    expect(accented).not.toBeNull();
    const plain = accented!.name.normalize("NFD").replace(/\p{M}/gu, "").toUpperCase();
    const search = async (q: string) => {
      const terms = searchTerms(q);
      const where = terms.map(() => "search_text like ? escape '\\'").join(" and ");
      return all<{ id: string }>(`select id from client where agency_id = ? and deleted_at is null and ${where}`, SOL.id, ...terms.map(likeContains));
    };
    expect((await search(plain)).map((r) => r.id)).toContain(accented!.id);
    const masked = accented!.document.replace(/^(\d{3})(\d{3})(\d{3})(\d{2})$/, "$1.$2.$3-$4");
    expect((await search(masked)).map((r) => r.id)).toEqual([accented!.id]);
    expect(await search("zzzz-nao-existe")).toEqual([]);
  });
});

describe("one live document per agency", () => {
  it("refuses a duplicate CPF in the same agency, allows it in another and after soft deletion", async () => {
    const cpf = freshCpf();
    const first = await insertClient(SOL.id, cpf);
    await expect(insertClient(SOL.id, cpf)).rejects.toThrow(/UNIQUE constraint failed: client\.agency_id, client\.document/);
    await insertClient(MAR.id, cpf);

    await env.DB.prepare("update client set deleted_at = ? where id = ?").bind(new Date().toISOString(), first).run();
    const second = await insertClient(SOL.id, cpf);
    await expect(insertClient(SOL.id, cpf)).rejects.toThrow(/UNIQUE constraint failed/);

    // Restoring the deleted one would make two live records: refused too.
    await expect(env.DB.prepare("update client set deleted_at = null where id = ?").bind(first).run()).rejects.toThrow(/UNIQUE constraint failed/);
    const live = await all("select id from client where agency_id = ? and document = ? and deleted_at is null", SOL.id, cpf);
    expect(live).toEqual([{ id: second }]);
  });

  it("allows any number of clients without a document", async () => {
    await insertClient(SOL.id, null, { name: "Turista estrangeiro 1" });
    await insertClient(SOL.id, null, { name: "Turista estrangeiro 2" });
    const n = await env.DB.prepare("select count(*) as n from client where agency_id = ? and name like 'Turista estrangeiro %'").bind(SOL.id).first<{ n: number }>();
    expect(n?.n).toBe(2);
  });

  it("holds for suppliers too: a seeded CNPJ cannot be registered twice in one agency", async () => {
    const seeded = await env.DB.prepare("select document from supplier where agency_id = ? and category = 'airline' limit 1").bind(SOL.id).first<{ document: string }>();
    const now = new Date().toISOString();
    const insert = (agencyId: string) =>
      env.DB.prepare("insert into supplier (id, agency_id, name, document, created_at, updated_at) values (?, ?, 'Duplicada', ?, ?, ?)")
        .bind(uuidv7(), agencyId, seeded!.document, now, now)
        .run();
    await expect(insert(SOL.id)).rejects.toThrow(/UNIQUE constraint failed: supplier\.agency_id, supplier\.document/);
  });
});

describe("database checks", () => {
  it("store documents as digits of the right length for the kind", async () => {
    await expect(insertClient(SOL.id, "529.982.247-25")).rejects.toThrow(/CHECK constraint failed/);
    await expect(insertClient(SOL.id, generateCnpj(rng))).rejects.toThrow(/CHECK constraint failed/);
    await expect(insertClient(SOL.id, freshCpf(), { kind: "company" })).rejects.toThrow(/CHECK constraint failed/);
    await expect(insertClient(SOL.id, freshCpf(), { kind: "alien" })).rejects.toThrow(/CHECK constraint failed/);
    await insertClient(SOL.id, generateCnpj(rng), { kind: "company", name: "Empresa de Teste Ltda." });
  });

  it("keep an agency's product kinds unique and commissions within 0–100 %", async () => {
    const now = new Date().toISOString();
    await expect(
      env.DB.prepare("insert into product_kind (id, agency_id, kind, created_at, updated_at) values (?, ?, 'air', ?, ?)").bind(uuidv7(), SOL.id, now, now).run(),
    ).rejects.toThrow(/UNIQUE constraint failed/);
    await expect(
      env.DB.prepare("insert into agent (id, agency_id, name, commission_bps, created_at, updated_at) values (?, ?, 'X', 10001, ?, ?)").bind(uuidv7(), SOL.id, now, now).run(),
    ).rejects.toThrow(/CHECK constraint failed/);
  });

  it("require an existing agency", async () => {
    await expect(insertClient("0190a000-0000-7000-8000-0000000000ff", freshCpf())).rejects.toThrow(/FOREIGN KEY constraint failed/);
  });

  it("link an agent to at most one live record per user and agency", async () => {
    const now = new Date().toISOString();
    const agentUser = DEMO_USERS.find((u) => u.email === "agente@sol.example")!;
    await expect(
      env.DB.prepare("insert into agent (id, agency_id, name, user_id, created_at, updated_at) values (?, ?, 'Outro', ?, ?, ?)").bind(uuidv7(), SOL.id, agentUser.id, now, now).run(),
    ).rejects.toThrow(/UNIQUE constraint failed: agent\.agency_id, agent\.user_id/);
  });
});

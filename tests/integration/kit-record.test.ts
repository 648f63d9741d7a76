/**
 * The record kit on its own terms: a store without soft delete, search text or
 * counter (agency invitations, not a register) through create / version-checked
 * update / delete / history under the tenant guard; declared reference rules
 * refusing a real delete (finance titles pointing at a client) through the
 * register's own route; and every register form refusing post shapes a form
 * never sends with 400, never a 500, writing nothing.
 */
import { env } from "cloudflare:test";
import { eq, isNull } from "drizzle-orm";
import { v7 as uuidv7 } from "uuid";
import { beforeAll, describe, expect, it } from "vitest";
import { financeTitle, invitation } from "~/db/schema";
import { createDb } from "~/lib/platform/db.server";
import { countReferences, createRecord, deleteRecord, findRecord, recordHistory, recordStore, referencesTo, updateRecord, type ReferenceRule } from "~/lib/kit/record.server";
import { clientStore } from "~/lib/registers/client.server";
import { REFERENCES } from "~/lib/registers/references.server";
import { appRequest, json } from "./harness";
import { createAgency, createUser, seedDemo, signIn } from "./fixtures";

beforeAll(seedDemo);

const db = () => createDb(env.DB);
const one = <T,>(sql: string, ...params: unknown[]) => env.DB.prepare(sql).bind(...params).first<T>();
const auditOf = async (entityId: string) =>
  (await env.DB.prepare("select agency_id, action, changes from audit_entry where entity_id = ? order by created_at, id").bind(entityId).all<{ agency_id: string; action: string; changes: string | null }>()).results;

/** Agency invitations as a record store: no soft delete, no search text, no counter, named by e-mail. */
const invitationStore = recordStore({ table: invitation, entity: "invitation_test", label: (row) => row.email });

const invitationValues = (email: string) => ({
  email,
  name: "Convidada",
  role: "Agente" as const,
  tokenHash: `hash-${uuidv7()}`,
  expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
});

describe("the record kit on a table that is not a register", () => {
  let A: { id: string; userId: string };
  let B: { id: string; userId: string };
  beforeAll(async () => {
    const [a, b] = [await createAgency(), await createAgency()];
    A = { id: a.id, userId: (await createUser({ role: "Admin", agencyId: a.id })).id };
    B = { id: b.id, userId: (await createUser({ role: "Admin", agencyId: b.id })).id };
  });
  const scopeOf = (x: { id: string; userId: string }) => ({ db: db(), agencyId: x.id, userId: x.userId, ip: "203.0.113.9" });

  it("creates, refuses a stale update, updates, keeps history and deletes the row (no soft delete)", async () => {
    const scope = scopeOf(A);
    const created = await createRecord(scope, invitationStore, invitationValues("kit.one@example.com"));
    expect(created.ok).toBe(true);
    const id = created.ok ? created.id : "";
    expect(await one("select agency_id, email, version from invitation where id = ?", id)).toEqual({ agency_id: A.id, email: "kit.one@example.com", version: 1 });

    // Another agency does not find it, cannot update or delete it.
    const other = scopeOf(B);
    expect(await findRecord(other, invitationStore, id)).toBeNull();
    expect(await updateRecord(other, invitationStore, id, 1, { name: "Roubada" })).toMatchObject({ ok: false, reason: "notFound" });
    expect(await deleteRecord(other, invitationStore, id)).toMatchObject({ ok: false, reason: "notFound" });

    const saved = await updateRecord(scope, invitationStore, id, 1, { name: "Convidada Dois" });
    expect(saved).toEqual({ ok: true, changed: ["name"] });
    const stale = await updateRecord(scope, invitationStore, id, 1, { name: "Atrasada" });
    expect(stale).toMatchObject({ ok: false, reason: "stale", current: { name: "Convidada Dois", version: 2 } });
    expect(await one("select name, version from invitation where id = ?", id)).toEqual({ name: "Convidada Dois", version: 2 });

    const deleted = await deleteRecord(scope, invitationStore, id);
    expect(deleted).toEqual({ ok: true, label: "kit.one@example.com" });
    expect(await one("select id from invitation where id = ?", id)).toBeNull();

    const audit = await auditOf(id);
    expect(audit.map((a) => [a.agency_id, a.action])).toEqual([
      [A.id, "create"],
      [A.id, "update"],
      [A.id, "delete"],
    ]);
    expect(JSON.parse(audit[1]!.changes!)).toEqual({ name: ["Convidada", "Convidada Dois"] });
    const history = await recordHistory(scope, "invitation_test", id);
    expect(history.entries.map((e) => e.action)).toEqual(["delete", "update", "create"]);
    expect((await recordHistory(other, "invitation_test", id)).entries).toEqual([]);
  });

  it("answers a unique index's refusal as a value, writing nothing", async () => {
    const scope = scopeOf(A);
    const values = invitationValues("kit.two@example.com");
    expect((await createRecord(scope, invitationStore, values)).ok).toBe(true);
    const before = await one<{ n: number }>("select count(*) as n from audit_entry where agency_id = ?", A.id);
    expect(await createRecord(scope, invitationStore, { ...values, email: "kit.three@example.com" })).toEqual({ ok: false, reason: "unique" });
    expect(await one<{ n: number }>("select count(*) as n from audit_entry where agency_id = ?", A.id)).toEqual(before);
  });
});

describe("declared references refuse a delete", () => {
  let A: { id: string; cookie: string };
  let B: { id: string };
  beforeAll(async () => {
    const a = await createAgency();
    const admin = await createUser({ role: "Admin", agencyId: a.id });
    const cookie = await signIn(admin.email);
    A = { id: a.id, cookie };
    B = { id: (await createAgency()).id };
  });

  /** A title of `agencyId` whose party is `partyId` (the finance module's receivables and payables). */
  async function insertTitle(agencyId: string, partyKind: string, partyId: string, cancelled = false) {
    const id = uuidv7();
    const now = new Date().toISOString();
    await env.DB.prepare(
      `insert into finance_title (id, agency_id, direction, party_kind, party_id, description, category_id, competence_date, due_date, amount_cents, group_id, cancelled_at, created_at, updated_at)
       values (?, ?, 'receivable', ?, ?, 'Pacote', 'cat', '2026-01-10', '2026-02-10', 10000, ?, ?, ?, ?)`,
    )
      .bind(id, agencyId, partyKind, partyId, id, cancelled ? now : null, now, now)
      .run();
    return id;
  }

  const rule: ReferenceRule = {
    table: financeTitle,
    column: financeTitle.partyId,
    when: eq(financeTitle.partyKind, "client"),
    live: isNull(financeTitle.cancelledAt),
    label: "registers.fields.tags",
  };

  it("counts only the agency's live rows of the declared kind", async () => {
    const clientId = uuidv7();
    const scope = { db: db(), agencyId: A.id };
    expect(await countReferences(scope, rule, clientId)).toBe(0);
    await insertTitle(A.id, "client", clientId);
    await insertTitle(A.id, "client", clientId);
    await insertTitle(A.id, "client", clientId, true); // cancelled: not live
    await insertTitle(A.id, "supplier", clientId); // another kind of party
    await insertTitle(B.id, "client", clientId); // another agency
    expect(await countReferences(scope, rule, clientId)).toBe(2);
    expect(await referencesTo(scope, { entity: "nothing", references: [rule] }, clientId)).toEqual([{ count: 2, label: "registers.fields.tags" }]);
  });

  it("refuses the register's delete (409 naming the kind and count) until the references are gone", async () => {
    expect(clientStore.references).toBe(REFERENCES.client);
    const created = await appRequest("/cadastros/clientes/novo", { cookie: A.cookie, form: { kind: "person", name: "Cliente Com Títulos", country: "BR" } });
    expect(created.status).toBe(302);
    const id = created.headers.get("Location")!.split("/").pop()!;
    const title = await insertTitle(A.id, "client", id);
    REFERENCES.client.push(rule);
    try {
      const refused = await appRequest(`/cadastros/clientes/editar/${id}`, { cookie: A.cookie, form: { intent: "delete" } });
      expect(refused.status).toBe(409);
      // The finance module declares its own rule on clients too (financeLedger.references.titles).
      expect(await json(refused)).toMatchObject({ deleteError: "records.delete.referenced", references: expect.arrayContaining([{ count: 1, label: "registers.fields.tags" }]) });
      expect(await one("select deleted_at, version from client where id = ?", id)).toEqual({ deleted_at: null, version: 1 });
      expect((await auditOf(id)).map((a) => a.action)).toEqual(["create"]);

      await env.DB.prepare("update finance_title set cancelled_at = ? where id = ?").bind(new Date().toISOString(), title).run();
      const deleted = await appRequest(`/cadastros/clientes/editar/${id}`, { cookie: A.cookie, form: { intent: "delete" } });
      expect(deleted.status).toBe(302);
      expect((await one<{ deleted_at: string | null }>("select deleted_at from client where id = ?", id))!.deleted_at).not.toBeNull();
    } finally {
      REFERENCES.client.splice(REFERENCES.client.indexOf(rule), 1);
    }
  });
});

describe("register forms refuse post shapes a form never sends", () => {
  let cookie: string;
  let agencyId: string;
  beforeAll(async () => {
    agencyId = (await createAgency()).id;
    cookie = await signIn((await createUser({ role: "Admin", agencyId })).email);
  });
  const count = async (table: string) => (await one<{ n: number }>(`select count(*) as n from ${table} where agency_id = ?`, agencyId))!.n;

  const cases: { path: string; table: string; form: Record<string, string | string[]> }[] = [
    // A list field as one plain value (no JavaScript, hand-made post): emails=x instead of emails[0]=x.
    { path: "/cadastros/clientes/novo", table: "client", form: { kind: "person", name: "Maria Lista", emails: "maria@example.com" } },
    { path: "/cadastros/clientes/novo", table: "client", form: { kind: "person", name: "Maria Fone", phones: "11912345678" } },
    { path: "/cadastros/clientes/novo", table: "client", form: { kind: "person", name: "Maria Fone", "phones[0]": "11912345678" } },
    { path: "/cadastros/fornecedores/novo", table: "supplier", form: { kind: "company", name: "Hotel Lista", category: "hotel", contacts: "Ana" } },
    { path: "/cadastros/prestadores/novo", table: "provider", form: { kind: "company", name: "Transfer Lista", category: "transfer", services: "City tour" } },
    // One value posted as a list or an object.
    { path: "/cadastros/agentes/novo", table: "agent", form: { name: ["Carla", "Outra"], commissionRule: "sale_percent", commission: "5" } },
    { path: "/cadastros/embarques/novo", table: "boarding_point", form: { "name[0]": "Rodoviária", defaultOffsetMinutes: "0" } },
    { path: "/cadastros/destinos/novo", table: "destination", form: { "name.x": "Gramado", country: "BR" } },
  ];

  for (const c of cases) {
    it(`${c.path} ${Object.keys(c.form).join(",")}: 400 with no echo of the shape, nothing written`, async () => {
      const before = await count(c.table);
      const res = await appRequest(c.path, { cookie, form: c.form });
      expect(res.status).toBe(400);
      const body = await json<{ result: { status: string; initialValue?: unknown; error: Record<string, string[]> } }>(res);
      expect(body.result.status).toBe("error");
      // The page renders the form from its own values, not from the broken post.
      expect(body.result.initialValue).toBeUndefined();
      expect(body.result.error[""]).toEqual(["validation.invalid"]);
      expect(await count(c.table)).toBe(before);
    });
  }

  it("the edit form refuses them too, leaving the record as it was", async () => {
    const created = await appRequest("/cadastros/clientes/novo", { cookie, form: { kind: "person", name: "Cliente Intacto", "emails[0]": "intacto@example.com" } });
    const id = created.headers.get("Location")!.split("/").pop()!;
    const before = await one("select * from client where id = ?", id);
    const res = await appRequest(`/cadastros/clientes/editar/${id}`, { cookie, form: { kind: "person", name: "Mudou", version: "1", emails: "outro@example.com" } });
    expect(res.status).toBe(400);
    expect(await one("select * from client where id = ?", id)).toEqual(before);
  });
});

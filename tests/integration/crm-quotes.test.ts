/**
 * CRM quotes (issue #18): created from a deal (totals = the items), sent (status, the link,
 * the mail when the client has one), the public /orcamento/{slug} page (no session; an
 * unknown slug 404; openings counted), accepted once (also two at once: one sale, the deal
 * won, the owner only notified), declined with a reason, expired refused; the slug's entropy;
 * another agency's quote unreachable by id; fuzzed public posts.
 */
import { env } from "cloudflare:test";
import fc from "fast-check";
import { v7 as uuidv7 } from "uuid";
import { beforeAll, describe, expect, it } from "vitest";
import { appRequest, json } from "./harness";
import { createAgency, createUser, signIn } from "./fixtures";
import { FUZZ_RUNS } from "./fuzz";

async function world(name: string) {
  const agency = await createAgency(name);
  const admin = await createUser({ role: "Admin", agencyId: agency.id, name: "Ana Admin" });
  const agente = await createUser({ role: "Agente", agencyId: agency.id, name: "Beto Agente" });
  const t = new Date().toISOString();
  const kind = uuidv7();
  const supplier = uuidv7();
  await env.DB.batch([
    env.DB.prepare("insert into supplier (id, agency_id, name, created_at, updated_at) values (?, ?, 'Hotel Serra Azul', ?, ?)").bind(supplier, agency.id, t, t),
    env.DB.prepare("insert into product_kind (id, agency_id, kind, created_at, updated_at) values (?, ?, 'hotel', ?, ?)").bind(kind, agency.id, t, t),
    env.DB.prepare("insert into agent (id, agency_id, name, user_id, created_at, updated_at) values (?, ?, 'Beto Agente', ?, ?, ?)").bind(uuidv7(), agency.id, agente.id, t, t),
  ]);
  return { agency, admin, agente, kind, supplier, adminCookie: await signIn(admin.email), agenteCookie: await signIn(agente.email) };
}
type World = Awaited<ReturnType<typeof world>>;

async function newDeal(w: World, cookie = w.agenteCookie, form: Record<string, string> = {}) {
  const res = await appRequest("/crm/negocios/novo", { cookie, form: { intent: "save", title: "Férias em Gramado", leadName: "Lia Lead", leadEmail: `lia-${uuidv7().slice(-8)}@example.com`, value: "8.000,00", ...form } });
  expect(res.status, await res.clone().text()).toBe(302);
  return res.headers.get("Location")!.split("/").pop()!;
}

const future = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

async function newQuote(w: World, dealId: string, cookie = w.agenteCookie, form: Record<string, string> = {}) {
  const res = await appRequest(`/crm/orcamentos/novo?negocio=${dealId}`, {
    cookie,
    form: {
      intent: "save",
      title: "Gramado 5 noites",
      language: "pt",
      validUntil: future(10),
      discount: "100,00",
      "items[0].productKindId": w.kind,
      "items[0].supplierId": w.supplier,
      "items[0].description": "Hotel Serra Azul, 5 noites",
      "items[0].cost": "3.000,00",
      "items[0].price": "4.000,00",
      "items[0].fees": "50,00",
      "items[1].productKindId": w.kind,
      "items[1].description": "Transfer",
      "items[1].price": "300,00",
      ...form,
    },
  });
  expect(res.status, await res.clone().text()).toBe(302);
  return res.headers.get("Location")!.split("/").pop()!;
}

const quoteRow = (id: string) => env.DB.prepare("select * from quote where id = ?").bind(id).first<Record<string, unknown>>();
const send = (cookie: string, id: string) => appRequest(`/crm/orcamentos/editar/${id}`, { cookie, form: { intent: "send" } });

describe("quotes", () => {
  let w: World;
  beforeAll(async () => {
    w = await world("Agência dos Orçamentos");
  });

  it("stores the totals of its items, a 256-bit slug, and sends with the link (mailed to the lead)", async () => {
    const dealId = await newDeal(w);
    const id = await newQuote(w, dealId);
    const row = (await quoteRow(id))!;
    expect(row).toMatchObject({ status: "draft", cost_cents: 300_000, price_cents: 430_000, discount_cents: 10_000, fees_cents: 5_000, total_cents: 425_000, agency_id: w.agency.id });
    expect(String(row.slug)).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // A draft is not public yet.
    expect((await appRequest(`/orcamento/${row.slug}`)).status).toBe(404);
    const res = await send(w.agenteCookie, id);
    expect(res.status).toBe(302);
    expect(await quoteRow(id)).toMatchObject({ status: "sent" });
    const mail = await env.DB.prepare("select kind, text from email_outbox where agency_id = ? and kind = 'crm_quote' order by created_at desc limit 1").bind(w.agency.id).first<{ text: string }>();
    expect(mail?.text).toContain(`/orcamento/${row.slug}`);
    const acts = (await env.DB.prepare("select kind from deal_activity where deal_id = ?").bind(dealId).all()).results.map((r) => r.kind);
    expect(acts).toContain("quote_sent");
  });

  it("slugs are distinct and high-entropy", async () => {
    const dealId = await newDeal(w);
    const slugs = new Set<string>();
    for (let i = 0; i < 5; i++) slugs.add(String((await quoteRow(await newQuote(w, dealId)))!.slug));
    expect(slugs.size).toBe(5);
    for (const s of slugs) expect(new Set(s).size).toBeGreaterThan(15);
  });

  it("shows the public page without a session, counts openings, and a 404 page for an unknown slug", async () => {
    const dealId = await newDeal(w);
    const id = await newQuote(w, dealId);
    await send(w.agenteCookie, id);
    const slug = String((await quoteRow(id))!.slug);
    const page = await appRequest(`/orcamento/${slug}`);
    expect(page.status).toBe(200);
    const body = await json<{ quote: { agency: string; total: string; items: unknown[] } }>(page);
    expect(body.quote.agency).toBe("Agência dos Orçamentos");
    expect(body.quote.items).toHaveLength(2);
    expect(body.quote.total).toContain("4.250,00");
    await appRequest(`/orcamento/${slug}`);
    const row = (await quoteRow(id))!;
    expect(row.view_count).toBe(2);
    expect(row.first_viewed_at).toBeTruthy();
    expect((await appRequest(`/orcamento/${"x".repeat(43)}`)).status).toBe(404);
    expect((await appRequest("/orcamento/curto")).status).toBe(404);
    expect((await appRequest(`/orcamento/${"x".repeat(43)}`, { form: { intent: "accept" } })).status).toBe(404);
  });

  it("accepting twice at once makes one sale, wins the deal, converts the lead, and notifies the owner only", async () => {
    const dealId = await newDeal(w);
    const id = await newQuote(w, dealId);
    await send(w.agenteCookie, id);
    const slug = String((await quoteRow(id))!.slug);
    const [a, b] = await Promise.all([appRequest(`/orcamento/${slug}`, { form: { intent: "accept" } }), appRequest(`/orcamento/${slug}`, { form: { intent: "accept" } })]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const again = await appRequest(`/orcamento/${slug}`, { form: { intent: "accept" } });
    expect(again.status).toBe(409);
    const row = (await quoteRow(id))!;
    expect(row.status).toBe("accepted");
    expect(row.sale_id).toBeTruthy();
    const sales = await env.DB.prepare("select id, status, kind, client_id, total_cents from sale where agency_id = ?").bind(w.agency.id).all();
    const mine = sales.results.filter((s) => s.id === row.sale_id);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ status: "draft", kind: "emissivo", total_cents: 425_000 });
    const d = await env.DB.prepare("select d.client_id, d.sale_id, s.kind from deal d join crm_stage s on s.id = d.stage_id where d.id = ?").bind(dealId).first();
    expect(d).toMatchObject({ kind: "won", sale_id: row.sale_id, client_id: mine[0]!.client_id });
    const items = await env.DB.prepare("select count(*) as n from sale_item where sale_id = ?").bind(row.sale_id).first<{ n: number }>();
    expect(items!.n).toBe(2);
    const notes = await env.DB.prepare("select user_id from notification where agency_id = ? and link like ?").bind(w.agency.id, `%${dealId}%`).all();
    expect(notes.results.map((n) => n.user_id)).toEqual([w.agente.id]);
  });

  it("declines with a reason; an expired quote says so and refuses", async () => {
    const dealId = await newDeal(w);
    const id = await newQuote(w, dealId);
    await send(w.agenteCookie, id);
    const slug = String((await quoteRow(id))!.slug);
    expect((await appRequest(`/orcamento/${slug}`, { form: { intent: "decline", reason: "" } })).status).toBe(400);
    expect((await appRequest(`/orcamento/${slug}`, { form: { intent: "decline", reason: "Achei caro" } })).status).toBe(200);
    expect(await quoteRow(id)).toMatchObject({ status: "declined", decline_reason: "Achei caro" });
    expect((await appRequest(`/orcamento/${slug}`, { form: { intent: "accept" } })).status).toBe(409);

    const old = await newQuote(w, dealId);
    await send(w.agenteCookie, old);
    await env.DB.prepare("update quote set valid_until = '2020-01-01' where id = ?").bind(old).run();
    const oldSlug = String((await quoteRow(old))!.slug);
    const page = await json<{ quote: { state: string } }>(await appRequest(`/orcamento/${oldSlug}`));
    expect(page.quote.state).toBe("expired");
    expect((await appRequest(`/orcamento/${oldSlug}`, { form: { intent: "accept" } })).status).toBe(410);
    expect(await quoteRow(old)).toMatchObject({ status: "sent", sale_id: null });
  });

  it("another agency's quote and deal are not reachable by id; an Agente's other user's deal neither", async () => {
    const other = await world("Outra dos Orçamentos");
    const theirDeal = await newDeal(other);
    const theirs = await newQuote(other, theirDeal);
    const before = await quoteRow(theirs);
    expect((await appRequest(`/crm/orcamentos/editar/${theirs}`, { cookie: w.adminCookie })).status).toBe(404);
    expect((await send(w.adminCookie, theirs)).status).toBe(404);
    expect((await appRequest(`/crm/orcamentos/novo?negocio=${theirDeal}`, { cookie: w.adminCookie })).status).toBe(404);
    expect(await quoteRow(theirs)).toEqual(before);
    const adminDeal = await newDeal(w, w.adminCookie);
    expect((await appRequest(`/crm/orcamentos/novo?negocio=${adminDeal}`, { cookie: w.agenteCookie })).status).toBe(404);
  });

  it("fuzzed quote forms and public posts never 5xx and write nothing when refused", async () => {
    const dealId = await newDeal(w);
    const id = await newQuote(w, dealId);
    await send(w.agenteCookie, id);
    const slug = String((await quoteRow(id))!.slug);
    const text = fc.oneof(fc.string({ maxLength: 30 }), fc.string({ unit: "binary", maxLength: 30 }), fc.constantFrom("", "accept", "decline", "save", "send", "pt", "xx", "2026-02-30", future(3), "1,00", "-5", w.kind, "x".repeat(3000)));
    const value = fc.oneof(text, fc.array(text, { minLength: 2, maxLength: 3 }));
    const fields = fc.dictionary(fc.constantFrom("intent", "reason", "title", "language", "validUntil", "discount", "terms", "version", "items[0].productKindId", "items[0].description", "items[0].price", "items[9999].cost", "items"), value);
    const count = async () => (await env.DB.prepare("select count(*) as n from quote where agency_id = ?").bind(w.agency.id).first<{ n: number }>())!.n;
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(`/orcamento/${slug}`, `/crm/orcamentos/novo?negocio=${dealId}`, `/crm/orcamentos/editar/${id}`), fields, async (path, form) => {
        if (path.startsWith("/orcamento") && form.intent === "accept") return; // a valid accept is tested above
        const n = await count();
        const before = await quoteRow(id);
        const res = await appRequest(path, { cookie: path.startsWith("/orcamento") ? undefined : w.agenteCookie, form });
        expect(res.status).toBeLessThan(500);
        if (res.status >= 400) {
          expect(await count()).toBe(n);
          const after = (await quoteRow(id))!;
          expect({ ...after, view_count: 0, last_viewed_at: null, first_viewed_at: null }).toEqual({ ...before, view_count: 0, last_viewed_at: null, first_viewed_at: null });
        }
      }),
      { numRuns: Math.min(FUZZ_RUNS, 200) },
    );
  }, 240_000);
});

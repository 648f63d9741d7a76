/**
 * Invoicing (Financeiro → Faturamento; decision 0016) through the real route
 * table, middleware, loaders and actions on the local D1:
 *  - generating an invoice of two sales: its number, lines, total and the
 *    receivable it creates (origin "invoice"); a sale with receivables of its
 *    own is linked, not billed twice, and must be invoiced whole;
 *  - numbers unique and gap-free per agency under 10 concurrent generations;
 *  - an item on one live invoice only (a second invoice is a field error; the
 *    partial unique index refuses it whatever the code checked);
 *  - cancel: refused while a paying title is settled, else the created
 *    receivable is cancelled with it and the lines are free again;
 *  - the list's status filters (open, paid, overdue, cancelled), the PDF (valid,
 *    with the number), the e-mail in the outbox in the party's language;
 *  - roles, no session, another agency's ids (404 on every loader and action),
 *    and a fuzzed post per form (no 5xx, nothing written unless saved).
 */
import { env } from "cloudflare:test";
import fc from "fast-check";
import { v7 as uuidv7 } from "uuid";
import { describe, expect, it } from "vitest";
import { ensureFinanceDefaults } from "~/lib/finance/defaults.server";
import { createDb } from "~/lib/platform/db.server";
import { received, useSmtp } from "./smtp-fixtures";
import { appRequest } from "./harness";
import { createAgency, createUser, signIn } from "./fixtures";
import { FUZZ_RUNS } from "./fuzz";
import { pdfText } from "./pdf-text";

const GEN = "/financeiro/faturamento/gerar-fatura";
const LIST = "/financeiro/faturamento/listagem-de-faturas";
const detail = (id: string) => `${LIST}/${id}`;
const P = (q: string, ...v: unknown[]) => env.DB.prepare(q).bind(...v);
const now = () => new Date().toISOString();
const future = "2099-12-31";

type World = Awaited<ReturnType<typeof world>>;

async function world() {
  const agency = await createAgency();
  await ensureFinanceDefaults(createDb(env.DB), agency.id);
  const admin = await createUser({ role: "Admin", agencyId: agency.id, name: "Admin" });
  const financeiro = await createUser({ role: "Financeiro", agencyId: agency.id, name: "Fin" });
  const agente = await createUser({ role: "Agente", agencyId: agency.id, name: "Agente" });
  const ids = { client: uuidv7(), clientUs: uuidv7(), agent: uuidv7(), kind: uuidv7() };
  const t = now();
  await env.DB.batch([
    P("insert into client (id, agency_id, name, emails, country, search_text, created_at, updated_at) values (?, ?, 'Carla Cliente', '[\"carla@test.example\"]', 'BR', 'carla cliente', ?, ?)", ids.client, agency.id, t, t),
    P("insert into client (id, agency_id, kind, name, emails, country, search_text, created_at, updated_at) values (?, ?, 'company', 'Acme Corp', '[\"billing@acme.example\"]', 'US', 'acme corp', ?, ?)", ids.clientUs, agency.id, t, t),
    P("insert into agent (id, agency_id, name, email, created_at, updated_at) values (?, ?, 'Rita Revenda', 'rita@test.example', ?, ?)", ids.agent, agency.id, t, t),
    P("insert into product_kind (id, agency_id, kind, enabled, created_at, updated_at) values (?, ?, 'hotel', 1, ?, ?)", ids.kind, agency.id, t, t),
  ]);
  const category = await P("select id from chart_account where agency_id = ? and system_key = 'revenue.sales'", agency.id).first<{ id: string }>();
  let number = 0;
  /** A confirmed emissivo sale with items (price, fees) and a discount; `receivables` writes its own titles (origin sale). */
  const sale = async (o: { client?: string; items: [number, number][]; discount?: number; date?: string; receivables?: number[]; status?: string }) => {
    const id = uuidv7();
    const price = o.items.reduce((s, [p]) => s + p, 0);
    const fees = o.items.reduce((s, [, f]) => s + f, 0);
    const discount = o.discount ?? 0;
    const itemIds = o.items.map(() => uuidv7());
    await env.DB.batch([
      P(
        "insert into sale (id, agency_id, number, kind, status, client_id, agent_id, sale_date, currency, cost_cents, price_cents, discount_cents, fees_cents, total_cents, margin_cents, created_at, updated_at) values (?, ?, ?, 'emissivo', ?, ?, ?, ?, 'BRL', 0, ?, ?, ?, ?, ?, ?, ?)",
        id,
        agency.id,
        ++number,
        o.status ?? "confirmed",
        o.client ?? ids.client,
        ids.agent,
        o.date ?? "2026-11-10",
        price,
        discount,
        fees,
        price - discount + fees,
        price - discount,
        t,
        t,
      ),
      ...o.items.map(([p, f], i) =>
        P("insert into sale_item (id, agency_id, sale_id, position, product_kind_id, description, price_cents, fees_cents, created_at, updated_at) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", itemIds[i], agency.id, id, i, ids.kind, `Hotel ${number}.${i + 1}`, p, f, t, t),
      ),
      ...(o.receivables ?? []).map((amount, i, all) =>
        P(
          "insert into finance_title (id, agency_id, direction, party_kind, party_id, description, category_id, competence_date, due_date, amount_cents, installment_no, installment_count, group_id, origin_kind, origin_id, created_at, updated_at) values (?, ?, 'receivable', 'client', ?, ?, ?, '2026-11-10', ?, ?, ?, ?, ?, 'sale', ?, ?, ?)",
          uuidv7(),
          agency.id,
          o.client ?? ids.client,
          `Venda ${number}`,
          category!.id,
          future,
          amount,
          i + 1,
          all.length,
          `g-${id}`,
          id,
          t,
          t,
        ),
      ),
    ]);
    return { id, number, itemIds };
  };
  return { agency, admin, financeiro, agente, ids, sale, cookie: await signIn(admin.email) };
}

const generate = (w: World, party: string, lines: string[], extra: Record<string, string> = {}, cookie = w.cookie) =>
  appRequest(GEN, { cookie, form: { party, lines, dueDate: future, language: "pt", ...extra } });
const invoiceIdFrom = (res: Response) => res.headers.get("Location")!.split("/").pop()!;
const count = async (q: string, ...v: unknown[]) => (await P(q, ...v).first<{ n: number }>())!.n;
const snapshot = (agencyId: string) =>
  Promise.all([
    count("select count(*) n from invoice where agency_id = ?", agencyId),
    count("select count(*) n from invoice where agency_id = ? and status = 'cancelled'", agencyId),
    count("select count(*) n from invoice_line where agency_id = ? and live = 1", agencyId),
    count("select count(*) n from finance_title where agency_id = ?", agencyId),
    count("select count(*) n from finance_title where agency_id = ? and status = 'cancelled'", agencyId),
    count("select count(*) n from email_outbox where agency_id = ?", agencyId),
  ]);

describe("generating an invoice", () => {
  it("invoices two sales for a client: number 1, the lines and total, one receivable of origin invoice", async () => {
    const w = await world();
    const a = await w.sale({ items: [[100_00, 5_00], [50_00, 0]], discount: 10_00 });
    const b = await w.sale({ items: [[200_00, 0]] });
    const screen = await appRequest(`${GEN}?parte=client:${w.ids.client}`, { cookie: w.cookie });
    expect(screen.status).toBe(200);
    const html = await screen.text();
    expect(html).toContain("Hotel 1.1");
    expect(html).toContain("Hotel 2.1");

    const res = await generate(w, `client:${w.ids.client}`, [...a.itemIds, ...b.itemIds], { notes: "Obrigado!" });
    expect(res.status).toBe(302);
    const id = invoiceIdFrom(res);
    const inv = await P("select * from invoice where id = ?", id).first<Record<string, unknown>>();
    expect(inv).toMatchObject({ number: 1, total_cents: 100_00 + 5_00 + 50_00 - 10_00 + 200_00, party_kind: "client", party_name: "Carla Cliente", status: "issued", notes: "Obrigado!" });
    const lines = await P("select amount_cents from invoice_line where invoice_id = ? order by position", id).all<{ amount_cents: number }>();
    // The discount (10,00) split 100:50 → 6,67 and 3,33.
    expect(lines.results.map((l) => l.amount_cents)).toEqual([100_00 + 5_00 - 6_67, 50_00 - 3_33, 200_00]);
    const titles = await P("select t.amount_cents, t.origin_kind, t.origin_id, t.due_date, t.description, it.link from invoice_title it join finance_title t on t.id = it.title_id where it.invoice_id = ?", id).all<Record<string, unknown>>();
    expect(titles.results).toEqual([{ amount_cents: inv!.total_cents, origin_kind: "invoice", origin_id: id, due_date: future, description: "Fatura 1", link: "created" }]);

    // The detail, the list and the generate screen (the lines are gone).
    expect(await (await appRequest(detail(id), { cookie: w.cookie })).text()).toContain("Fatura nº 1");
    const list = await (await appRequest(LIST, { cookie: w.cookie })).text();
    expect(list).toContain("Carla Cliente");
    expect(await (await appRequest(`${GEN}?parte=client:${w.ids.client}`, { cookie: w.cookie })).text()).not.toContain("Hotel 1.1");

    // The PDF: stored in R2, a valid PDF with the number and the party.
    const pdf = await appRequest(`${detail(id)}/pdf`, { cookie: w.cookie });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("Content-Type")).toBe("application/pdf");
    const bytes = new Uint8Array(await pdf.arrayBuffer());
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe("%PDF-");
    const text = (await pdfText(bytes)).join(" ");
    expect(text).toContain("Fatura nº 1");
    expect(text).toContain("Carla Cliente");
    expect(text).toMatch(/R\$\s345,00/);
    expect(await env.FILES.head(`agencies/${w.agency.id}/invoices/${id}.pdf`)).not.toBeNull();
  });

  it("links a sale's own receivables instead of a second receivable, and bills such a sale whole", async () => {
    const w = await world();
    const s = await w.sale({ items: [[300_00, 0], [100_00, 0]], receivables: [200_00, 200_00] });
    const partial = await generate(w, `client:${w.ids.client}`, [s.itemIds[0]!]);
    expect(partial.status).toBe(400);
    expect(JSON.stringify(await partial.json())).toContain("invoices.errors.whole");
    expect(await count("select count(*) n from invoice where agency_id = ?", w.agency.id)).toBe(0);

    const titlesBefore = await count("select count(*) n from finance_title where agency_id = ?", w.agency.id);
    const res = await generate(w, `client:${w.ids.client}`, s.itemIds);
    expect(res.status).toBe(302);
    const id = invoiceIdFrom(res);
    expect(await count("select count(*) n from finance_title where agency_id = ?", w.agency.id)).toBe(titlesBefore);
    const linked = await P("select it.link, t.origin_kind from invoice_title it join finance_title t on t.id = it.title_id where it.invoice_id = ?", id).all<Record<string, unknown>>();
    expect(linked.results).toEqual([
      { link: "linked", origin_kind: "sale" },
      { link: "linked", origin_kind: "sale" },
    ]);
  });

  it("refuses a second live invoice of the same item with a field error; the index refuses it too", async () => {
    const w = await world();
    const s = await w.sale({ items: [[100_00, 0]] });
    expect((await generate(w, `client:${w.ids.client}`, s.itemIds)).status).toBe(302);
    const again = await generate(w, `client:${w.ids.client}`, s.itemIds);
    expect(again.status).toBe(400);
    const body = (await again.json()) as { result: { error: Record<string, string[]> } };
    expect(body.result.error.lines).toEqual(["invoices.errors.taken"]);
    // Whatever the code checks, the database keeps an item on one live invoice.
    const inv = await P("select id from invoice where agency_id = ?", w.agency.id).first<{ id: string }>();
    await expect(
      P("insert into invoice_line (id, agency_id, invoice_id, sale_id, sale_item_id, billing_key, sale_number, description, amount_cents, created_at) values (?, ?, ?, ?, ?, ?, 1, 'x', 1, ?)", uuidv7(), w.agency.id, inv!.id, s.id, s.itemIds[0], s.itemIds[0], now()).run(),
    ).rejects.toThrow(/UNIQUE/);
    // Two generations of the same item at once: one invoice.
    const t = await w.sale({ items: [[70_00, 0]] });
    const answers = await Promise.all([0, 1].map(() => generate(w, `client:${w.ids.client}`, t.itemIds)));
    expect(answers.map((r) => r.status).sort()).toEqual([302, 400]);
  });

  it("gives unique, gap-free numbers under 10 concurrent generations", async () => {
    const w = await world();
    const sales = await Promise.all(Array.from({ length: 10 }, () => w.sale({ items: [[10_00, 0]] })));
    const answers = await Promise.all(sales.map((s) => generate(w, `client:${w.ids.client}`, s.itemIds)));
    expect(answers.map((r) => r.status)).toEqual(Array(10).fill(302));
    const numbers = (await P("select number from invoice where agency_id = ? order by number", w.agency.id).all<{ number: number }>()).results.map((r) => r.number);
    expect(numbers).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  it("keeps numbering gap-free per agency over random generations and cancellations (property)", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.boolean(), { minLength: 1, maxLength: 6 }), async (cancels) => {
        const w = await world();
        for (const cancel of cancels) {
          const s = await w.sale({ items: [[10_00, 0]] });
          const res = await generate(w, `client:${w.ids.client}`, s.itemIds);
          expect(res.status).toBe(302);
          if (cancel) {
            const id = invoiceIdFrom(res);
            expect((await appRequest(detail(id), { cookie: w.cookie, form: { intent: "cancel", version: "1", reason: "Erro" } })).status).toBe(200);
          }
        }
        const numbers = (await P("select number from invoice where agency_id = ? order by number", w.agency.id).all<{ number: number }>()).results.map((r) => r.number);
        expect(numbers).toEqual(cancels.map((_, i) => i + 1));
      }),
      { numRuns: 4 },
    );
  });

  it("a reseller agent and a company are invoiced too (a company's invoice in its language)", async () => {
    const w = await world();
    const s = await w.sale({ client: w.ids.clientUs, items: [[90_00, 0]] });
    const screen = await (await appRequest(`${GEN}?parte=agent:${w.ids.agent}`, { cookie: w.cookie })).text();
    expect(screen).toContain("Hotel 1.1");
    const res = await generate(w, `agent:${w.ids.agent}`, s.itemIds);
    expect(res.status).toBe(302);
    const title = await P("select t.party_kind, t.party_id from invoice_title it join finance_title t on t.id = it.title_id where it.invoice_id = ?", invoiceIdFrom(res)).first();
    expect(title).toEqual({ party_kind: "agent", party_id: w.ids.agent });
  });
});

describe("cancelling, status and e-mail", () => {
  it("refuses to cancel while a paying title is settled; otherwise cancels the receivable with it and frees the lines", async () => {
    const w = await world();
    const s = await w.sale({ items: [[100_00, 0]] });
    const id = invoiceIdFrom(await generate(w, `client:${w.ids.client}`, s.itemIds));
    const title = await P("select title_id id from invoice_title where invoice_id = ?", id).first<{ id: string }>();
    await P("update finance_title set paid_cents = 1000, status = 'partial' where id = ?", title!.id).run();
    const refused = await appRequest(detail(id), { cookie: w.cookie, form: { intent: "cancel", version: "1", reason: "Erro" } });
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain("invoices.errors.settled");
    expect(await P("select status from invoice where id = ?", id).first()).toEqual({ status: "issued" });

    await P("update finance_title set paid_cents = 0, status = 'open' where id = ?", title!.id).run();
    expect((await appRequest(detail(id), { cookie: w.cookie, form: { intent: "cancel", version: "1", reason: "" } })).status).toBe(400);
    const stale = await appRequest(detail(id), { cookie: w.cookie, form: { intent: "cancel", version: "7", reason: "Erro" } });
    expect(stale.status).toBe(409);
    const done = await appRequest(detail(id), { cookie: w.cookie, form: { intent: "cancel", version: "1", reason: "Emitida por engano" } });
    expect(done.status).toBe(200);
    expect(await P("select status, cancel_reason from invoice where id = ?", id).first()).toEqual({ status: "cancelled", cancel_reason: "Emitida por engano" });
    expect(await P("select status from finance_title where id = ?", title!.id).first()).toEqual({ status: "cancelled" });
    expect((await appRequest(detail(id), { cookie: w.cookie, form: { intent: "cancel", version: "2", reason: "De novo" } })).status).toBe(409);
    // The item is free again: a new invoice takes the next number.
    const again = await generate(w, `client:${w.ids.client}`, s.itemIds);
    expect(again.status).toBe(302);
    expect(await P("select number from invoice where id = ?", invoiceIdFrom(again)).first()).toEqual({ number: 2 });
    // The cancelled one's PDF says so.
    const text = (await pdfText(new Uint8Array(await (await appRequest(`${detail(id)}/pdf`, { cookie: w.cookie })).arrayBuffer()))).join(" ");
    expect(text).toContain("CANCELADA");
  });

  it("filters the list by open, paid, overdue and cancelled (paid and overdue from the receivables)", async () => {
    const w = await world();
    const ids: Record<string, string> = {};
    for (const name of ["open", "paid", "overdue", "cancelled"]) {
      const s = await w.sale({ items: [[10_00, 0]] });
      ids[name] = invoiceIdFrom(await generate(w, `client:${w.ids.client}`, s.itemIds));
    }
    const titleOf = async (id: string) => (await P("select title_id id from invoice_title where invoice_id = ?", id).first<{ id: string }>())!.id;
    await P("update finance_title set paid_cents = amount_cents, status = 'paid' where id = ?", await titleOf(ids.paid!)).run();
    await P("update finance_title set due_date = '2001-01-01' where id = ?", await titleOf(ids.overdue!)).run();
    await appRequest(detail(ids.cancelled!), { cookie: w.cookie, form: { intent: "cancel", version: "1", reason: "x" } });
    for (const status of ["open", "paid", "overdue", "cancelled"]) {
      const html = await (await appRequest(`${LIST}?situacao=${status}`, { cookie: w.cookie })).text();
      for (const [name, id] of Object.entries(ids)) expect(html.includes(id), `${status} lists ${name}`).toBe(name === status);
    }
    const party = await (await appRequest(`${LIST}?parte=client:${w.ids.clientUs}`, { cookie: w.cookie })).text();
    expect(party).not.toContain(ids.open!);
  });

  it("sends the invoice through the outbox in the party's language", async () => {
    const w = await world();
    const us = await w.sale({ client: w.ids.clientUs, items: [[120_00, 0]] });
    const res = await generate(w, `client:${w.ids.clientUs}`, us.itemIds, { language: "en" });
    const id = invoiceIdFrom(res);
    const sent = await appRequest(detail(id), { cookie: w.cookie, form: { intent: "send", version: "1" } });
    expect(sent.status).toBe(200);
    const mail = await P("select to_address, locale, subject, text, kind from email_outbox where agency_id = ? and kind = 'invoice'", w.agency.id).first<Record<string, string>>();
    expect(mail).toMatchObject({ to_address: "billing@acme.example", locale: "en", kind: "invoice" });
    expect(mail!.subject).toBe("Invoice no. 1 from " + w.agency.name);
    expect(mail!.text).toContain("R$120.00");
    expect(await P("select sent_to from invoice where id = ?", id).first()).toEqual({ sent_to: "billing@acme.example" });
    // The PDF goes with it: stored in R2 under the agency, named in the invoice's language.
    const attached = JSON.parse((await P("select attachments from email_outbox where agency_id = ? and kind = 'invoice'", w.agency.id).first<{ attachments: string }>())!.attachments) as { filename: string; key: string; mimeType: string }[];
    expect(attached).toEqual([{ filename: "invoice-1.pdf", key: `agencies/${w.agency.id}/invoices/${id}.pdf`, mimeType: "application/pdf" }]);
    expect(new TextDecoder().decode((await (await env.FILES.get(attached[0]!.key))!.arrayBuffer()).slice(0, 5))).toBe("%PDF-");
    // The generate screen proposes the party's language: English for a US company.
    const screen = (await (await appRequest(`${GEN}?parte=client:${w.ids.clientUs}`, { cookie: w.cookie })).json()) as { defaults: { language: string } };
    expect(screen.defaults.language).toBe("en");
  });
});

describe("the invoice by SMTP", () => {
  it("arrives at the party's address with the PDF attached; a PDF gone from R2 fails the delivery, retryable", async () => {
    const w = await world();
    await useSmtp(w);
    const us = await w.sale({ client: w.ids.clientUs, items: [[75_00, 0]] });
    const id = invoiceIdFrom(await generate(w, `client:${w.ids.clientUs}`, us.itemIds, { language: "en" }));
    expect((await appRequest(detail(id), { cookie: w.cookie, form: { intent: "send", version: "1" } })).status).toBe(200);
    const mails = (await received("billing@acme.example")).filter((m) => m.headers.subject === `Invoice no. 1 from ${w.agency.name}`);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain("R$75.00");
    expect(mails[0]!.attachments).toEqual([{ filename: "invoice-1.pdf", contentType: "application/pdf", size: expect.any(Number), head: expect.stringMatching(/^%PDF-/) }]);
    expect(mails[0]!.attachments[0]!.size).toBeGreaterThan(1000);
    expect(await P("select status from email_outbox where agency_id = ? and kind = 'invoice'", w.agency.id).first()).toEqual({ status: "sent" });
    // Delivery reads the PDF from R2 each time: gone, a retry fails with the reason (nothing sent without it) and stays retryable.
    const mail = (await P("select id from email_outbox where agency_id = ? and kind = 'invoice'", w.agency.id).first<{ id: string }>())!;
    await P("update email_outbox set status = 'failed' where id = ?", mail.id).run();
    await env.FILES.delete(`agencies/${w.agency.id}/invoices/${id}.pdf`);
    expect((await appRequest("/parametrizacao/email", { cookie: w.cookie, form: { intent: "retry", id: mail.id } })).status).toBe(200);
    expect(await P("select status, last_error from email_outbox where id = ?", mail.id).first()).toEqual({ status: "failed", last_error: "attachment missing: invoice-1.pdf" });
    expect((await received("billing@acme.example")).filter((m) => m.headers.subject === `Invoice no. 1 from ${w.agency.name}`)).toHaveLength(1);
    // Opening the PDF renders and stores it again; the retry then goes out with it.
    expect((await appRequest(`${detail(id)}/pdf`, { cookie: w.cookie })).status).toBe(200);
    expect((await appRequest("/parametrizacao/email", { cookie: w.cookie, form: { intent: "retry", id: mail.id } })).status).toBe(200);
    expect(await P("select status from email_outbox where id = ?", mail.id).first()).toEqual({ status: "sent" });
    const again = (await received("billing@acme.example")).filter((m) => m.headers.subject === `Invoice no. 1 from ${w.agency.name}`);
    expect(again).toHaveLength(2);
    expect(again[1]!.attachments.map((x) => x.filename)).toEqual(["invoice-1.pdf"]);
  });
});

describe("who may do what", () => {
  it("Agente views (as the finance screens allow) but may not generate, send or cancel; Financeiro may; no session goes to login", async () => {
    const w = await world();
    const agente = await signIn(w.agente.email);
    const financeiro = await signIn(w.financeiro.email);
    const s = await w.sale({ items: [[10_00, 0]] });
    expect((await appRequest(LIST, { cookie: agente })).status).toBe(200);
    expect((await generate(w, `client:${w.ids.client}`, s.itemIds, {}, agente)).status).toBe(403);
    const res = await generate(w, `client:${w.ids.client}`, s.itemIds, {}, financeiro);
    expect(res.status).toBe(302);
    const id = invoiceIdFrom(res);
    expect((await appRequest(detail(id), { cookie: agente, form: { intent: "cancel", version: "1", reason: "x" } })).status).toBe(403);
    expect((await appRequest(detail(id), { cookie: agente, form: { intent: "send", version: "1" } })).status).toBe(403);
    expect(await P("select status, sent_at from invoice where id = ?", id).first()).toEqual({ status: "issued", sent_at: null });
    for (const path of [GEN, LIST, detail(id), `${detail(id)}/pdf`]) {
      const anon = await appRequest(path);
      expect(anon.status).toBe(302);
      expect(anon.headers.get("Location")).toContain("/login");
    }
  });

  it("another agency's invoice, sale, item and client ids answer 404 on every loader and action, nothing changed", async () => {
    const mine = await world();
    const theirs = await world();
    const s = await theirs.sale({ items: [[10_00, 0]] });
    const id = invoiceIdFrom(await generate(theirs, `client:${theirs.ids.client}`, s.itemIds));
    const before = await snapshot(theirs.agency.id);
    const c = mine.cookie;
    expect((await appRequest(detail(id), { cookie: c })).status).toBe(404);
    expect((await appRequest(`${detail(id)}/pdf`, { cookie: c })).status).toBe(404);
    expect((await appRequest(detail(id), { cookie: c, form: { intent: "cancel", version: "1", reason: "x" } })).status).toBe(404);
    expect((await appRequest(detail(id), { cookie: c, form: { intent: "send", version: "1" } })).status).toBe(404);
    expect((await appRequest(`${GEN}?parte=client:${theirs.ids.client}`, { cookie: c })).status).toBe(404);
    expect((await appRequest(`${GEN}?parte=agent:${theirs.ids.agent}`, { cookie: c })).status).toBe(404);
    // Their client with my sale, my client with their item, their sale's key.
    const m = await mine.sale({ items: [[10_00, 0]] });
    expect((await generate(mine, `client:${theirs.ids.client}`, m.itemIds)).status).toBe(404);
    expect((await generate(mine, `client:${mine.ids.client}`, s.itemIds)).status).toBe(404);
    expect((await generate(mine, `client:${mine.ids.client}`, [`sale:${s.id}`])).status).toBe(404);
    expect(await snapshot(theirs.agency.id)).toEqual(before);
    expect(await count("select count(*) n from invoice where agency_id = ?", mine.agency.id)).toBe(0);
    // Their invoice is not in my list, even filtered by their client.
    expect(await (await appRequest(`${LIST}?parte=client:${theirs.ids.client}`, { cookie: c })).text()).not.toContain(id);
  });
});

describe("fuzz", () => {
  const text = fc.oneof(fc.string({ maxLength: 30 }), fc.constantFrom("", "0", "-1", "2026-02-30", "2099-12-31", "client:x", "agent:../", "sale:", "pt", "en", "cancel", "send", "9".repeat(40)));
  const fuzzForm = (keys: string[]) => fc.dictionary(fc.constantFrom(...keys), fc.oneof(text, fc.array(text, { maxLength: 3 })), { maxKeys: keys.length });

  it(`generate, cancel and send take ${FUZZ_RUNS} arbitrary posts each: no 500, nothing written when refused`, async () => {
    const w = await world();
    const s = await w.sale({ items: [[10_00, 0]] });
    const open = await w.sale({ items: [[20_00, 0]] });
    const id = invoiceIdFrom(await generate(w, `client:${w.ids.client}`, s.itemIds));
    const targets: [string, string[], Record<string, string | string[]>][] = [
      [GEN, ["party", "from", "to", "lines", "dueDate", "language", "notes"], { party: `client:${w.ids.client}`, lines: open.itemIds }],
      [GEN, ["party", "from", "to", "lines", "dueDate", "language", "notes"], {}],
      [detail(id), ["intent", "version", "reason"], { intent: "cancel" }],
      [detail(id), ["intent", "version"], { intent: "send" }],
    ];
    for (const [path, keys, fixed] of targets) {
      await fc.assert(
        fc.asyncProperty(fuzzForm(keys), async (fields) => {
          const before = await snapshot(w.agency.id);
          const res = await appRequest(path, { cookie: w.cookie, form: { ...fixed, ...fields } as Record<string, string | string[]> });
          expect(res.status, `${path} ${JSON.stringify(fields)}`).toBeLessThan(500);
          if (res.status >= 400) expect(await snapshot(w.agency.id)).toEqual(before);
          else if (res.status === 302) {
            // A valid generation went through: cancel it so the next run starts alike.
            const created = invoiceIdFrom(res);
            await appRequest(detail(created), { cookie: w.cookie, form: { intent: "cancel", version: "1", reason: "fuzz" } });
          }
        }),
        { numRuns: FUZZ_RUNS },
      );
    }
  }, 900_000);
});

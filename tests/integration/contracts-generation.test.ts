/**
 * Contracts (issue #17) through the real route table on the local D1 and R2 — generation
 * (numbered per agency, the PDF in R2 with its SHA-256 and the merged values, a draft
 * refused, one live contract per sale also when two generations race, the pending list),
 * sending (only the token's hash stored, a resend kills the old link, no e-mail refused),
 * verification by hash, tenant isolation and the Agente's view, no session → /login, the
 * sale's timeline. Signing is in contracts-signing.test.ts; the world in contracts-world.ts.
 */
import { env } from "cloudflare:test";
import { v7 as uuidv7 } from "uuid";
import { describe, expect, it } from "vitest";
import { formatCpf } from "~/lib/platform/br-documents";
import { sha256Hex } from "~/lib/platform/crypto.server";
import { formatMoney } from "~/lib/platform/format";
import { saleTimeline } from "~/lib/sales/sale-core.server";
import { appRequest, json } from "./harness";
import { PENDING, GERAR, SIGNATURES, VERIFY, contractPage, filePath, r2Bytes, textOf, squash, contractRow, contractsOfSale, count, world, createSale, type Outcome, generate, generateOne, pendingIds, send, lastToken, sentContract, signForm, postSign, openPage, type PageData, verify } from "./contracts-world";

describe("contracts: generation", () => {
  it("a confirmed sale → a numbered contract whose PDF is in R2 with its SHA-256 and the merged values; the sale leaves the pending list", async () => {
    const w = await world();
    const sale = await createSale(w);
    const second = await createSale(w);
    expect(await pendingIds(w)).toEqual(expect.arrayContaining([sale.id, second.id]));
    // The Agente sees their own sale pending.
    expect(await pendingIds(w, w.agente)).toEqual(expect.arrayContaining([sale.id]));

    const [outcome] = await generate(w, [sale.id]);
    expect(outcome).toMatchObject({ saleId: sale.id, ok: true, number: 1 });
    const row = await contractRow(outcome!.contractId!);
    expect(row).toMatchObject({ agency_id: w.agency.id, sale_id: sale.id, number: 1, status: "generated", token_hash: null, send_count: 0 });
    expect(row.pdf_key.startsWith(`agencies/${w.agency.id}/contracts/`)).toBe(true);
    const bytes = await r2Bytes(row.pdf_key);
    expect(bytes.byteLength).toBe(row.pdf_bytes);
    expect(await sha256Hex(bytes)).toBe(row.pdf_sha256);
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe("%PDF-");

    const text = await textOf(bytes);
    expect(text).toContain("Carla Cliente Souza");
    expect(text).toContain(w.agency.name);
    expect(text).toContain(squash(formatMoney(101_000, "BRL", "pt")));
    expect(text).toContain(formatCpf(w.cpf));
    expect(text).toMatch(new RegExp(`\\b${sale.number}\\b`));
    // The contract was audited.
    expect(await count("select count(*) n from audit_entry where entity = 'contract' and entity_id = ? and action = 'create'", row.id)).toBe(1);

    // Out of the pending list; the next sale's contract is number 2.
    const pending = await pendingIds(w);
    expect(pending).not.toContain(sale.id);
    expect(pending).toContain(second.id);
    const [next] = await generate(w, [second.id]);
    expect(next).toMatchObject({ ok: true, number: 2 });

    // Both are listed in Assinaturas (waiting); the merged sale number is the sale's.
    const list = await json<{ rows: { id: string; number: number; status: string; saleNumber: number }[] }>(await appRequest(SIGNATURES, { cookie: w.admin }));
    expect(list.rows.map((r) => r.number).sort()).toEqual([1, 2]);
    expect(list.rows.find((r) => r.id === row.id)).toMatchObject({ status: "generated", saleNumber: sale.number });
  }, 60_000);

  it("refuses a draft sale, a second contract for the same sale (also when two generations race), and gives the sale back once its contract is cancelled", async () => {
    const w = await world();
    const draft = await createSale(w, { confirmed: false });
    const [refused] = await generate(w, [draft.id]);
    expect(refused).toMatchObject({ saleId: draft.id, ok: false, error: "notConfirmed" });
    expect(await contractsOfSale(draft.id)).toHaveLength(0);
    expect(await pendingIds(w)).not.toContain(draft.id);

    const sale = await createSale(w);
    const id = await generateOne(w, sale.id);
    const [again] = await generate(w, [sale.id]);
    expect(again).toMatchObject({ ok: false, error: "exists" });
    // The JSON route (one sale per call) says the same.
    const gerar = await json<{ outcomes: Outcome[] }>(await appRequest(GERAR, { cookie: w.admin, form: { venda: sale.id } }));
    expect(gerar.outcomes).toEqual([{ saleId: sale.id, ok: false, error: "exists" }]);
    expect(await contractsOfSale(sale.id)).toHaveLength(1);

    // Two generations of one sale at once: one contract, one PDF in R2.
    const racing = await createSale(w);
    const answers = await Promise.all([0, 1].map(() => appRequest(GERAR, { cookie: w.admin, form: { venda: racing.id } }).then((r) => json<{ outcomes: Outcome[] }>(r))));
    const oks = answers.flatMap((a) => a.outcomes).filter((o) => o.ok);
    expect(oks).toHaveLength(1);
    expect(answers.flatMap((a) => a.outcomes).filter((o) => !o.ok).map((o) => o.error)).toEqual(["exists"]);
    expect(await contractsOfSale(racing.id)).toHaveLength(1);
    const objects = (await env.FILES.list({ prefix: `agencies/${w.agency.id}/contracts/` })).objects.map((o) => o.key);
    expect(objects).toHaveLength(2);

    // Nothing selected, too many, a malformed id: 400 with nothing written.
    expect((await appRequest(GERAR, { cookie: w.admin, form: { template: "" } })).status).toBe(400);
    expect((await appRequest(GERAR, { cookie: w.admin, form: { venda: Array.from({ length: 51 }, () => uuidv7()) } })).status).toBe(400);
    expect((await appRequest(GERAR, { cookie: w.admin, form: { venda: "../x" } })).status).toBe(400);
    expect(await count("select count(*) n from contract where agency_id = ?", w.agency.id)).toBe(2);

    // Cancelled (a reason required, the version checked): the sale is pending again and may get a new contract.
    const row = await contractRow(id);
    expect((await appRequest(contractPage(id), { cookie: w.admin, form: { intent: "cancel", version: String(row.version), reason: "x" } })).status).toBe(400);
    expect((await appRequest(contractPage(id), { cookie: w.admin, form: { intent: "cancel", version: String(row.version + 5), reason: "Venda renegociada" } })).status).toBe(409);
    expect((await contractRow(id)).status).toBe("generated");
    const cancel = await appRequest(contractPage(id), { cookie: w.admin, form: { intent: "cancel", version: String(row.version), reason: "Venda renegociada" } });
    expect(cancel.status).toBe(200);
    expect(await contractRow(id)).toMatchObject({ status: "cancelled" });
    expect(await pendingIds(w)).toContain(sale.id);
    const [remade] = await generate(w, [sale.id]);
    expect(remade).toMatchObject({ ok: true });
    expect((await contractsOfSale(sale.id)).map((c) => c.status)).toEqual(["cancelled", "generated"]);
    // A cancelled contract cannot be sent nor cancelled again.
    const cancelled = await contractRow(id);
    expect((await send(w, id)).status).toBe(400);
    expect((await appRequest(contractPage(id), { cookie: w.admin, form: { intent: "cancel", version: String(cancelled.version), reason: "De novo" } })).status).toBe(400);
  });
});


describe("contracts: sending", () => {
  it("mails the link to the client; only the token's hash is stored; a resend gives a new token and the old link is invalid", async () => {
    const w = await world();
    const sale = await createSale(w);
    const id = await generateOne(w, sale.id);
    const before = await contractRow(id);
    const res = await send(w, id);
    expect(res.status).toBe(200);
    expect((await json<{ toast: { values: { email: string } } }>(res)).toast.values.email).toBe(w.email);
    const token = await lastToken(w);
    const row = await contractRow(id);
    expect(row).toMatchObject({ status: "sent", sent_to: w.email, send_count: 1, version: before.version + 1 });
    expect(row.token_hash).toBe(await sha256Hex(token));
    expect(JSON.stringify(row)).not.toContain(token);
    expect(Date.parse(row.token_expires_at!) - Date.now()).toBeGreaterThan(14 * 86_400_000);
    expect(Date.parse(row.token_expires_at!) - Date.now()).toBeLessThanOrEqual(15 * 86_400_000);
    // The contract page never shows the token's hash.
    const page = await json<{ contract: Record<string, unknown> }>(await appRequest(contractPage(id), { cookie: w.admin }));
    expect(page.contract.status).toBe("sent");
    expect(page.contract).not.toHaveProperty("tokenHash");
    expect(JSON.stringify(page)).not.toContain(row.token_hash!);

    // The link opens.
    expect((await openPage(token)).status).toBe(200);

    // Resend: a new token; the old link is now the invalid page.
    const again = await send(w, id);
    expect(again.status).toBe(200);
    const fresh = await lastToken(w);
    expect(fresh).not.toBe(token);
    expect((await contractRow(id)).token_hash).toBe(await sha256Hex(fresh));
    expect((await contractRow(id)).send_count).toBe(2);
    expect(await count("select count(*) n from email_outbox where agency_id = ? and kind = 'contract_signing' and to_address = ?", w.agency.id, w.email)).toBe(2);
    const old = await openPage(token);
    expect(old.status).toBe(404);
    expect((await json<PageData>(old)).closed).toEqual({ state: "invalid", agencyName: null });
    expect((await postSign(token, signForm(w))).status).toBe(404);
    expect((await openPage(fresh)).status).toBe(200);
    // A stale version is refused.
    expect((await appRequest(contractPage(id), { cookie: w.admin, form: { intent: "send", version: String(before.version) } })).status).toBe(409);
  });

  it("a client without e-mail: refused with noEmail and nothing changed", async () => {
    const w = await world();
    const sale = await createSale(w, { clientId: w.ids.clientNoEmail });
    const id = await generateOne(w, sale.id);
    const before = await contractRow(id);
    const outboxBefore = await count("select count(*) n from email_outbox where agency_id = ?", w.agency.id);
    const res = await send(w, id);
    expect(res.status).toBe(400);
    expect((await json<{ error: string }>(res)).error).toBe("contracts.errors.noEmail");
    expect(await contractRow(id)).toEqual(before);
    expect(await count("select count(*) n from email_outbox where agency_id = ?", w.agency.id)).toBe(outboxBefore);
    // Generate-and-send in one go: generated, not sent.
    const other = await createSale(w, { clientId: w.ids.clientNoEmail });
    const [outcome] = await generate(w, [other.id], w.admin, { send: "on" });
    expect(outcome).toMatchObject({ ok: true, sent: false });
    expect((await contractRow(outcome!.contractId!)).status).toBe("generated");
  });

  it("generate with send=on mails the link at once", async () => {
    const w = await world();
    const sale = await createSale(w);
    const [outcome] = await generate(w, [sale.id], w.admin, { send: "on" });
    expect(outcome).toMatchObject({ ok: true, sent: true });
    const token = await lastToken(w);
    expect((await contractRow(outcome!.contractId!)).token_hash).toBe(await sha256Hex(token));
  });
});


describe("contracts: verification", () => {
  it("the original and the signed copy match; one byte changed matches nothing; not a PDF is refused", async () => {
    const w = await world();
    const { id, token } = await sentContract(w);
    expect((await postSign(token, signForm(w))).status).toBe(200);
    const row = await contractRow(id);
    const original = await r2Bytes(row.pdf_key);
    const signed = await r2Bytes(row.signed_pdf_key!);

    const a = await verify(w.admin, original);
    expect(a.status).toBe(200);
    expect(a.body.verification).toMatchObject({ ok: true, match: "original", sha256: row.pdf_sha256, contract: { id } });
    const b = await verify(w.admin, signed);
    expect(b.body.verification).toMatchObject({ match: "signed", sha256: row.signed_pdf_sha256, contract: { id, signerName: "Carla Cliente Souza" } });

    const tampered = original.slice();
    const at = Math.floor(tampered.length / 2);
    tampered[at] = tampered[at]! ^ 0x01;
    const c = await verify(w.admin, tampered);
    expect(c.status).toBe(200);
    expect(c.body.verification).toMatchObject({ match: "none", sha256: await sha256Hex(tampered) });
    expect(c.body.verification).not.toHaveProperty("contract");

    const notPdf = await verify(w.admin, new TextEncoder().encode("just some text, not a PDF"), "x.pdf");
    expect(notPdf.status).toBe(400);
    expect(notPdf.body.error).toBe("contracts.errors.fileType");
    const empty = await verify(w.admin, new Uint8Array(), "vazio.pdf");
    expect(empty.status).toBe(400);
    expect(empty.body.error).toBe("contracts.errors.file");
    const noFile = await appRequest(VERIFY, { cookie: w.admin, form: { file: "texto" } });
    expect(noFile.status).toBe(400);
  });
});


describe("contracts: tenant isolation and roles", () => {
  it("another agency's user: 404 on the contract and its files, generation refused, verification says none", async () => {
    const w = await world();
    const other = await world();
    const { sale, id, token } = await sentContract(w);
    expect((await postSign(token, signForm(w))).status).toBe(200);
    const row = await contractRow(id);

    expect((await appRequest(contractPage(id), { cookie: other.admin })).status).toBe(404);
    expect((await appRequest(contractPage(id), { cookie: other.admin, form: { intent: "send", version: String(row.version) } })).status).toBe(404);
    expect((await appRequest(contractPage(id), { cookie: other.admin, form: { intent: "cancel", version: String(row.version), reason: "Tentativa alheia" } })).status).toBe(404);
    expect((await appRequest(filePath(id, "original"), { cookie: other.admin })).status).toBe(404);
    expect((await appRequest(filePath(id, "assinado"), { cookie: other.admin })).status).toBe(404);
    expect(await contractRow(id)).toEqual(row);

    // Generating for the other agency's (confirmed) sale: refused, nothing written anywhere.
    const foreignSale = await createSale(w);
    const [refused] = await generate(other, [foreignSale.id]);
    expect(refused).toMatchObject({ ok: false, error: "notConfirmed" });
    const gerar = await json<{ outcomes: Outcome[] }>(await appRequest(GERAR, { cookie: other.admin, form: { venda: foreignSale.id, send: "on" } }));
    expect(gerar.outcomes).toEqual([{ saleId: foreignSale.id, ok: false, error: "notConfirmed" }]);
    expect(await contractsOfSale(foreignSale.id)).toHaveLength(0);
    expect(await count("select count(*) n from contract where agency_id = ?", other.agency.id)).toBe(0);
    expect(await count("select count(*) n from record_counter where agency_id = ? and kind = 'contract'", other.agency.id)).toBe(0);
    expect((await env.FILES.list({ prefix: `agencies/${other.agency.id}/` })).objects).toHaveLength(0);
    expect(await pendingIds(other)).not.toContain(foreignSale.id);

    // Not listed; verification of this agency's PDFs says none there.
    const list = await json<{ rows: { id: string }[] }>(await appRequest(`${SIGNATURES}?situacao=todos`, { cookie: other.admin }));
    expect(list.rows.map((r) => r.id)).not.toContain(id);
    expect((await verify(other.admin, await r2Bytes(row.pdf_key))).body.verification).toMatchObject({ match: "none" });
    expect((await verify(other.admin, await r2Bytes(row.signed_pdf_key!))).body.verification).toMatchObject({ match: "none" });
    // The sale's own agency still sees it.
    expect((await appRequest(contractPage(id), { cookie: w.admin })).status).toBe(200);
    expect(sale.agencyId).toBe(w.agency.id);
  });

  it("an Agente sees only the contracts of their own sales; without a session the staff routes go to /login", async () => {
    const w = await world();
    const mine = await sentContract(w); // sold by the Agente
    const theirs = await sentContract(w, { agentId: w.ids.agentAgente2 });

    expect((await appRequest(contractPage(mine.id), { cookie: w.agente })).status).toBe(200);
    const own = await appRequest(filePath(mine.id, "original"), { cookie: w.agente });
    expect(own.status).toBe(200);
    expect(await sha256Hex(new Uint8Array(await own.arrayBuffer()))).toBe((await contractRow(mine.id)).pdf_sha256);
    expect((await appRequest(contractPage(theirs.id), { cookie: w.agente })).status).toBe(404);
    const before = await contractRow(theirs.id);
    expect((await appRequest(contractPage(theirs.id), { cookie: w.agente, form: { intent: "send", version: String(before.version) } })).status).toBe(404);
    expect((await appRequest(contractPage(theirs.id), { cookie: w.agente, form: { intent: "cancel", version: String(before.version), reason: "Não é minha" } })).status).toBe(404);
    expect((await appRequest(filePath(theirs.id, "original"), { cookie: w.agente })).status).toBe(404);
    expect(await contractRow(theirs.id)).toEqual(before);
    const list = await json<{ rows: { id: string }[] }>(await appRequest(`${SIGNATURES}?situacao=todos`, { cookie: w.agente }));
    expect(list.rows.map((r) => r.id)).toEqual([mine.id]);
    // Nor generate for another seller's sale, nor see it pending.
    const otherSale = await createSale(w, { agentId: w.ids.agentAgente2 });
    expect(await pendingIds(w, w.agente)).not.toContain(otherSale.id);
    const [refused] = await generate(w, [otherSale.id], w.agente);
    expect(refused).toMatchObject({ ok: false, error: "notConfirmed" });
    expect(await contractsOfSale(otherSale.id)).toHaveLength(0);
    // The Admin sees both.
    const all = await json<{ rows: { id: string }[] }>(await appRequest(`${SIGNATURES}?situacao=todos`, { cookie: w.admin }));
    expect(all.rows.map((r) => r.id).sort()).toEqual([mine.id, theirs.id].sort());

    for (const path of [PENDING, SIGNATURES, VERIFY, contractPage(mine.id), filePath(mine.id, "original")]) {
      const res = await appRequest(path);
      expect(res.status, path).toBe(302);
      expect(res.headers.get("Location"), path).toMatch(/^\/login/);
    }
    for (const [path, form] of [
      [PENDING, { venda: otherSale.id }],
      [GERAR, { venda: otherSale.id }],
      [contractPage(mine.id), { intent: "send", version: "1" }],
      [VERIFY, { file: new File([new Uint8Array([0x25, 0x50, 0x44, 0x46])], "a.pdf") }],
    ] as const) {
      const res = await appRequest(path, { form: form as Record<string, string | File> });
      expect(res.status, path).toBe(302);
      expect(res.headers.get("Location"), path).toMatch(/^\/login/);
    }
    expect(await contractsOfSale(otherSale.id)).toHaveLength(0);
  });

  it("the Assinaturas filter: waiting by default, one status, or every one", async () => {
    const w = await world();
    const a = await sentContract(w);
    const b = await sentContract(w);
    expect((await postSign(b.token, signForm(w))).status).toBe(200);
    const c = await createSale(w);
    const cId = await generateOne(w, c.id);
    const ids = async (q: string) => (await json<{ rows: { id: string }[] }>(await appRequest(`${SIGNATURES}${q}`, { cookie: w.admin }))).rows.map((r) => r.id).sort();
    expect(await ids("")).toEqual([a.id, cId].sort());
    expect(await ids("?situacao=signed")).toEqual([b.id]);
    expect(await ids("?situacao=todos")).toEqual([a.id, b.id, cId].sort());
  });
});


describe("contracts: the sale's timeline", () => {
  it("shows the contract's steps (generated, sent, viewed, signed)", async () => {
    const w = await world();
    const { sale, id, token } = await sentContract(w);
    expect((await openPage(token)).status).toBe(200);
    expect((await postSign(token, signForm(w))).status).toBe(200);

    const res = await appRequest(`/vendas/emissivo/editar/${sale.id}`, { cookie: w.admin });
    expect(res.status).toBe(200);
    const data = await json<{ timeline: { entity: string; entityId: string; action: string; changes: Record<string, [unknown, unknown]> | null }[] }>(res);
    const steps = data.timeline.filter((e) => e.entity === "contract" && e.entityId === id);
    expect(steps.map((e) => e.changes?.status?.[1]).reverse()).toEqual(["generated", "sent", "viewed", "signed"]);
    // The sale's own entries are there too.
    expect(data.timeline.some((e) => e.entity === "sale" && e.entityId === sale.id)).toBe(true);
    // The same through the core.
    const core = await saleTimeline(w.scope, sale.id);
    expect(core.entries.filter((e) => e.entity === "contract").map((e) => e.entityId)).toEqual([id, id, id, id]);
  });
});


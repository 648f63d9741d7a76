/**
 * Signing a contract by link (issue #17), through the real route table on the local D1
 * and R2: viewed (the seller notified), the CPF checked (failures counted), typed and
 * drawn signatures, the signed PDF (one more page, the evidence, its own hash), single
 * use also for two submits at once, decline; expiry by date and by the hourly job, the
 * one-time code, the lock after 10 failures; fuzzed bodies and tokens on the public page.
 */
import fc from "fast-check";
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { expireContracts } from "~/lib/contracts/contract.server";
import { formatCpf, onlyDigits } from "~/lib/platform/br-documents";
import { sha256Hex } from "~/lib/platform/crypto.server";
import { createDb } from "~/lib/platform/db.server";
import { appRequest, json } from "./harness";
import { FUZZ_RUNS } from "./fuzz";
import { filePath, signPage, MAX_DATA_URL, otherCpf, makePng, dataUrl, r2Bytes, pageCount, textOf, contractRow, count, notices, world, pendingIds, send, lastToken, sentContract, SIGNER_IP, SIGNER_UA, signForm, postSign, openPage, type SignReply, type PageData } from "./contracts-world";

describe("contracts: signing by link", () => {
  it("viewed (seller notified) → wrong CPF counted → signed with a typed signature: the signed PDF, the evidence, single use", async () => {
    const w = await world();
    const { sale, id, token } = await sentContract(w);
    const original = await contractRow(id);

    const opened = await openPage(token);
    expect(opened.status).toBe(200);
    const view = (await json<PageData>(opened)).view!;
    expect(view).toMatchObject({ number: original.number, pdfSha256: original.pdf_sha256, status: "viewed" });
    expect(JSON.stringify(view)).not.toContain(w.cpf);
    expect(await contractRow(id)).toMatchObject({ status: "viewed" });
    expect((await contractRow(id)).viewed_at).not.toBeNull();
    // The seller (the sale's owner, the Agente) hears of it; a second opening says nothing new.
    expect(await notices(w.users.agente.id, id)).toHaveLength(1);
    expect((await openPage(token)).status).toBe(200);
    expect(await notices(w.users.agente.id, id)).toHaveLength(1);
    expect(await notices(w.users.admin.id, id)).toHaveLength(0);
    // The document while the link is open.
    const doc = await appRequest(`${signPage(token)}/documento`);
    expect(doc.status).toBe(200);
    expect(await sha256Hex(new Uint8Array(await doc.arrayBuffer()))).toBe(original.pdf_sha256);

    // A wrong (valid) CPF: a field error, one failed attempt, nothing signed.
    const wrong = await postSign(token, signForm(w, { cpf: formatCpf(otherCpf(w.cpf)) }));
    expect(wrong.status).toBe(400);
    expect((await json<SignReply>(wrong)).errors).toEqual({ cpf: "contracts.sign.errors.cpfMismatch" });
    expect(await contractRow(id)).toMatchObject({ status: "viewed", failed_attempts: 1, signed_at: null, signed_pdf_key: null });
    // Form errors: not counted.
    const noAccept = await postSign(token, { ...signForm(w), accept: "" });
    expect(noAccept.status).toBe(400);
    expect(Object.keys((await json<SignReply>(noAccept)).errors)).toEqual(["accept"]);
    const badName = await postSign(token, signForm(w, { name: "Carla" }));
    expect((await json<SignReply>(badName)).errors).toHaveProperty("name");
    expect((await contractRow(id)).failed_attempts).toBe(1);

    // Signed.
    const ok = await postSign(token, signForm(w));
    expect(ok.status).toBe(200);
    const reply = await json<SignReply>(ok);
    expect(reply.done).toBe("signed");
    const row = await contractRow(id);
    expect(row).toMatchObject({
      status: "signed",
      signer_name: "Carla Cliente Souza",
      signer_cpf: w.cpf,
      signer_ip: SIGNER_IP,
      signer_user_agent: SIGNER_UA,
      signature_kind: "typed",
      signature_text: "Carla C. Souza",
      signature_key: null,
      pdf_sha256: original.pdf_sha256,
      pdf_key: original.pdf_key,
    });
    expect(row.signed_at).not.toBeNull();
    expect(row.signed_pdf_key!.startsWith(`agencies/${w.agency.id}/contracts/`)).toBe(true);
    const signed = await r2Bytes(row.signed_pdf_key!);
    expect(await sha256Hex(signed)).toBe(row.signed_pdf_sha256);
    expect(reply.signedSha256).toBe(row.signed_pdf_sha256);
    // The original is untouched; the signed copy is its pages plus the certificate.
    const originalBytes = await r2Bytes(original.pdf_key);
    expect(await sha256Hex(originalBytes)).toBe(original.pdf_sha256);
    expect(await pageCount(signed)).toBe((await pageCount(originalBytes)) + 1);
    const text = await textOf(signed);
    expect(text).toContain("Carla Cliente Souza");
    expect(text).toContain(formatCpf(w.cpf));
    expect(text).toContain(original.pdf_sha256);
    expect(text).toContain(SIGNER_IP);
    expect(text).toContain("Carla C. Souza");
    expect(await count("select count(*) n from audit_entry where entity = 'contract' and entity_id = ? and changes like '%\"signed\"%'", id)).toBe(1);
    const signedNotices = await notices(w.users.agente.id, id);
    expect(signedNotices).toHaveLength(2);
    expect(signedNotices[1]!.message).toContain("Carla Cliente Souza");

    // The signed copy: for the signer just after, for staff from the contract's files.
    const copy = await appRequest(`${signPage(token)}/copia`);
    expect(copy.status).toBe(200);
    expect(await sha256Hex(new Uint8Array(await copy.arrayBuffer()))).toBe(row.signed_pdf_sha256);
    expect((await appRequest(`${signPage(token)}/documento`)).status).toBe(404);
    const staffCopy = await appRequest(filePath(id, "assinado"), { cookie: w.admin });
    expect(staffCopy.status).toBe(200);
    expect(await sha256Hex(new Uint8Array(await staffCopy.arrayBuffer()))).toBe(row.signed_pdf_sha256);
    const staffOriginal = await appRequest(filePath(id, "original"), { cookie: w.admin });
    expect(await sha256Hex(new Uint8Array(await staffOriginal.arrayBuffer()))).toBe(original.pdf_sha256);

    // Single use: the same link now says signed (410), and nothing changes.
    const twice = await postSign(token, signForm(w, { name: "Outra Pessoa" }));
    expect(twice.status).toBe(410);
    expect((await json<SignReply>(twice)).errors).toEqual({ form: "contracts.sign.closed.signed.title" });
    const reopened = await openPage(token);
    expect(reopened.status).toBe(410);
    expect((await json<PageData>(reopened)).closed).toMatchObject({ state: "signed" });
    expect((await postSign(token, { intent: "decline", reason: "Desisti depois" })).status).toBe(410);
    expect(await contractRow(id)).toEqual(row);
    // Signed: no resend, no cancel; the sale stays out of the pending list.
    expect((await send(w, id)).status).toBe(400);
    expect(await pendingIds(w)).not.toContain(sale.id);
  });

  it("two submits of the same link at once sign once: one signed copy, the other refused", async () => {
    const w = await world();
    const { id, token } = await sentContract(w);
    const answers = await Promise.all([postSign(token, signForm(w)), postSign(token, signForm(w, { name: "Carla Segunda Vez" }))]);
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses[0]).toBe(200);
    expect([409, 410]).toContain(statuses[1]);
    const row = await contractRow(id);
    expect(row.status).toBe("signed");
    const winner = answers.find((r) => r.status === 200)!;
    expect((await json<SignReply>(winner)).signedSha256).toBe(row.signed_pdf_sha256);
    const copies = (await env.FILES.list({ prefix: `agencies/${w.agency.id}/contracts/${id}-signed-` })).objects.map((o) => o.key);
    expect(copies).toEqual([row.signed_pdf_key]);
    expect(await count("select count(*) n from audit_entry where entity = 'contract' and entity_id = ? and changes like '%\"signed\"%'", id)).toBe(1);
  });

  it("a drawn signature (a real PNG) signs; a data URL that is not a PNG is a field error", async () => {
    const w = await world();
    const { id, token } = await sentContract(w);
    // A JPEG data URL: refused by the form.
    const jpeg = await postSign(token, signForm(w, { signatureKind: "drawn", signatureData: dataUrl(new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]), "image/jpeg") }));
    expect(jpeg.status).toBe(400);
    expect((await json<SignReply>(jpeg)).errors).toEqual({ signatureData: "contracts.sign.errors.signature" });
    // Labelled PNG, but GIF bytes: refused by the content check.
    const gif = await postSign(token, signForm(w, { signatureKind: "drawn", signatureData: dataUrl(new TextEncoder().encode("GIF89a\u0001\u0000\u0001\u0000\u0000\u0000\u0000;")) }));
    expect(gif.status).toBe(400);
    expect((await json<SignReply>(gif)).errors).toEqual({ signatureData: "contracts.sign.errors.signature" });
    // A PNG too small to be a signature.
    const tiny = await postSign(token, signForm(w, { signatureKind: "drawn", signatureData: dataUrl(await makePng(5, 5)) }));
    expect((await json<SignReply>(tiny)).errors).toEqual({ signatureData: "contracts.sign.errors.signature" });
    // No drawing at all.
    expect((await json<SignReply>(await postSign(token, signForm(w, { signatureKind: "drawn" })))).errors).toHaveProperty("signatureData");
    expect(await contractRow(id)).toMatchObject({ status: "sent", failed_attempts: 0, signed_at: null });

    const png = await makePng(120, 40);
    const ok = await postSign(token, signForm(w, { signatureKind: "drawn", signatureData: dataUrl(png), signatureText: "" }));
    expect(ok.status).toBe(200);
    const row = await contractRow(id);
    expect(row).toMatchObject({ status: "signed", signature_kind: "drawn", signature_text: null });
    expect(await r2Bytes(row.signature_key!)).toEqual(png);
    const signed = await r2Bytes(row.signed_pdf_key!);
    expect(await sha256Hex(signed)).toBe(row.signed_pdf_sha256);
    expect(await pageCount(signed)).toBe((await pageCount(await r2Bytes(row.pdf_key))) + 1);
  });

  it("decline with a reason: declined, the seller notified, the link closed", async () => {
    const w = await world();
    const { id, token } = await sentContract(w);
    expect((await openPage(token)).status).toBe(200);
    const short = await postSign(token, { intent: "decline", reason: "x" });
    expect(short.status).toBe(400);
    expect((await json<SignReply>(short)).errors).toEqual({ reason: "contracts.sign.errors.reason" });
    expect((await contractRow(id)).status).toBe("viewed");

    const res = await postSign(token, { intent: "decline", reason: "Os valores mudaram" });
    expect(res.status).toBe(200);
    expect((await json<SignReply>(res)).done).toBe("declined");
    const row = await contractRow(id);
    expect(row).toMatchObject({ status: "declined", decline_reason: "Os valores mudaram", signed_at: null });
    expect(row.declined_at).not.toBeNull();
    const seen = await notices(w.users.agente.id, id);
    expect(seen).toHaveLength(2);
    expect(seen[1]!.title).toMatch(/recusado/);

    const closed = await openPage(token);
    expect(closed.status).toBe(410);
    expect((await json<PageData>(closed)).closed).toMatchObject({ state: "declined" });
    expect((await postSign(token, signForm(w))).status).toBe(410);
    expect(await contractRow(id)).toEqual(row);
    // A declined contract is not live: the sale is pending again.
    expect(await pendingIds(w)).toContain(row.sale_id);
  });
});


describe("contracts: expiry, code, lock", () => {
  it("a link past its expiry is the expired page and cannot sign; the hourly job marks it expired; a resend revives it", async () => {
    const w = await world();
    const { id, token } = await sentContract(w);
    const past = new Date(Date.now() - 60_000).toISOString();
    await env.DB.prepare("update contract set token_expires_at = ? where id = ?").bind(past, id).run();

    const page = await openPage(token);
    expect(page.status).toBe(410);
    expect((await json<PageData>(page)).closed).toMatchObject({ state: "expired" });
    const sign = await postSign(token, signForm(w));
    expect(sign.status).toBe(410);
    expect((await json<SignReply>(sign)).errors).toEqual({ form: "contracts.sign.closed.expired.title" });
    expect((await appRequest(`${signPage(token)}/documento`)).status).toBe(404);
    expect(await contractRow(id)).toMatchObject({ status: "sent", signed_at: null, viewed_at: null });

    const before = await contractRow(id);
    expect(await expireContracts(createDb(env.DB), new Date())).toBeGreaterThanOrEqual(1);
    const expired = await contractRow(id);
    expect(expired).toMatchObject({ status: "expired", version: before.version + 1 });
    expect(expired.expired_at).not.toBeNull();
    const audit = await env.DB.prepare("select user_id, changes from audit_entry where entity = 'contract' and entity_id = ? and changes like '%expired%'").bind(id).all<{ user_id: string | null; changes: string }>();
    expect(audit.results).toHaveLength(1);
    expect(JSON.parse(audit.results[0]!.changes)).toEqual({ status: ["sent", "expired"] });
    // Run again: nothing more to do for this one.
    await expireContracts(createDb(env.DB), new Date());
    expect((await contractRow(id)).version).toBe(expired.version);

    // Resend: sent again, a fresh link that works and signs.
    expect((await send(w, id)).status).toBe(200);
    const fresh = await lastToken(w);
    expect(await contractRow(id)).toMatchObject({ status: "sent", expired_at: null });
    expect((await openPage(fresh)).status).toBe(200);
    expect((await openPage(token)).status).toBe(404);
    expect((await postSign(fresh, signForm(w))).status).toBe(200);
    expect((await contractRow(id)).status).toBe("signed");
  });

  it("with the agency's one-time code: required, mailed (6 digits), a wrong one counted, the right one signs", async () => {
    const w = await world();
    await env.DB.prepare("update agency set contract_signing_otp = 1 where id = ?").bind(w.agency.id).run();
    const { id, token } = await sentContract(w);

    const noCode = await postSign(token, signForm(w));
    expect(noCode.status).toBe(400);
    expect((await json<SignReply>(noCode)).errors).toEqual({ code: "contracts.sign.errors.codeRequired" });
    expect(await contractRow(id)).toMatchObject({ status: "sent", failed_attempts: 0 });

    const asked = await postSign(token, { intent: "code" });
    expect(asked.status).toBe(200);
    expect((await json<SignReply>(asked)).codeSent).toBe(true);
    const mail = await env.DB.prepare("select to_address, text from email_outbox where agency_id = ? and kind = 'contract_code' order by id desc limit 1").bind(w.agency.id).first<{ to_address: string; text: string }>();
    expect(mail!.to_address).toBe(w.email);
    const code = /\b(\d{6})\b/.exec(mail!.text)![1]!;
    const stored = await contractRow(id);
    expect(stored.otp_hash).not.toBeNull();
    expect(JSON.stringify(stored)).not.toContain(code);

    const wrongCode = String((Number(code) + 1) % 1_000_000).padStart(6, "0");
    const wrong = await postSign(token, signForm(w, { code: wrongCode }));
    expect(wrong.status).toBe(400);
    expect((await json<SignReply>(wrong)).errors).toEqual({ code: "contracts.sign.errors.code" });
    expect(await contractRow(id)).toMatchObject({ status: "sent", failed_attempts: 1, signed_at: null });
    // Not six digits: a form error.
    expect((await json<SignReply>(await postSign(token, signForm(w, { code: "12ab" })))).errors).toEqual({ code: "contracts.sign.errors.code" });

    const ok = await postSign(token, signForm(w, { code }));
    expect(ok.status).toBe(200);
    const row = await contractRow(id);
    expect(row).toMatchObject({ status: "signed", otp_hash: null });
    expect(row.otp_verified_at).toBe(row.signed_at);
    // Without the agency's setting, intent=code is refused.
    await env.DB.prepare("update agency set contract_signing_otp = 0 where id = ?").bind(w.agency.id).run();
    const { token: plain } = await sentContract(w);
    expect((await postSign(plain, { intent: "code" })).status).toBe(400);
  });

  it("10 failed attempts lock the link (423) until it is sent again", async () => {
    const w = await world();
    const { id, token } = await sentContract(w);
    for (let i = 0; i < 10; i++) {
      const res = await postSign(token, signForm(w, { cpf: otherCpf(w.cpf) }));
      expect(res.status).toBe(400);
    }
    expect((await contractRow(id)).failed_attempts).toBe(10);
    const page = await openPage(token);
    expect(page.status).toBe(423);
    expect((await json<PageData>(page)).closed).toMatchObject({ state: "locked" });
    // Even the right CPF: locked, nothing signed, no more counting.
    const right = await postSign(token, signForm(w));
    expect(right.status).toBe(423);
    expect(await contractRow(id)).toMatchObject({ status: "sent", failed_attempts: 10, signed_at: null });
    expect((await appRequest(`${signPage(token)}/documento`)).status).toBe(404);

    // Sent again: a new link, the count reset.
    expect((await send(w, id)).status).toBe(200);
    const fresh = await lastToken(w);
    expect((await contractRow(id)).failed_attempts).toBe(0);
    expect((await postSign(fresh, signForm(w))).status).toBe(200);
  });
});


describe("contracts: fuzzed signing page", () => {
  it("random bodies never answer 5xx and never sign or decline unless the input is valid", async () => {
    const w = await world();
    const { id, token } = await sentContract(w);
    const validPng = dataUrl(await makePng(60, 20));
    const huge = "ç".repeat(300_000);
    const reset = () =>
      env.DB.prepare(
        `update contract set status = 'viewed', signed_at = null, signer_name = null, signer_cpf = null, signer_email = null, signer_ip = null, signer_user_agent = null,
         signature_kind = null, signature_text = null, signature_key = null, signed_pdf_key = null, signed_pdf_sha256 = null, otp_verified_at = null,
         declined_at = null, decline_reason = null, failed_attempts = 0, version = version + 1 where id = ?`,
      )
        .bind(id)
        .run();
    await reset();
    const str = fc.oneof(fc.string({ maxLength: 40 }), fc.string({ unit: "binary", maxLength: 40 }), fc.constantFrom("", " ", huge, "\u0000", "<script>", "'; drop table contract; --"));
    const body = fc.record(
      {
        intent: fc.oneof(fc.constantFrom("sign", "decline", "code", "SIGN", "", "cancel"), str),
        name: fc.oneof(fc.constantFrom("Carla Cliente Souza", "Ana B", "  Zé  Maria  ", "Carla"), str),
        cpf: fc.oneof(fc.constantFrom(w.cpf, formatCpf(w.cpf), otherCpf(w.cpf), "000.000.000-00", "123"), str),
        signatureKind: fc.oneof(fc.constantFrom("drawn", "typed", "both"), str),
        signatureData: fc.oneof(fc.constantFrom(validPng, "data:image/png;base64,AAAA", "data:image/png;base64,", "data:image/jpeg;base64,/9j/4AAQ", `data:image/png;base64,${"A".repeat(500_000)}`), str),
        signatureText: fc.oneof(fc.constantFrom("Carla", "ab", "Carla C. Souza"), str),
        accept: fc.oneof(fc.constantFrom("on", "off", "true", ""), str),
        code: fc.oneof(fc.constantFrom("123456", "12345", "abcdef"), str),
        reason: fc.oneof(fc.constantFrom("Não quero mais", "no", "   ok   "), str),
      },
      { requiredKeys: [] },
    );
    // Mostly noise, but also bodies that are valid (so the property is checked both ways on the paths that write).
    const validSign = fc.record({
      intent: fc.constant("sign"),
      name: fc.constantFrom("Carla Cliente Souza", "  Zé  Maria  ", "Ana Bela"),
      cpf: fc.constantFrom(w.cpf, formatCpf(w.cpf), ` ${formatCpf(w.cpf)} `),
      signatureKind: fc.constant("typed"),
      signatureText: fc.constantFrom("Carla C. Souza", "Zé M", "abc"),
      accept: fc.constant("on"),
      code: fc.constantFrom("", "123456"),
    });
    const validDrawn = fc.record({
      intent: fc.constant("sign"),
      name: fc.constant("Carla Cliente Souza"),
      cpf: fc.constant(w.cpf),
      signatureKind: fc.constant("drawn"),
      signatureData: fc.constant(validPng),
      accept: fc.constant("on"),
    });
    const decline = fc.record({ intent: fc.constant("decline"), reason: fc.oneof(fc.string({ maxLength: 20 }), fc.constantFrom("Não quero mais", "  a  ", "x".repeat(501))) });
    const anyBody = fc.oneof({ arbitrary: body, weight: 8 }, { arbitrary: validSign, weight: 1 }, { arbitrary: validDrawn, weight: 1 }, { arbitrary: decline, weight: 1 });
    let signedRuns = 0;
    let declinedRuns = 0;
    await fc.assert(
      fc.asyncProperty(anyBody, async (form) => {
        const fields = Object.fromEntries(Object.entries(form).filter(([, v]) => v !== undefined)) as Record<string, string>;
        const res = await postSign(token, fields);
        expect(res.status, JSON.stringify(fields).slice(0, 300)).toBeLessThan(500);
        const row = await contractRow(id);
        const trimmed = (v: string | undefined) => (v ?? "").trim();
        // zod measures min/max in code points; the typed signature's own floor is in UTF-16 units.
        const points = (v: string | undefined) => [...(v ?? "")].length;
        const nameOk = (() => {
          const n = trimmed(fields.name);
          return points(n) >= 5 && points(n) <= 120 && n.split(/\s+/).filter(Boolean).length >= 2;
        })();
        const signatureOk =
          (fields.signatureKind === "typed" && trimmed(fields.signatureText).length >= 3 && points(trimmed(fields.signatureText)) <= 120) ||
          (fields.signatureKind === "drawn" && fields.signatureData === validPng);
        const codeOk = trimmed(fields.code) === "" || /^\d{6}$/.test(trimmed(fields.code));
        const validSign =
          fields.intent === "sign" &&
          fields.accept === "on" &&
          onlyDigits(fields.cpf) === w.cpf &&
          nameOk &&
          signatureOk &&
          codeOk &&
          points(trimmed(fields.signatureText)) <= 120 &&
          points(fields.signatureData) <= MAX_DATA_URL;
        const validDecline = fields.intent === "decline" && points(trimmed(fields.reason)) >= 3 && points(trimmed(fields.reason)) <= 500;
        if (row.status === "signed") {
          expect(validSign, JSON.stringify(fields).slice(0, 300)).toBe(true);
          expect(res.status).toBe(200);
          signedRuns++;
        } else if (row.status === "declined") {
          expect(validDecline, JSON.stringify(fields).slice(0, 300)).toBe(true);
          declinedRuns++;
        } else {
          expect(row.status).toBe("viewed");
          expect(row.signed_pdf_key).toBeNull();
          // A valid signature always signs; a valid decline always declines.
          expect(validSign, JSON.stringify(fields).slice(0, 300)).toBe(false);
          expect(validDecline, JSON.stringify(fields).slice(0, 300)).toBe(false);
        }
        if (row.status !== "viewed" || row.failed_attempts > 0) await reset();
      }),
      { numRuns: FUZZ_RUNS },
    );
    // The paths that write were reached.
    expect(signedRuns).toBeGreaterThan(0);
    expect(declinedRuns).toBeGreaterThan(0);
  }, 600_000);

  it("random tokens on GET and POST never answer 5xx and never open a contract", async () => {
    const w = await world();
    const { id } = await sentContract(w);
    const before = await contractRow(id);
    const token = fc.oneof(
      fc.string({ maxLength: 80 }),
      fc.string({ unit: "binary", maxLength: 60 }),
      fc.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      fc.stringMatching(/^[A-Za-z0-9_-]{42,44}$/),
      fc.constantFrom("", "%00", "a".repeat(5000), "documento", "x y", "é"),
    );
    await fc.assert(
      fc.asyncProperty(token, fc.boolean(), async (t, post) => {
        const path = `/assinar-contrato/${encodeURIComponent(t)}`;
        const res = post ? await appRequest(path, { form: signForm(w), headers: { "cf-connecting-ip": SIGNER_IP } }) : await appRequest(path);
        expect(res.status, JSON.stringify(t)).toBeLessThan(500);
        // "." and ".." leave the signing route once the URL is normalised; every other token is the signing page's.
        const pathname = new URL(path, "http://localhost").pathname;
        if (/^\/assinar-contrato\/[^/]+$/.test(pathname)) expect([404, 405], JSON.stringify(t)).toContain(res.status);
      }),
      { numRuns: FUZZ_RUNS },
    );
    expect(await contractRow(id)).toEqual(before);
  }, 300_000);
});

/**
 * The account statement's PDF (/financeiro/relatorios/extrato-de-contas/pdf):
 * a real PDF (A4, attachment), whose drawn text — read back from its content
 * streams — names the agency, the account and the period, repeats the table
 * header with "page n of N" on each page, and shows the opening and closing
 * balances in the user's language; characters outside the font never break it;
 * another agency's account is 404.
 */
import { env } from "cloudflare:test";
import { v7 as uuidv7 } from "uuid";
import { beforeAll, describe, expect, it } from "vitest";
import { appRequest } from "./harness";
import { MAR, seedDemo, signIn, SOL } from "./fixtures";
import { pdfText } from "./pdf-text";

const ST = "/financeiro/relatorios/extrato-de-contas";
const PDF = `${ST}/pdf`;
const MOVEMENTS = 120;

let sol: string;
let mar: string;
let account: string;
let accountName: string;
let marAccount: string;

async function newAccount(agencyId: string, name: string, openingCents: number) {
  const type = await env.DB.prepare("select id from account_type where agency_id = ? limit 1").bind(agencyId).first<{ id: string }>();
  const id = uuidv7();
  const now = new Date().toISOString();
  await env.DB.prepare("insert into bank_account (id, agency_id, name, account_type_id, opening_balance_cents, opening_date, created_at, updated_at) values (?, ?, ?, ?, ?, ?, ?, ?)")
    .bind(id, agencyId, name, type!.id, openingCents, "2024-01-01", now, now)
    .run();
  return id;
}

beforeAll(async () => {
  await seedDemo();
  sol = await signIn("admin@sol.example");
  mar = await signIn("admin@mar.example");
  // The statement screen gives each agency its finance defaults (account types...).
  expect((await appRequest(ST, { cookie: sol })).status).toBe(200);
  expect((await appRequest(ST, { cookie: mar })).status).toBe(200);
  accountName = `Conta Ação ${uuidv7().slice(-6)} Ω🚀`;
  account = await newAccount(SOL.id, accountName, 1_234_56);
  marAccount = await newAccount(MAR.id, `Mar ${uuidv7().slice(-6)}`, 0);
  const now = new Date().toISOString();
  // Before the period: moves the opening balance (+ 100,00).
  const rows: [string, number, string][] = [["2025-12-31", 100_00, "Antes do período"]];
  // In the period: 60 inflows of 1.000,00 and 60 outflows of 333,33.
  for (let i = 0; i < MOVEMENTS; i++) rows.push([`2026-02-${String(1 + (i % 28)).padStart(2, "0")}`, i % 2 === 0 ? 1_000_00 : -333_33, `Tarifa nº ${i} – ç ã é ó ü ñ ☃`]);
  // After the period: not on this statement.
  rows.push(["2026-03-01", 9_999_00, "Depois do período"]);
  await env.DB.batch(
    rows.map(([date, cents, description]) =>
      env.DB.prepare("insert into finance_entry (id, agency_id, bank_account_id, kind, date, principal_cents, net_cents, currency, description, origin, created_at) values (?, ?, ?, 'manual', ?, ?, ?, 'BRL', ?, 'manual', ?)").bind(
        uuidv7(),
        SOL.id,
        account,
        date,
        cents,
        cents,
        description,
        now,
      ),
    ),
  );
});

describe("the statement's PDF", () => {
  it("is an A4 PDF with the agency, account, period, movements, balances and page numbers (pt-BR money)", async () => {
    const res = await appRequest(`${PDF}?account=${account}&from=2026-01-01&to=2026-02-28`, { cookie: sol });
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("application/pdf");
    expect(res.headers.get("Content-Disposition")).toBe('attachment; filename="extrato-2026-01-01-2026-02-28.pdf"');
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect(new TextDecoder("latin1").decode(bytes.slice(0, 5))).toBe("%PDF-");
    const raw = new TextDecoder("latin1").decode(bytes);
    expect(raw).toMatch(/\/MediaBox \[ 0 0 595\.28 841\.89 \]/);

    const text = await pdfText(bytes);
    const all = text.join("\n");
    expect(all).toContain("Sol Viagens");
    expect(all).toContain("Extrato de Contas");
    // The account's name, the characters outside WinAnsi replaced.
    expect(all).toContain(`Conta (banco ou caixa): ${accountName.replace("Ω🚀", "??")} · BRL`);
    expect(all).toContain("Período: 01/01/2026 a 28/02/2026");
    // Opening: 1.234,56 + 100,00 before the period. Closing: + 60 × 1.000,00 − 60 × 333,33 = 41.334,76.
    const after = (label: string, n: number) => {
      const i = text.indexOf(label);
      expect(i, label).toBeGreaterThanOrEqual(0);
      return text.slice(i + 1, i + 1 + n);
    };
    expect(after("Saldo inicial", 1)).toEqual(["R$\u00a01.334,56"]);
    // The closing row: the period's inflows and outflows, then the closing balance.
    expect(after("Saldo final", 3)).toEqual(["R$\u00a060.000,00", "R$\u00a019.999,80", "R$\u00a041.334,76"]);
    // Each movement, with its accents; none after the period.
    expect(text.filter((t) => t.startsWith("Lançamento manual: Tarifa nº "))).toHaveLength(MOVEMENTS);
    expect(all).toContain("Lançamento manual: Tarifa nº 0 – ç ã é ó ü ñ ?");
    expect(all).not.toContain("Depois do período");
    // The first running balance: 1.334,56 + 1.000,00.
    expect(text).toContain("R$\u00a02.334,56");

    // More than one page: each repeats the table header and says "Página n de N".
    const pages = text.filter((t) => /^Página \d+ de \d+$/.test(t));
    expect(pages.length).toBeGreaterThan(1);
    expect(pages).toEqual(pages.map((_, i) => `Página ${i + 1} de ${pages.length}`));
    expect(text.filter((t) => t === "Movimento / origem")).toHaveLength(pages.length);
    expect(text.filter((t) => t === "Sol Viagens")).toHaveLength(pages.length);
  });

  it("follows the user's language (en)", async () => {
    const res = await appRequest(`${PDF}?account=${account}&from=2026-01-01&to=2026-02-28`, { cookie: `${sol}; lng=en` });
    expect(res.status).toBe(200);
    const text = await pdfText(new Uint8Array(await res.arrayBuffer()));
    const i = text.indexOf("Closing balance");
    expect(text.slice(i + 1, i + 4)).toEqual(["R$60,000.00", "R$19,999.80", "R$41,334.76"]);
    expect(text.some((t) => /^Page 1 of \d+$/.test(t))).toBe(true);
  });

  it("an empty period still gives both balances", async () => {
    const res = await appRequest(`${PDF}?account=${account}&from=2025-06-01&to=2025-06-30`, { cookie: sol });
    const text = await pdfText(new Uint8Array(await res.arrayBuffer()));
    expect(text).toContain("Nenhum movimento no período.");
    expect(text.filter((t) => t === "R$\u00a01.234,56")).toHaveLength(2);
    expect(text).toContain("Página 1 de 1");
  });

  it("another agency's account (or a made-up id) is 404; signed out goes to login", async () => {
    expect((await appRequest(`${PDF}?account=${marAccount}&from=2026-01-01&to=2026-02-28`, { cookie: sol })).status).toBe(404);
    expect((await appRequest(`${PDF}?account=${account}&from=2026-01-01&to=2026-02-28`, { cookie: mar })).status).toBe(404);
    expect((await appRequest(`${PDF}?account=nope`, { cookie: sol })).status).toBe(404);
    expect((await appRequest(PDF, { cookie: sol })).status).toBe(404);
    const anonymous = await appRequest(`${PDF}?account=${account}`);
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("Location")).toMatch(/^\/login/);
  });

});

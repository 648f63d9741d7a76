/**
 * Bench data for the clients list: 100,000 clients in the demo agency Sol
 * Viagens, written straight into the bench's local D1 (after scripts/setup.ts, before
 * the server starts) as a SQL file of multi-row INSERTs run by
 * `wrangler d1 execute DB --local --persist-to <state dir>`, the way scripts/setup.ts
 * seeds. The register_count triggers keep the list's total.
 *
 * Deterministic (one seeded PRNG): valid, unique CPFs (generateCpf), e-mails and
 * phones as the app stores them (JSON), search_text from registerSearchText, so
 * search and sort behave as for rows the app writes. About 1 in 8 people carry
 * "Silva", as in Brazil, so ?q=silva matches past the count cap (10,000).
 *
 * Then clientListTargets() gives the autocannon targets of the list with a
 * session cookie of admin@sol.example.
 */
import { generateCpf, mulberry32, randomDigits, type Rng } from "../../app/lib/platform/br-documents.ts";
import { encodeCursor } from "../../app/lib/kit/list.ts";
import { registerSearchText } from "../../app/lib/kit/search-text.ts";
import { DEMO_AGENCIES } from "../../scripts/seed/seed.ts";
import type { BenchTarget } from "./run.ts";
import { executeSql, querySql } from "./d1-sql.ts";

export const BENCH_CLIENTS = 100_000;
/** Rows per INSERT: about 45 kB a statement, under D1's 100 kB statement limit. */
const ROWS_PER_STATEMENT = 100;

const FIRST = ["Ana", "Maria", "João", "José", "Antônio", "Francisca", "Carlos", "Paulo", "Pedro", "Lucas", "Luiz", "Marcos", "Luís", "Gabriel", "Rafael", "Daniel", "Marcelo", "Bruno", "Eduardo", "Felipe", "Juliana", "Fernanda", "Patrícia", "Aline", "Sandra", "Camila", "Amanda", "Bruna", "Jéssica", "Letícia", "Júlia", "Luciana", "Vanessa", "Mariana", "Gabriela", "Beatriz", "Larissa", "Raimundo", "Sebastião", "Cecília"];
const SURNAMES = ["Santos", "Oliveira", "Souza", "Rodrigues", "Ferreira", "Alves", "Pereira", "Lima", "Gomes", "Costa", "Ribeiro", "Martins", "Carvalho", "Almeida", "Lopes", "Soares", "Fernandes", "Vieira", "Barbosa", "Rocha", "Dias", "Nascimento", "Andrade", "Moreira", "Nunes", "Marques", "Machado", "Mendes", "Freitas", "Cardoso", "Ramos", "Gonçalves", "Araújo", "Conceição", "Teixeira", "Moura", "Cavalcanti", "Brandão", "Peixoto", "Assunção"];
const PLACES = [
  { city: "São Paulo", state: "SP", ddd: "11" },
  { city: "Campinas", state: "SP", ddd: "19" },
  { city: "Santo André", state: "SP", ddd: "11" },
  { city: "Rio de Janeiro", state: "RJ", ddd: "21" },
  { city: "Belo Horizonte", state: "MG", ddd: "31" },
  { city: "Curitiba", state: "PR", ddd: "41" },
  { city: "Salvador", state: "BA", ddd: "71" },
  { city: "Recife", state: "PE", ddd: "81" },
];
const DOMAINS = ["example.com", "example.org", "example.net"];

const pick = <T>(rng: Rng, list: readonly T[]): T => list[Math.floor(rng() * list.length)]!;
const sql = (v: string | number | null) => (v === null ? "NULL" : typeof v === "number" ? String(v) : `'${v.replaceAll("'", "''")}'`);
const ascii = (s: string) => s.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
/** UUIDv7-shaped, fixed, apart from the demo seed's ids (0190a000-…); one block per demo agency. */
const benchId = (agency: number, n: number) => `0190b000-0001-7001-80${agency.toString(16).padStart(2, "0")}-${n.toString(16).padStart(12, "0")}`;

type Built = { statements: string[]; sorted: { v: string; id: string }[] };

function build(count: number, agencyIndex: number): Built {
  const agency = DEMO_AGENCIES[agencyIndex]!;
  const rng = mulberry32(0x5eed_c11e + agencyIndex);
  const documents = new Set<string>();
  const values: string[] = [];
  const keys: { v: string; id: string }[] = [];
  const createdAt = "2026-01-01T12:00:00.000Z";
  for (let n = 1; n <= count; n++) {
    const first = pick(rng, FIRST);
    const middle = rng() < 0.125 ? "Silva" : pick(rng, SURNAMES);
    let last = pick(rng, SURNAMES);
    while (last === middle) last = pick(rng, SURNAMES);
    const name = `${first} ${middle} ${last}`;
    let document = generateCpf(rng);
    while (documents.has(document)) document = generateCpf(rng);
    documents.add(document);
    const place = pick(rng, PLACES);
    const emails = [`${ascii(first)}.${ascii(last)}.${n}@${pick(rng, DOMAINS)}`];
    const phones = [{ number: `${place.ddd}9${randomDigits(rng, 8)}`, whatsapp: rng() < 0.8 }];
    const searchText = registerSearchText.client({ name, document, emails, phones });
    const id = benchId(agencyIndex, n);
    const consent = rng() < 0.6 ? 1 : 0;
    keys.push({ v: searchText, id });
    values.push(
      `(${[id, agency.id, "person", name, document, JSON.stringify(emails), JSON.stringify(phones), place.city, place.state, "BR", "[]", consent, consent ? createdAt : null, searchText, createdAt, createdAt, 1].map(sql).join(", ")})`,
    );
  }
  const columns = "id, agency_id, kind, name, document, emails, phones, city, state, country, tags, marketing_consent, consent_at, search_text, created_at, updated_at, version";
  const statements: string[] = [];
  for (let i = 0; i < values.length; i += ROWS_PER_STATEMENT) {
    statements.push(`INSERT INTO client (${columns}) VALUES\n${values.slice(i, i + ROWS_PER_STATEMENT).join(",\n")}\nON CONFLICT DO NOTHING;`);
  }
  // The list's default order (search_text, id; SQLite compares text bytewise, search_text is plain ASCII here).
  keys.sort((a, b) => (a.v < b.v ? -1 : a.v > b.v ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return { statements, sorted: keys };
}

export type SeededClients = { rows: number; liveTotal: number; ms: number; sqlBytes: number; middleCursor: string };

/**
 * Inserts `count` clients into a demo agency (Sol Viagens unless `agencyIndex` names another
 * of DEMO_AGENCIES) in the local D1 under `stateDir` (relative to `root`).
 */
export function seedClients(root: string, stateDir: string, count = BENCH_CLIENTS, agencyIndex = 0): SeededClients {
  const start = performance.now();
  const agency = DEMO_AGENCIES[agencyIndex]!;
  const { statements, sorted } = build(count, agencyIndex);
  const sqlBytes = executeSql(root, stateDir, statements, `clients-${agency.slug}`);
  const liveTotal = Number(querySql<{ live: number }>(root, stateDir, `SELECT live FROM register_count WHERE agency_id = '${agency.id}' AND entity = 'client'`)[0]?.live ?? 0);
  const middle = sorted[Math.floor(sorted.length / 2)]!;
  return { rows: count, liveTotal, ms: performance.now() - start, sqlBytes: sqlBytes, middleCursor: encodeCursor(middle) };
}

/**
 * The list's targets with a session cookie (tests/bench/server.ts signIn): the first
 * page, a search, the second page (the first page's own next link), a page
 * in the middle of the 100,000 (a cursor at row 50,000, same format) and a
 * selective filter (kind=company: a handful of rows, no index on kind).
 */
export async function clientListTargets(baseUrl: string, seeded: SeededClients, cookie: string): Promise<BenchTarget[]> {
  const headers = { Cookie: cookie };
  const get = async (path: string) => {
    const res = await fetch(`${baseUrl}${path}`, { headers, redirect: "manual" });
    const html = await res.text();
    if (res.status !== 200) throw new Error(`GET ${path} answered ${res.status}`);
    return html;
  };
  const list = "/cadastros/clientes";
  const first = await get(list);
  const next = /href="(\/cadastros\/clientes\?after=[A-Za-z0-9_-]+)"[^>]*rel="next"|rel="next"[^>]*href="(\/cadastros\/clientes\?after=[A-Za-z0-9_-]+)"/.exec(first);
  const total = /data-testid="list-total"[^>]*>([^<]+)</.exec(first)?.[1];
  if (!next) throw new Error("no next link on the first page of clients");
  const deep = `${list}?after=${seeded.middleCursor}`;
  // Warm the signed-in paths.
  const company = `${list}?kind=company`;
  for (const path of [list, `${list}?q=silva`, next[1] ?? next[2]!, deep, company]) await get(path);
  console.log(`  clients list: ${total ?? "?"} on the first page; ${seeded.liveTotal} live clients in Sol Viagens`);
  return [
    { name: "clients list (100k), first page", path: list, headers },
    { name: "clients list (100k), search q=silva", path: `${list}?q=silva`, headers },
    { name: "clients list (100k), page 2 (next link)", path: next[1] ?? next[2]!, headers },
    { name: "clients list (100k), page at row 50,000", path: deep, headers },
    { name: "clients list (100k), filter kind=company", path: company, headers },
  ];
}

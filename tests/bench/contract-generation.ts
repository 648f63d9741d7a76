/**
 * Contract generation time (issue #17): one contract PDF (merged document → PDF →
 * R2 → row), and a batch of 50 in one request, through the pending page's JSON
 * route, without sending. The sales are the demo seed's confirmed sales still
 * without a contract (Sol Viagens). `node tests/bench/run.ts` calls it; alone:
 *
 *   node tests/bench/contract-generation.ts http://127.0.0.1:8790
 */
import { signIn } from "./server.ts";

export type ContractGenerationResult = { single: number[]; singleP50Ms: number; batchSize: number; batchMs: number; batchMade: number; perContractMs: number };

const EMPTY: ContractGenerationResult = { single: [], singleP50Ms: NaN, batchSize: 0, batchMs: NaN, batchMade: 0, perContractMs: NaN };

/** Up to `max` confirmed sales without a contract, from the pending list's pages. */
async function pendingSales(baseUrl: string, cookie: string, max: number): Promise<string[]> {
  const ids: string[] = [];
  let after = "";
  while (ids.length < max) {
    const res = await fetch(`${baseUrl}/contratos/contratos-pendentes?size=100${after ? `&after=${encodeURIComponent(after)}` : ""}`, { headers: { Cookie: cookie } });
    if (!res.ok) break;
    const html = await res.text();
    const found = [...html.matchAll(/name="venda" value="([^"]+)"/g)].map((m) => m[1]!);
    if (found.length === 0) break;
    ids.push(...found);
    const next = html.match(/[?&]after=([^"&]+)/)?.[1];
    if (!next) break;
    after = decodeURIComponent(next.replace(/&amp;/g, "&"));
  }
  return ids.slice(0, max);
}

async function generate(baseUrl: string, cookie: string, ids: string[]): Promise<{ ms: number; made: number }> {
  const body = new URLSearchParams(ids.map((id) => ["venda", id]));
  const started = performance.now();
  const res = await fetch(`${baseUrl}/contratos/contratos-pendentes/gerar`, {
    method: "POST",
    headers: { Cookie: cookie, Origin: baseUrl, "Content-Type": "application/x-www-form-urlencoded", Accept: "application/json" },
    body,
  });
  const json = (await res.json()) as { outcomes?: { ok: boolean }[] };
  return { ms: performance.now() - started, made: json.outcomes?.filter((o) => o.ok).length ?? 0 };
}

export async function measureContractGeneration(baseUrl: string, cookie: string, singles = 10, batch = 50): Promise<ContractGenerationResult> {
  const ids = await pendingSales(baseUrl, cookie, singles + batch);
  if (ids.length < singles + 1) return EMPTY;
  const single: number[] = [];
  for (const id of ids.slice(0, singles)) single.push((await generate(baseUrl, cookie, [id])).ms);
  const rest = ids.slice(singles, singles + batch);
  const b = await generate(baseUrl, cookie, rest);
  const sorted = [...single].sort((a, c) => a - c);
  return { single, singleP50Ms: sorted[Math.floor(sorted.length / 2)]!, batchSize: rest.length, batchMs: b.ms, batchMade: b.made, perContractMs: b.made ? b.ms / b.made : NaN };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const baseUrl = process.argv[2] ?? "http://127.0.0.1:8790";
  const cookie = await signIn(baseUrl, "10.250.0.9");
  console.log(await measureContractGeneration(baseUrl, cookie));
}

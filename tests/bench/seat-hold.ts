/**
 * Seat-hold latency (issue #16 item 3): from seller A's hold request (the
 * click's POST to the manage page's action) to seller B's socket on the
 * excursion's seat room receiving the broadcast of that seat as held. p50/p95
 * over `holds` holds (each released afterwards, untimed). Runs against a served
 * build with the demo seed (an open excursion of Sol Viagens on a charter with
 * a seat map): `node tests/bench/run.ts` calls it; alone:
 *
 *   node tests/bench/seat-hold.ts http://127.0.0.1:8790 [holds]
 */
import { signIn } from "./server.ts";

export type SeatHoldResult = { excursion: string | null; holds: number; received: number; refused: number; p50Ms: number; p95Ms: number; maxMs: number };

const EMPTY: SeatHoldResult = { excursion: null, holds: 0, received: 0, refused: 0, p50Ms: NaN, p95Ms: NaN, maxMs: NaN };

const pct = (sorted: number[], p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : NaN);

async function page(baseUrl: string, path: string, cookie: string): Promise<string> {
  const res = await fetch(`${baseUrl}${path}`, { headers: { Cookie: cookie } });
  if (!res.ok) throw new Error(`GET ${path}: ${res.status}`);
  return res.text();
}

function post(baseUrl: string, path: string, cookie: string, form: Record<string, string>) {
  return fetch(`${baseUrl}${path}.data`, {
    method: "POST",
    redirect: "manual",
    headers: { Cookie: cookie, Origin: baseUrl, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(form),
  });
}

/** The options of a <select name=…> in server-rendered HTML. */
function options(html: string, name: string): string[] {
  const select = html.match(new RegExp(`<select[^>]*name="${name}"[^>]*>([\\s\\S]*?)</select>`))?.[1] ?? "";
  return [...select.matchAll(/<option value="([^"]*)"/g)].map((m) => m[1]!).filter(Boolean);
}

/** Free, unblocked seats of the manage page's map. */
function freeSeats(html: string): number[] {
  const out: number[] = [];
  for (const m of html.matchAll(/<div[^>]*class="seat-map-cell"[^>]*>/g)) {
    const tag = m[0];
    if (!tag.includes('data-kind="seat"') || !tag.includes('data-state="free"') || tag.includes("data-blocked=")) continue;
    const n = tag.match(/data-seat="(\d+)"/)?.[1];
    if (n) out.push(Number(n));
  }
  return out;
}

/** The held place of `seat` on the manage page (its id for the release). */
function placeOf(html: string, seat: number): string | null {
  const at = html.search(new RegExp(`data-testid="sale-place"[^>]*data-seat="${seat}"`));
  if (at < 0) return null;
  return html.slice(at).match(/name="place" value="([^"]+)"/)?.[1] ?? null;
}

export async function measureSeatHolds(baseUrl: string, cookieA: string, cookieB: string, holds = 50): Promise<SeatHoldResult> {
  // Seller A's draft on the first selling excursion that has a seat map.
  const form = await page(baseUrl, "/vendas/excursoes/novo", cookieA);
  const [client] = options(form, "clientId");
  const [agent] = options(form, "agentId");
  let saleId: string | null = null;
  let excursionId: string | null = null;
  let html = "";
  for (const candidate of options(form, "excursionId")) {
    const created = await post(baseUrl, "/vendas/excursoes/novo", cookieA, { excursionId: candidate, clientId: client!, agentId: agent! });
    const location = created.headers.get("Location") ?? created.headers.get("X-Remix-Redirect") ?? "";
    let id = location.split("/").pop() ?? "";
    if (!id) {
      const body = await created.text();
      id = body.match(/\/vendas\/excursoes\/gerenciar\/([A-Za-z0-9_-]+)/)?.[1] ?? "";
    }
    if (!id) continue;
    html = await page(baseUrl, `/vendas/excursoes/gerenciar/${id}`, cookieA);
    if (freeSeats(html).length > 0) {
      saleId = id;
      excursionId = candidate;
      break;
    }
  }
  if (!saleId || !excursionId) return EMPTY;
  const agencyId = html.match(new RegExp(`([0-9a-f-]{36}):${excursionId}`))?.[1];
  if (!agencyId) return EMPTY;
  const seats = freeSeats(html);
  const path = `/vendas/excursoes/gerenciar/${saleId}`;

  // Seller B watches the room.
  const ws = new WebSocket(`${baseUrl.replace("http", "ws")}/parties/excursion-seats/${agencyId}:${excursionId}`, { headers: { Cookie: cookieB, Origin: baseUrl } } as unknown as string[]);
  const waiting = new Map<number, (at: number) => void>();
  ws.addEventListener("message", (e) => {
    const msg = JSON.parse(String(e.data)) as { type: string; seat?: number; state?: string };
    if (msg.type === "seat" && msg.state === "held" && msg.seat !== undefined) waiting.get(msg.seat)?.(performance.now());
  });
  await new Promise<void>((resolve, reject) => {
    ws.addEventListener("open", () => resolve(), { once: true });
    ws.addEventListener("error", () => reject(new Error("seat room socket failed")), { once: true });
  });

  const latencies: number[] = [];
  let refused = 0;
  for (let i = 0; i < holds; i++) {
    const seat = seats[i % seats.length]!;
    const heard = new Promise<number | null>((resolve) => {
      waiting.set(seat, resolve);
      setTimeout(() => resolve(null), 5000);
    });
    const t0 = performance.now();
    const res = await post(baseUrl, path, cookieA, { intent: "hold", seat: String(seat) });
    await res.arrayBuffer();
    if (res.status !== 200) {
      refused++;
      waiting.delete(seat);
      continue;
    }
    const at = await heard;
    waiting.delete(seat);
    if (at !== null) latencies.push(at - t0);
    // Free the seat again (untimed) for the next round.
    const place = placeOf(await page(baseUrl, path, cookieA), seat);
    if (place) await (await post(baseUrl, path, cookieA, { intent: "release", place })).arrayBuffer();
  }
  ws.close();
  const sorted = [...latencies].sort((a, b) => a - b);
  return { excursion: excursionId, holds, received: latencies.length, refused, p50Ms: pct(sorted, 50), p95Ms: pct(sorted, 95), maxMs: sorted.at(-1) ?? NaN };
}

if (import.meta.main) {
  const baseUrl = process.argv[2] ?? "http://127.0.0.1:8790";
  const holds = Number(process.argv[3] ?? 50) || 50;
  const a = await signIn(baseUrl, "10.251.0.1");
  const b = await signIn(baseUrl, "10.251.0.2", "agente@sol.example");
  console.log(JSON.stringify(await measureSeatHolds(baseUrl, a, b, holds), null, 2));
}

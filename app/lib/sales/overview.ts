/**
 * The /vendas overview (issue #16, item 4): the month's confirmed sales by
 * seller and by kind (drafts and cancellations counted apart), each row a
 * link into the matching filtered list. Pure: the month in the URL, the sums
 * from the grouped rows the server reads (overview.server.ts), the links.
 */
import type { SaleKind } from "~/db/schema/sales";

export const OVERVIEW_PATH = "/vendas";
export const LIST_PATHS: Record<SaleKind, string> = { emissivo: "/vendas/emissivo", excursion: "/vendas/excursoes" };
export const OVERVIEW_KINDS = ["emissivo", "excursion"] as const satisfies readonly SaleKind[];

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** A valid "YYYY-MM" (years 1900–2999), or null. */
export function parseMonth(value: string | null | undefined): string | null {
  const m = MONTH.exec(value ?? "");
  if (!m) return null;
  const year = Number(m[1]);
  return year >= 1900 && year <= 2999 ? value! : null;
}

/** The first and last calendar days of a month. */
export function monthDays(month: string): { from: string; to: string } {
  const [y, m] = month.split("-").map(Number) as [number, number];
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return { from: `${month}-01`, to: `${month}-${String(last).padStart(2, "0")}` };
}

/** The month `delta` months away. */
export function shiftMonth(month: string, delta: number): string {
  const [y, m] = month.split("-").map(Number) as [number, number];
  return new Date(Date.UTC(y, m - 1 + delta, 1)).toISOString().slice(0, 7);
}

/** One row of the grouped read: the sales of a seller, kind, status and currency in the month. */
export type OverviewGroup = { agentId: string; kind: SaleKind; status: string; currency: string; count: number; totalCents: number; marginCents: number };

export type Figures = { count: number; totalCents: number; marginCents: number };
export type SellerRow = Figures & { agentId: string; name: string; currency: string; byKind: Record<SaleKind, Figures> };
export type KindRow = Figures & { kind: SaleKind; currency: string };
export type Overview = {
  month: string;
  from: string;
  to: string;
  sellers: SellerRow[];
  kinds: KindRow[];
  /** The month's confirmed totals per currency. */
  totals: (Figures & { currency: string })[];
  drafts: number;
  cancelled: number;
};

const zero = (): Figures => ({ count: 0, totalCents: 0, marginCents: 0 });
const add = (into: Figures, g: Figures) => {
  into.count += g.count;
  into.totalCents += g.totalCents;
  into.marginCents += g.marginCents;
};

/** The overview from the grouped rows: confirmed sales summed by seller (by currency) and by kind; drafts and cancellations counted. */
export function summarizeOverview(month: string, groups: readonly OverviewGroup[], agentNames: ReadonlyMap<string, string>): Overview {
  const sellers = new Map<string, SellerRow>();
  const kinds = new Map<string, KindRow>();
  const totals = new Map<string, Figures & { currency: string }>();
  let drafts = 0;
  let cancelled = 0;
  for (const g of groups) {
    if (g.status === "draft") drafts += g.count;
    if (g.status === "cancelled") cancelled += g.count;
    if (g.status !== "confirmed") continue;
    const sellerKey = `${g.agentId}|${g.currency}`;
    let seller = sellers.get(sellerKey);
    if (!seller) {
      seller = { agentId: g.agentId, name: agentNames.get(g.agentId) ?? "—", currency: g.currency, ...zero(), byKind: { emissivo: zero(), excursion: zero() } };
      sellers.set(sellerKey, seller);
    }
    add(seller, g);
    add(seller.byKind[g.kind], g);
    const kindKey = `${g.kind}|${g.currency}`;
    if (!kinds.has(kindKey)) kinds.set(kindKey, { kind: g.kind, currency: g.currency, ...zero() });
    add(kinds.get(kindKey)!, g);
    if (!totals.has(g.currency)) totals.set(g.currency, { currency: g.currency, ...zero() });
    add(totals.get(g.currency)!, g);
  }
  return {
    month,
    ...monthDays(month),
    sellers: [...sellers.values()].sort((a, b) => b.totalCents - a.totalCents || a.name.localeCompare(b.name)),
    kinds: [...kinds.values()].sort((a, b) => OVERVIEW_KINDS.indexOf(a.kind) - OVERVIEW_KINDS.indexOf(b.kind) || a.currency.localeCompare(b.currency)),
    totals: [...totals.values()].sort((a, b) => a.currency.localeCompare(b.currency)),
    drafts,
    cancelled,
  };
}

/** The list of a kind filtered to the month's confirmed sales (and a seller's). Filter names of emissivo.ts / excursion-sale.ts. */
export function listHref(kind: SaleKind, month: string, agentId?: string): string {
  const { from, to } = monthDays(month);
  const p = new URLSearchParams({ situacao: "confirmed", ...(agentId ? { vendedor: agentId } : {}), de: from, ate: to });
  return `${LIST_PATHS[kind]}?${p.toString()}`;
}

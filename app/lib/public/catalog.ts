/**
 * The public catalogue's shared pieces (server and browser): what a list filter is and
 * how a query string becomes one (bad values are dropped, never an error), the page size.
 */
import { z } from "zod";

export type CatalogKind = "package" | "excursion";
export const CATALOG_PAGE_SIZE = 12;

export type CatalogFilter = { destination: string | null; month: string | null; maxPriceCents: number | null };

const filterSchema = z.object({
  destino: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/).optional().catch(undefined),
  mes: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/).optional().catch(undefined),
  ate: z.coerce.number().int().min(1).max(10_000_000).optional().catch(undefined),
  apos: z.string().max(200).optional().catch(undefined),
});

/** The list's filter and cursor from its URL: ?destino=&mes=YYYY-MM&ate={whole units}&apos={cursor}. */
export function parseCatalogQuery(search: URLSearchParams): { filter: CatalogFilter; after: string | null; values: { destino: string; mes: string; ate: string } } {
  const raw = Object.fromEntries(["destino", "mes", "ate", "apos"].map((k) => [k, search.get(k) || undefined]));
  const v = filterSchema.parse(raw);
  return {
    filter: { destination: v.destino ?? null, month: v.mes ?? null, maxPriceCents: v.ate === undefined ? null : v.ate * 100 },
    after: v.apos ?? null,
    values: { destino: v.destino ?? "", mes: v.mes ?? "", ate: v.ate === undefined ? "" : String(v.ate) },
  };
}

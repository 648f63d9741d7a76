/**
 * A client's sales on the client's page (issue #18): the newest few the viewer may see (an
 * Agente, their own), through the sale's client index; the rest are on the sales lists.
 */
import { and, desc, eq } from "drizzle-orm";
import { sale } from "~/db/schema";
import type { Scope } from "~/lib/platform/scope.server";
import { emissivoEditPath, EMISSIVO_LIST_PATH } from "~/lib/sales/emissivo";
import { excursionSalePath } from "~/lib/sales/excursion-sale";
import { saleScopeWhere } from "~/lib/sales/sale-core.server";

export const CLIENT_SALES_LIMIT = 20;

export async function clientSales(scope: Scope, clientId: string) {
  const rows = await scope.db
    .select({ id: sale.id, number: sale.number, kind: sale.kind, status: sale.status, saleDate: sale.saleDate, totalCents: sale.totalCents, currency: sale.currency })
    .from(sale)
    .where(and(saleScopeWhere(scope), eq(sale.clientId, clientId)))
    .orderBy(desc(sale.saleDate), desc(sale.id))
    .limit(CLIENT_SALES_LIMIT);
  return {
    sales: rows.map((r) => ({ ...r, href: r.kind === "excursion" ? excursionSalePath(r.id) : emissivoEditPath(r.id) })),
    allHref: `${EMISSIVO_LIST_PATH}?cliente=${encodeURIComponent(clientId)}`,
  };
}

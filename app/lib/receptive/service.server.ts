/**
 * Receptive services on the server: the record store and screen spec (the
 * provider must be one of the agency's live providers), the list source and
 * page with the provider's name, the provider options, and the CSV export.
 */
import { and, asc, eq, isNull, sql } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { provider, receptiveService } from "~/db/schema";
import type { Scope } from "~/lib/platform/scope.server";
import { formatCents } from "~/lib/finance/money";
import type { ListQuery } from "~/lib/kit/list";
import { runList, type PageSelect } from "~/lib/kit/list.server";
import { buildSearchText } from "~/lib/kit/search-text";
import { exportList } from "~/lib/kit/export.server";
import { listSourceOf, recordStore, type ReadScope } from "~/lib/kit/record.server";
import type { RecordSpec } from "~/lib/kit/record-action.server";
import { durationText, SERVICE_CSV_COLUMNS, serviceFormValues, type ServiceFilter, type ServiceInput, type ServiceSort } from "~/lib/receptive/service";
import { serviceEditSchema, serviceSchema } from "~/lib/receptive/service.schema";
import { canManageReceptive, rcpErr, RECEPTIVE_PATHS } from "~/lib/receptive/fields";
import { activeWhere } from "~/lib/receptive/driver.server";
import { REFERENCES } from "~/lib/registers/references.server";

export const RECEPTIVE_SERVICE_ENTITY = "receptive_service";

export const serviceStore = recordStore({
  table: receptiveService,
  entity: RECEPTIVE_SERVICE_ENTITY,
  label: (row) => row.name,
  softDelete: receptiveService.deletedAt,
  searchText: receptiveService.searchText,
  createdBy: receptiveService.createdBy,
  references: REFERENCES.receptive_service,
});

export type ServiceQuery = ListQuery<ServiceSort, ServiceFilter>;

export const serviceSource = listSourceOf<ServiceSort, ServiceFilter>(serviceStore, {
  sortColumns: { name: receptiveService.searchText, kind: receptiveService.kind, price: receptiveService.priceCents, createdAt: receptiveService.createdAt },
  filterWhere: (f) => [
    ...(f.kind ? [eq(receptiveService.kind, f.kind as (typeof receptiveService.kind.enumValues)[number])] : []),
    ...activeWhere(receptiveService.active, f.status),
  ],
});

export type ServiceListRow = {
  id: string;
  sortValue: string | number | null;
  name: string;
  kind: string;
  durationMinutes: number;
  capacity: number;
  providerName: string | null;
  costCents: number;
  priceCents: number;
  currency: string;
  active: boolean;
};

const listColumns = (sortColumn: SQLiteColumn) => ({
  id: receptiveService.id,
  sortValue: sql<string | number | null>`${sortColumn}`,
  name: receptiveService.name,
  kind: receptiveService.kind,
  description: receptiveService.description,
  durationMinutes: receptiveService.durationMinutes,
  capacity: receptiveService.capacity,
  providerName: sql<string | null>`coalesce(${provider.tradeName}, ${provider.name})`,
  costCents: receptiveService.costCents,
  priceCents: receptiveService.priceCents,
  currency: receptiveService.currency,
  active: receptiveService.active,
});

type ServiceRowOut = ServiceListRow & { description: string | null };

/** The page select of the list and the export: the service with its provider's name. */
function servicePages(scope: ReadScope, query: ServiceQuery): PageSelect<ServiceRowOut> {
  const { db, agencyId } = scope;
  const sortColumn = serviceSource.sortColumns[query.sort];
  return (where, order, limit) =>
    db
      .select(listColumns(sortColumn))
      .from(receptiveService)
      .leftJoin(provider, and(eq(provider.id, receptiveService.providerId), eq(provider.agencyId, agencyId)))
      .where(where)
      .orderBy(...order)
      .limit(limit) as Promise<ServiceRowOut[]>;
}

export function listServices(scope: ReadScope, query: ServiceQuery) {
  return runList(scope, serviceSource, query, servicePages(scope, query));
}

export type Option = { value: string; label: string };

/** The agency's live providers (the select of the form), and the current one even if it was deleted since. */
export async function providerOptions(scope: ReadScope, include?: string | null): Promise<Option[]> {
  const rows = await scope.db
    .select({ id: provider.id, name: provider.name, tradeName: provider.tradeName })
    .from(provider)
    .where(and(eq(provider.agencyId, scope.agencyId), isNull(provider.deletedAt)))
    .orderBy(asc(provider.searchText), asc(provider.id))
    .limit(500);
  const options = rows.map((r) => ({ value: r.id, label: r.tradeName || r.name }));
  if (include && !options.some((o) => o.value === include)) {
    const [current] = await scope.db
      .select({ id: provider.id, name: provider.name, tradeName: provider.tradeName })
      .from(provider)
      .where(and(eq(provider.agencyId, scope.agencyId), eq(provider.id, include)))
      .limit(1);
    if (current) options.unshift({ value: current.id, label: current.tradeName || current.name });
  }
  return options;
}

/** The provider must be one of the agency's live providers (the one already saved stays acceptable). */
async function checkService(scope: ReadScope, input: ServiceInput, current: { providerId: string | null } | null) {
  if (!input.providerId || input.providerId === current?.providerId) return null;
  const [row] = await scope.db
    .select({ id: provider.id })
    .from(provider)
    .where(and(eq(provider.agencyId, scope.agencyId), eq(provider.id, input.providerId), isNull(provider.deletedAt)))
    .limit(1);
  return row ? null : { providerId: [rcpErr.provider] };
}

export const serviceSearchText = (r: { name: string; description: string | null }) => buildSearchText(r.name, r.description);

export function serviceValues(input: ServiceInput) {
  return {
    name: input.name,
    kind: input.kind,
    description: input.description,
    durationMinutes: input.duration,
    capacity: input.capacity,
    providerId: input.providerId,
    costCents: input.cost,
    priceCents: input.price,
    currency: input.currency,
    active: input.active,
    searchText: serviceSearchText(input),
  };
}

export const serviceEmpty = (currency: string) => ({ kind: "transfer_in", duration: "1:00", currency, active: "on" });

export const serviceSpec: RecordSpec<typeof receptiveService, ServiceInput> = {
  store: serviceStore,
  listPath: RECEPTIVE_PATHS.services,
  canDelete: canManageReceptive,
  schemas: { create: serviceSchema, edit: serviceEditSchema },
  values: serviceValues,
  display: serviceFormValues,
  check: checkService,
};

export function servicesCsv(scope: Scope, query: ServiceQuery, filename: string, kindLabel: (kind: string) => string) {
  return exportList(scope, serviceSource, query, servicePages(scope, query), SERVICE_CSV_COLUMNS, (r) => ({
    name: r.name,
    kind: kindLabel(r.kind),
    duration: durationText(r.durationMinutes),
    capacity: String(r.capacity),
    provider: r.providerName ?? "",
    cost: formatCents(r.costCents),
    price: formatCents(r.priceCents),
    currency: r.currency,
    active: r.active ? "1" : "0",
    description: r.description ?? "",
  }), filename);
}

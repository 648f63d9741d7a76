/**
 * Emissivo sales on the server (issue #16 items 1, 2, 6): the list and its CSV
 * (every read through the core's saleScopeWhere / findSale, so an Agente sees
 * only their own sales), the form's options and data, the checks that need
 * the database (client, seller, product kinds, suppliers, the services an item
 * takes and their availability, the discount limit) and the save of a draft
 * (create with the next number, or replace its passengers and items under the
 * version check). The status moves and the edit of a confirmed sale are in
 * emissivo-status.server.ts.
 */
import { and, asc, eq, gte, inArray, isNull, lte, sql, type SQL } from "drizzle-orm";
import {
  accommodationBlock,
  accommodationRoomType,
  agent,
  airBlock,
  client,
  paymentTerm,
  productKind,
  sale,
  saleItem,
  salePassenger,
  supplier,
  thirdPartyPackage,
  thirdPartyPackageDeparture,
} from "~/db/schema";
import { newId, nowIso } from "~/db/schema/columns";
import type { ProductKind } from "~/db/schema/registers";
import { formatCents } from "~/lib/finance/money";
import { exportList } from "~/lib/kit/export.server";
import type { ListQuery } from "~/lib/kit/list";
import { runList, type ListSource } from "~/lib/kit/list.server";
import { buildSearchText } from "~/lib/kit/search-text";
import { auditInsert } from "~/lib/platform/audit.server";
import { fail, ok, type Result } from "~/lib/platform/result";
import type { Scope } from "~/lib/platform/scope.server";
import { todayIn } from "~/lib/platform/time-zone";
import {
  defaultAgentFor,
  findSale,
  insertSaleStatements,
  SALE_ENTITY,
  saleScopeWhere,
  salesSettings,
  saleStillAt,
  seesAllSales,
  sellerFor,
  type SaleRow,
} from "~/lib/sales/sale-core.server";
import { EMISSIVO_CSV_COLUMNS, emiErr, emissivoEmpty, emissivoFormValues, inventoryDemand, type EmissivoCsvColumn, type EmissivoFilter, type EmissivoSort } from "~/lib/sales/emissivo";
import type { EmissivoInput, EmissivoItemInput } from "~/lib/sales/emissivo.schema";
import { discountNeedsAdmin, saleTotals, type SaleTotals } from "~/lib/sales/totals";
import { airBlockAvailability } from "~/lib/services/air-block.server";
import { hotelBlockAvailability } from "~/lib/services/hotel-block.server";
import { departureAvailability } from "~/lib/services/package.server";

export type Option = { value: string; label: string };
export const isAdminRole = (role: Scope["role"]) => role === "Admin" || role === "SuperAdmin";

// ---------------------------------------------------------------------------
// The list

/** The list source of the viewer: the core's rule (agency, live, kind, an Agente's own) as the scope. */
export function emissivoSource(scope: Scope): ListSource<EmissivoSort, EmissivoFilter> {
  return {
    table: sale,
    scope: () => [saleScopeWhere(scope, "emissivo")],
    sortColumns: { saleDate: sale.saleDate, number: sale.number, total: sale.totalCents },
    search: sale.searchText,
    // The per-kind live count is the whole agency's: only who sees all sales can read it.
    counter: seesAllSales(scope.role) ? "sale_emissivo" : undefined,
    filterWhere: (f) => {
      const out: SQL[] = [];
      if (f.situacao) out.push(eq(sale.status, f.situacao as SaleRow["status"]));
      if (f.vendedor) out.push(eq(sale.agentId, f.vendedor));
      if (f.cliente) out.push(eq(sale.clientId, f.cliente));
      if (f.de) out.push(gte(sale.saleDate, f.de));
      if (f.ate) out.push(lte(sale.saleDate, f.ate));
      return out;
    },
  };
}

export type EmissivoListRow = {
  id: string;
  sortValue: string | number | null;
  number: number;
  saleDate: string;
  status: SaleRow["status"];
  clientName: string | null;
  agentName: string | null;
  currency: string;
  totalCents: number;
  marginCents: number;
  costCents: number;
  priceCents: number;
  discountCents: number;
  feesCents: number;
  passengerCount: number;
  paymentMethod: string;
  notes: string | null;
};

function selectSales(scope: Scope, query: ListQuery<EmissivoSort, EmissivoFilter>) {
  const { db, agencyId } = scope;
  const sortColumn = emissivoSource(scope).sortColumns[query.sort];
  return (where: SQL, order: SQL[], limit: number) =>
    db
      .select({
        id: sale.id,
        sortValue: sql<string | number | null>`${sortColumn}`.as("sort_value"),
        number: sale.number,
        saleDate: sale.saleDate,
        status: sale.status,
        clientName: sql<string | null>`${client.name}`.as("client_name"),
        agentName: sql<string | null>`${agent.name}`.as("agent_name"),
        currency: sale.currency,
        totalCents: sale.totalCents,
        marginCents: sale.marginCents,
        costCents: sale.costCents,
        priceCents: sale.priceCents,
        discountCents: sale.discountCents,
        feesCents: sale.feesCents,
        passengerCount: sale.passengerCount,
        paymentMethod: sale.paymentMethod,
        notes: sale.notes,
      })
      .from(sale)
      .leftJoin(client, and(eq(client.id, sale.clientId), eq(client.agencyId, agencyId)))
      .leftJoin(agent, and(eq(agent.id, sale.agentId), eq(agent.agencyId, agencyId)))
      .where(where)
      .orderBy(...order)
      .limit(limit);
}

export async function listEmissivo(scope: Scope, query: ListQuery<EmissivoSort, EmissivoFilter>) {
  const { rows, page } = await runList(scope, emissivoSource(scope), query, selectSales(scope, query));
  return { rows: rows as EmissivoListRow[], page };
}

/** Items' descriptions of sales (the CSV). */
async function itemNames(scope: Scope, saleIds: readonly string[]): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>();
  if (saleIds.length === 0) return out;
  const rows = await scope.db
    .select({ saleId: saleItem.saleId, description: saleItem.description })
    .from(saleItem)
    .where(and(eq(saleItem.agencyId, scope.agencyId), inArray(saleItem.saleId, [...saleIds])))
    .orderBy(asc(saleItem.saleId), asc(saleItem.position));
  for (const r of rows) out.set(r.saleId, [...(out.get(r.saleId) ?? []), r.description]);
  return out;
}

/** The current filter of the list as CSV (money as "1.234,56"; status and method in the user's language). */
export function emissivoCsv(scope: Scope, query: ListQuery<EmissivoSort, EmissivoFilter>, filename: string, label: (key: string) => string): Response {
  const select = selectSales(scope, query);
  const batched = async (where: SQL, order: SQL[], limit: number) => {
    const rows = (await select(where, order, limit)) as EmissivoListRow[];
    const names = await itemNames(
      scope,
      rows.map((r) => r.id),
    );
    return rows.map((r) => ({ ...r, items: names.get(r.id) ?? [] }));
  };
  return exportList(
    scope,
    emissivoSource(scope),
    query,
    batched,
    EMISSIVO_CSV_COLUMNS,
    (r): Record<EmissivoCsvColumn, string> => ({
      number: String(r.number),
      saleDate: r.saleDate,
      status: label(`sales.status.${r.status}`),
      client: r.clientName ?? "",
      seller: r.agentName ?? "",
      items: r.items.join(" | "),
      passengers: String(r.passengerCount),
      currency: r.currency,
      cost: formatCents(r.costCents),
      price: formatCents(r.priceCents),
      discount: formatCents(r.discountCents),
      fees: formatCents(r.feesCents),
      total: formatCents(r.totalCents),
      margin: formatCents(r.marginCents),
      paymentMethod: label(`sales.method.${r.paymentMethod}`),
      notes: r.notes ?? "",
    }),
    filename,
  );
}

// ---------------------------------------------------------------------------
// Options of the form and the list's filters

const LIMIT = 1000;

export async function clientOptions(scope: Scope): Promise<Option[]> {
  const rows = await scope.db
    .select({ id: client.id, name: client.name, document: client.document })
    .from(client)
    .where(and(eq(client.agencyId, scope.agencyId), isNull(client.deletedAt)))
    .orderBy(asc(client.searchText), asc(client.id))
    .limit(LIMIT);
  return rows.map((r) => ({ value: r.id, label: r.name }));
}

export async function agentOptions(scope: Scope): Promise<Option[]> {
  const rows = await scope.db
    .select({ id: agent.id, name: agent.name, userId: agent.userId })
    .from(agent)
    .where(and(eq(agent.agencyId, scope.agencyId), isNull(agent.deletedAt), seesAllSales(scope.role) ? undefined : eq(agent.userId, scope.userId)))
    .orderBy(asc(agent.searchText), asc(agent.id))
    .limit(LIMIT);
  return rows.map((r) => ({ value: r.id, label: r.name }));
}

export async function supplierChoices(scope: Scope): Promise<Option[]> {
  const rows = await scope.db
    .select({ id: supplier.id, name: supplier.name, tradeName: supplier.tradeName })
    .from(supplier)
    .where(and(eq(supplier.agencyId, scope.agencyId), isNull(supplier.deletedAt)))
    .orderBy(asc(supplier.searchText), asc(supplier.id))
    .limit(LIMIT);
  return rows.map((r) => ({ value: r.id, label: r.tradeName || r.name }));
}

/** The agency's enabled product kinds (registers' rows): id and kind. */
export async function productKindChoices(scope: Scope): Promise<{ value: string; kind: ProductKind }[]> {
  const rows = await scope.db
    .select({ id: productKind.id, kind: productKind.kind })
    .from(productKind)
    .where(and(eq(productKind.agencyId, scope.agencyId), eq(productKind.enabled, true)));
  return rows.map((r) => ({ value: r.id, kind: r.kind }));
}

export async function paymentTermOptions(scope: Scope): Promise<Option[]> {
  const rows = await scope.db
    .select({ id: paymentTerm.id, name: paymentTerm.name })
    .from(paymentTerm)
    .where(and(eq(paymentTerm.agencyId, scope.agencyId), isNull(paymentTerm.deletedAt)))
    .orderBy(asc(paymentTerm.name))
    .limit(200);
  return rows.map((r) => ({ value: r.id, label: r.name }));
}

/** A service an item can take, with its unit cost / price and what is free now. */
export type InventoryOption = Option & { costCents: number; priceCents: number; free: number; currency: string };

/** Departures of live packages (dated from a month ago), room types of live hotel blocks, live air blocks. */
export async function inventoryOptions(scope: Scope) {
  const { db, agencyId } = scope;
  const since = todayIn(scope.timeZone).slice(0, 8) + "01";
  const [departures, roomTypes, blocks] = await Promise.all([
    db
      .select({ id: thirdPartyPackageDeparture.id, seats: thirdPartyPackageDeparture.seats, date: thirdPartyPackageDeparture.departureDate, title: thirdPartyPackage.title, cost: thirdPartyPackage.costCents, currency: thirdPartyPackage.currency })
      .from(thirdPartyPackageDeparture)
      .innerJoin(thirdPartyPackage, and(eq(thirdPartyPackage.id, thirdPartyPackageDeparture.packageId), eq(thirdPartyPackage.agencyId, agencyId)))
      .where(and(eq(thirdPartyPackageDeparture.agencyId, agencyId), isNull(thirdPartyPackageDeparture.archivedAt), isNull(thirdPartyPackage.archivedAt), gte(thirdPartyPackageDeparture.departureDate, since)))
      .orderBy(asc(thirdPartyPackageDeparture.departureDate))
      .limit(300),
    db
      .select({ id: accommodationRoomType.id, blockId: accommodationRoomType.blockId, name: accommodationRoomType.name, cost: accommodationRoomType.nightlyCostCents, price: accommodationRoomType.nightlyPriceCents, title: accommodationBlock.title, checkIn: accommodationBlock.checkIn, checkOut: accommodationBlock.checkOut, currency: accommodationBlock.currency })
      .from(accommodationRoomType)
      .innerJoin(accommodationBlock, and(eq(accommodationBlock.id, accommodationRoomType.blockId), eq(accommodationBlock.agencyId, agencyId)))
      .where(and(eq(accommodationRoomType.agencyId, agencyId), isNull(accommodationRoomType.archivedAt), isNull(accommodationBlock.archivedAt), gte(accommodationBlock.checkOut, since)))
      .orderBy(asc(accommodationBlock.checkIn))
      .limit(300),
    db
      .select({ id: airBlock.id, title: airBlock.title, seats: airBlock.seats, cost: airBlock.fareCostCents, price: airBlock.farePriceCents, taxes: airBlock.taxesCents, currency: airBlock.currency })
      .from(airBlock)
      .where(and(eq(airBlock.agencyId, agencyId), isNull(airBlock.archivedAt)))
      .orderBy(asc(airBlock.departureAt))
      .limit(300),
  ]);
  const [depAvail, hotelAvail, airAvail] = await Promise.all([
    departureAvailability(scope, departures),
    hotelBlockAvailability(scope, [...new Set(roomTypes.map((r) => r.blockId))]),
    airBlockAvailability(scope, blocks),
  ]);
  const nights = (a: string, b: string) => Math.max(1, Math.round((Date.parse(b) - Date.parse(a)) / 86_400_000));
  return {
    departures: departures.map((d): InventoryOption => ({ value: d.id, label: `${d.title} · ${d.date}`, costCents: d.cost, priceCents: 0, free: depAvail.get(d.id)?.free ?? 0, currency: d.currency })),
    roomTypes: roomTypes.map((r): InventoryOption => {
      const n = nights(r.checkIn, r.checkOut);
      return { value: r.id, label: `${r.title} · ${r.name} (${r.checkIn} → ${r.checkOut})`, costCents: r.cost * n, priceCents: r.price * n, free: hotelAvail.get(r.blockId)?.byType[r.id]?.free ?? 0, currency: r.currency };
    }),
    airBlocks: blocks.map((b): InventoryOption => ({ value: b.id, label: b.title, costCents: b.cost + b.taxes, priceCents: b.price + b.taxes, free: airAvail.get(b.id)?.free ?? 0, currency: b.currency })),
  };
}

export type InventoryOptions = Awaited<ReturnType<typeof inventoryOptions>>;

// ---------------------------------------------------------------------------
// The sale's children

export type PassengerRow = typeof salePassenger.$inferSelect;
export type ItemRow = typeof saleItem.$inferSelect;

export async function saleChildren(scope: Scope, saleId: string): Promise<{ passengers: PassengerRow[]; items: ItemRow[] }> {
  const [passengers, items] = await Promise.all([
    scope.db
      .select()
      .from(salePassenger)
      .where(and(eq(salePassenger.agencyId, scope.agencyId), eq(salePassenger.saleId, saleId)))
      .orderBy(asc(salePassenger.position)),
    scope.db
      .select()
      .from(saleItem)
      .where(and(eq(saleItem.agencyId, scope.agencyId), eq(saleItem.saleId, saleId)))
      .orderBy(asc(saleItem.position)),
  ]);
  return { passengers, items };
}

export async function emissivoForm(scope: Scope, row: SaleRow) {
  const { passengers, items } = await saleChildren(scope, row.id);
  return emissivoFormValues(row, passengers, items);
}

export async function emissivoNewValues(scope: Scope) {
  const agentId = seesAllSales(scope.role) ? null : await defaultAgentFor(scope);
  return emissivoEmpty(scope.currency, todayIn(scope.timeZone), agentId);
}

// ---------------------------------------------------------------------------
// Checks that need the database

/** An item as stored: money resolved (typed, else the service's, else 0). */
export type ResolvedItem = Omit<EmissivoItemInput, "costCents" | "priceCents"> & { costCents: number; priceCents: number; productKind: ProductKind };

export type CheckedSale = { items: ResolvedItem[]; totals: SaleTotals; ownerUserId: string };

type Errors = Record<string, string[]>;

const idsIn = async <T extends { id: string }>(rows: Promise<T[]>) => new Map((await rows).map((r) => [r.id, r]));

/**
 * Field errors of a posted sale the database decides, or the resolved items
 * and totals. `current` is the stored sale (null on novo); `ownTake` the
 * inventory this sale already holds (a confirmed sale's own seats are not
 * counted against it).
 */
export async function checkEmissivo(scope: Scope, input: EmissivoInput, current: SaleRow | null): Promise<Result<CheckedSale, "invalid", { errors: Errors }>> {
  const { db, agencyId } = scope;
  const errors: Errors = {};
  const add = (path: string, key: string) => (errors[path] ??= []).push(key);

  const seller = await sellerFor(scope, input.agentId);
  if (!seller.ok) add("agentId", seller.reason === "ownAgent" ? emiErr.ownAgent : emiErr.agent);

  const clientIds = [...new Set([input.clientId, ...input.passengers.map((p) => p.clientId)])];
  const supplierIds = [...new Set(input.items.map((i) => i.supplierId).filter((v): v is string => !!v))];
  const kindIds = [...new Set(input.items.map((i) => i.productKindId))];
  const [clients, suppliers, kinds, term] = await Promise.all([
    idsIn(db.select({ id: client.id }).from(client).where(and(eq(client.agencyId, agencyId), isNull(client.deletedAt), inArray(client.id, clientIds)))),
    supplierIds.length ? idsIn(db.select({ id: supplier.id }).from(supplier).where(and(eq(supplier.agencyId, agencyId), isNull(supplier.deletedAt), inArray(supplier.id, supplierIds)))) : new Map(),
    kindIds.length ? idsIn(db.select({ id: productKind.id, kind: productKind.kind, enabled: productKind.enabled }).from(productKind).where(and(eq(productKind.agencyId, agencyId), inArray(productKind.id, kindIds)))) : new Map(),
    input.paymentTermId
      ? db.select({ id: paymentTerm.id }).from(paymentTerm).where(and(eq(paymentTerm.agencyId, agencyId), isNull(paymentTerm.deletedAt), eq(paymentTerm.id, input.paymentTermId))).limit(1)
      : Promise.resolve([{ id: "" }]),
  ]);
  if (!clients.has(input.clientId)) add("clientId", emiErr.client);
  input.passengers.forEach((p, i) => {
    if (!clients.has(p.clientId)) add(`passengers[${i}].clientId`, emiErr.passenger);
  });
  if (term.length === 0) add("paymentTermId", emiErr.term);

  // The services the items take: live, with their unit money and what is free.
  const stored = current ? (await saleChildren(scope, current.id)).items : [];
  const inventory = await serviceFigures(scope, input.items);
  const items: ResolvedItem[] = [];
  input.items.forEach((it, i) => {
    const kind = kinds.get(it.productKindId) as { kind: ProductKind; enabled: boolean } | undefined;
    if (!kind || (!kind.enabled && !stored.some((s) => s.productKindId === it.productKindId))) add(`items[${i}].productKindId`, emiErr.productKind);
    if (it.supplierId && !suppliers.has(it.supplierId)) add(`items[${i}].supplierId`, emiErr.supplier);
    const serviceId = it.packageDepartureId ?? it.roomTypeId ?? it.airBlockId;
    const service = serviceId ? inventory.get(serviceId) : null;
    const field = it.inventoryKind === "package_departure" ? "packageDepartureId" : it.inventoryKind === "hotel_room" ? "roomTypeId" : "airBlockId";
    if (serviceId && (!service || service.kind !== it.inventoryKind)) add(`items[${i}].${field}`, emiErr.inventory);
    items.push({
      ...it,
      costCents: it.costCents ?? (service ? service.costCents * it.quantity : 0),
      priceCents: it.priceCents ?? (service ? service.priceCents * it.quantity : 0),
      productKind: kind?.kind ?? "other",
    });
  });

  // Availability now (confirming checks it again inside its batch): what the items want beyond what this sale holds.
  const held = current?.status === "confirmed" ? inventoryDemand(stored) : inventoryDemand([]);
  const wanted = inventoryDemand(items);
  const short = (map: Map<string, number>, heldMap: Map<string, number>) => [...map].filter(([id, n]) => n - (heldMap.get(id) ?? 0) > (inventory.get(id)?.free ?? 0)).map(([id]) => id);
  const shortIds = new Set([...short(wanted.departures, held.departures), ...short(wanted.roomTypes, held.roomTypes), ...short(wanted.airBlocks, held.airBlocks)]);
  items.forEach((it, i) => {
    const id = it.packageDepartureId ?? it.roomTypeId ?? it.airBlockId;
    if (id && shortIds.has(id)) add(`items[${i}].quantity`, emiErr.unavailable);
  });

  const totals = saleTotals(
    input.currency,
    items.map((it) => ({ costCents: it.costCents, priceCents: it.priceCents, feesCents: it.feesCents, currency: input.currency })),
    input.discountCents,
  );
  if (!totals.ok) {
    const key = totals.reason === "discountAbovePrice" ? emiErr.discountAbovePrice : emiErr.tooLarge;
    add(totals.item === null ? "discount" : `items[${totals.item}].price`, key);
  } else {
    const { maxDiscountBp } = await salesSettings(scope);
    if (discountNeedsAdmin(input.discountCents, totals.totals.priceCents, maxDiscountBp) && !isAdminRole(scope.role)) add("discount", emiErr.discountNeedsAdmin);
    if (input.downPaymentCents !== null && input.downPaymentCents > totals.totals.clientTotalCents) add("downPayment", emiErr.downPaymentInvalid);
  }
  items.forEach((it, i) => {
    if (it.costCents > 0 && !it.supplierId) add(`items[${i}].supplierId`, emiErr.costWithoutSupplier);
  });

  if (Object.keys(errors).length > 0 || !totals.ok || !seller.ok) return fail("invalid", { errors });
  return ok({ items, totals: totals.totals, ownerUserId: seller.ownerUserId });
}

type ServiceFigure = { kind: ResolvedItem["inventoryKind"]; costCents: number; priceCents: number; free: number };

/** The live services the items point at: unit cost / price and free units now, by service id. */
async function serviceFigures(scope: Scope, items: readonly EmissivoItemInput[]): Promise<Map<string, ServiceFigure>> {
  const { db, agencyId } = scope;
  const depIds = items.map((i) => i.packageDepartureId).filter((v): v is string => !!v);
  const typeIds = items.map((i) => i.roomTypeId).filter((v): v is string => !!v);
  const blockIds = items.map((i) => i.airBlockId).filter((v): v is string => !!v);
  const out = new Map<string, ServiceFigure>();
  if (depIds.length) {
    const rows = await db
      .select({ id: thirdPartyPackageDeparture.id, seats: thirdPartyPackageDeparture.seats, cost: thirdPartyPackage.costCents })
      .from(thirdPartyPackageDeparture)
      .innerJoin(thirdPartyPackage, and(eq(thirdPartyPackage.id, thirdPartyPackageDeparture.packageId), eq(thirdPartyPackage.agencyId, agencyId)))
      .where(and(eq(thirdPartyPackageDeparture.agencyId, agencyId), inArray(thirdPartyPackageDeparture.id, depIds), isNull(thirdPartyPackageDeparture.archivedAt), isNull(thirdPartyPackage.archivedAt)));
    const avail = await departureAvailability(scope, rows);
    for (const r of rows) out.set(r.id, { kind: "package_departure", costCents: r.cost, priceCents: 0, free: avail.get(r.id)?.free ?? 0 });
  }
  if (typeIds.length) {
    const rows = await db
      .select({ id: accommodationRoomType.id, blockId: accommodationRoomType.blockId, cost: accommodationRoomType.nightlyCostCents, price: accommodationRoomType.nightlyPriceCents, checkIn: accommodationBlock.checkIn, checkOut: accommodationBlock.checkOut })
      .from(accommodationRoomType)
      .innerJoin(accommodationBlock, and(eq(accommodationBlock.id, accommodationRoomType.blockId), eq(accommodationBlock.agencyId, agencyId)))
      .where(and(eq(accommodationRoomType.agencyId, agencyId), inArray(accommodationRoomType.id, typeIds), isNull(accommodationRoomType.archivedAt), isNull(accommodationBlock.archivedAt)));
    const avail = await hotelBlockAvailability(scope, [...new Set(rows.map((r) => r.blockId))]);
    for (const r of rows) {
      const nights = Math.max(1, Math.round((Date.parse(r.checkOut) - Date.parse(r.checkIn)) / 86_400_000));
      out.set(r.id, { kind: "hotel_room", costCents: r.cost * nights, priceCents: r.price * nights, free: avail.get(r.blockId)?.byType[r.id]?.free ?? 0 });
    }
  }
  if (blockIds.length) {
    const rows = await db
      .select({ id: airBlock.id, seats: airBlock.seats, cost: airBlock.fareCostCents, price: airBlock.farePriceCents, taxes: airBlock.taxesCents })
      .from(airBlock)
      .where(and(eq(airBlock.agencyId, agencyId), inArray(airBlock.id, blockIds), isNull(airBlock.archivedAt)));
    const avail = await airBlockAvailability(scope, rows);
    for (const r of rows) out.set(r.id, { kind: "air_seat", costCents: r.cost + r.taxes, priceCents: r.price + r.taxes, free: avail.get(r.id)?.free ?? 0 });
  }
  return out;
}

// ---------------------------------------------------------------------------
// Save

/** The header columns of a checked sale. */
export function saleHeader(input: EmissivoInput, checked: CheckedSale, clientName: string, number: number | null) {
  const t = checked.totals;
  return {
    clientId: input.clientId,
    agentId: input.agentId,
    ownerUserId: checked.ownerUserId,
    saleDate: input.saleDate!,
    currency: input.currency,
    costCents: t.costCents,
    priceCents: t.priceCents,
    discountCents: t.discountCents,
    feesCents: t.feesCents,
    totalCents: t.clientTotalCents,
    marginCents: t.marginCents,
    paymentTermId: input.paymentTermId,
    paymentMethod: input.paymentMethod,
    downPaymentCents: input.downPaymentCents,
    firstDueDate: input.firstDueDate,
    notes: input.notes,
    passengerCount: input.passengers.length,
    searchText: buildSearchText(number === null ? null : String(number), clientName, ...checked.items.map((i) => [i.description, i.locator])),
  };
}

/**
 * The statements that make the sale's passengers and items what the form
 * says: every child row replaced (a passenger keeps its id by client, an item
 * its posted id when it was the sale's), item passengers as passenger ids.
 */
export function childStatements(scope: Scope, saleId: string, input: EmissivoInput, items: readonly ResolvedItem[], stored: { passengers: PassengerRow[]; items: ItemRow[] }) {
  const { db, agencyId } = scope;
  const at = nowIso();
  const passengerId = new Map(stored.passengers.map((p) => [p.clientId, p.id]));
  const passengers = input.passengers.map((p, position) => ({ id: passengerId.get(p.clientId) ?? newId(), agencyId, saleId, clientId: p.clientId, ageBand: p.ageBand, position, createdAt: at, updatedAt: at }));
  const byClient = new Map(passengers.map((p) => [p.clientId, p.id]));
  const storedItemIds = new Set(stored.items.map((i) => i.id));
  const rows = items.map((it, position) => ({
    id: it.id && storedItemIds.has(it.id) ? it.id : newId(),
    agencyId,
    saleId,
    position,
    productKindId: it.productKindId,
    supplierId: it.supplierId,
    description: it.description,
    startDate: it.startDate,
    endDate: it.endDate,
    startTime: it.startTime,
    endTime: it.endTime,
    locator: it.locator,
    passengerIds: it.passengers.map((c) => byClient.get(c)).filter((v): v is string => !!v),
    costCents: it.costCents,
    priceCents: it.priceCents,
    feesCents: it.feesCents,
    inventoryKind: it.inventoryKind,
    packageDepartureId: it.packageDepartureId,
    roomTypeId: it.roomTypeId,
    airBlockId: it.airBlockId,
    quantity: it.quantity,
    notes: it.notes,
    createdAt: at,
    updatedAt: at,
  }));
  return [
    db.delete(saleItem).where(and(eq(saleItem.agencyId, agencyId), eq(saleItem.saleId, saleId))),
    db.delete(salePassenger).where(and(eq(salePassenger.agencyId, agencyId), eq(salePassenger.saleId, saleId))),
    ...(passengers.length ? [db.insert(salePassenger).values(passengers)] : []),
    ...(rows.length ? [db.insert(saleItem).values(rows)] : []),
  ];
}

/** What the audit keeps of the children: one line per item / passenger. */
export const childSummary = (input: EmissivoInput, items: readonly ResolvedItem[]) => ({
  passengers: input.passengers.map((p) => p.clientId),
  items: items.map((i) => `${i.description} · ${formatCents(i.priceCents)}`),
});

export async function clientName(scope: Scope, id: string): Promise<string> {
  const [row] = await scope.db
    .select({ name: client.name })
    .from(client)
    .where(and(eq(client.agencyId, scope.agencyId), eq(client.id, id)))
    .limit(1);
  return row?.name ?? "";
}

/** A new draft: the next number, the header, its passengers and items and the audit row in one batch. */
export async function createEmissivo(scope: Scope, input: EmissivoInput, checked: CheckedSale): Promise<{ id: string }> {
  const name = await clientName(scope, input.clientId);
  const header = saleHeader(input, checked, name, null);
  const { id, statements } = insertSaleStatements(scope, {
    kind: "emissivo",
    clientId: header.clientId,
    agentId: header.agentId,
    ownerUserId: checked.ownerUserId,
    saleDate: header.saleDate,
    currency: header.currency,
    paymentTermId: header.paymentTermId,
    paymentMethod: header.paymentMethod,
    downPaymentCents: header.downPaymentCents,
    firstDueDate: header.firstDueDate,
    notes: header.notes,
    totals: checked.totals,
    passengerCount: header.passengerCount,
    searchText: header.searchText,
  });
  const children = childStatements(scope, id, input, checked.items, { passengers: [], items: [] });
  // The number is given inside the batch: the search text gets it there too.
  const numbered = scope.db
    .update(sale)
    .set({ searchText: sql`cast(${sale.number} as text) || ' ' || ${sale.searchText}` })
    .where(and(eq(sale.agencyId, scope.agencyId), eq(sale.id, id)));
  await scope.db.batch([...statements, numbered, ...children] as never);
  return { id };
}

/** A draft's save: header and children replaced, only while the sale is still that draft at that version. */
export async function updateDraft(scope: Scope, current: SaleRow, input: EmissivoInput & { version: number }, checked: CheckedSale): Promise<Result<{ id: string }, "stale">> {
  const { db, agencyId } = scope;
  const stored = await saleChildren(scope, current.id);
  const name = await clientName(scope, input.clientId);
  const header = saleHeader(input, checked, name, current.number);
  const before = { ...pick(current, header), ...childSummary(emissivoFormInput(current, stored), stored.items.map(asResolved)) };
  const after = { ...header, ...childSummary(input, checked.items) };
  const changes = Object.fromEntries(
    Object.entries(after)
      .filter(([k, v]) => k !== "searchText" && JSON.stringify(v) !== JSON.stringify((before as Record<string, unknown>)[k]))
      .map(([k, v]) => [k, [(before as Record<string, unknown>)[k] ?? null, v]]),
  ) as Record<string, [unknown, unknown]>;
  try {
    await db.batch([
      saleStillAt(scope, current.id, input.version, "draft"),
      ...childStatements(scope, current.id, input, checked.items, stored),
      db
        .update(sale)
        .set({ ...header, updatedAt: nowIso(), version: sql`${sale.version} + 1` })
        .where(and(eq(sale.agencyId, agencyId), eq(sale.id, current.id))),
      auditInsert(db, { agencyId, userId: scope.userId, entity: SALE_ENTITY, entityId: current.id, action: "update", changes, ip: scope.ip }),
    ] as never);
    return ok({ id: current.id });
  } catch (error) {
    if (isBatchAssertError(error)) return fail("stale");
    throw error;
  }
}

export { isBatchAssert as isBatchAssertError } from "~/lib/platform/batch-assert.server";
import { isBatchAssert as isBatchAssertError } from "~/lib/platform/batch-assert.server";

const pick = (row: Record<string, unknown>, keys: Record<string, unknown>) => Object.fromEntries(Object.keys(keys).map((k) => [k, row[k]]));

/** The stored passengers as the input has them (the audit's before). */
const emissivoFormInput = (current: SaleRow, stored: { passengers: PassengerRow[] }) => ({ passengers: stored.passengers.map((p) => ({ clientId: p.clientId, ageBand: p.ageBand })) }) as EmissivoInput;

/** A stored item as a resolved one (money and kinds as stored). */
export const asResolved = (i: ItemRow): ResolvedItem => ({
  id: i.id,
  productKindId: i.productKindId,
  supplierId: i.supplierId,
  description: i.description,
  startDate: i.startDate,
  startTime: i.startTime,
  endDate: i.endDate,
  endTime: i.endTime,
  locator: i.locator,
  passengers: i.passengerIds,
  costCents: i.costCents,
  priceCents: i.priceCents,
  feesCents: i.feesCents,
  inventoryKind: i.inventoryKind,
  packageDepartureId: i.packageDepartureId,
  roomTypeId: i.roomTypeId,
  airBlockId: i.airBlockId,
  quantity: i.quantity,
  notes: i.notes,
  productKind: "other",
});

export { findSale };

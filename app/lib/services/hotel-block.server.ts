/**
 * Hotel blocks on the server: the record store and list (hotel, destination,
 * rooms, availability, the release mark), the save with the room types as the
 * kit's child rows, the rooming list (one row per room, kept in step with the
 * room types; guests edited per room with its own version), clone, archive and
 * the exports (the list as CSV; the rooming list as CSV and PDF for the hotel).
 */
import { and, asc, eq, gte, inArray, isNotNull, isNull, lte, sql, type SQL } from "drizzle-orm";
import { accommodationBlock, accommodationRooming, accommodationRoomType, destination, supplier } from "~/db/schema";
import { newId, nowIso } from "~/db/schema/columns";
import { formatCents } from "~/lib/finance/money";
import { exportList } from "~/lib/kit/export.server";
import type { ListQuery } from "~/lib/kit/list";
import { runList } from "~/lib/kit/list.server";
import { createRecord, deleteRecord, findRecord, listSourceOf, recordStore, type ChildRows, type ReadScope, type WriteScope } from "~/lib/kit/record.server";
import type { RecordSpec } from "~/lib/kit/record-action.server";
import { buildSearchText } from "~/lib/kit/search-text";
import { auditInsert } from "~/lib/platform/audit.server";
import { fail, ok, type Result } from "~/lib/platform/result";
import type { Scope } from "~/lib/platform/scope.server";
import { blockErr } from "~/lib/services/blocks";
import { checkSupplierAndDestination, namesFor } from "~/lib/services/blocks.server";
import type { Availability } from "~/lib/services/charter";
import { deadlineMark, type DeadlineMark } from "~/lib/services/deadlines";
import { SERVICE_CURRENCIES } from "~/lib/services/fields";
import { HOTEL_BLOCK_CSV_COLUMNS, HOTEL_BLOCK_LIST_PATH, hotelBlockFormValues, hotelBlockTotals, MAX_GUESTS_PER_ROOM, parseGuests, planRooming, roomInUse, EMPTY_ROOM_TYPE, type HotelBlockCsvColumn, type HotelBlockInput, type HotelBlockSort, type RoomingRoom } from "~/lib/services/hotel-block";
import { hotelBlockEditSchema, hotelBlockSchema } from "~/lib/services/hotel-block.schema";
import type { BlockFilter } from "~/lib/services/blocks";

export const HOTEL_BLOCK_ENTITY = "accommodation_block";
export { HOTEL_BLOCK_LIST_PATH };

export type HotelBlockRow = typeof accommodationBlock.$inferSelect;
export type RoomTypeRow = typeof accommodationRoomType.$inferSelect;
export type RoomingRow = typeof accommodationRooming.$inferSelect;

export const hotelBlockStore = recordStore({
  table: accommodationBlock,
  entity: HOTEL_BLOCK_ENTITY,
  label: (row) => row.title,
  softDelete: accommodationBlock.archivedAt,
  searchText: accommodationBlock.searchText,
  counter: HOTEL_BLOCK_ENTITY,
  createdBy: accommodationBlock.createdBy,
});

export const hotelBlockSource = listSourceOf<HotelBlockSort, BlockFilter>(hotelBlockStore, {
  sortColumns: { checkIn: accommodationBlock.checkIn, title: accommodationBlock.searchText, releaseDate: accommodationBlock.releaseDate, createdAt: accommodationBlock.createdAt },
  filterWhere: (f) => {
    const out: SQL[] = [];
    if (f.fornecedor) out.push(eq(accommodationBlock.hotelId, f.fornecedor));
    if (f.destino) out.push(eq(accommodationBlock.destinationId, f.destino));
    // Check-in days are calendar days: compared as they are.
    if (f.de) out.push(gte(accommodationBlock.checkIn, f.de));
    if (f.ate) out.push(lte(accommodationBlock.checkIn, f.ate));
    return out;
  },
});

export const hotelBlockSearchText = (r: { title: string; hotel?: string | null; destination?: string | null; roomTypes?: readonly { name: string }[] }) =>
  buildSearchText(r.title, r.hotel, r.destination, ...(r.roomTypes ?? []).map((t) => t.name));

// ---------------------------------------------------------------------------
// Room types, rooms and availability

/** The live room types of blocks, in order. */
export async function roomTypesOf(scope: ReadScope, blockIds: readonly string[]): Promise<RoomTypeRow[]> {
  if (blockIds.length === 0) return [];
  return scope.db
    .select()
    .from(accommodationRoomType)
    .where(and(eq(accommodationRoomType.agencyId, scope.agencyId), inArray(accommodationRoomType.blockId, [...blockIds]), isNull(accommodationRoomType.archivedAt)))
    .orderBy(asc(accommodationRoomType.blockId), asc(accommodationRoomType.position), asc(accommodationRoomType.id));
}

/** The rooming list of a block (every room, by room type and number). */
export async function roomsOf(scope: ReadScope, blockId: string): Promise<RoomingRow[]> {
  return scope.db
    .select()
    .from(accommodationRooming)
    .where(and(eq(accommodationRooming.agencyId, scope.agencyId), eq(accommodationRooming.blockId, blockId)))
    .orderBy(asc(accommodationRooming.roomTypeId), asc(accommodationRooming.roomIndex));
}

export type HotelBlockAvailability = { total: Availability; byType: Record<string, Availability> };

/**
 * Availability of blocks, per room type and in all: the total is each room
 * type's quantity, sold the rooms a sale took (rooming.sale_id), held none yet
 * (sales will hold rooms). Computed on every read, never stored.
 */
export async function hotelBlockAvailability(scope: ReadScope, blockIds: readonly string[], types?: readonly RoomTypeRow[]): Promise<Map<string, HotelBlockAvailability>> {
  const out = new Map<string, HotelBlockAvailability>();
  if (blockIds.length === 0) return out;
  const roomTypes = types ?? (await roomTypesOf(scope, blockIds));
  const soldRows = await scope.db
    .select({ roomTypeId: accommodationRooming.roomTypeId, n: sql<number>`count(*)` })
    .from(accommodationRooming)
    .where(and(eq(accommodationRooming.agencyId, scope.agencyId), inArray(accommodationRooming.blockId, [...blockIds]), isNotNull(accommodationRooming.saleId)))
    .groupBy(accommodationRooming.roomTypeId);
  const sold = new Map(soldRows.map((r) => [r.roomTypeId, Number(r.n)]));
  for (const id of blockIds) out.set(id, { total: { total: 0, held: 0, sold: 0, free: 0 }, byType: {} });
  for (const t of roomTypes) {
    const entry = out.get(t.blockId);
    if (!entry) continue;
    const s = Math.min(sold.get(t.id) ?? 0, t.quantity);
    const held = 0;
    const a = { total: t.quantity, held, sold: s, free: Math.max(0, t.quantity - s - held) };
    entry.byType[t.id] = a;
    entry.total = { total: entry.total.total + a.total, held: entry.total.held + a.held, sold: entry.total.sold + a.sold, free: entry.total.free + a.free };
  }
  return out;
}

/**
 * Brings a block's rooming list in step with its room types: missing rooms
 * created, rooms beyond a quantity (or of a removed type) deleted — only when
 * empty and unsold (the save refused a reduction that would drop a room in use).
 * Idempotent; runs after every save of the block.
 */
export async function syncRooming(scope: WriteScope, blockId: string): Promise<void> {
  const { db, agencyId } = scope;
  const [types, rooms] = await Promise.all([roomTypesOf(scope, [blockId]), roomsOf(scope, blockId)]);
  const plan = planRooming(rooms.map(asRoom), types);
  const at = nowIso();
  const statements = [
    ...(plan.remove.length > 0
      ? [
          db
            .delete(accommodationRooming)
            .where(
              and(
                eq(accommodationRooming.agencyId, agencyId),
                eq(accommodationRooming.blockId, blockId),
                inArray(accommodationRooming.id, plan.remove),
                isNull(accommodationRooming.saleId),
                sql`${accommodationRooming.guests} = '[]'`,
              ),
            ),
        ]
      : []),
    ...plan.insert.map((r) =>
      db
        .insert(accommodationRooming)
        .values({ id: newId(), agencyId, blockId, roomTypeId: r.roomTypeId, roomIndex: r.roomIndex, guests: [], createdAt: at, updatedAt: at })
        .onConflictDoNothing(),
    ),
  ];
  if (statements.length > 0) await db.batch(statements as never);
}

const asRoom = (r: RoomingRow): RoomingRoom => ({ id: r.id, roomTypeId: r.roomTypeId, roomIndex: r.roomIndex, guests: r.guests, saleId: r.saleId });

// ---------------------------------------------------------------------------
// Save

/**
 * Field errors a save needs the database for: the hotel (a live supplier of
 * category hotel), the destination, and the rooming rule — a room type whose
 * reduction or removal would drop rooms with guests or a sale is refused.
 */
export async function checkHotelBlock(scope: ReadScope, input: HotelBlockInput, current: HotelBlockRow | null): Promise<Record<string, string[]> | null> {
  const errors = await checkSupplierAndDestination(
    scope,
    { supplierId: input.hotelId, destinationId: input.destinationId },
    current ? { supplierId: current.hotelId, destinationId: current.destinationId } : null,
    "hotel",
    { supplier: "hotelId", categoryError: blockErr.hotelCategory },
  );
  if (current) {
    const [types, rooms] = await Promise.all([roomTypesOf(scope, [current.id]), roomsOf(scope, current.id)]);
    const stored = new Set(types.map((t) => t.id));
    const wanted = input.roomTypes.filter((t) => t.id && stored.has(t.id)).map((t) => ({ id: t.id!, quantity: t.quantity }));
    const plan = planRooming(rooms.map(asRoom), wanted);
    for (const refused of plan.refused) {
      const index = input.roomTypes.findIndex((t) => t.id === refused.roomTypeId);
      if (index >= 0) errors[`roomTypes[${index}].quantity`] = [blockErr.roomsInUse];
      else errors.roomTypes = [blockErr.roomTypeInUse];
    }
  }
  return Object.keys(errors).length > 0 ? errors : null;
}

/** The stored columns of a validated input. */
export function hotelBlockValues(input: HotelBlockInput, names: { supplier: string | null; destination: string | null }) {
  return {
    title: input.title,
    hotelId: input.hotelId,
    destinationId: input.destinationId,
    checkIn: input.checkIn,
    checkOut: input.checkOut,
    mealPlan: input.mealPlan,
    releaseDate: input.releaseDate,
    currency: input.currency,
    notes: input.notes,
    searchText: hotelBlockSearchText({ title: input.title, hotel: names.supplier, destination: names.destination, roomTypes: input.roomTypes }),
  };
}

/** The room types as the kit's child rows (ids kept: sales point at them). */
export const roomTypeChildren = (input: HotelBlockInput): ChildRows[] => [
  {
    name: "roomTypes",
    table: accommodationRoomType,
    parentColumn: accommodationRoomType.blockId,
    rows: input.roomTypes.map((t, position) => ({
      id: t.id ?? undefined,
      name: t.name,
      occupancy: t.occupancy,
      quantity: t.quantity,
      nightlyCostCents: t.nightlyCost,
      nightlyPriceCents: t.nightlyPrice,
      position,
    })),
    archive: { column: accommodationRoomType.archivedAt, referenced: soldRoomTypes },
  },
];

/** Room types a sale points at (through a sold room): archived, never deleted. */
async function soldRoomTypes(scope: ReadScope, ids: string[]): Promise<ReadonlySet<string>> {
  const rows = await scope.db
    .select({ id: accommodationRooming.roomTypeId })
    .from(accommodationRooming)
    .where(and(eq(accommodationRooming.agencyId, scope.agencyId), inArray(accommodationRooming.roomTypeId, ids), isNotNull(accommodationRooming.saleId)));
  return new Set(rows.map((r) => r.id));
}

/** The record kit's spec of the hotel block screen. */
export function hotelBlockSpec(): RecordSpec<typeof accommodationBlock, HotelBlockInput> {
  let names: { supplier: string | null; destination: string | null } = { supplier: null, destination: null };
  return {
    store: hotelBlockStore,
    listPath: HOTEL_BLOCK_LIST_PATH,
    // Blocks are archived (intent "archive"), never deleted.
    canDelete: () => false,
    schemas: { create: hotelBlockSchema(), edit: hotelBlockEditSchema() },
    values: (input) => hotelBlockValues(input, names),
    children: roomTypeChildren,
    display: (row) => {
      const { roomTypes: _r, ...values } = hotelBlockFormValues(row, []);
      return values;
    },
    check: async (s, input, current) => {
      const errors = await checkHotelBlock(s, input, current);
      names = errors ? names : await namesFor(s, input.hotelId, input.destinationId);
      return errors;
    },
  };
}

/** A stored block and its room types as the form shows them. */
export async function hotelBlockForm(scope: ReadScope, row: HotelBlockRow) {
  return hotelBlockFormValues(row, await roomTypesOf(scope, [row.id]));
}

/** The values of an empty form (novo): one room type row, the agency's currency. */
export const hotelBlockEmpty = (currency: string) => ({
  mealPlan: "breakfast",
  currency: (SERVICE_CURRENCIES as readonly string[]).includes(currency) ? currency : "BRL",
  roomTypes: [EMPTY_ROOM_TYPE],
});

// ---------------------------------------------------------------------------
// The rooming list's guests

export type RoomingSaveResult = Result<{ changed: number }, "notFound" | "invalid" | "stale", { errors?: Record<string, string>; stale?: string[] }>;

/**
 * Saves the guests of a block's rooms from the rooming form: `guests.<roomId>`
 * (one name per line, at most the room type's occupancy) and `version.<roomId>`
 * (the room's version when loaded). A room someone changed meanwhile is stale:
 * nothing is written then, nor when a room's guests are invalid. One audit row
 * on the block for all changed rooms.
 */
export async function saveRooming(scope: WriteScope, blockId: string, formData: FormData): Promise<RoomingSaveResult> {
  const block = await findRecord(scope, hotelBlockStore, blockId);
  if (!block) return fail("notFound");
  const [types, rooms] = await Promise.all([roomTypesOf(scope, [blockId]), roomsOf(scope, blockId)]);
  const occupancy = new Map(types.map((t) => [t.id, t.occupancy]));
  const byId = new Map(rooms.map((r) => [r.id, r]));
  const errors: Record<string, string> = {};
  const stale: string[] = [];
  const changes: { room: RoomingRow; guests: { name: string }[] }[] = [];
  for (const [key, value] of formData.entries()) {
    if (!key.startsWith("guests.")) continue;
    const id = key.slice("guests.".length);
    const room = byId.get(id);
    if (!room || typeof value !== "string") return fail("invalid", { errors: { [id.slice(0, 64)]: "validation.invalid" } });
    const version = Number(formData.get(`version.${id}`));
    const guests = parseGuests(value);
    if (!guests || guests.length > Math.min(MAX_GUESTS_PER_ROOM, occupancy.get(room.roomTypeId) ?? MAX_GUESTS_PER_ROOM)) {
      errors[id] = blockErr.guests;
      continue;
    }
    const same = JSON.stringify(guests.map((g) => g.name)) === JSON.stringify(room.guests.map((g) => g.name));
    if (same) continue;
    if (!Number.isInteger(version) || version !== room.version) {
      stale.push(id);
      continue;
    }
    changes.push({ room, guests });
  }
  if (Object.keys(errors).length > 0) return fail("invalid", { errors });
  if (stale.length > 0) return fail("stale", { stale });
  if (changes.length === 0) return ok({ changed: 0 });
  const { db, agencyId, userId, ip } = scope;
  const at = nowIso();
  const typeName = new Map(types.map((t) => [t.id, t.name]));
  const label = (r: RoomingRow) => `${typeName.get(r.roomTypeId) ?? ""} ${r.roomIndex}`.trim();
  await db.batch([
    ...changes.map(({ room, guests }) =>
      db
        .update(accommodationRooming)
        // Guests typed here keep the client links a sale set for the same names.
        .set({ guests: guests.map((g) => ({ name: g.name, clientId: room.guests.find((o) => o.name === g.name)?.clientId ?? null })), updatedAt: at, version: sql`${accommodationRooming.version} + 1` })
        .where(and(eq(accommodationRooming.agencyId, agencyId), eq(accommodationRooming.id, room.id), eq(accommodationRooming.version, room.version))),
    ),
    auditInsert(db, {
      agencyId,
      userId,
      entity: HOTEL_BLOCK_ENTITY,
      entityId: blockId,
      action: "update",
      changes: {
        rooming: [
          changes.map(({ room }) => ({ room: label(room), guests: room.guests.map((g) => g.name) })),
          changes.map(({ room, guests }) => ({ room: label(room), guests: guests.map((g) => g.name) })),
        ],
      },
      ip,
    }),
  ] as never);
  return ok({ changed: changes.length });
}

// ---------------------------------------------------------------------------
// Clone and archive

/** Copies a block and its room types ("<title> (cópia)"), with an empty rooming list. */
export async function cloneHotelBlock(scope: WriteScope, id: string, copySuffix: string): Promise<Result<{ id: string; title: string }, "notFound" | "unique">> {
  const row = await findRecord(scope, hotelBlockStore, id);
  if (!row) return fail("notFound");
  const types = await roomTypesOf(scope, [id]);
  const title = `${row.title} ${copySuffix}`.slice(0, 120);
  const { id: _id, agencyId: _a, createdAt: _c, updatedAt: _u, version: _v, createdBy: _b, archivedAt: _d, ...copy } = row;
  const names = await namesFor(scope, row.hotelId, row.destinationId);
  const input = { roomTypes: types.map((t) => ({ id: null, name: t.name, occupancy: t.occupancy, quantity: t.quantity, nightlyCost: t.nightlyCostCents, nightlyPrice: t.nightlyPriceCents })) };
  const created = await createRecord(
    scope,
    hotelBlockStore,
    { ...copy, title, searchText: hotelBlockSearchText({ title, hotel: names.supplier, destination: names.destination, roomTypes: types }) },
    undefined,
    roomTypeChildren(input as HotelBlockInput),
  );
  if (!created.ok) return created;
  await syncRooming(scope, created.id);
  return ok({ id: created.id, title });
}

export const archiveHotelBlock = (scope: WriteScope, id: string) => deleteRecord(scope, hotelBlockStore, id);

// ---------------------------------------------------------------------------
// List

export type HotelBlockListRow = {
  id: string;
  sortValue: string | number | null;
  title: string;
  hotelId: string;
  hotelName: string | null;
  destinationName: string | null;
  checkIn: string;
  checkOut: string;
  mealPlan: HotelBlockRow["mealPlan"];
  releaseDate: string | null;
  currency: string;
  rooms: number;
  roomNights: number;
  priceCents: number;
  availability: Availability;
  mark: DeadlineMark;
};

/**
 * The list's columns, flat and each under its own name: D1 returns a joined
 * row's columns by name, so two of the same name (block and supplier ids, the
 * sort column) would lose one.
 */
const listColumns = (sortColumn: unknown) => ({
  id: accommodationBlock.id,
  sortValue: sql<string | number | null>`${sortColumn}`.as("sort_value"),
  title: accommodationBlock.title,
  hotelId: accommodationBlock.hotelId,
  checkIn: accommodationBlock.checkIn,
  checkOut: accommodationBlock.checkOut,
  mealPlan: accommodationBlock.mealPlan,
  releaseDate: accommodationBlock.releaseDate,
  currency: accommodationBlock.currency,
  notes: accommodationBlock.notes,
  hotelName: sql<string | null>`${supplier.name}`.as("hotel_name"),
  hotelTradeName: sql<string | null>`${supplier.tradeName}`.as("hotel_trade_name"),
  destinationName: sql<string | null>`${destination.name}`.as("destination_name"),
});

function selectBlocks(scope: ReadScope, query: ListQuery<HotelBlockSort, BlockFilter>) {
  const { db, agencyId } = scope;
  const sortColumn = hotelBlockSource.sortColumns[query.sort];
  return (where: SQL, order: SQL[], limit: number) =>
    db
      .select(listColumns(sortColumn))
      .from(accommodationBlock)
      .leftJoin(supplier, and(eq(supplier.id, accommodationBlock.hotelId), eq(supplier.agencyId, agencyId)))
      .leftJoin(destination, and(eq(destination.id, accommodationBlock.destinationId), eq(destination.agencyId, agencyId)))
      .where(where)
      .orderBy(...order)
      .limit(limit);
}

type Selected = Awaited<ReturnType<ReturnType<typeof selectBlocks>>>[number];

async function withFigures(scope: Scope, rows: Selected[], now: Date) {
  const ids = rows.map((r) => r.id);
  const types = await roomTypesOf(scope, ids);
  const availability = await hotelBlockAvailability(scope, ids, types);
  return rows.map((r) => {
    const own = types.filter((t) => t.blockId === r.id);
    const totals = hotelBlockTotals(r, own);
    return {
      selected: r,
      types: own,
      totals,
      availability: availability.get(r.id)!.total,
      mark: r.releaseDate ? deadlineMark({ day: r.releaseDate }, now, scope.timeZone) : null,
    };
  });
}

export async function listHotelBlocks(scope: Scope, query: ListQuery<HotelBlockSort, BlockFilter>, now = new Date()) {
  const { rows, page } = await runList(scope, hotelBlockSource, query, selectBlocks(scope, query));
  const figures = await withFigures(scope, rows, now);
  return {
    page,
    rows: figures.map(
      ({ selected: s, totals, availability, mark }): HotelBlockListRow => ({
        id: s.id,
        sortValue: s.sortValue,
        title: s.title,
        hotelId: s.hotelId,
        hotelName: s.hotelTradeName || s.hotelName,
        destinationName: s.destinationName,
        checkIn: s.checkIn,
        checkOut: s.checkOut,
        mealPlan: s.mealPlan,
        releaseDate: s.releaseDate,
        currency: s.currency,
        rooms: totals.rooms,
        roomNights: totals.roomNights,
        priceCents: totals.priceCents,
        availability,
        mark,
      }),
    ),
  };
}

/** The current filter of the list as CSV (money as "1.234,56"). */
export function hotelBlocksCsv(scope: Scope, query: ListQuery<HotelBlockSort, BlockFilter>, filename: string, mealPlanLabel: (plan: string) => string): Response {
  const select = selectBlocks(scope, query);
  const now = new Date();
  // Each batch of blocks gets its room types and availability, then becomes CSV rows.
  const batched = async (where: SQL, order: SQL[], limit: number) => {
    const rows = await select(where, order, limit);
    const figures = await withFigures(scope, rows, now);
    return figures.map((f) => ({ id: f.selected.id, sortValue: f.selected.sortValue, ...f }));
  };
  return exportList(
    scope,
    hotelBlockSource,
    query,
    batched,
    HOTEL_BLOCK_CSV_COLUMNS,
    ({ selected: s, types, totals, availability }): Record<HotelBlockCsvColumn, string> => ({
      title: s.title,
      hotel: s.hotelTradeName || s.hotelName || "",
      destination: s.destinationName ?? "",
      checkIn: s.checkIn,
      checkOut: s.checkOut,
      nights: String(totals.nights),
      mealPlan: mealPlanLabel(s.mealPlan),
      releaseDate: s.releaseDate ?? "",
      roomTypes: types.map((t) => `${t.name} x${t.quantity}`).join(" | "),
      rooms: String(totals.rooms),
      roomNights: String(totals.roomNights),
      sold: String(availability.sold),
      held: String(availability.held),
      free: String(availability.free),
      cost: formatCents(totals.costCents),
      price: formatCents(totals.priceCents),
      currency: s.currency,
      notes: s.notes ?? "",
    }),
    filename,
  );
}

// ---------------------------------------------------------------------------
// The rooming list for the hotel

export type RoomingSheet = {
  block: HotelBlockRow;
  hotelName: string | null;
  destinationName: string | null;
  types: RoomTypeRow[];
  rooms: (RoomingRow & { roomTypeName: string; occupancy: number })[];
};

/** A block's rooming list with its hotel, in room type order then room number (null: not the agency's live block). */
export async function roomingSheet(scope: ReadScope, blockId: string): Promise<RoomingSheet | null> {
  const block = await findRecord(scope, hotelBlockStore, blockId);
  if (!block) return null;
  const [types, rooms, names] = await Promise.all([roomTypesOf(scope, [blockId]), roomsOf(scope, blockId), namesFor(scope, block.hotelId, block.destinationId)]);
  const [hotel] = await scope.db
    .select({ name: supplier.name, tradeName: supplier.tradeName })
    .from(supplier)
    .where(and(eq(supplier.agencyId, scope.agencyId), eq(supplier.id, block.hotelId)))
    .limit(1);
  const order = new Map(types.map((t, i) => [t.id, i]));
  const typeOf = new Map(types.map((t) => [t.id, t]));
  const list = rooms
    .filter((r) => typeOf.has(r.roomTypeId) && r.roomIndex <= typeOf.get(r.roomTypeId)!.quantity)
    .sort((a, b) => order.get(a.roomTypeId)! - order.get(b.roomTypeId)! || a.roomIndex - b.roomIndex)
    .map((r) => ({ ...r, roomTypeName: typeOf.get(r.roomTypeId)!.name, occupancy: typeOf.get(r.roomTypeId)!.occupancy }));
  return { block, hotelName: hotel ? hotel.tradeName || hotel.name : null, destinationName: names.destination, types, rooms: list };
}

export { roomInUse };

/**
 * An emissivo sale's moves (issue #16 items 2, 6): confirm (titles from the
 * core's plan, the inventory taken — hotel rooms marked with the sale, air
 * block passengers named from the item's passengers, package seats counted
 * from confirmed items — with assertions that it is still free when the batch
 * runs), the edit of a confirmed sale (the titles' adjustment previewed first,
 * then applied), cancel (titles cancelled, the client's refund, inventory
 * released) and the delete of a draft (soft; its number is never reused).
 * Each is one db.batch that starts with the core's saleStillAt.
 */
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { accommodationRooming, airBlockPassenger, client, sale, saleItem, thirdPartyPackageDeparture, accommodationRoomType, airBlock } from "~/db/schema";
import { newId, nowIso } from "~/db/schema/columns";
import { auditInsert } from "~/lib/platform/audit.server";
import { assertInBatch, isBatchAssert } from "~/lib/platform/batch-assert.server";
import { fail, ok, type Result } from "~/lib/platform/result";
import type { Scope } from "~/lib/platform/scope.server";
import { todayIn } from "~/lib/platform/time-zone";
import { editDigest, inventoryDemand } from "~/lib/sales/emissivo";
import type { EmissivoInput } from "~/lib/sales/emissivo.schema";
import {
  asResolved,
  checkEmissivo,
  childStatements,
  childSummary,
  clientName,
  isAdminRole,
  saleChildren,
  saleHeader,
  type CheckedSale,
  type ItemRow,
  type ResolvedItem,
} from "~/lib/sales/emissivo.server";
import { planCancellation, planConfirmation, planEdit, SALE_ENTITY, salesSettings, saleStillAt, type ConfirmItem, type EditPreview, type SaleRow } from "~/lib/sales/sale-core.server";
import { refuseSaleDelete, refuseSaleMove, type SaleMoveRefusal } from "~/lib/sales/status";
import { discountNeedsAdmin } from "~/lib/sales/totals";
import { productKind } from "~/db/schema";

type Statement = Parameters<Scope["db"]["batch"]>[0][number];

/** The items as the core's plans take them (the product kind picks the DRE category). */
async function confirmItems(scope: Scope, items: readonly Pick<ItemRow, "costCents" | "priceCents" | "feesCents" | "supplierId" | "productKindId">[]): Promise<ConfirmItem[]> {
  const ids = [...new Set(items.map((i) => i.productKindId))];
  const kinds = ids.length
    ? await scope.db
        .select({ id: productKind.id, kind: productKind.kind })
        .from(productKind)
        .where(and(eq(productKind.agencyId, scope.agencyId), inArray(productKind.id, ids)))
    : [];
  const kindOf = new Map(kinds.map((k) => [k.id, k.kind]));
  return items.map((i) => ({ costCents: i.costCents, priceCents: i.priceCents, feesCents: i.feesCents, supplierId: i.supplierId, productKind: kindOf.get(i.productKindId) ?? "other" }));
}

export type MoveRefusal = SaleMoveRefusal | "stale" | "unavailable" | "plan" | "notDraft";
export type MoveFailure = { key?: string; values?: Record<string, string | number> };

// ---------------------------------------------------------------------------
// Inventory

/**
 * The statements that take the confirmed items' inventory, and the assertions
 * (after them, in the same batch) that nothing was oversold meanwhile.
 */
async function takeInventory(scope: Scope, row: SaleRow, items: readonly ItemRow[]): Promise<Statement[]> {
  const { db, agencyId } = scope;
  const demand = inventoryDemand(items);
  const out: Statement[] = [];
  const at = nowIso();
  // Package departures: this sale's items count once the header says confirmed (it is earlier in the batch).
  for (const [depId] of demand.departures) {
    out.push(
      assertInBatch(
        db,
        agencyId,
        "sale.inventory",
        sql`(select coalesce(sum(${saleItem.quantity}), 0) from ${saleItem} inner join ${sale} on ${sale.id} = ${saleItem.saleId} and ${sale.agencyId} = ${agencyId} where ${saleItem.agencyId} = ${agencyId} and ${saleItem.packageDepartureId} = ${depId} and ${sale.status} = 'confirmed' and ${sale.deletedAt} is null) > (select ${thirdPartyPackageDeparture.seats} from ${thirdPartyPackageDeparture} where ${thirdPartyPackageDeparture.agencyId} = ${agencyId} and ${thirdPartyPackageDeparture.id} = ${depId})`,
      ),
    );
  }
  // Hotel rooms: that many unsold rooms of the type get the sale; then the sale must hold them all.
  for (const [typeId, n] of demand.roomTypes) {
    out.push(
      db
        .update(accommodationRooming)
        .set({ saleId: row.id, updatedAt: at, version: sql`${accommodationRooming.version} + 1` })
        .where(
          and(
            eq(accommodationRooming.agencyId, agencyId),
            inArray(
              accommodationRooming.id,
              db
                .select({ id: accommodationRooming.id })
                .from(accommodationRooming)
                .where(and(eq(accommodationRooming.agencyId, agencyId), eq(accommodationRooming.roomTypeId, typeId), isNull(accommodationRooming.saleId)))
                .orderBy(accommodationRooming.roomIndex)
                .limit(n),
            ),
          ),
        ),
      assertInBatch(
        db,
        agencyId,
        "sale.inventory",
        sql`(select count(*) from ${accommodationRooming} where ${accommodationRooming.agencyId} = ${agencyId} and ${accommodationRooming.roomTypeId} = ${typeId} and ${accommodationRooming.saleId} = ${row.id}) < ${n}
          or (select count(*) from ${accommodationRooming} where ${accommodationRooming.agencyId} = ${agencyId} and ${accommodationRooming.roomTypeId} = ${typeId} and ${accommodationRooming.saleId} is not null) > (select ${accommodationRoomType.quantity} from ${accommodationRoomType} where ${accommodationRoomType.agencyId} = ${agencyId} and ${accommodationRoomType.id} = ${typeId})`,
      ),
    );
  }
  // Air blocks: one passenger row per seat, named from the item's passengers (the client for seats beyond them).
  if (demand.airBlocks.size > 0) {
    const names = await passengerNames(scope, row, items);
    for (const item of items.filter((i) => i.inventoryKind === "air_seat" && i.airBlockId)) {
      const people = item.passengerIds.map((id) => names.byPassenger.get(id)).filter((p): p is PersonName => !!p);
      for (let k = 0; k < item.quantity; k++) {
        const p = people[k] ?? names.client;
        out.push(
          db.insert(airBlockPassenger).values({
            id: newId(),
            agencyId,
            blockId: item.airBlockId!,
            position: 1000 + k,
            lastName: p.lastName,
            firstName: p.firstName,
            document: p.document,
            birthDate: p.birthDate,
            clientId: p.clientId,
            saleId: row.id,
            createdAt: at,
            updatedAt: at,
          }),
        );
      }
    }
    for (const [blockId] of demand.airBlocks) {
      out.push(
        assertInBatch(
          db,
          agencyId,
          "sale.inventory",
          sql`(select count(*) from ${airBlockPassenger} where ${airBlockPassenger.agencyId} = ${agencyId} and ${airBlockPassenger.blockId} = ${blockId} and ${airBlockPassenger.saleId} is not null) > (select ${airBlock.seats} from ${airBlock} where ${airBlock.agencyId} = ${agencyId} and ${airBlock.id} = ${blockId})`,
        ),
      );
    }
  }
  return out;
}

type PersonName = { firstName: string; lastName: string; document: string | null; birthDate: string | null; clientId: string };

const splitName = (name: string) => {
  const parts = name.trim().split(/\s+/);
  const lastName = parts.length > 1 ? parts.pop()! : parts[0] ?? "";
  return { firstName: parts.length > 0 && parts[0] !== lastName ? parts.join(" ") : "", lastName };
};

async function passengerNames(scope: Scope, row: SaleRow, items: readonly ItemRow[]) {
  const { passengers } = await saleChildren(scope, row.id);
  const clientIds = [...new Set([row.clientId, ...passengers.map((p) => p.clientId)])];
  const clients = await scope.db
    .select({ id: client.id, name: client.name, document: client.document, passport: client.passportNumber, birthDate: client.birthDate })
    .from(client)
    .where(and(eq(client.agencyId, scope.agencyId), inArray(client.id, clientIds)));
  const person = (id: string): PersonName => {
    const c = clients.find((x) => x.id === id);
    return { ...splitName(c?.name ?? "-"), document: c?.passport ?? c?.document ?? null, birthDate: c?.birthDate ?? null, clientId: id };
  };
  void items;
  return { byPassenger: new Map(passengers.map((p) => [p.id, person(p.clientId)])), client: person(row.clientId) };
}

/** The statements that give back the sale's inventory (cancel). */
function releaseInventory(scope: Scope, saleId: string): Statement[] {
  const { db, agencyId } = scope;
  const at = nowIso();
  return [
    db
      .update(accommodationRooming)
      .set({ saleId: null, updatedAt: at, version: sql`${accommodationRooming.version} + 1` })
      .where(and(eq(accommodationRooming.agencyId, agencyId), eq(accommodationRooming.saleId, saleId))),
    db.delete(airBlockPassenger).where(and(eq(airBlockPassenger.agencyId, agencyId), eq(airBlockPassenger.saleId, saleId))),
  ];
}

// ---------------------------------------------------------------------------
// Confirm

export async function confirmEmissivo(scope: Scope, row: SaleRow, version: number, language: string): Promise<Result<{ titles: number }, MoveRefusal, MoveFailure>> {
  const { items } = await saleChildren(scope, row.id);
  const { maxDiscountBp } = await salesSettings(scope);
  const refusal = refuseSaleMove(row.status, "confirmed", {
    items: items.length,
    lapsedHolds: 0,
    discountNeedsAdmin: discountNeedsAdmin(row.discountCents, row.priceCents, maxDiscountBp),
    isAdmin: isAdminRole(scope.role),
    reason: null,
  });
  if (refusal) return fail(refusal);
  if (row.version !== version) return fail("stale");
  const plan = await planConfirmation(scope, row, await confirmItems(scope, items), language);
  if (!plan.ok) return fail("plan", { key: `sales.errors.${plan.reason}`, values: { key: plan.key ?? "" } });
  const { db, agencyId } = scope;
  const at = nowIso();
  try {
    await db.batch([
      saleStillAt(scope, row.id, version, "draft"),
      db
        .update(sale)
        .set({ status: "confirmed", confirmedAt: at, updatedAt: at, version: sql`${sale.version} + 1` })
        .where(and(eq(sale.agencyId, agencyId), eq(sale.id, row.id))),
      auditInsert(db, { agencyId, userId: scope.userId, ip: scope.ip, entity: SALE_ENTITY, entityId: row.id, action: "update", changes: { status: ["draft", "confirmed"] } }),
      ...(await takeInventory(scope, row, items)),
      ...plan.statements,
    ] as never);
  } catch (error) {
    if (isBatchAssert(error)) return (await stillAt(scope, row.id, version, "draft")) ? fail("unavailable") : fail("stale");
    throw error;
  }
  return ok({ titles: plan.titleIds.length });
}

async function stillAt(scope: Scope, id: string, version: number, status: SaleRow["status"]) {
  const [r] = await scope.db
    .select({ version: sale.version, status: sale.status })
    .from(sale)
    .where(and(eq(sale.agencyId, scope.agencyId), eq(sale.id, id)))
    .limit(1);
  return !!r && r.version === version && r.status === status;
}

// ---------------------------------------------------------------------------
// Cancel and delete

export async function cancelEmissivo(scope: Scope, row: SaleRow, version: number, reason: string, language: string): Promise<Result<{ refundCents: number }, MoveRefusal, MoveFailure>> {
  const refusal = refuseSaleMove(row.status, "cancelled", { items: 0, lapsedHolds: 0, discountNeedsAdmin: false, isAdmin: isAdminRole(scope.role), reason });
  if (refusal) return fail(refusal);
  if (row.version !== version) return fail("stale");
  const { db, agencyId } = scope;
  const at = nowIso();
  let titleStatements: Statement[] = [];
  let refundCents = 0;
  if (row.status === "confirmed") {
    const plan = await planCancellation(scope, row, language, todayIn(scope.timeZone), reason.trim());
    if (!plan.ok) return fail("plan", { key: "sales.errors.category", values: { key: plan.key ?? "" } });
    titleStatements = plan.statements;
    refundCents = plan.cancellation.refund?.amountCents ?? 0;
  }
  try {
    await db.batch([
      saleStillAt(scope, row.id, version, row.status),
      db
        .update(sale)
        .set({ status: "cancelled", cancelledAt: at, cancelReason: reason.trim(), updatedAt: at, version: sql`${sale.version} + 1` })
        .where(and(eq(sale.agencyId, agencyId), eq(sale.id, row.id))),
      auditInsert(db, { agencyId, userId: scope.userId, ip: scope.ip, entity: SALE_ENTITY, entityId: row.id, action: "update", changes: { status: [row.status, "cancelled"], cancelReason: [null, reason.trim()] } }),
      ...releaseInventory(scope, row.id),
      ...titleStatements,
    ] as never);
  } catch (error) {
    if (isBatchAssert(error)) return fail("stale");
    throw error;
  }
  return ok({ refundCents });
}

export async function deleteEmissivo(scope: Scope, row: SaleRow, version: number): Promise<Result<{ number: number }, MoveRefusal>> {
  if (refuseSaleDelete(row.status)) return fail("notDraft");
  const { db, agencyId } = scope;
  const at = nowIso();
  try {
    await db.batch([
      saleStillAt(scope, row.id, version, "draft"),
      db
        .update(sale)
        .set({ deletedAt: at, updatedAt: at, version: sql`${sale.version} + 1` })
        .where(and(eq(sale.agencyId, agencyId), eq(sale.id, row.id))),
      auditInsert(db, { agencyId, userId: scope.userId, ip: scope.ip, entity: SALE_ENTITY, entityId: row.id, action: "delete", changes: { deletedAt: [null, at] } }),
    ] as never);
  } catch (error) {
    if (isBatchAssert(error)) return fail("stale");
    throw error;
  }
  return ok({ number: row.number });
}

// ---------------------------------------------------------------------------
// Edit of a confirmed sale

export type ConfirmedEdit =
  | { applied: true }
  | { applied: false; preview: EditPreview; digest: string };

/** Whether the items keep the inventory they took (a confirmed sale's services change by cancelling and selling again). */
function sameInventory(stored: readonly ItemRow[], items: readonly ResolvedItem[]) {
  const key = (list: readonly { inventoryKind: string; packageDepartureId: string | null; roomTypeId: string | null; airBlockId: string | null; quantity: number }[]) =>
    list
      .filter((i) => i.inventoryKind !== "none")
      .map((i) => `${i.inventoryKind}:${i.packageDepartureId ?? i.roomTypeId ?? i.airBlockId}:${i.quantity}`)
      .sort()
      .join(",");
  return key(stored) === key(items);
}

/**
 * Saves an edited confirmed sale: the first submit answers with the preview of
 * the titles' changes and its digest; a submit carrying that digest applies
 * the header, the children and the titles' changes in one batch. Refused when
 * settled money exceeds the new total, or when the inventory would change.
 */
export async function editConfirmed(
  scope: Scope,
  current: SaleRow,
  input: EmissivoInput & { version: number },
  checked: CheckedSale,
  language: string,
): Promise<Result<ConfirmedEdit, "stale" | "inventory" | "settledExceedsTotal" | "plan", MoveFailure>> {
  if (current.version !== input.version) return fail("stale");
  const stored = await saleChildren(scope, current.id);
  if (!sameInventory(stored.items, checked.items)) return fail("inventory");
  const name = await clientName(scope, input.clientId);
  const header = saleHeader(input, checked, name, current.number);
  const edited: SaleRow = { ...current, ...header };
  const plan = await planEdit(
    scope,
    edited,
    checked.items.map((i) => ({ costCents: i.costCents, priceCents: i.priceCents, feesCents: i.feesCents, supplierId: i.supplierId, productKind: i.productKind })),
    language,
  );
  if (!plan.ok) {
    if (plan.reason === "settledExceedsTotal") {
      const f = plan as unknown as { settledCents?: number; totalCents?: number };
      return fail("settledExceedsTotal", { values: { settled: f.settledCents ?? 0, total: f.totalCents ?? 0 } });
    }
    return fail("plan", { key: `sales.errors.${plan.reason}`, values: { key: (plan as { key?: string }).key ?? "" } });
  }
  const changesTitles = plan.preview.rows.length > 0;
  const digest = editDigest([current.version, ...plan.preview.rows.map((r) => `${r.change}:${r.id}:${r.afterCents}:${r.dueDate}`)]);
  if (changesTitles && input.confirmEdit !== digest) return ok({ applied: false, preview: plan.preview, digest });
  const { db, agencyId } = scope;
  const before = { ...Object.fromEntries(Object.keys(header).map((k) => [k, (current as Record<string, unknown>)[k]])), ...childSummary({ passengers: stored.passengers.map((p) => ({ clientId: p.clientId, ageBand: p.ageBand })) } as EmissivoInput, stored.items.map(asResolved)) };
  const after = { ...header, ...childSummary(input, checked.items) };
  const changes = Object.fromEntries(
    Object.entries(after)
      .filter(([k, v]) => k !== "searchText" && JSON.stringify(v) !== JSON.stringify((before as Record<string, unknown>)[k]))
      .map(([k, v]) => [k, [(before as Record<string, unknown>)[k] ?? null, v]]),
  ) as Record<string, [unknown, unknown]>;
  try {
    await db.batch([
      saleStillAt(scope, current.id, input.version, "confirmed"),
      ...childStatements(scope, current.id, input, checked.items, stored),
      db
        .update(sale)
        .set({ ...header, updatedAt: nowIso(), version: sql`${sale.version} + 1` })
        .where(and(eq(sale.agencyId, agencyId), eq(sale.id, current.id))),
      auditInsert(db, { agencyId, userId: scope.userId, entity: SALE_ENTITY, entityId: current.id, action: "update", changes, ip: scope.ip }),
      ...plan.statements,
    ] as never);
  } catch (error) {
    if (isBatchAssert(error)) return fail("stale");
    throw error;
  }
  return ok({ applied: true });
}

export { checkEmissivo };

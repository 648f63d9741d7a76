/**
 * An excursion's operational view on the server (issue #15 item 3): everything
 * the guide holds on departure day, read for one excursion of the agency
 * (another agency's or an archived one is not found) — the header (dates,
 * status, vehicle, crew), the passengers, the seats they take, the boarding
 * points, the carrier and ANTT data of the manifest, and the pre-trip
 * checklist computed from the data (checklist.ts) — and the two writes of the
 * screen: making the manifest final (every item passing, checked again here)
 * and reopening it (Admin). Both are audited.
 *
 * Bounded reads: an excursion carries at most 1000 passengers (the capacity's
 * check), read in one query on excursion_passenger_excursion_idx
 * (agency_id, excursion_id, status, ...); boarding points and crew are the
 * excursion's own few rows on their indexes.
 */
import { and, asc, eq, inArray, isNotNull, isNull } from "drizzle-orm";
import { boardingPoint, destination, driver, excursion, excursionBoarding, excursionComponent, excursionPassenger, fleetVehicle, groundCharter, guide, supplier, user } from "~/db/schema";
import type { CnhCategory, FleetVehicleType } from "~/db/schema/receptive";
import type { Role } from "~/db/schema";
import { nowIso } from "~/db/schema/columns";
import { checklist, type ChecklistFacts, type ChecklistItem } from "~/lib/excursions/checklist";
import { EXCURSION_ENTITY } from "~/lib/excursions/excursion";
import { inSeatOrder, type OperationalBoarding, type OperationalPassenger } from "~/lib/excursions/operational";
import { occupyingWhere } from "~/lib/excursions/operational-seats.server";
import type { ReadScope, WriteScope } from "~/lib/kit/record.server";
import { fail, ok, type Result } from "~/lib/platform/result";
import { formatPlate } from "~/lib/receptive/fields";
import { utcToLocalInput } from "~/lib/services/fields";
import type { SeatLayout } from "~/lib/services/seat-layout";
import { auditIfChanged, changedRows } from "~/lib/system/agencies.server";

/** The most passengers an excursion carries (excursion_values_ck). */
export const MAX_PASSENGERS = 1000;

/** Who may make a manifest final (operations), and reopen it (administrators only). */
const FINALIZERS: readonly Role[] = ["SuperAdmin", "Admin", "Operacional"];
const REOPENERS: readonly Role[] = ["SuperAdmin", "Admin"];
export const canFinalizeManifest = (role: Role) => FINALIZERS.includes(role);
export const canReopenManifest = (role: Role) => REOPENERS.includes(role);

export type OperationalCharter = {
  id: string;
  title: string;
  seatLayout: SeatLayout;
  capacity: number;
  vehiclePlate: string | null;
  origin: string;
  destinationName: string;
  anttAuthorization: string | null;
  anttValidUntil: string | null;
  /** The bus company (trade name, else legal name) and its CNPJ digits when registered. */
  carrierName: string | null;
  carrierDocument: string | null;
};

export type OperationalVehicle = {
  id: string;
  plate: string;
  model: string;
  type: FleetVehicleType;
  seats: number;
  insuranceExpiry: string | null;
  inspectionExpiry: string | null;
};

export type OperationalData = {
  excursion: {
    id: string;
    title: string;
    status: (typeof excursion.$inferSelect)["status"];
    departureAt: string;
    returnAt: string;
    capacity: number;
    minPassengers: number;
    version: number;
    destinationName: string | null;
    manifestFinalAt: string | null;
    manifestFinalByName: string | null;
  };
  /** The trip's first and last calendar days in the agency's zone. */
  days: { first: string; last: string };
  charter: OperationalCharter | null;
  vehicle: OperationalVehicle | null;
  drivers: { id: string; name: string; phone: string | null; cnhCategory: CnhCategory; cnhExpiry: string }[];
  guides: { id: string; name: string; phone: string | null; cadasturExpiry: string | null }[];
  /** Live boarding points, and archived ones passengers still board at. */
  boardings: OperationalBoarding[];
  /** The passengers on the trip (confirmed, and holds not lapsed), in seat order. */
  passengers: OperationalPassenger[];
  checklist: { items: ChecklistItem[]; ready: boolean };
};

/** The trip's first and last calendar days in the agency's zone. */
export const tripDays = (departureAt: string, returnAt: string, timeZone: string) => ({
  first: utcToLocalInput(departureAt, timeZone).slice(0, 10),
  last: utcToLocalInput(returnAt, timeZone).slice(0, 10),
});

/** The vehicle as the checklist names it: "ABC-1234 · Marcopolo Paradiso". */
export const vehicleLabel = (v: Pick<OperationalVehicle, "plate" | "model">) => `${formatPlate(v.plate)} · ${v.model}`;

/** Everything the operational view and the manifest show of one excursion; null when it is not the agency's (or archived). */
export async function loadOperational(scope: ReadScope & { timeZone: string }, id: string, now = nowIso()): Promise<OperationalData | null> {
  const { db, agencyId } = scope;
  const [row] = await db
    .select({ e: excursion, destinationName: destination.name, finalByName: user.name })
    .from(excursion)
    .leftJoin(destination, and(eq(destination.agencyId, agencyId), eq(destination.id, excursion.destinationId)))
    .leftJoin(user, eq(user.id, excursion.manifestFinalBy))
    .where(and(eq(excursion.agencyId, agencyId), eq(excursion.id, id), isNull(excursion.archivedAt)))
    .limit(1);
  if (!row) return null;
  const e = row.e;

  const [charterRows, vehicleRows, crew, boardingRows, passengerRows] = await Promise.all([
    e.charterId
      ? db
          .select({ c: groundCharter, supplierName: supplier.name, supplierTradeName: supplier.tradeName, supplierDocument: supplier.document })
          .from(groundCharter)
          .leftJoin(supplier, and(eq(supplier.agencyId, agencyId), eq(supplier.id, groundCharter.supplierId)))
          .where(and(eq(groundCharter.agencyId, agencyId), eq(groundCharter.id, e.charterId)))
          .limit(1)
      : Promise.resolve([]),
    e.vehicleId
      ? db
          .select()
          .from(fleetVehicle)
          .where(and(eq(fleetVehicle.agencyId, agencyId), eq(fleetVehicle.id, e.vehicleId)))
          .limit(1)
      : Promise.resolve([]),
    db
      .select({
        kind: excursionComponent.kind,
        driverId: driver.id,
        driverName: driver.name,
        driverPhone: driver.phone,
        cnhCategory: driver.cnhCategory,
        cnhExpiry: driver.cnhExpiry,
        guideId: guide.id,
        guideName: guide.name,
        guidePhone: guide.phone,
        cadasturExpiry: guide.cadasturExpiry,
      })
      .from(excursionComponent)
      .leftJoin(driver, and(eq(driver.agencyId, agencyId), eq(driver.id, excursionComponent.driverId)))
      .leftJoin(guide, and(eq(guide.agencyId, agencyId), eq(guide.id, excursionComponent.guideId)))
      .where(and(eq(excursionComponent.agencyId, agencyId), eq(excursionComponent.excursionId, id), inArray(excursionComponent.kind, ["driver", "guide"])))
      .orderBy(asc(excursionComponent.kind), asc(excursionComponent.position))
      .limit(100),
    db
      .select({
        id: excursionBoarding.id,
        name: boardingPoint.name,
        address: boardingPoint.address,
        city: boardingPoint.city,
        state: boardingPoint.state,
        departureAt: excursionBoarding.departureAt,
        position: excursionBoarding.position,
        archivedAt: excursionBoarding.archivedAt,
      })
      .from(excursionBoarding)
      .innerJoin(boardingPoint, and(eq(boardingPoint.agencyId, agencyId), eq(boardingPoint.id, excursionBoarding.boardingPointId)))
      .where(and(eq(excursionBoarding.agencyId, agencyId), eq(excursionBoarding.excursionId, id)))
      .orderBy(asc(excursionBoarding.departureAt), asc(excursionBoarding.position))
      .limit(200),
    db
      .select({
        id: excursionPassenger.id,
        status: excursionPassenger.status,
        holdExpiresAt: excursionPassenger.holdExpiresAt,
        seat: excursionPassenger.seat,
        name: excursionPassenger.name,
        documentType: excursionPassenger.documentType,
        documentNumber: excursionPassenger.documentNumber,
        birthDate: excursionPassenger.birthDate,
        ageBand: excursionPassenger.ageBand,
        roomType: excursionPassenger.roomType,
        roomLabel: excursionPassenger.roomLabel,
        boardingId: excursionPassenger.boardingId,
        phone: excursionPassenger.phone,
      })
      .from(excursionPassenger)
      .where(and(eq(excursionPassenger.agencyId, agencyId), eq(excursionPassenger.excursionId, id), occupyingWhere(now)))
      .limit(MAX_PASSENGERS),
  ]);

  const c = charterRows[0];
  const charter: OperationalCharter | null = c
    ? {
        id: c.c.id,
        title: c.c.title,
        seatLayout: c.c.seatLayout,
        capacity: c.c.capacity,
        vehiclePlate: c.c.vehiclePlate,
        origin: c.c.origin,
        destinationName: c.c.destinationName,
        anttAuthorization: c.c.anttAuthorization,
        anttValidUntil: c.c.anttValidUntil,
        carrierName: c.supplierTradeName || c.supplierName || null,
        carrierDocument: c.supplierDocument && c.supplierDocument.length === 14 ? c.supplierDocument : null,
      }
    : null;
  const v = vehicleRows[0];
  const vehicle: OperationalVehicle | null = v
    ? { id: v.id, plate: v.plate, model: v.model, type: v.type, seats: v.seats, insuranceExpiry: v.insuranceExpiry, inspectionExpiry: v.inspectionExpiry }
    : null;
  const drivers = crew.flatMap((m) =>
    m.kind === "driver" && m.driverId && m.driverName && m.cnhCategory && m.cnhExpiry
      ? [{ id: m.driverId, name: m.driverName, phone: m.driverPhone, cnhCategory: m.cnhCategory, cnhExpiry: m.cnhExpiry }]
      : [],
  );
  const guides = crew.flatMap((m) => (m.kind === "guide" && m.guideId && m.guideName ? [{ id: m.guideId, name: m.guideName, phone: m.guidePhone, cadasturExpiry: m.cadasturExpiry }] : []));
  const passengers = inSeatOrder(passengerRows);
  const boarded = new Set(passengers.map((p) => p.boardingId));
  const boardings = boardingRows
    .filter((b) => !b.archivedAt || boarded.has(b.id))
    .map((b): OperationalBoarding => ({
      id: b.id,
      name: b.name,
      address: [b.address, [b.city, b.state].filter(Boolean).join(" - ")].filter(Boolean).join(", ") || null,
      departureAt: b.departureAt,
      position: b.position,
    }));
  const days = tripDays(e.departureAt, e.returnAt, scope.timeZone);
  const facts: ChecklistFacts = {
    days,
    vehicle: vehicle ? { label: vehicleLabel(vehicle), type: vehicle.type, seats: vehicle.seats, insuranceExpiry: vehicle.insuranceExpiry, inspectionExpiry: vehicle.inspectionExpiry } : null,
    drivers: drivers.map((d) => ({ name: d.name, cnhCategory: d.cnhCategory, cnhExpiry: d.cnhExpiry })),
    guides: guides.map((g) => ({ name: g.name, cadasturExpiry: g.cadasturExpiry })),
    antt: charter ? { number: charter.anttAuthorization, validUntil: charter.anttValidUntil } : null,
    passengers: { confirmed: passengers.filter((p) => p.status === "confirmed").length, minimum: e.minPassengers },
  };
  return {
    excursion: {
      id: e.id,
      title: e.title,
      status: e.status,
      departureAt: e.departureAt,
      returnAt: e.returnAt,
      capacity: e.capacity,
      minPassengers: e.minPassengers,
      version: e.version,
      destinationName: row.destinationName,
      manifestFinalAt: e.manifestFinalAt,
      manifestFinalByName: e.manifestFinalAt ? row.finalByName : null,
    },
    days,
    charter,
    vehicle,
    drivers,
    guides,
    boardings,
    passengers,
    checklist: checklist(facts),
  };
}

type OperationalScope = WriteScope & { timeZone: string; role: Role };

export type FinalizeResult = Result<object, "notFound" | "forbidden" | "notReady" | "alreadyFinal" | "stale", { items?: ChecklistItem[] }>;

/**
 * Makes the manifest final: Admin or Operacional, every checklist item passing
 * on the data as it is now (read again here, whatever the page showed), not
 * final already. Written with the version read, so a change to the trip
 * between the check and the write makes it stale instead of locking a
 * manifest that no longer passes; the audit row is in the same batch.
 */
export async function finalizeManifest(scope: OperationalScope, id: string): Promise<FinalizeResult> {
  const data = await loadOperational(scope, id);
  if (!data) return fail("notFound");
  if (!canFinalizeManifest(scope.role)) return fail("forbidden");
  if (data.excursion.manifestFinalAt) return fail("alreadyFinal");
  if (!data.checklist.ready) return fail("notReady", { items: data.checklist.items.filter((i) => !i.ok) });
  const at = nowIso();
  const changed = await writeFinal(scope, id, data.excursion.version, { manifestFinalAt: [null, at], manifestFinalBy: [null, scope.userId] }, { at, by: scope.userId }, true);
  return changed ? ok() : fail("stale");
}

export type ReopenResult = Result<object, "notFound" | "forbidden" | "notFinal" | "stale">;

/** Reopens a final manifest (administrators only), audited. */
export async function reopenManifest(scope: OperationalScope, id: string): Promise<ReopenResult> {
  const data = await loadOperational(scope, id);
  if (!data) return fail("notFound");
  if (!canReopenManifest(scope.role)) return fail("forbidden");
  if (!data.excursion.manifestFinalAt) return fail("notFinal");
  const [current] = await scope.db
    .select({ by: excursion.manifestFinalBy })
    .from(excursion)
    .where(and(eq(excursion.agencyId, scope.agencyId), eq(excursion.id, id)))
    .limit(1);
  const changed = await writeFinal(
    scope,
    id,
    data.excursion.version,
    { manifestFinalAt: [data.excursion.manifestFinalAt, null], manifestFinalBy: [current?.by ?? null, null] },
    { at: null, by: null },
    false,
  );
  return changed ? ok() : fail("stale");
}

async function writeFinal(
  scope: OperationalScope,
  id: string,
  version: number,
  changes: Record<string, [unknown, unknown]>,
  values: { at: string | null; by: string | null },
  finalizing: boolean,
): Promise<boolean> {
  const { db, agencyId, userId, ip } = scope;
  const results = await db.batch([
    db
      .update(excursion)
      .set({ manifestFinalAt: values.at, manifestFinalBy: values.by, updatedAt: nowIso(), version: version + 1 })
      .where(
        and(
          eq(excursion.agencyId, agencyId),
          eq(excursion.id, id),
          eq(excursion.version, version),
          isNull(excursion.archivedAt),
          finalizing ? isNull(excursion.manifestFinalAt) : isNotNull(excursion.manifestFinalAt),
        ),
      ),
    auditIfChanged(db, { agencyId, userId, entity: EXCURSION_ENTITY, entityId: id, action: "update", changes, ip }),
  ]);
  return changedRows(results[0]) > 0;
}

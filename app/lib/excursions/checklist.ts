/**
 * The pre-trip checklist of an excursion's operational view (issue #15 item
 * 3), computed from the data, never ticked by hand: the vehicle's insurance and
 * inspection, each driver's CNH (valid and of a category for the vehicle), each
 * guide's CADASTUR, the charter's ANTT authorisation — all valid through the
 * trip's last day in the agency's time zone (a document is valid through its
 * expiry day) — and the minimum of passengers reached. When every item passes,
 * the manifest may be made final. Pure.
 */
import type { CnhCategory, FleetVehicleType } from "~/db/schema/receptive";
import { cnhAllows } from "~/lib/receptive/order";

export type ChecklistFacts = {
  /** The trip's first and last calendar days in the agency's zone. */
  days: { first: string; last: string };
  vehicle: { label: string; type: FleetVehicleType; seats: number; insuranceExpiry: string | null; inspectionExpiry: string | null } | null;
  drivers: { name: string; cnhCategory: CnhCategory; cnhExpiry: string }[];
  guides: { name: string; cadasturExpiry: string | null }[];
  /** The charter's ANTT authorisation (null when the trip has no charter). */
  antt: { number: string | null; validUntil: string | null } | null;
  passengers: { confirmed: number; minimum: number };
};

export type ChecklistKey = "vehicle" | "insurance" | "inspection" | "driver" | "cnhCategory" | "guide" | "antt" | "minimum";
export type ChecklistItem = { key: ChecklistKey; ok: boolean; subject?: string; until?: string | null };

const validThrough = (expiry: string | null | undefined, last: string) => !!expiry && expiry >= last;

export function checklist(f: ChecklistFacts): { items: ChecklistItem[]; ready: boolean } {
  const items: ChecklistItem[] = [];
  const last = f.days.last;
  if (!f.vehicle) items.push({ key: "vehicle", ok: false });
  else {
    items.push({ key: "insurance", ok: validThrough(f.vehicle.insuranceExpiry, last), subject: f.vehicle.label, until: f.vehicle.insuranceExpiry });
    items.push({ key: "inspection", ok: validThrough(f.vehicle.inspectionExpiry, last), subject: f.vehicle.label, until: f.vehicle.inspectionExpiry });
  }
  if (f.drivers.length === 0) items.push({ key: "driver", ok: false });
  for (const d of f.drivers) {
    items.push({ key: "driver", ok: validThrough(d.cnhExpiry, last), subject: d.name, until: d.cnhExpiry });
    if (f.vehicle) items.push({ key: "cnhCategory", ok: cnhAllows(d.cnhCategory, f.vehicle), subject: d.name, until: null });
  }
  for (const g of f.guides) items.push({ key: "guide", ok: validThrough(g.cadasturExpiry, last), subject: g.name, until: g.cadasturExpiry });
  if (f.antt) items.push({ key: "antt", ok: !!f.antt.number && validThrough(f.antt.validUntil, last), subject: f.antt.number ?? undefined, until: f.antt.validUntil });
  items.push({ key: "minimum", ok: f.passengers.confirmed >= f.passengers.minimum, subject: `${f.passengers.confirmed}/${f.passengers.minimum}` });
  return { items, ready: items.every((i) => i.ok) };
}

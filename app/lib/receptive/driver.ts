/**
 * Drivers (Receptivo → Motoristas): who drives the agency's vehicles, with the
 * CNH (number, category, expiry, EAR remark) the schedule and the excursions'
 * checklist check. Form schema shared by browser and server, list spec, CSV.
 */
import { CNH_CATEGORIES } from "~/db/schema/receptive";
import type { ListSpec } from "~/lib/kit/list";
import { formatCpf, formatPhone } from "~/lib/platform/br-documents";

export { CNH_CATEGORIES };
export type { DriverInput } from "~/lib/receptive/driver.schema";

export const DRIVER_SORTS = ["name", "cnhExpiry", "createdAt"] as const;
export type DriverSort = (typeof DRIVER_SORTS)[number];
export type DriverFilter = "category" | "status";
export const ACTIVE_FILTER = ["active", "inactive"] as const;

export const driverListSpec = {
  sorts: DRIVER_SORTS,
  defaultSort: "name",
  filters: { category: CNH_CATEGORIES, status: ACTIVE_FILTER },
} as const satisfies ListSpec<DriverSort, DriverFilter>;

type DriverRow = {
  name: string;
  cpf: string | null;
  phone: string | null;
  email: string | null;
  cnhNumber: string;
  cnhCategory: string;
  cnhExpiry: string;
  ear: boolean;
  notes: string | null;
  active: boolean;
};

/** A stored driver as the form shows it. */
export const driverFormValues = (r: DriverRow) => ({
  name: r.name,
  cpf: r.cpf ? formatCpf(r.cpf) : "",
  phone: r.phone ? formatPhone(r.phone) : "",
  email: r.email ?? "",
  cnhNumber: r.cnhNumber,
  cnhCategory: r.cnhCategory,
  cnhExpiry: r.cnhExpiry,
  ear: r.ear ? "on" : "",
  notes: r.notes ?? "",
  active: r.active ? "on" : "",
});

export const DRIVER_CSV_COLUMNS = ["name", "cpf", "phone", "email", "cnhNumber", "cnhCategory", "cnhExpiry", "ear", "active", "notes"] as const;
export const driverToCsvRow = (r: DriverRow): Record<(typeof DRIVER_CSV_COLUMNS)[number], string> => ({
  ...driverFormValues(r),
  ear: r.ear ? "1" : "0",
  active: r.active ? "1" : "0",
});

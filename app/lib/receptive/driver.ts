/**
 * Drivers (Receptivo → Motoristas): who drives the agency's vehicles, with the
 * CNH (number, category, expiry, EAR remark) the schedule and the excursions'
 * checklist check. Form schema shared by browser and server, list spec, CSV.
 */
import { z } from "zod";
import { CNH_CATEGORIES } from "~/db/schema/receptive";

export { CNH_CATEGORIES };
import { msg, optionalEmail, optionalText, requiredText } from "~/lib/kit/forms";
import { checkboxField, phoneField, regErr, versionField } from "~/lib/kit/fields";
import type { ListSpec } from "~/lib/kit/list";
import { formatCpf, formatPhone, isValidCpf, onlyDigits } from "~/lib/platform/br-documents";
import { parseCalendarDate } from "~/lib/platform/time-zone";
import { normalizeCnh, rcpErr } from "~/lib/receptive/fields";

export const cpfField = () =>
  optionalText(20)
    .refine((v) => v === null || isValidCpf(v), rcpErr.cpf)
    .transform((v) => (v ? onlyDigits(v) : null));

/** A required calendar day "YYYY-MM-DD" that exists. */
export const requiredDay = () => requiredText(10).refine((v) => parseCalendarDate(v) !== null, regErr.date);

const driverFields = {
  name: requiredText(200),
  cpf: cpfField(),
  phone: phoneField(),
  email: optionalEmail(),
  cnhNumber: z
    .string({ error: msg.required })
    .trim()
    .min(1, msg.required)
    .max(20, msg.tooLong)
    .transform((v, ctx) => {
      const cnh = normalizeCnh(v);
      if (!cnh) {
        ctx.addIssue({ code: "custom", message: rcpErr.cnh });
        return z.NEVER;
      }
      return cnh;
    }),
  cnhCategory: z.enum(CNH_CATEGORIES, { error: msg.required }),
  cnhExpiry: requiredDay(),
  ear: checkboxField(),
  notes: optionalText(2000),
  active: checkboxField(),
};

export const driverSchema = z.object(driverFields);
export const driverEditSchema = z.object({ ...driverFields, version: versionField() });
export type DriverInput = z.output<typeof driverSchema>;

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

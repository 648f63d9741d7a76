/**
 * Receptive services (Receptivo → Serviços): what the agency runs at the
 * destination — transfers in and out, city tours, day trips — with duration,
 * capacity, the provider that runs it (or none: the agency's own fleet), cost
 * and price. Form schema, list spec, CSV.
 */
import { RECEPTIVE_SERVICE_KINDS } from "~/db/schema/receptive";
import { formatCents } from "~/lib/finance/money";
import type { ListSpec } from "~/lib/kit/list";
import { ACTIVE_FILTER } from "~/lib/receptive/driver";

export { RECEPTIVE_SERVICE_KINDS };
export type { ServiceInput } from "~/lib/receptive/service.schema";

export const MAX_DURATION_MINUTES = 7 * 24 * 60;

/** "1:30" / "1h30" / "2h" → minutes; a bare number is minutes. Null when not a duration of 1 minute to 7 days. */
export function parseDuration(text: string): number | null {
  const v = text.trim().toLowerCase().replace(/\s+/g, "");
  let minutes: number | null = null;
  let m: RegExpExecArray | null;
  if ((m = /^([0-9]{1,3})$/.exec(v))) minutes = Number(m[1]);
  else if ((m = /^([0-9]{1,3})(?::|h)([0-5][0-9])(?:min|m)?$/.exec(v))) minutes = Number(m[1]) * 60 + Number(m[2]);
  else if ((m = /^([0-9]{1,3})h$/.exec(v))) minutes = Number(m[1]) * 60;
  if (minutes === null || minutes < 1 || minutes > MAX_DURATION_MINUTES) return null;
  return minutes;
}

/** Minutes as the form shows them: "1:30". */
export const durationText = (minutes: number) => `${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, "0")}`;

export const SERVICE_SORTS = ["name", "kind", "price", "createdAt"] as const;
export type ServiceSort = (typeof SERVICE_SORTS)[number];
export type ServiceFilter = "kind" | "status";

export const serviceListSpec = {
  sorts: SERVICE_SORTS,
  defaultSort: "name",
  filters: { kind: RECEPTIVE_SERVICE_KINDS, status: ACTIVE_FILTER },
} as const satisfies ListSpec<ServiceSort, ServiceFilter>;

type ServiceRow = {
  name: string;
  kind: string;
  description: string | null;
  durationMinutes: number;
  capacity: number;
  providerId: string | null;
  costCents: number;
  priceCents: number;
  currency: string;
  active: boolean;
};

export const serviceFormValues = (r: ServiceRow) => ({
  name: r.name,
  kind: r.kind,
  description: r.description ?? "",
  duration: durationText(r.durationMinutes),
  capacity: r.capacity ? String(r.capacity) : "",
  providerId: r.providerId ?? "",
  cost: formatCents(r.costCents),
  price: formatCents(r.priceCents),
  currency: r.currency,
  active: r.active ? "on" : "",
});

export const SERVICE_CSV_COLUMNS = ["name", "kind", "duration", "capacity", "provider", "cost", "price", "currency", "active", "description"] as const;

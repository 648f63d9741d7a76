/**
 * The emissivo sale form's schema (one definition: the server's action and the
 * browser, which loads it on demand). Money typed as "1.234,56" → cents; rows
 * left empty are dropped; an item's passengers must be passengers of the sale.
 * What needs the database (the client, seller, kinds, suppliers, services and
 * their availability, the discount limit) is checked by emissivo.server.ts.
 */
import { z } from "zod";
import { AGE_BANDS } from "~/db/schema/services";
import { versionField } from "~/lib/kit/fields";
import { msg, optionalText } from "~/lib/kit/forms";
import { parseCalendarDate } from "~/lib/platform/time-zone";
import { emiErr, isClockTime, MAX_ITEMS, MAX_PASSENGERS, SALE_ID, SALE_INVENTORY_KINDS, SALE_PAYMENT_METHODS } from "~/lib/sales/emissivo";
import { SERVICE_CURRENCIES } from "~/lib/services/fields";
import { optionalMoney, postedRows } from "~/lib/services/fields.schema";

const idField = (error: string) =>
  z
    .string({ error })
    .trim()
    .min(1, error)
    .refine((v) => SALE_ID.test(v), error);

const optionalId = () => optionalText(64).refine((v) => v === null || SALE_ID.test(v), msg.invalid);

const day = (required: boolean) =>
  optionalText(10).transform((v, ctx) => {
    if (v === null) {
      if (required) ctx.addIssue({ code: "custom", message: msg.required });
      return required ? z.NEVER : null;
    }
    if (!parseCalendarDate(v)) {
      ctx.addIssue({ code: "custom", message: emiErr.date });
      return z.NEVER;
    }
    return v;
  });

const clock = () => optionalText(5).refine((v) => v === null || isClockTime(v), emiErr.time);

/** Checkboxes of one name: nothing, one value or several. */
const idList = () =>
  z
    .union([z.string(), z.array(z.string().optional())])
    .optional()
    .transform((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]).map((s) => (s ?? "").trim()).filter(Boolean))
    .refine((l) => l.length <= MAX_PASSENGERS && l.every((s) => SALE_ID.test(s)), msg.invalid);

const passengerRow = z.object({
  clientId: optionalId(),
  ageBand: z.enum(AGE_BANDS, { error: msg.invalid }).optional(),
});

const itemRow = z.object({
  id: optionalId(),
  productKindId: optionalId(),
  supplierId: optionalId(),
  description: optionalText(300),
  startDate: day(false),
  startTime: clock(),
  endDate: day(false),
  endTime: clock(),
  locator: optionalText(40),
  passengers: idList(),
  cost: optionalMoney(),
  price: optionalMoney(),
  fees: optionalMoney(),
  inventoryKind: z.enum(SALE_INVENTORY_KINDS, { error: msg.invalid }).optional(),
  packageDepartureId: optionalId(),
  roomTypeId: optionalId(),
  airBlockId: optionalId(),
  quantity: optionalText(6),
  notes: optionalText(500),
});

const saleFields = {
  clientId: idField(emiErr.client),
  agentId: idField(emiErr.agent),
  saleDate: day(true),
  currency: z.enum(SERVICE_CURRENCIES, { error: msg.invalid }),
  passengers: postedRows(passengerRow, emiErr.tooMany),
  items: postedRows(itemRow, emiErr.tooMany),
  discount: optionalMoney(),
  paymentTermId: optionalId(),
  paymentMethod: z.enum(SALE_PAYMENT_METHODS, { error: msg.invalid }),
  downPayment: optionalMoney(),
  firstDueDate: day(false),
  notes: optionalText(2000),
  /** The preview digest of a confirmed sale's edit (second submit applies). */
  confirmEdit: optionalText(40),
};

type Parsed = z.output<z.ZodObject<typeof saleFields>>;

export type EmissivoItemInput = {
  id: string | null;
  productKindId: string;
  supplierId: string | null;
  description: string;
  startDate: string | null;
  startTime: string | null;
  endDate: string | null;
  endTime: string | null;
  locator: string | null;
  /** Client ids (passengers of the sale). */
  passengers: string[];
  /** null: not typed (taken from the service, else 0). */
  costCents: number | null;
  priceCents: number | null;
  feesCents: number;
  inventoryKind: (typeof SALE_INVENTORY_KINDS)[number];
  packageDepartureId: string | null;
  roomTypeId: string | null;
  airBlockId: string | null;
  quantity: number;
  notes: string | null;
};

function finish(v: Parsed, ctx: z.RefinementCtx) {
  const issue = (path: (string | number)[], message: string) => ctx.addIssue({ code: "custom", path, message });

  const passengers: { clientId: string; ageBand: (typeof AGE_BANDS)[number] }[] = [];
  (v.passengers ?? []).forEach((p, i) => {
    if (!p || !p.clientId) return;
    if (passengers.some((q) => q.clientId === p.clientId)) return issue(["passengers", i, "clientId"], emiErr.passengerTwice);
    passengers.push({ clientId: p.clientId, ageBand: p.ageBand ?? "adult" });
  });
  if (passengers.length > MAX_PASSENGERS) issue(["passengers"], emiErr.tooMany);
  const onSale = new Set(passengers.map((p) => p.clientId));

  const items: EmissivoItemInput[] = [];
  const seenIds = new Set<string>();
  (v.items ?? []).forEach((it, i) => {
    if (!it) return;
    const kind = it.inventoryKind ?? "none";
    const blank =
      !it.productKindId && !it.supplierId && !it.description && !it.startDate && !it.endDate && !it.locator && it.cost === null && it.price === null && it.fees === null && kind === "none";
    if (blank) return;
    let bad = false;
    const fail = (field: string, message: string) => {
      bad = true;
      issue(["items", i, field], message);
    };
    if (!it.productKindId) fail("productKindId", emiErr.productKind);
    if (!it.description) fail("description", msg.required);
    if (it.startDate && it.endDate && it.endDate < it.startDate) fail("endDate", emiErr.endBeforeStart);
    if ((it.startTime && !it.startDate) || (it.endTime && !it.endDate)) fail(it.startTime && !it.startDate ? "startDate" : "endDate", msg.required);
    const strangers = it.passengers.filter((c) => !onSale.has(c));
    if (strangers.length > 0) fail("passengers", emiErr.itemPassenger);
    const quantity = it.quantity === null ? 1 : /^[0-9]{1,4}$/.test(it.quantity) ? Number(it.quantity) : NaN;
    if (!(quantity >= 1 && quantity <= 1000)) fail("quantity", emiErr.quantity);
    if (kind === "package_departure" && !it.packageDepartureId) fail("packageDepartureId", emiErr.inventory);
    if (kind === "hotel_room" && !it.roomTypeId) fail("roomTypeId", emiErr.inventory);
    if (kind === "air_seat" && !it.airBlockId) fail("airBlockId", emiErr.inventory);
    if (it.id && seenIds.has(it.id)) fail("description", msg.invalid);
    if (it.id) seenIds.add(it.id);
    if (bad) return;
    items.push({
      id: it.id,
      productKindId: it.productKindId!,
      supplierId: it.supplierId,
      description: it.description!,
      startDate: it.startDate,
      startTime: it.startTime,
      endDate: it.endDate,
      endTime: it.endTime,
      locator: it.locator,
      passengers: [...new Set(it.passengers)],
      costCents: it.cost,
      priceCents: it.price,
      feesCents: it.fees ?? 0,
      inventoryKind: kind,
      packageDepartureId: kind === "package_departure" ? it.packageDepartureId : null,
      roomTypeId: kind === "hotel_room" ? it.roomTypeId : null,
      airBlockId: kind === "air_seat" ? it.airBlockId : null,
      quantity,
      notes: it.notes,
    });
  });
  if (items.length > MAX_ITEMS) issue(["items"], emiErr.tooMany);

  return {
    clientId: v.clientId,
    agentId: v.agentId,
    saleDate: v.saleDate,
    currency: v.currency,
    passengers,
    items,
    discountCents: v.discount ?? 0,
    paymentTermId: v.paymentTermId,
    paymentMethod: v.paymentMethod,
    downPaymentCents: v.downPayment,
    firstDueDate: v.firstDueDate,
    notes: v.notes,
    confirmEdit: v.confirmEdit,
  };
}

/** Nova venda. */
export const emissivoSchema = z.object(saleFields).transform(finish);
/** Editar venda: the same plus the version the form was loaded with. */
export const emissivoEditSchema = z.object({ ...saleFields, version: versionField() }).transform((v, ctx) => ({ ...finish(v, ctx), version: v.version }));

export type EmissivoInput = z.output<typeof emissivoSchema>;

/** The status intents' small forms. */
export const cancelSchema = z.object({
  intent: z.literal("cancel"),
  version: versionField(),
  reason: z.string({ error: "sales.errors.reasonRequired" }).trim().min(3, "sales.errors.reasonRequired").max(500, msg.tooLong),
});


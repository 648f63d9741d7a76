/**
 * The hotel block form's schema (one definition: the server's action and the
 * browser, which loads it on demand).
 */
import { z } from "zod";
import { dateField, versionField } from "~/lib/kit/fields";
import { msg, optionalText, requiredText } from "~/lib/kit/forms";
import { blockErr } from "~/lib/services/blocks";
import { moneyField, optionalId, requiredDay, requiredId, wholeField } from "~/lib/services/blocks.schema";
import { SERVICE_CURRENCIES, svcErr } from "~/lib/services/fields";
import { MAX_ROOM_TYPES, MAX_ROOMS_PER_TYPE, MEAL_PLANS } from "~/lib/services/hotel-block";

const roomTypeRow = z.object({
  /** The stored room type (empty for a new row): ids are stable, sales point at them. */
  id: optionalId(),
  name: requiredText(80),
  occupancy: wholeField(1, 12),
  quantity: wholeField(0, MAX_ROOMS_PER_TYPE),
  nightlyCost: moneyField(),
  nightlyPrice: moneyField(),
});

const hotelBlockFields = () => ({
  title: requiredText(120),
  hotelId: requiredId(svcErr.supplier),
  destinationId: optionalId(),
  checkIn: requiredDay(),
  checkOut: requiredDay(),
  mealPlan: z.enum(MEAL_PLANS, { error: msg.invalid }),
  releaseDate: dateField(),
  currency: z.enum(SERVICE_CURRENCIES, { error: svcErr.currency }),
  notes: optionalText(2000),
  roomTypes: z.array(roomTypeRow, { error: blockErr.roomTypes }).min(1, blockErr.roomTypes).max(MAX_ROOM_TYPES, blockErr.roomTypes),
});

type Parsed = z.output<z.ZodObject<ReturnType<typeof hotelBlockFields>>>;

/** Cross-field rules: check-out after check-in, release not after check-in, room type names and ids unique. */
function finish(v: Parsed, ctx: z.RefinementCtx) {
  if (v.checkOut <= v.checkIn) ctx.addIssue({ code: "custom", path: ["checkOut"], message: blockErr.checkOut });
  if (v.releaseDate && v.releaseDate > v.checkIn) ctx.addIssue({ code: "custom", path: ["releaseDate"], message: blockErr.release });
  const names = new Set<string>();
  const ids = new Set<string>();
  v.roomTypes.forEach((r, i) => {
    const key = r.name.toLocaleLowerCase("pt-BR");
    if (names.has(key)) ctx.addIssue({ code: "custom", path: ["roomTypes", i, "name"], message: blockErr.roomTypeName });
    names.add(key);
    if (r.id) {
      if (ids.has(r.id)) ctx.addIssue({ code: "custom", path: ["roomTypes", i, "id"], message: msg.invalid });
      ids.add(r.id);
    }
  });
  return v;
}

export const hotelBlockSchema = () => z.object(hotelBlockFields()).transform(finish);
export const hotelBlockEditSchema = () => z.object({ ...hotelBlockFields(), version: versionField() }).transform(finish);
export type HotelBlockInput = z.output<ReturnType<typeof hotelBlockSchema>>;
export type RoomTypeInput = HotelBlockInput["roomTypes"][number];

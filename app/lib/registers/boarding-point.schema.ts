/** The boarding points form's schema (server, and the browser on demand). */
import { z } from "zod";
import { isValidCep, onlyDigits } from "~/lib/platform/br-documents";
import { optionalText, requiredText } from "~/lib/kit/forms";
import { BR_STATES, optionalDecimal, optionalInt, regErr, versionField } from "~/lib/kit/fields";
import { boardingPointErr, MAX_OFFSET_MINUTES } from "~/lib/registers/boarding-point";

const boardingPointFields = {
  name: requiredText(200),
  address: optionalText(200),
  district: optionalText(100),
  city: optionalText(100),
  /** A Brazilian state (UF), upper-cased. */
  state: optionalText(40)
    .transform((v) => (v ? v.toUpperCase() : null))
    .refine((v) => v === null || (BR_STATES as readonly string[]).includes(v), regErr.state),
  postalCode: optionalText(10)
    .refine((v) => v === null || isValidCep(v), regErr.cep)
    .transform((v) => (v ? onlyDigits(v) : null)),
  /** Decimal degrees; a comma is accepted as the decimal separator. */
  latitude: optionalDecimal(-90, 90, regErr.latitude),
  longitude: optionalDecimal(-180, 180, regErr.longitude),
  reference: optionalText(500),
  /** Minutes after the departure (0 = the first stop); empty is 0. */
  defaultOffsetMinutes: optionalInt(0, MAX_OFFSET_MINUTES).transform((v) => v ?? 0),
};

type PointShape = { latitude: number | null; longitude: number | null };

/** Coordinates come in pairs: both or neither. */
function refinePoint(v: PointShape, ctx: z.RefinementCtx) {
  if (v.latitude === null && v.longitude !== null) ctx.addIssue({ code: "custom", path: ["latitude"], message: boardingPointErr.coordinatesPair });
  if (v.longitude === null && v.latitude !== null) ctx.addIssue({ code: "custom", path: ["longitude"], message: boardingPointErr.coordinatesPair });
}

/** Novo local de embarque. */
export const boardingPointSchema = z.object(boardingPointFields).superRefine(refinePoint);
/** Editar local de embarque: the same, plus the version the form was loaded with. */
export const boardingPointEditSchema = z.object({ ...boardingPointFields, version: versionField() }).superRefine(refinePoint);

export type BoardingPointInput = z.output<typeof boardingPointSchema>;


/** The destinations form's schema (server, and the browser on demand). */
import { z } from "zod";
import { optionalText, requiredText } from "~/lib/kit/forms";
import { checkBrAddress, countryField, versionField } from "~/lib/kit/fields";

const destinationFields = {
  name: requiredText(120),
  city: optionalText(100),
  state: optionalText(40),
  country: countryField(),
  description: optionalText(4000),
};

type DestinationShape = { country: string; state: string | null };

/** A Brazilian destination's state, when given, is a UF of the list. */
const refineDestination = (v: DestinationShape, ctx: z.RefinementCtx) => checkBrAddress(v, ctx);

/** A Brazilian state is stored upper-cased ("sp" → "SP"); others as typed. */
const finish = <T extends DestinationShape>(v: T): T => ({ ...v, state: v.state && v.country === "BR" ? v.state.toUpperCase() : v.state });

/** Novo destino. */
export const destinationSchema = z.object(destinationFields).superRefine(refineDestination).transform(finish);
/** Editar destino: the same, plus the version the form was loaded with. */
export const destinationEditSchema = z
  .object({ ...destinationFields, version: versionField() })
  .superRefine(refineDestination)
  .transform(finish);

export type DestinationInput = z.output<typeof destinationSchema>;


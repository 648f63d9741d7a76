/**
 * Destinations (Cadastros → Destinos): the form schema shared by browser and
 * server, the list's sorts and filter, and the CSV columns. The cover image is
 * not part of this form: it has its own upload and remove intents on the edit
 * screen (destination.server.ts), and it is not exported.
 */
import { z } from "zod";
import { optionalText, requiredText } from "~/lib/kit/forms";
import type { ListSpec } from "~/lib/kit/list";
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
/** The destinations list; records live at `${DESTINATIONS_PATH}/editar/:id`. */
export const DESTINATIONS_PATH = "/cadastros/destinos";

export const destinationSchema = z.object(destinationFields).superRefine(refineDestination).transform(finish);
/** Editar destino: the same, plus the version the form was loaded with. */
export const destinationEditSchema = z
  .object({ ...destinationFields, version: versionField() })
  .superRefine(refineDestination)
  .transform(finish);

export type DestinationInput = z.output<typeof destinationSchema>;

export const DESTINATION_SORTS = ["name", "createdAt"] as const;
export type DestinationSort = (typeof DESTINATION_SORTS)[number];

const LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
/**
 * Every code of the ISO 3166-1 alpha-2 shape (AA…ZZ): the country filter accepts
 * any of them (a code no destination has simply lists nothing); anything else in
 * the URL is dropped.
 */
export const COUNTRY_CODES: readonly string[] = [...LETTERS].flatMap((a) => [...LETTERS].map((b) => `${a}${b}`));

export const destinationListSpec = {
  sorts: DESTINATION_SORTS,
  defaultSort: "name",
  filters: { country: COUNTRY_CODES },
} as const satisfies ListSpec<DestinationSort, "country">;

/** The CSV columns, in order (the cover image is left out). */
export const DESTINATION_CSV_COLUMNS = ["name", "city", "state", "country", "description"] as const;
export type DestinationCsvColumn = (typeof DESTINATION_CSV_COLUMNS)[number];

export function destinationToCsvRow(d: { name: string; city: string | null; state: string | null; country: string; description: string | null }): Record<DestinationCsvColumn, string> {
  return { name: d.name, city: d.city ?? "", state: d.state ?? "", country: d.country, description: d.description ?? "" };
}

/** "Gramado - RS", "Lisboa", or null. */
export function placeOf(d: { city: string | null; state: string | null }): string | null {
  if (d.city && d.state) return `${d.city} - ${d.state}`;
  return d.city ?? d.state ?? null;
}

/** A country's name in `language` ("BR" → "Brasil"), or the code when unknown. */
export function countryName(code: string, language: string): string {
  try {
    return new Intl.DisplayNames([language], { type: "region", fallback: "code" }).of(code) ?? code;
  } catch {
    return code;
  }
}

/**
 * Destinations (Cadastros → Destinos): the form schema shared by browser and
 * server, the list's sorts and filter, and the CSV columns. The cover image is
 * not part of this form: it has its own upload and remove intents on the edit
 * screen (destination.server.ts), and it is not exported.
 */
import type { ListSpec } from "~/lib/kit/list";

export type { DestinationInput } from "~/lib/registers/destination.schema";

/** The destinations list; records live at `${DESTINATIONS_PATH}/editar/:id`. */
export const DESTINATIONS_PATH = "/cadastros/destinos";

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

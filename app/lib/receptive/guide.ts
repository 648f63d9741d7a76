/**
 * Guides (Receptivo → Guias): tour guides with their CADASTUR registration
 * (number and expiry, checked by the schedule and the excursions' checklist)
 * and the languages they guide in. Form schema, list spec, CSV.
 */
import type { ListSpec } from "~/lib/kit/list";
import { formatCpf, formatPhone } from "~/lib/platform/br-documents";
import { ACTIVE_FILTER } from "~/lib/receptive/driver";

export type { GuideInput } from "~/lib/receptive/guide.schema";

/** Languages a guide may work in (ISO 639-1), in the order the form offers them. */
export const GUIDE_LANGUAGES = ["pt", "es", "en", "fr", "it", "de", "ja", "zh", "ko", "ru", "he", "ar", "nl"] as const;
export type GuideLanguage = (typeof GUIDE_LANGUAGES)[number];

export const GUIDE_SORTS = ["name", "cadasturExpiry", "createdAt"] as const;
export type GuideSort = (typeof GUIDE_SORTS)[number];
export type GuideFilter = "language" | "status";

export const guideListSpec = {
  sorts: GUIDE_SORTS,
  defaultSort: "name",
  filters: { language: GUIDE_LANGUAGES, status: ACTIVE_FILTER },
} as const satisfies ListSpec<GuideSort, GuideFilter>;

type GuideRow = {
  name: string;
  cpf: string | null;
  phone: string | null;
  email: string | null;
  cadasturNumber: string | null;
  cadasturExpiry: string | null;
  languages: string[];
  notes: string | null;
  active: boolean;
};

export const guideFormValues = (r: GuideRow) => ({
  name: r.name,
  cpf: r.cpf ? formatCpf(r.cpf) : "",
  phone: r.phone ? formatPhone(r.phone) : "",
  email: r.email ?? "",
  cadasturNumber: r.cadasturNumber ?? "",
  cadasturExpiry: r.cadasturExpiry ?? "",
  languages: r.languages,
  notes: r.notes ?? "",
  active: r.active ? "on" : "",
});

export const GUIDE_CSV_COLUMNS = ["name", "cpf", "phone", "email", "cadasturNumber", "cadasturExpiry", "languages", "active", "notes"] as const;
export const guideToCsvRow = (r: GuideRow): Record<(typeof GUIDE_CSV_COLUMNS)[number], string> => ({
  ...guideFormValues(r),
  languages: r.languages.join("|"),
  active: r.active ? "1" : "0",
});

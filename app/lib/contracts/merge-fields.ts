/**
 * The merge fields a contract template can use, grouped as the editor's picker
 * shows them. Labels are translation keys `contracts.fields.<group>.<name>`
 * (the key with its dot). The values come from the sale (contract-data.server.ts);
 * some fields give several lines (a list of passengers, items,
 * installments).
 */
export const MERGE_FIELD_GROUPS = {
  agency: ["name", "legalName", "cnpj", "cadastur", "address", "phone", "email", "website"],
  client: ["name", "document", "birthDate", "email", "phone", "address"],
  sale: ["number", "date", "kind", "seller", "notes"],
  passengers: ["list", "count"],
  items: ["list"],
  excursion: ["title", "destination", "departure", "return", "seats"],
  boarding: ["points"],
  payment: ["plan", "method", "term", "downPayment"],
  totals: ["price", "discount", "fees", "total"],
  contract: ["number", "today", "city"],
} as const;

type Groups = typeof MERGE_FIELD_GROUPS;
export type MergeFieldGroup = keyof Groups;
export type MergeFieldKey = { [G in MergeFieldGroup]: `${G}.${Groups[G][number]}` }[MergeFieldGroup];

export const MERGE_FIELD_KEYS: readonly MergeFieldKey[] = (Object.keys(MERGE_FIELD_GROUPS) as MergeFieldGroup[]).flatMap((g) =>
  MERGE_FIELD_GROUPS[g].map((name) => `${g}.${name}` as MergeFieldKey),
);

/** The translation key of a field's label. */
export const fieldLabelKey = (key: MergeFieldKey) => `contracts.fields.${key}`;

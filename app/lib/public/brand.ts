/** An agency's public pages' accent colour: a Radix accent name (Minha agência → Cor das páginas públicas). */
export const BRAND_COLORS = ["teal", "blue", "cyan", "green", "grass", "amber", "orange", "red", "crimson", "pink", "plum", "violet", "indigo", "gray"] as const;
export type BrandColor = (typeof BRAND_COLORS)[number];

/** A stored colour, or teal when it is not one of ours. */
export const brandColor = (value: string | null | undefined): BrandColor => ((BRAND_COLORS as readonly string[]).includes(value ?? "") ? (value as BrandColor) : "teal");

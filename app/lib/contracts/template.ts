/**
 * Contract templates (Contratos → Modelos, issue #17): what the browser and the
 * server share, without zod — the paths, the list's sorts and filters, the CSV
 * columns, the form's limits and error keys, who may change templates, and the
 * form's values. The form's schema is in template.schema.ts (loaded on demand),
 * the data access in template.server.ts.
 */
import type { Role } from "~/db/schema/platform";
import type { ContractLanguage, TemplateSaleKind } from "~/db/schema/contracts";
import type { ListSpec } from "~/lib/kit/list";

export type { TemplateInput } from "~/lib/contracts/template.schema";
export type { ContractLanguage, TemplateSaleKind };

/** The schema's CONTRACT_LANGUAGES and TEMPLATE_SALE_KINDS, repeated here so the browser's chunk never loads the drizzle schema (equal by template.test.ts). */
export const TEMPLATE_LANGUAGES = ["pt", "en", "es"] as const satisfies readonly ContractLanguage[];
export const TEMPLATE_KINDS = ["excursion", "emissivo", "any"] as const satisfies readonly TemplateSaleKind[];

/** The templates list; records live at `${TEMPLATES_PATH}/editar/:id`. */
export const TEMPLATES_PATH = "/contratos/modelos";
/** The preview's resource route: `?q=` finds sales, `?venda=<id>&idioma=<lang>` gives a sale's merge values. */
export const TEMPLATE_PREVIEW_PATH = "/contratos/modelos/pre-visualizar";

export const TEMPLATE_NAME_MAX = 120;
/** The posted body (the editor's JSON) may not be longer than this (parseTemplateBody's own limit). */
export const TEMPLATE_BODY_MAX_CHARS = 1_000_000;
/** Sales the preview's picker offers at most. */
export const PREVIEW_SALES_LIMIT = 20;

/** The template form's own error keys (app/locales/contracts/templates). */
export const templateErr = {
  body: "contracts.templates.errors.body",
  bodyTooLong: "contracts.templates.errors.bodyTooLong",
} as const;

/** Contract templates are the agency's legal text: Admins (and a SuperAdmin in the agency) change them; everyone reads them. */
export const TEMPLATE_MANAGERS: readonly Role[] = ["SuperAdmin", "Admin"];
export const canManageTemplates = (role: Role) => TEMPLATE_MANAGERS.includes(role);

export const TEMPLATE_SORTS = ["name", "updatedAt"] as const;
export type TemplateSort = (typeof TEMPLATE_SORTS)[number];
export type TemplateFilter = "language" | "kind";

export const templateListSpec = {
  sorts: TEMPLATE_SORTS,
  defaultSort: "name",
  filters: { language: TEMPLATE_LANGUAGES, kind: TEMPLATE_KINDS },
} as const satisfies ListSpec<TemplateSort, TemplateFilter>;

/** The form's values (strings, as posted): the body is the editor's JSON document. */
export type TemplateFormValues = {
  name: string;
  language: ContractLanguage;
  saleKind: TemplateSaleKind;
  isDefault: "on" | "";
  body: string;
};

/** The CSV columns of the export, in order. */
export const TEMPLATE_CSV_COLUMNS = ["name", "language", "saleKind", "isDefault", "currentVersion", "updatedAt"] as const;
export type TemplateCsvColumn = (typeof TEMPLATE_CSV_COLUMNS)[number];

export function templateToCsvRow(t: { name: string; language: string; saleKind: string; isDefault: boolean; currentVersion: number; updatedAt: string }): Record<TemplateCsvColumn, string> {
  return {
    name: t.name,
    language: t.language,
    saleKind: t.saleKind,
    isDefault: t.isDefault ? "1" : "0",
    currentVersion: String(t.currentVersion),
    updatedAt: t.updatedAt,
  };
}

/** A saved version of a template as the form lists it. */
export type TemplateVersionRow = { id: string; number: number; name: string; language: ContractLanguage; createdAt: string; who: string | null };

/** A sale the preview may be shown against. */
export type PreviewSale = { id: string; number: number; kind: "emissivo" | "excursion"; status: string; clientName: string; saleDate: string; totalCents: number; currency: string };

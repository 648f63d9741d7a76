/**
 * Guides on the server: the record store and screen spec, the list source and
 * page (the language filter reads the JSON list), and the CSV export.
 */
import { sql } from "drizzle-orm";
import { guide } from "~/db/schema";
import type { Scope } from "~/lib/platform/scope.server";
import type { ListQuery } from "~/lib/kit/list";
import { runList } from "~/lib/kit/list.server";
import { buildSearchText } from "~/lib/kit/search-text";
import { exportList, wholeRows } from "~/lib/kit/export.server";
import { findLiveDuplicate } from "~/lib/kit/duplicate.server";
import { listSourceOf, recordStore, type ReadScope } from "~/lib/kit/record.server";
import type { RecordSpec } from "~/lib/kit/record-action.server";
import { GUIDE_CSV_COLUMNS, guideFormValues, guideToCsvRow, type GuideFilter, type GuideInput, type GuideSort } from "~/lib/receptive/guide";
import { guideEditSchema, guideSchema } from "~/lib/receptive/guide.schema";
import { canManageReceptive, RECEPTIVE_PATHS } from "~/lib/receptive/fields";
import { activeWhere } from "~/lib/receptive/driver.server";
import { REFERENCES } from "~/lib/registers/references.server";

export const GUIDE_ENTITY = "guide";

export const guideStore = recordStore({
  table: guide,
  entity: GUIDE_ENTITY,
  label: (row) => row.name,
  softDelete: guide.deletedAt,
  searchText: guide.searchText,
  createdBy: guide.createdBy,
  references: REFERENCES.guide,
});

export type GuideQuery = ListQuery<GuideSort, GuideFilter>;

export const guideSource = listSourceOf<GuideSort, GuideFilter>(guideStore, {
  sortColumns: { name: guide.searchText, cadasturExpiry: guide.cadasturExpiry, createdAt: guide.createdAt },
  filterWhere: (f) => [
    // The language codes are a closed list (the spec's filter values), so the JSON match is exact.
    ...(f.language ? [sql`exists (select 1 from json_each(${guide.languages}) where value = ${f.language})`] : []),
    ...activeWhere(guide.active, f.status),
  ],
});

export type GuideListRow = {
  id: string;
  sortValue: string | number | null;
  name: string;
  phone: string | null;
  cadasturNumber: string | null;
  cadasturExpiry: string | null;
  languages: string[];
  active: boolean;
};

export function listGuides(scope: ReadScope, query: GuideQuery) {
  const { db } = scope;
  const sortColumn = guideSource.sortColumns[query.sort];
  return runList(scope, guideSource, query, (where, order, limit) =>
    db
      .select({
        id: guide.id,
        sortValue: sql<string | number | null>`${sortColumn}`,
        name: guide.name,
        phone: guide.phone,
        cadasturNumber: guide.cadasturNumber,
        cadasturExpiry: guide.cadasturExpiry,
        languages: guide.languages,
        active: guide.active,
      })
      .from(guide)
      .where(where)
      .orderBy(...order)
      .limit(limit) as Promise<GuideListRow[]>,
  );
}

export const guideSearchText = (r: { name: string; cpf: string | null; cadasturNumber: string | null; phone: string | null }) =>
  buildSearchText(r.name, r.cpf, r.cadasturNumber, r.phone);

export function guideValues(input: GuideInput) {
  return { ...input, searchText: guideSearchText(input) };
}

export const GUIDE_EMPTY = { active: "on", languages: ["pt"] };

export const guideSpec: RecordSpec<typeof guide, GuideInput> = {
  store: guideStore,
  listPath: RECEPTIVE_PATHS.guides,
  canDelete: canManageReceptive,
  schemas: { create: guideSchema, edit: guideEditSchema },
  values: guideValues,
  display: (row) => ({ ...guideFormValues(row), languages: row.languages.join(", ") }),
  duplicate: (scope, input, exceptId) => findLiveDuplicate(scope, guideStore, [{ field: "cpf", column: guide.cpf, value: input.cpf }], exceptId),
};

export function guidesCsv(scope: Scope, query: GuideQuery, filename: string) {
  return exportList(scope, guideSource, query, wholeRows(scope.db, guide, guideSource, query), GUIDE_CSV_COLUMNS, (r) => guideToCsvRow(r.row), filename);
}

/**
 * The default contract templates (default-templates.ts) as statements for an
 * agency's batch: each template, its version 1 and an audit row, marked as the
 * default of its kind. For an agency with no templates yet (a new agency): the
 * unique default-per-kind index refuses them otherwise.
 */
import { contractTemplate, contractTemplateVersion } from "~/db/schema";
import { newId, nowIso } from "~/db/schema/columns";
import { DEFAULT_TEMPLATES } from "~/lib/contracts/default-templates";
import { auditInsert } from "~/lib/platform/audit.server";
import type { Db } from "~/lib/platform/db.server";
import { buildSearchText } from "~/lib/kit/search-text";

const TEMPLATE_ENTITY = "contract_template";

export function defaultTemplateStatements(db: Db, agencyId: string, userId: string | null, at: string = nowIso()) {
  return DEFAULT_TEMPLATES.flatMap((t) => {
    const id = newId();
    return [
      db.insert(contractTemplate).values({
        id,
        agencyId,
        name: t.name,
        language: t.language,
        saleKind: t.saleKind,
        isDefault: true,
        body: t.body,
        currentVersion: 1,
        searchText: buildSearchText(t.name),
        createdBy: userId,
        createdAt: at,
        updatedAt: at,
      }),
      db.insert(contractTemplateVersion).values({ id: newId(), agencyId, templateId: id, number: 1, name: t.name, language: t.language, body: t.body, createdBy: userId, createdAt: at }),
      auditInsert(db, {
        agencyId,
        userId,
        entity: TEMPLATE_ENTITY,
        entityId: id,
        action: "create",
        changes: { name: [null, t.name], language: [null, t.language], saleKind: [null, t.saleKind], isDefault: [null, true], currentVersion: [null, 1] },
      }),
    ];
  });
}

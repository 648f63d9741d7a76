/**
 * The default pipeline stages (stages.ts DEFAULT_STAGES) as statements for a new agency's
 * batch: Lead, Contato, Proposta, Negociação, Ganho (won) and Perdido (lost).
 */
import { crmStage } from "~/db/schema";
import { newId, nowIso } from "~/db/schema/columns";
import { DEFAULT_STAGES } from "~/lib/crm/stages";
import { POSITION_STEP } from "~/lib/kit/board-position";
import type { Db } from "~/lib/platform/db.server";

export function defaultStageStatements(db: Db, agencyId: string, at: string = nowIso()) {
  return [
    db.insert(crmStage).values(
      DEFAULT_STAGES.map((s, i) => ({
        id: newId(),
        agencyId,
        name: s.name,
        slug: s.slug,
        kind: s.kind,
        color: s.color,
        position: (i + 1) * POSITION_STEP,
        createdAt: at,
        updatedAt: at,
      })),
    ),
  ];
}

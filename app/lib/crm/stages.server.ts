/**
 * The stage settings (/crm/etapas): open stages are added, renamed, recoloured, reordered
 * and (when empty) deleted; the won and lost stages keep their kind and stay last. A new
 * stage's slug comes from its name (stages.ts freeStageSlug) and never changes after, so a
 * /crm/{stage} link stays valid through a rename. Admins only (the routes check).
 */
import { and, eq, sql } from "drizzle-orm";
import { crmStage, deal } from "~/db/schema";
import { newId, nowIso } from "~/db/schema/columns";
import { listStages, type StageRow } from "~/lib/crm/deal.server";
import { freeStageSlug, MAX_STAGES, type StageColor } from "~/lib/crm/stages";
import { POSITION_STEP } from "~/lib/kit/board-position";
import { auditInsert } from "~/lib/platform/audit.server";
import { announceBoard, type BoardsEnv } from "~/lib/platform/board-room.server";
import { fail, ok, type Result } from "~/lib/platform/result";
import type { Scope } from "~/lib/platform/scope.server";

const STAGE_ENTITY = "crm_stage";
export const canEditStages = (role: Scope["role"]) => role === "Admin" || role === "SuperAdmin";

const audit = (scope: Scope, id: string, action: "create" | "update" | "delete", changes: Record<string, [unknown, unknown]>) =>
  auditInsert(scope.db, { agencyId: scope.agencyId, userId: scope.userId, ip: scope.ip, entity: STAGE_ENTITY, entityId: id, action, changes });

const told = (scope: Scope, env: BoardsEnv) => announceBoard(env, scope.agencyId, "crm", { type: "changed", id: null, by: scope.userId });

/** Renumbers the stages in `order` (open ones first as given, then won and lost). */
function orderStatements(scope: Scope, order: StageRow[]) {
  const open = order.filter((s) => s.kind === "open");
  const closed = [...order.filter((s) => s.kind === "won"), ...order.filter((s) => s.kind === "lost")];
  return [...open, ...closed]
    .map((s, i) => ({ s, position: (i + 1) * POSITION_STEP }))
    .filter(({ s, position }) => s.position !== position)
    .map(({ s, position }) => scope.db.update(crmStage).set({ position, updatedAt: nowIso() }).where(and(eq(crmStage.agencyId, scope.agencyId), eq(crmStage.id, s.id))));
}

export async function saveStage(scope: Scope, env: BoardsEnv, input: { stage: string; name: string; color: StageColor; version: number }): Promise<Result<object, "notFound" | "stale">> {
  const stages = await listStages(scope);
  const row = stages.find((s) => s.id === input.stage);
  if (!row) return fail("notFound");
  if (row.version !== input.version) return fail("stale");
  const result = await scope.db.batch([
    scope.db
      .update(crmStage)
      .set({ name: input.name, color: input.color, updatedAt: nowIso(), version: sql`${crmStage.version} + 1` })
      .where(and(eq(crmStage.agencyId, scope.agencyId), eq(crmStage.id, row.id), eq(crmStage.version, input.version))),
    audit(scope, row.id, "update", { name: [row.name, input.name], color: [row.color, input.color] }),
  ] as never);
  if (((result as { meta?: { changes?: number } }[])[0]?.meta?.changes ?? 0) === 0) return fail("stale");
  await told(scope, env);
  return ok();
}

export async function addStage(scope: Scope, env: BoardsEnv, input: { name: string; color: StageColor }): Promise<Result<{ id: string }, "tooMany">> {
  const stages = await listStages(scope);
  if (stages.length >= MAX_STAGES) return fail("tooMany");
  const id = newId();
  const slug = freeStageSlug(input.name, stages.map((s) => s.slug));
  const lastOpen = stages.filter((s) => s.kind === "open").length;
  const at = nowIso();
  const placeholder = { ...stages[0]!, id, kind: "open" as const, position: 0 };
  const order = [...stages.filter((s) => s.kind === "open"), placeholder, ...stages.filter((s) => s.kind !== "open")];
  await scope.db.batch([
    scope.db.insert(crmStage).values({ id, agencyId: scope.agencyId, name: input.name, slug, kind: "open", color: input.color, position: (lastOpen + 1) * POSITION_STEP, createdAt: at, updatedAt: at }),
    ...orderStatements(scope, order).filter((st) => st !== undefined),
    audit(scope, id, "create", { name: [null, input.name], slug: [null, slug], color: [null, input.color] }),
  ] as never);
  await told(scope, env);
  return ok({ id });
}

export async function moveStage(scope: Scope, env: BoardsEnv, input: { stage: string; direction: "up" | "down" }): Promise<Result<object, "notFound" | "fixed">> {
  const stages = await listStages(scope);
  const open = stages.filter((s) => s.kind === "open");
  const i = open.findIndex((s) => s.id === input.stage);
  if (i < 0) return stages.some((s) => s.id === input.stage) ? fail("fixed") : fail("notFound");
  const j = input.direction === "up" ? i - 1 : i + 1;
  if (j < 0 || j >= open.length) return ok();
  [open[i], open[j]] = [open[j]!, open[i]!];
  const statements = orderStatements(scope, [...open, ...stages.filter((s) => s.kind !== "open")]);
  if (statements.length) await scope.db.batch([...statements, audit(scope, input.stage, "update", { position: [i + 1, j + 1] })] as never);
  await told(scope, env);
  return ok();
}

/** Deletes an open stage no deal (live or deleted) is in. */
export async function deleteStage(scope: Scope, env: BoardsEnv, stageId: string): Promise<Result<object, "notFound" | "fixed" | "notEmpty">> {
  const stages = await listStages(scope);
  const row = stages.find((s) => s.id === stageId);
  if (!row) return fail("notFound");
  if (row.kind !== "open") return fail("fixed");
  const [used] = await scope.db
    .select({ id: deal.id })
    .from(deal)
    .where(and(eq(deal.agencyId, scope.agencyId), eq(deal.stageId, row.id)))
    .limit(1);
  if (used) return fail("notEmpty");
  try {
    await scope.db.batch([
      scope.db.delete(crmStage).where(and(eq(crmStage.agencyId, scope.agencyId), eq(crmStage.id, row.id), sql`not exists (select 1 from "deal" where "deal"."agency_id" = ${scope.agencyId} and "deal"."stage_id" = ${row.id})`)),
      audit(scope, row.id, "delete", { name: [row.name, null], slug: [row.slug, null] }),
    ] as never);
  } catch {
    return fail("notEmpty");
  }
  await told(scope, env);
  return ok();
}

/**
 * Pipeline stages (issue #18): the defaults every agency starts with, the slug rules
 * (a stage's slug is the /crm/{stage} segment, so it may not take a segment the CRM's
 * own pages use), the colours offered, and the sparse positions of cards and columns.
 * Pure: browser and server.
 */
import type { StageKind } from "~/db/schema/crm";

export const CRM_PATH = "/crm";
/** The stage settings screen (a fixed segment no stage may take). */
export const STAGES_PATH = "/crm/etapas";

/** Segments under /crm that are pages of their own: never a stage's slug. */
export const RESERVED_STAGE_SLUGS = ["etapas", "negocios", "negocio", "novo", "editar", "exportar", "mover", "orcamentos", "orcamento"] as const;

export type DefaultStage = { name: string; slug: string; kind: StageKind; color: string };

/** Lead, Contato, Proposta, Negociação (open), Ganho (won), Perdido (lost). */
export const DEFAULT_STAGES: readonly DefaultStage[] = [
  { name: "Lead", slug: "lead", kind: "open", color: "gray" },
  { name: "Contato", slug: "contato", kind: "open", color: "blue" },
  { name: "Proposta", slug: "proposta", kind: "open", color: "violet" },
  { name: "Negociação", slug: "negociacao", kind: "open", color: "amber" },
  { name: "Ganho", slug: "ganho", kind: "won", color: "green" },
  { name: "Perdido", slug: "perdido", kind: "lost", color: "red" },
];

/** The Radix accent colours a stage may take. */
export const STAGE_COLORS = ["gray", "blue", "cyan", "teal", "green", "grass", "amber", "orange", "red", "crimson", "pink", "plum", "violet", "indigo"] as const;
export type StageColor = (typeof STAGE_COLORS)[number];

// (Cards' positions in a column: kit/board-position.ts. This module stays import-free: the seed runs it in plain Node.)
export const MAX_STAGES = 20;

/** A name → its slug: lower-case ascii without accents, words joined by hyphens, at most 60 characters. */
export function stageSlug(name: string): string {
  return name
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60)
    .replace(/-+$/g, "");
}

/** Whether a slug may name a stage: the database's rule, and not a CRM page's segment. */
export function isValidStageSlug(slug: string): boolean {
  return /^[a-z0-9-]{1,60}$/.test(slug) && !(RESERVED_STAGE_SLUGS as readonly string[]).includes(slug);
}

/**
 * A slug for a new stage named `name` that none of `taken` has: its own slug, a reserved or
 * empty one prefixed "etapa", then "-2", "-3"... suffixes.
 */
export function freeStageSlug(name: string, taken: readonly string[]): string {
  let base = stageSlug(name);
  if (!isValidStageSlug(base)) base = stageSlug(`etapa ${base}`) || "etapa";
  const used = new Set(taken);
  if (!used.has(base)) return base;
  for (let n = 2; ; n++) {
    const suffix = `-${n}`;
    const candidate = base.slice(0, 60 - suffix.length).replace(/-+$/g, "") + suffix;
    if (!used.has(candidate)) return candidate;
  }
}

/** Whole days between an instant and now (a card's "days in stage"). */
export function daysSince(iso: string, now: Date = new Date()): number {
  const ms = now.getTime() - Date.parse(iso);
  return Number.isFinite(ms) && ms > 0 ? Math.floor(ms / 86_400_000) : 0;
}

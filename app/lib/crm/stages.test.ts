import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DEFAULT_STAGES, freeStageSlug, isValidStageSlug, RESERVED_STAGE_SLUGS, stageSlug } from "~/lib/crm/stages";
import { positionBetween, POSITION_STEP, spreadPositions } from "~/lib/kit/board-position";

describe("stage slugs", () => {
  it("are the default stages' /crm segments", () => {
    expect(DEFAULT_STAGES.map((s) => s.slug)).toEqual(["lead", "contato", "proposta", "negociacao", "ganho", "perdido"]);
    expect(DEFAULT_STAGES.filter((s) => s.kind === "won")).toHaveLength(1);
    expect(DEFAULT_STAGES.filter((s) => s.kind === "lost")).toHaveLength(1);
    expect(stageSlug("Negociação")).toBe("negociacao");
    expect(stageSlug("  Pós-venda / VIP!! ")).toBe("pos-venda-vip");
  });

  it("never take a CRM page's segment, and stay within the database's rule", () => {
    for (const reserved of RESERVED_STAGE_SLUGS) {
      expect(isValidStageSlug(reserved)).toBe(false);
      expect(isValidStageSlug(freeStageSlug(reserved, []))).toBe(true);
    }
    fc.assert(
      fc.property(fc.string({ maxLength: 80 }), fc.array(fc.string({ maxLength: 12 }), { maxLength: 10 }), (name, taken) => {
        const slug = freeStageSlug(name, taken);
        expect(isValidStageSlug(slug)).toBe(true);
        expect(taken).not.toContain(slug);
      }),
    );
  });

  it("get a suffix when taken", () => {
    expect(freeStageSlug("Lead", ["lead"])).toBe("lead-2");
    expect(freeStageSlug("Lead", ["lead", "lead-2"])).toBe("lead-3");
    expect(freeStageSlug("etapas", [])).toBe("etapa-etapas");
    expect(freeStageSlug("!!!", [])).toBe("etapa");
  });
});

describe("card positions", () => {
  it("fall strictly between the neighbours, or ask for a renumbering", () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e9, max: 1e9 }), fc.integer({ min: 0, max: 1e9 }), (a, gap) => {
        const p = positionBetween(a, a + gap);
        if (gap < 2) expect(p).toBeNull();
        else {
          expect(p).toBeGreaterThan(a);
          expect(p).toBeLessThan(a + gap);
          expect(Number.isInteger(p)).toBe(true);
        }
      }),
    );
    expect(positionBetween(null, null)).toBe(POSITION_STEP);
    expect(positionBetween(null, 10)).toBe(10 - POSITION_STEP);
    expect(positionBetween(10, null)).toBe(10 + POSITION_STEP);
    expect(spreadPositions(3)).toEqual([POSITION_STEP, 2 * POSITION_STEP, 3 * POSITION_STEP]);
  });
});

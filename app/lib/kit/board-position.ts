/**
 * A card's place in a board column (the CRM pipeline, the task board; decision 0013):
 * a sparse integer, so a move writes one row — the midpoint of its neighbours — and
 * the column is renumbered only when two neighbours leave no gap.
 */

/** The gap between neighbours when a column is numbered afresh. */
export const POSITION_STEP = 1024;

/**
 * The position of a card dropped between `before` (the card above, or null at the
 * top) and `after` (the card below, or null at the bottom); null when the two are
 * adjacent integers and the column must be renumbered first.
 */
export function positionBetween(before: number | null, after: number | null): number | null {
  if (before === null && after === null) return POSITION_STEP;
  if (before === null) return after! - POSITION_STEP;
  if (after === null) return before + POSITION_STEP;
  if (after - before < 2) return null;
  return before + Math.floor((after - before) / 2);
}

/** Fresh sparse positions for `count` cards in order: STEP, 2·STEP, … */
export const spreadPositions = (count: number) => Array.from({ length: count }, (_, i) => (i + 1) * POSITION_STEP);

/**
 * The live boards (issue #18): one room per agency and board — the CRM pipeline,
 * the task board and the dashboard's figures (decision 0022) — named `{agencyId}:{board}`. The room decides nothing: the app
 * writes D1 first, then announces what changed (board-room.server.ts announceBoard),
 * and every open board applies a move at once and re-reads the rest.
 */
export const BOARDS_PARTY = "boards";
export const BOARD_KINDS = ["crm", "tasks", "dashboard"] as const;
export type BoardKind = (typeof BOARD_KINDS)[number];

export const boardRoomName = (agencyId: string, board: BoardKind) => `${agencyId}:${board}`;

/** The room name's parts, or null when it is not `{agencyId}:{crm|tasks}`. */
export function parseBoardRoom(name: string): { agencyId: string; board: BoardKind } | null {
  const parts = name.split(":");
  if (parts.length !== 2 || !parts[0] || name.length > 200) return null;
  const board = parts[1] as BoardKind;
  return BOARD_KINDS.includes(board) ? { agencyId: parts[0], board } : null;
}

/**
 * A card moved to a column (a stage id, or a task status) at a position; `version`
 * the card's version after the move. `by` the user who moved it.
 */
export type BoardMove = { type: "moved"; id: string; column: string; position: number; version: number; by: string };
/** Something else changed (a card created, edited, deleted): boards re-read. */
export type BoardChange = { type: "changed"; id: string | null; by: string };
export type BoardEvent = BoardMove | BoardChange;
export type BoardRoomEvent = BoardEvent | { type: "pong" };

/** The room's RPC surface (the Durable Object class lives in party/boards.ts). */
export type BoardRoom = {
  announce(event: BoardEvent): Promise<number>;
  connectionCount(): Promise<number>;
};

/**
 * The live boards' server side (board-room.ts): announcing a change to an agency's
 * board room, and the room's handshake.
 */
import { getServerByName, routePartykitRequest, type Server } from "partyserver";
import { BOARDS_PARTY, boardRoomName, parseBoardRoom, type BoardEvent, type BoardKind, type BoardRoom } from "~/lib/platform/board-room";
import { plainFailure } from "~/lib/platform/http";
import { roomViewer } from "~/lib/platform/realtime.server";

/** The Durable Object class (and binding) of the board rooms. */
export const BOARDS_CLASS = "Boards";

/** The app Worker has the board rooms; a Worker without them announces nothing. */
export type BoardsEnv = { Boards?: DurableObjectNamespace };

/** Tells the agency's open boards what D1 now holds; false when the room could not be reached (boards re-read on reconnect). */
export async function announceBoard(env: BoardsEnv, agencyId: string, board: BoardKind, event: BoardEvent): Promise<boolean> {
  if (!env.Boards) return false;
  try {
    const stub = await getServerByName(env.Boards as unknown as DurableObjectNamespace<Server>, boardRoomName(agencyId, board));
    await (stub as unknown as BoardRoom).announce(event);
    return true;
  } catch (error) {
    console.warn(`board room ${agencyId}:${board} unreachable`, error);
    return false;
  }
}

/**
 * /parties/boards/{agencyId}:{crm|tasks}: accepted from the app's origin, for an active
 * member of the room's agency (a SuperAdmin working in it). Anything else is refused
 * before the upgrade.
 */
export async function authorizeBoardRoom(request: Request, rawEnv: Env, room: string): Promise<Response | undefined> {
  const parsed = parseBoardRoom(room);
  if (!parsed) return plainFailure(404);
  const viewer = await roomViewer(request, rawEnv);
  if (viewer instanceof Response) return viewer;
  if (viewer.agencyId !== parsed.agencyId) return plainFailure(403);
  return undefined;
}

/** Whether a /parties/ path is a board room's. */
export const isBoardRoomPath = (pathname: string) => pathname.startsWith(`/parties/${BOARDS_PARTY}/`);

/** Routes a board room's WebSocket upgrade (only upgrades come from outside; announcements use the binding). */
export async function handleBoardPartyRequest(request: Request, env: Env): Promise<Response> {
  if (request.headers.get("Upgrade")?.toLowerCase() !== "websocket") return plainFailure(404);
  const res = await routePartykitRequest(request, env, {
    onBeforeConnect: (req, lobby) => (lobby.className === BOARDS_CLASS ? authorizeBoardRoom(req, env, lobby.name) : plainFailure(404)),
  });
  return res ?? plainFailure(404);
}

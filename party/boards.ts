import { Server, type Connection } from "partyserver";
import { broadcast, countConnections } from "./room";
import type { BoardEvent, BoardRoomEvent } from "~/lib/platform/board-room";

/**
 * One room per agency board (`{agencyId}:crm`, `{agencyId}:tasks`), hibernating.
 * It keeps nothing: the app writes D1, then announces the change here (RPC
 * `announce`) and the room broadcasts it to every open board. A board that
 * (re)connects re-reads the page, so a missed announcement loses nothing. Who may
 * connect is decided before the upgrade (board-room.server.ts authorizeBoardRoom).
 */
export class Boards extends Server<Env> {
  static options = { hibernate: true };

  async announce(event: BoardEvent): Promise<number> {
    return broadcast(this.getConnections(), JSON.stringify(event satisfies BoardRoomEvent));
  }

  async connectionCount(): Promise<number> {
    return countConnections(this.getConnections());
  }

  onMessage(connection: Connection, message: string | ArrayBuffer | ArrayBufferView) {
    if (message === "ping") connection.send(JSON.stringify({ type: "pong" } satisfies BoardRoomEvent));
  }

  onRequest(): Response {
    return new Response(null, { status: 404 });
  }
}

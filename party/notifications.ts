import { Server, type Connection } from "partyserver";
import { broadcast, countConnections } from "./room";
import type { RoomEvent } from "~/lib/platform/realtime-events";

export type { RoomEvent };

/**
 * One room per user id (the room name), hibernating: the Durable Object is
 * evicted between messages while sockets stay open. Who may connect is decided
 * before the upgrade reaches the room (app/lib/platform/realtime.server.ts); pushes come
 * only through the Durable Object binding (RPC `push`), never from the outside.
 */
export class Notifications extends Server<Env> {
  static options = { hibernate: true };

  /** Sends an event to every open socket of this user; returns how many got it. */
  async push(event: RoomEvent): Promise<number> {
    return broadcast(this.getConnections(), JSON.stringify(event));
  }

  /** Open sockets in this room (for tests and the bench). */
  async connectionCount(): Promise<number> {
    return countConnections(this.getConnections());
  }

  onRequest(): Response {
    return new Response("Not found", { status: 404 });
  }

  onMessage(connection: Connection, message: string | ArrayBuffer | ArrayBufferView) {
    if (message === "ping") connection.send(JSON.stringify({ type: "pong" }));
  }
}

import { Server, type Connection } from "partyserver";
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
    const body = JSON.stringify(event);
    let delivered = 0;
    for (const conn of this.getConnections()) {
      try {
        conn.send(body);
        delivered++;
      } catch {
        // a socket closing meanwhile: the client catches up on reconnect
      }
    }
    return delivered;
  }

  /** Open sockets in this room (for tests and the bench). */
  async connectionCount(): Promise<number> {
    let n = 0;
    for (const _ of this.getConnections()) n++;
    return n;
  }

  onRequest(): Response {
    return new Response("Not found", { status: 404 });
  }

  onMessage(connection: Connection, message: string | ArrayBuffer | ArrayBufferView) {
    if (message === "ping") connection.send(JSON.stringify({ type: "pong" }));
  }
}

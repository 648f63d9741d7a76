import { Server, type Connection } from "partyserver";

/**
 * One room per user id (the room name). Hibernating: the Durable Object is
 * evicted between messages while sockets stay open.
 * The handshake (session, own room, origin) is checked by the app Worker
 * before the request reaches the room (app/lib/realtime.server.ts).
 */
export class Notifications extends Server<Env> {
  static options = { hibernate: true };

  /** Internal push from notify(): POST /push with a JSON event. */
  async onRequest(request: Request): Promise<Response> {
    if (request.method !== "POST") return new Response("Method not allowed", { status: 405 });
    const body = await request.text();
    let delivered = 0;
    for (const conn of this.getConnections()) {
      conn.send(body);
      delivered++;
    }
    return Response.json({ delivered });
  }

  onMessage(connection: Connection, message: string | ArrayBuffer | ArrayBufferView) {
    // Clients only ping; anything else is ignored.
    if (message === "ping") connection.send(JSON.stringify({ type: "pong" }));
  }
}

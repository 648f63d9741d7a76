import { Server, type Connection, type ConnectionContext } from "partyserver";
import { broadcast, countConnections } from "./room";
import { seatAudience } from "~/lib/sales/seats.server";
import { parseSeatRoom, type HeldSeat, type PublicSeatRoomEvent, type SeatAudience, type SeatEvent, type SeatRoomEvent } from "~/lib/sales/seats";

/**
 * One room per excursion of an agency (room name `{agencyId}:{excursionId}`),
 * hibernating. The room never decides anything: the app writes a hold, release
 * or sale to D1 first and then announces it here (RPC `announce`), and the room
 * broadcasts it to every seller on the seat map. On connect a socket gets the
 * seats as D1 has them (the seat rule, operational-seats.server.ts). The room
 * keeps an alarm at the earliest hold expiry it knows; when it rings it reads D1
 * again and announces the holds that lapsed as free. Who may connect is decided
 * before the upgrade (lib/sales/seats.server.ts authorizeSeatRoom).
 *
 * Two audiences, told apart by the connection's tag (set from the handshake, never
 * from the client): sellers ("staff") get every seat with who holds it; visitors of the
 * public excursion page ("public", authorizePublicSeatRoom) get only the counts the page
 * shows (total, held, sold, free), on connect and after every announce and alarm, and
 * their socket is closed when the excursion is no longer public. A visitor's messages are
 * ignored, except the ping.
 */
export class ExcursionSeats extends Server<Env> {
  static options = { hibernate: true };

  /** Broadcasts changes D1 already holds; returns how many sockets got them. */
  async announce(events: SeatEvent[]): Promise<number> {
    let delivered = 0;
    for (const event of events) delivered = Math.max(delivered, this.send(event));
    if (events.length > 0) await this.remember(events);
    await this.sendPlaces();
    return delivered;
  }

  /** A socket's audience, from the handshake's mark (seats.server.ts removes any the client sent). */
  getConnectionTags(_connection: Connection, ctx: ConnectionContext): SeatAudience[] {
    return [seatAudience(ctx.request)];
  }

  /** Open sockets in this room (for tests and the bench). */
  async connectionCount(): Promise<number> {
    return countConnections(this.getConnections());
  }

  async onConnect(connection: Connection, ctx: ConnectionContext) {
    if (this.getConnectionTags(connection, ctx)[0] === "public") {
      await this.sendPlaces([connection]);
      return;
    }
    const { seats } = await this.readSeats();
    connection.send(JSON.stringify({ type: "seats", seats } satisfies SeatRoomEvent));
  }

  onMessage(connection: Connection, message: string | ArrayBuffer | ArrayBufferView) {
    if (message === "ping") connection.send(JSON.stringify({ type: "pong" } satisfies SeatRoomEvent));
  }

  onRequest(): Response {
    return new Response(null, { status: 404 });
  }

  /** The alarm: the holds this room announced that D1 no longer counts are free now. */
  async onAlarm() {
    const known = (await this.ctx.storage.get<Record<string, string | null>>("holds")) ?? {};
    const { seats, holds } = await this.readSeats();
    const taken = new Set(seats.map((s) => s.seat));
    const lapsed: SeatEvent[] = [];
    for (const seat of Object.keys(known)) {
      if (!taken.has(Number(seat))) lapsed.push({ type: "seat", seat: Number(seat), state: "free", by: null, expiresAt: null });
    }
    for (const event of lapsed) this.send(event);
    await this.store(holds);
    await this.sendPlaces();
  }

  /** A seller's event: to the sellers' sockets only (it names who holds the seat). */
  private send(event: SeatRoomEvent): number {
    return broadcast(this.getConnections("staff"), JSON.stringify(event));
  }

  /**
   * The counts the public page shows, read from D1, to the visitors' sockets (or the one
   * that just connected). No D1 read when no visitor is connected; when the excursion is
   * no longer public its visitors' sockets are closed.
   */
  private async sendPlaces(to: Connection[] = [...this.getConnections("public")]) {
    if (to.length === 0) return;
    const room = parseSeatRoom(this.name);
    const [{ publicPlaces }, { createDb }] = await Promise.all([import("~/lib/public/catalog.server"), import("~/lib/platform/db.server")]);
    const places = room ? await publicPlaces(createDb(this.env.DB), room.agencyId, room.excursionId) : null;
    if (!places) {
      for (const conn of to) conn.close(4404, "not public");
      return;
    }
    broadcast(to, JSON.stringify({ type: "places", places } satisfies PublicSeatRoomEvent));
  }

  private async readSeats() {
    const room = parseSeatRoom(this.name);
    if (!room) return { seats: [], holds: [] };
    const [{ seatSnapshot }, { createDb }] = await Promise.all([import("~/lib/sales/seats.server"), import("~/lib/platform/db.server")]);
    return seatSnapshot({ db: createDb(this.env.DB), agencyId: room.agencyId }, room.excursionId);
  }

  /** Keeps the holds announced (seat → expiry) and the alarm at the earliest expiry. */
  private async remember(events: SeatEvent[]) {
    const known = (await this.ctx.storage.get<Record<string, string | null>>("holds")) ?? {};
    for (const e of events) {
      if (e.state === "held") known[e.seat] = e.expiresAt;
      else delete known[e.seat];
    }
    await this.store(Object.entries(known).map(([seat, expiresAt]) => ({ seat: Number(seat), expiresAt })));
  }

  private async store(holds: HeldSeat[]) {
    const record: Record<string, string | null> = {};
    let earliest: number | null = null;
    for (const h of holds) {
      record[h.seat] = h.expiresAt;
      if (h.expiresAt !== null && (earliest === null || Date.parse(h.expiresAt) < earliest)) earliest = Date.parse(h.expiresAt);
    }
    await this.ctx.storage.put("holds", record);
    // A hold already past its expiry rings at once; a little after the expiry, so D1 counts it lapsed.
    if (earliest !== null) await this.ctx.storage.setAlarm(Math.max(Date.now(), earliest) + 250);
    else await this.ctx.storage.deleteAlarm();
  }
}

import type { Connection } from "partyserver";

/**
 * What every room does with its sockets (notifications, seat maps, boards): send one
 * body to all of them — a socket closing meanwhile is skipped, its client re-reads on
 * reconnect — and count them (for tests and the bench).
 */
export function broadcast(connections: Iterable<Connection>, body: string): number {
  let delivered = 0;
  for (const conn of connections) {
    try {
      conn.send(body);
      delivered++;
    } catch {
      // closing meanwhile
    }
  }
  return delivered;
}

export function countConnections(connections: Iterable<Connection>): number {
  let n = 0;
  for (const _ of connections) n++;
  return n;
}

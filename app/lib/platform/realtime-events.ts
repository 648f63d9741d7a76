/** What a user's notification room (party/notifications.ts) sends to its sockets. */
export type RoomEvent =
  | {
      type: "notification";
      notification: { id: string; title: string; message: string; link: string | null; read: boolean; createdAt: string };
    }
  | { type: "read"; ids: string[] }
  | { type: "read-all" };

/** The room's RPC surface the app uses (the Durable Object class lives in party/notifications.ts). */
export type NotificationRoom = {
  push(event: RoomEvent): Promise<number>;
  connectionCount(): Promise<number>;
};

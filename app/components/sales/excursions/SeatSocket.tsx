/**
 * The seat map's live part, a chunk of its own (LiveSeatMap loads it after
 * hydration, on the manage page only): the socket to the excursion's seat room.
 * It renders nothing; it hands the room's events to the map.
 */
import usePartySocket from "partysocket/react";
import type { SeatRoomEvent } from "~/lib/sales/seats";
import { SEATS_PARTY } from "~/lib/sales/seats";

export function SeatSocket({ room, onEvent, onOpen, onClose }: { room: string; onEvent: (event: SeatRoomEvent) => void; onOpen: () => void; onClose: () => void }) {
  usePartySocket({
    party: SEATS_PARTY,
    room,
    onOpen,
    onClose,
    onMessage: (message: MessageEvent) => {
      try {
        onEvent(JSON.parse(String(message.data)) as SeatRoomEvent);
      } catch {
        // not a room event
      }
    },
  });
  return null;
}

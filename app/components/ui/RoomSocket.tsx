/**
 * A live room's socket (partysocket), a chunk of its own: screens load it after
 * hydration (the seat map, the boards). It renders nothing; it hands the room's
 * events to the screen. The notification bell keeps its own socket in the shell.
 */
import usePartySocket from "partysocket/react";

export function RoomSocket<Event>({
  party,
  room,
  onEvent,
  onOpen,
  onClose,
}: {
  party: string;
  room: string;
  onEvent: (event: Event) => void;
  onOpen: () => void;
  onClose: () => void;
}) {
  usePartySocket({
    party,
    room,
    onOpen,
    onClose,
    onMessage: (message: MessageEvent) => {
      try {
        onEvent(JSON.parse(String(message.data)) as Event);
      } catch {
        // not a room event
      }
    },
  });
  return null;
}

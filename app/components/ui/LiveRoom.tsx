/**
 * A live room on a screen (the seat map, the boards): loads the socket
 * (RoomSocket, partysocket) as its own chunk after hydration, then hands the
 * room's events to the screen. Renders nothing.
 */
import { useEffect, useState, type ComponentType } from "react";

type Props<Event> = { party: string; room: string; onEvent: (event: Event) => void; onOpen: () => void; onClose: () => void };

export function LiveRoom<Event>(props: Props<Event>) {
  const [Socket, setSocket] = useState<ComponentType<Props<Event>> | null>(null);
  useEffect(() => {
    let cancelled = false;
    import("~/components/ui/RoomSocket").then(
      (m) => !cancelled && setSocket(() => m.RoomSocket as ComponentType<Props<Event>>),
      () => undefined, // offline: the screen keeps what it loaded
    );
    return () => {
      cancelled = true;
    };
  }, []);
  return Socket ? <Socket {...props} /> : null;
}

/**
 * The live seat map of an excursion sale (issue #16 item 3): the seats as D1
 * had them when the page loaded, then every change the excursion's seat room
 * broadcasts (another seller's hold, a release, a sale, a lapse) without a
 * reload. This sale's holds show as selected (click to release); a free seat
 * is held with a click. The socket (partysocket) is a chunk loaded after
 * hydration, on this page only.
 */
import { Flex, Text } from "@radix-ui/themes";
import { Check } from "lucide-react";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { SeatMap, SeatMapLegend, type SeatState } from "~/components/services/SeatMap";
import { LiveRoom } from "~/components/ui/LiveRoom";
import { applySeatEvent, HOLD_MINUTES, SEATS_PARTY, type MapSeat, type SeatEvent, type SeatRoomEvent } from "~/lib/sales/seats";
import type { SeatLayout } from "~/lib/services/seat-layout";

export type LiveSeat = Omit<SeatEvent, "type">;

function fromSnapshot(seats: readonly LiveSeat[], me: string): Record<number, MapSeat> {
  let out: Record<number, MapSeat> = {};
  for (const s of seats) out = applySeatEvent(out, s, me);
  return out;
}

export function LiveSeatMap({
  layout,
  room,
  me,
  seats,
  mine,
  disabled,
  onHold,
  onRelease,
}: {
  layout: SeatLayout;
  room: string;
  me: string;
  /** The taken seats when the page was (re)loaded. */
  seats: readonly LiveSeat[];
  /** This sale's held seats (seat → place id): selected on the map, a click releases them. */
  mine: ReadonlyMap<number, string>;
  disabled?: boolean;
  onHold: (seat: number) => void;
  onRelease: (placeId: string) => void;
}) {
  const { t } = useTranslation();
  const [live, setLive] = useState(() => fromSnapshot(seats, me));
  const [connected, setConnected] = useState(false);

  // A reload (after this page's own change) is what D1 has now.
  const [loaded, setLoaded] = useState(seats);
  if (loaded !== seats) {
    setLoaded(seats);
    setLive(fromSnapshot(seats, me));
  }

  const onEvent = (event: SeatRoomEvent) => {
    if (event.type === "seats") setLive(fromSnapshot(event.seats, me));
    else if (event.type === "seat") setLive((s) => applySeatEvent(s, event, me));
  };

  const states = useMemo(() => {
    const out: Record<number, SeatState> = {};
    for (const [seat, s] of Object.entries(live)) out[Number(seat)] = s.state;
    return out;
  }, [live]);
  // Selected: this sale's holds the room still counts.
  const selected = useMemo(() => [...mine.keys()].filter((seat) => live[seat]?.state === "held"), [mine, live]);

  return (
    <Flex direction="column" gap="3">
      <LiveRoom<SeatRoomEvent> party={SEATS_PARTY} room={room} onEvent={onEvent} onOpen={() => setConnected(true)} onClose={() => setConnected(false)} />
      <Flex justify="between" align="center" gap="2" wrap="wrap">
        <Text size="2" color="gray">
          {t("sales.excursions.seats.hint", { minutes: HOLD_MINUTES })}
        </Text>
        <Text size="1" color={connected ? "green" : "gray"} data-testid="seat-live" data-connected={connected ? "true" : "false"} role="status">
          {connected ? t("sales.excursions.seats.live") : t("sales.excursions.seats.offline")}
        </Text>
      </Flex>
      <SeatMap
        mode="select"
        layout={layout}
        label={t("sales.excursions.seats.title")}
        testId="sale-seat-map"
        states={states}
        selected={selected}
        onToggle={(seat) => {
          if (disabled) return;
          const placeId = mine.get(seat);
          if (placeId && selected.includes(seat)) onRelease(placeId);
          else if (!live[seat]) onHold(seat);
        }}
      />
      <Flex gap="3" align="center" wrap="wrap">
        <SeatMapLegend />
        <Text size="1" as="span">
          <Check size={12} aria-hidden /> {t("sales.excursions.seats.mine")}
        </Text>
      </Flex>
    </Flex>
  );
}

import { Card, Flex, Heading, Text } from "@radix-ui/themes";
import { useTranslation } from "react-i18next";
import { StatusBadge } from "~/components/ui";
import { boardingGroups, roomingGroups, type OperationalBoarding, type OperationalPassenger } from "~/lib/excursions/operational";
import { formatTime } from "~/lib/platform/format";

const K = "services.operational";

/** "RG 12.345.678-9", or "—" when the passenger has no document yet. */
function useDocument() {
  const { t } = useTranslation();
  return (p: Pick<OperationalPassenger, "documentType" | "documentNumber">) =>
    [p.documentType ? t(`${K}.documentTypes.${p.documentType}`) : null, p.documentNumber].filter(Boolean).join(" ") || "—";
}

/** Every passenger on the trip, in seat order. */
export function PassengerTable({ passengers, boardings, timeZone }: { passengers: readonly OperationalPassenger[]; boardings: readonly OperationalBoarding[]; timeZone: string }) {
  const { t, i18n } = useTranslation();
  const documentOf = useDocument();
  const byId = new Map(boardings.map((b) => [b.id, b]));
  // Plain elements with the theme's table classes (no Radix scroll area): the wrapper scrolls sideways on a
  // narrow screen and takes focus, so the keyboard can scroll it too.
  return (
    <div className="rt-TableRoot rt-r-size-1 rt-variant-surface operational-table-wrap" tabIndex={0} role="region" aria-label={t(`${K}.sections.passengers`)}>
      <table className="rt-TableRootTable" data-testid="operational-passengers">
        <thead className="rt-TableHeader">
          <tr className="rt-TableRow">
            {(["seat", "name", "document", "ageBand", "room", "boarding", "phone", "status"] as const).map((c) => (
              <th key={c} className="rt-TableCell rt-TableColumnHeaderCell" scope="col">
                {t(`${K}.columns.${c}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="rt-TableBody">
          {passengers.map((p) => {
            const b = p.boardingId ? byId.get(p.boardingId) : undefined;
            return (
              <tr key={p.id} className="rt-TableRow" data-seat={p.seat ?? undefined}>
                <td className="rt-TableCell">{p.seat ?? "—"}</td>
                <th className="rt-TableCell rt-TableRowHeaderCell" scope="row">
                  {p.name}
                </th>
                <td className="rt-TableCell">{documentOf(p)}</td>
                <td className="rt-TableCell">{t(`services.packages.ageBands.${p.ageBand}`)}</td>
                <td className="rt-TableCell">{[p.roomLabel, p.roomType ? t(`services.packages.roomTypes.${p.roomType}`) : null].filter(Boolean).join(" · ") || "—"}</td>
                <td className="rt-TableCell">{b ? `${b.name} · ${formatTime(b.departureAt, i18n.language, timeZone)}` : "—"}</td>
                <td className="rt-TableCell">{p.phone ?? "—"}</td>
                <td className="rt-TableCell">
                  <StatusBadge tone={p.status === "confirmed" ? "active" : "warning"}>{t(`${K}.passengerStatus.${p.status === "confirmed" ? "confirmed" : "held"}`)}</StatusBadge>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/** The rooming: each room (label and type) with who sleeps there. */
export function Rooming({ passengers }: { passengers: readonly OperationalPassenger[] }) {
  const { t } = useTranslation();
  const groups = roomingGroups(passengers);
  return (
    <div className="operational-grid" data-testid="operational-rooming">
      {groups.map((g) => (
        <Card key={g.label ?? "—"} size="1" data-room={g.label ?? ""}>
          <Heading as="h3" size="2" mb="1">
            {g.label ? t(`${K}.rooming.room`, { label: g.label }) : t(`${K}.rooming.noRoom`)}
          </Heading>
          {g.label && (
            <Text as="p" size="1" color="gray" mb="1">
              {g.roomType ? t(`services.packages.roomTypes.${g.roomType}`) : t(`${K}.rooming.noType`)} · {t(`${K}.rooming.count`, { count: g.passengers.length })}
            </Text>
          )}
          <ul className="operational-names">
            {g.passengers.map((p) => (
              <li key={p.id}>
                {p.name}
                {p.seat ? <Text color="gray"> · {p.seat}</Text> : null}
              </li>
            ))}
          </ul>
        </Card>
      ))}
    </div>
  );
}

/** The boarding list: each point in order of time, its address, and who boards there (seat, phone). */
export function BoardingList({ boardings, passengers, timeZone }: { boardings: readonly OperationalBoarding[]; passengers: readonly OperationalPassenger[]; timeZone: string }) {
  const { t, i18n } = useTranslation();
  const groups = boardingGroups(boardings, passengers);
  if (groups.length === 0) return <Text color="gray">{t(`${K}.boarding.none`)}</Text>;
  return (
    <Flex direction="column" gap="4" data-testid="operational-boarding">
      {groups.map((g) => (
        <div key={g.boarding?.id ?? "—"} className="operational-boarding" data-boarding={g.boarding?.name ?? ""}>
          <Heading as="h3" size="3">
            {g.boarding ? `${formatTime(g.boarding.departureAt, i18n.language, timeZone)} · ${g.boarding.name}` : t(`${K}.boarding.noPoint`)}
          </Heading>
          {g.boarding?.address && (
            <Text as="p" size="1" color="gray">
              {g.boarding.address}
            </Text>
          )}
          {g.passengers.length === 0 ? (
            <Text as="p" size="2" color="gray">
              {t(`${K}.boarding.nobody`)}
            </Text>
          ) : (
            <ul className="operational-names">
              {g.passengers.map((p) => (
                <li key={p.id}>
                  <Text weight="medium">{p.seat ?? t(`${K}.seats.noSeat`)}</Text> · {p.name}
                  {p.phone ? <Text color="gray"> · {p.phone}</Text> : null}
                </li>
              ))}
            </ul>
          )}
        </div>
      ))}
    </Flex>
  );
}

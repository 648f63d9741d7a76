/**
 * The parts of an excursion sale's manage page (issue #16 item 3): a place's
 * row (passenger, document, age band, room, boarding, price, hold countdown),
 * the financial effect of a change on a confirmed sale (shown before it
 * applies), the payment plan, the sale's titles and its timeline. Every post
 * goes to the page's action with an `intent`; the server validates all of it.
 */
import { Box, Button, Flex, Grid, Table, Text, TextField } from "@radix-ui/themes";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type { FetcherWithComponents } from "react-router";
import { NativeSelect } from "~/components/ui/FormField";
import { StatusBadge } from "~/components/ui/StatusBadge";
import { formatCents } from "~/lib/finance/money";
import { formatDate, formatDateTime, formatMoney } from "~/lib/platform/format";
import { AGE_BANDS, PACKAGE_ROOM_TYPES, TRAVEL_DOCUMENT_TYPES } from "~/lib/sales/excursion-sale";
import { mmss, secondsLeft } from "~/lib/sales/seats";

type Option = { value: string; label: string };

export type PlaceView = {
  id: string;
  status: "held" | "confirmed";
  seat: string | null;
  holdExpiresAt: string | null;
  clientId: string | null;
  name: string;
  documentType: string | null;
  documentNumber: string | null;
  birthDate: string | null;
  ageBand: string;
  roomType: string | null;
  roomLabel: string | null;
  boardingId: string | null;
  priceCents: number;
};

export type Preview = {
  rows: { id: string | null; direction: string; partyName: string; installment: string; dueDate: string; beforeCents: number | null; afterCents: number | null; change: "update" | "cancel" | "add" }[];
  receivableBeforeCents: number;
  receivableAfterCents: number;
  totalCents: number;
};

/** Seconds left on a hold, ticking every second (null without expiry). */
export function useCountdown(expiresAt: string | null): number | null {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!expiresAt) return;
    const id = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(id);
  }, [expiresAt]);
  return secondsLeft(expiresAt, now);
}

function HoldClock({ expiresAt }: { expiresAt: string | null }) {
  const { t } = useTranslation();
  const left = useCountdown(expiresAt);
  if (left === null) return null;
  if (left === 0)
    return (
      <StatusBadge tone="danger" testId="hold-lapsed">
        {t("sales.excursions.places.lapsed")}
      </StatusBadge>
    );
  return (
    <StatusBadge tone="warning" testId="hold-countdown">
      {t("sales.excursions.places.expiresIn", { time: mmss(left) })}
    </StatusBadge>
  );
}

const dash = { value: "", label: "—" };

/** One place of the sale: its passenger data as a form (save), release (a hold) or remove (a confirmed place), and a seat change. */
export function PlaceRow({
  place,
  index,
  saleStatus,
  version,
  currency,
  clients,
  boardings,
  withSeats,
  fetcher,
  previewFetcher,
  timeZone,
}: {
  place: PlaceView;
  index: number;
  saleStatus: "draft" | "confirmed" | "cancelled";
  version: number;
  currency: string;
  clients: Option[];
  boardings: { id: string; name: string; departureAt: string }[];
  withSeats: boolean;
  fetcher: FetcherWithComponents<unknown>;
  previewFetcher: FetcherWithComponents<unknown>;
  timeZone: string;
}) {
  const { t, i18n } = useTranslation();
  const closed = saleStatus === "cancelled";
  const previewed = saleStatus === "confirmed" && place.status === "confirmed";
  const form = previewed ? previewFetcher : fetcher;
  const prefix = `place-${index}`;
  return (
    <Box className="sale-place" data-testid="sale-place" data-seat={place.seat ?? ""} data-status={place.status} p="3" style={{ border: "1px solid var(--gray-a5)", borderRadius: "var(--radius-3)" }}>
      <form.Form method="post">
        <input type="hidden" name="intent" value="place" />
        <input type="hidden" name="place" value={place.id} />
        <input type="hidden" name="version" value={version} />
        {previewed && <input type="hidden" name="preview" value="1" />}
        <Flex justify="between" align="center" gap="2" wrap="wrap" mb="2">
          <Text weight="bold">
            {place.seat ? `${t("sales.excursions.places.seat")} ${place.seat}` : t("sales.excursions.places.noSeat")}
          </Text>
          <Flex gap="2" align="center">
            {place.status === "held" ? saleStatus === "confirmed" ? <StatusBadge tone="info">{t("sales.excursions.places.pending")}</StatusBadge> : null : <StatusBadge tone="active">{t("sales.excursions.places.confirmed")}</StatusBadge>}
            {place.status === "held" && <HoldClock expiresAt={place.holdExpiresAt} />}
            <Text weight="medium" data-testid="place-price">
              {formatMoney(place.priceCents, currency, i18n.language)}
            </Text>
          </Flex>
        </Flex>
        <Grid columns={{ initial: "1", sm: "2", md: "3" }} gap="3">
          <Flex direction="column" gap="1">
            <Text as="label" size="2" weight="medium" htmlFor={`${prefix}-name`}>
              {t("sales.excursions.places.name")}
            </Text>
            <TextField.Root id={`${prefix}-name`} name="name" defaultValue={place.name} maxLength={120} disabled={closed} />
          </Flex>
          <NativeSelect id={`${prefix}-client`} name="clientId" label={t("sales.excursions.places.client")} defaultValue={place.clientId ?? ""} options={[{ value: "", label: t("sales.excursions.places.noClient") }, ...clients]} disabled={closed} />
          <NativeSelect
            id={`${prefix}-doctype`}
            name="documentType"
            label={t("sales.excursions.places.documentType")}
            defaultValue={place.documentType ?? ""}
            options={[dash, ...TRAVEL_DOCUMENT_TYPES.map((d) => ({ value: d, label: t(`sales.excursions.places.documentTypes.${d}`) }))]}
            disabled={closed}
          />
          <Flex direction="column" gap="1">
            <Text as="label" size="2" weight="medium" htmlFor={`${prefix}-doc`}>
              {t("sales.excursions.places.documentNumber")}
            </Text>
            <TextField.Root id={`${prefix}-doc`} name="documentNumber" defaultValue={place.documentNumber ?? ""} maxLength={30} disabled={closed} />
          </Flex>
          <Flex direction="column" gap="1">
            <Text as="label" size="2" weight="medium" htmlFor={`${prefix}-birth`}>
              {t("sales.excursions.places.birthDate")}
            </Text>
            <TextField.Root id={`${prefix}-birth`} type="date" name="birthDate" defaultValue={place.birthDate ?? ""} disabled={closed} />
          </Flex>
          <NativeSelect
            id={`${prefix}-age`}
            name="ageBand"
            label={t("sales.excursions.places.ageBand")}
            defaultValue={place.ageBand}
            options={AGE_BANDS.map((a) => ({ value: a, label: t(`sales.excursions.places.ageBands.${a}`) }))}
            disabled={closed}
          />
          <NativeSelect
            id={`${prefix}-room`}
            name="roomType"
            label={t("sales.excursions.places.roomType")}
            defaultValue={place.roomType ?? ""}
            options={[dash, ...PACKAGE_ROOM_TYPES.map((r) => ({ value: r, label: t(`sales.excursions.places.roomTypes.${r}`) }))]}
            disabled={closed}
          />
          <Flex direction="column" gap="1">
            <Text as="label" size="2" weight="medium" htmlFor={`${prefix}-label`}>
              {t("sales.excursions.places.roomLabel")}
            </Text>
            <TextField.Root id={`${prefix}-label`} name="roomLabel" defaultValue={place.roomLabel ?? ""} maxLength={20} disabled={closed} />
          </Flex>
          <NativeSelect
            id={`${prefix}-boarding`}
            name="boardingId"
            label={t("sales.excursions.places.boarding")}
            defaultValue={place.boardingId ?? ""}
            options={[{ value: "", label: t("sales.excursions.places.noBoarding") }, ...boardings.map((b) => ({ value: b.id, label: `${b.name} — ${formatDateTime(b.departureAt, i18n.language, timeZone)}` }))]}
            disabled={closed}
          />
        </Grid>
        {!closed && (
          <Flex gap="2" mt="3" wrap="wrap">
            <Button type="submit" size="2" variant="soft" data-testid="place-save">
              {t("sales.excursions.places.save")}
            </Button>
          </Flex>
        )}
      </form.Form>
      {!closed && (
        <Flex gap="2" mt="2" wrap="wrap" align="end">
          {place.status === "held" && (
            <fetcher.Form method="post">
              <input type="hidden" name="intent" value="release" />
              <input type="hidden" name="place" value={place.id} />
              <Button type="submit" size="2" variant="soft" color="gray" data-testid="place-release">
                {t("sales.excursions.places.release")}
              </Button>
            </fetcher.Form>
          )}
          {previewed && (
            <previewFetcher.Form method="post">
              <input type="hidden" name="intent" value="remove" />
              <input type="hidden" name="place" value={place.id} />
              <input type="hidden" name="version" value={version} />
              <input type="hidden" name="preview" value="1" />
              <Button type="submit" size="2" variant="soft" color="red" data-testid="place-remove">
                {t("sales.excursions.places.remove")}
              </Button>
            </previewFetcher.Form>
          )}
          <details data-testid="place-new-client">
            <summary>
              <Text size="2">{t("sales.excursions.newClient.title")}</Text>
            </summary>
            <fetcher.Form method="post">
              <input type="hidden" name="intent" value="newClient" />
              <input type="hidden" name="place" value={place.id} />
              <Grid columns={{ initial: "1", sm: "3" }} gap="2" mt="2">
                <Flex direction="column" gap="1">
                  <Text as="label" size="1" htmlFor={`${prefix}-nc-name`}>
                    {t("sales.excursions.newClient.name")}
                  </Text>
                  <TextField.Root id={`${prefix}-nc-name`} name="newClient.name" size="2" maxLength={200} />
                </Flex>
                <Flex direction="column" gap="1">
                  <Text as="label" size="1" htmlFor={`${prefix}-nc-doc`}>
                    {t("sales.excursions.newClient.document")}
                  </Text>
                  <TextField.Root id={`${prefix}-nc-doc`} name="newClient.document" size="2" inputMode="numeric" maxLength={20} />
                </Flex>
                <Flex direction="column" gap="1">
                  <Text as="label" size="1" htmlFor={`${prefix}-nc-birth`}>
                    {t("sales.excursions.places.birthDate")}
                  </Text>
                  <TextField.Root id={`${prefix}-nc-birth`} name="newClient.birthDate" type="date" size="2" />
                </Flex>
              </Grid>
              <Button type="submit" size="2" variant="soft" mt="2">
                {t("sales.excursions.newClient.save")}
              </Button>
            </fetcher.Form>
          </details>
          {withSeats && (
            <fetcher.Form method="post" style={{ display: "flex", gap: 8, alignItems: "end" }}>
              <input type="hidden" name="intent" value="move" />
              <input type="hidden" name="place" value={place.id} />
              <Flex direction="column" gap="1">
                <Text as="label" size="1" htmlFor={`${prefix}-move`}>
                  {t("sales.excursions.places.moveTo")}
                </Text>
                <TextField.Root id={`${prefix}-move`} name="seat" inputMode="numeric" size="2" style={{ width: 80 }} maxLength={3} />
              </Flex>
              <Button type="submit" size="2" variant="soft" color="gray">
                {t("sales.excursions.places.move")}
              </Button>
            </fetcher.Form>
          )}
        </Flex>
      )}
    </Box>
  );
}

/** The financial effect of a change on a confirmed sale, and the button that applies it (the same post without `preview`). */
export function EffectPreview({ preview, currency, onApply, onDiscard, busy }: { preview: Preview; currency: string; onApply: () => void; onDiscard: () => void; busy: boolean }) {
  const { t, i18n } = useTranslation();
  const money = (c: number | null) => (c === null ? "—" : formatMoney(c, currency, i18n.language));
  return (
    <Box p="3" data-testid="effect-preview" style={{ border: "2px solid var(--amber-a7)", borderRadius: "var(--radius-3)" }} role="region" aria-label={t("sales.excursions.effect.title")}>
      <Text as="p" weight="bold">
        {t("sales.excursions.effect.title")}
      </Text>
      <Text as="p" size="2" color="gray" mb="2">
        {t("sales.excursions.effect.hint")}
      </Text>
      <Text as="p" size="2" data-testid="effect-total">
        {t("sales.excursions.effect.newTotal", { total: money(preview.totalCents) })}
      </Text>
      <Text as="p" size="2" mb="2">
        {t("sales.excursions.effect.receivable", { before: money(preview.receivableBeforeCents), after: money(preview.receivableAfterCents) })}
      </Text>
      {preview.rows.length > 0 && (
        <div tabIndex={0} role="region" aria-label={t("sales.excursions.effect.title")} style={{ overflowX: "auto" }}>
        <Table.Root size="1" variant="surface">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeaderCell />
              <Table.ColumnHeaderCell>{t("sales.excursions.effect.party")}</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>{t("sales.excursions.effect.installment")}</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>{t("sales.excursions.effect.due")}</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell align="right">{t("sales.excursions.effect.before")}</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell align="right">{t("sales.excursions.effect.after")}</Table.ColumnHeaderCell>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {preview.rows.map((r, i) => (
              <Table.Row key={r.id ?? `add-${i}`} data-change={r.change}>
                <Table.Cell>{t(`sales.excursions.effect.change.${r.change}`)}</Table.Cell>
                <Table.Cell>{r.partyName}</Table.Cell>
                <Table.Cell>{r.installment}</Table.Cell>
                <Table.Cell>{formatDate(r.dueDate, i18n.language, "UTC")}</Table.Cell>
                <Table.Cell align="right">{money(r.beforeCents)}</Table.Cell>
                <Table.Cell align="right">{money(r.afterCents)}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
        </div>
      )}
      <Flex gap="2" mt="3">
        <Button onClick={onApply} disabled={busy} data-testid="effect-apply">
          {t("sales.excursions.effect.apply")}
        </Button>
        <Button variant="soft" color="gray" onClick={onDiscard}>
          {t("sales.excursions.effect.discard")}
        </Button>
      </Flex>
    </Box>
  );
}

/** The payment plan: discount, term, method, down payment, first due day (previewed on a confirmed sale). */
export function PlanForm({
  sale,
  terms,
  methods,
  fetcher,
  confirmed,
}: {
  sale: { version: number; discountCents: number; paymentTermId: string | null; paymentMethod: string; downPaymentCents: number | null; firstDueDate: string | null };
  terms: Option[];
  methods: readonly string[];
  fetcher: FetcherWithComponents<unknown>;
  confirmed: boolean;
}) {
  const { t } = useTranslation();
  return (
    <fetcher.Form method="post" data-testid="plan-form">
      <input type="hidden" name="intent" value="plan" />
      <input type="hidden" name="version" value={sale.version} />
      {confirmed && <input type="hidden" name="preview" value="1" />}
      <Grid columns={{ initial: "1", sm: "2" }} gap="3">
        <Flex direction="column" gap="1">
          <Text as="label" size="2" weight="medium" htmlFor="plan-discount">
            {t("sales.common.discount")}
          </Text>
          <TextField.Root id="plan-discount" name="discount" inputMode="decimal" defaultValue={sale.discountCents ? formatCents(sale.discountCents) : ""} />
        </Flex>
        <NativeSelect name="paymentTermId" id="plan-term" label={t("sales.common.paymentTerm")} defaultValue={sale.paymentTermId ?? ""} options={[{ value: "", label: t("sales.common.aVista") }, ...terms]} />
        <NativeSelect name="paymentMethod" id="plan-method" label={t("sales.common.paymentMethod")} defaultValue={sale.paymentMethod} options={methods.map((m) => ({ value: m, label: t(`sales.method.${m}` as never) as string }))} />
        <Flex direction="column" gap="1">
          <Text as="label" size="2" weight="medium" htmlFor="plan-down">
            {t("sales.common.downPayment")}
          </Text>
          <TextField.Root id="plan-down" name="downPayment" inputMode="decimal" defaultValue={sale.downPaymentCents !== null ? formatCents(sale.downPaymentCents) : ""} />
        </Flex>
        <Flex direction="column" gap="1">
          <Text as="label" size="2" weight="medium" htmlFor="plan-first">
            {t("sales.common.firstDueDate")}
          </Text>
          <TextField.Root id="plan-first" type="date" name="firstDueDate" defaultValue={sale.firstDueDate ?? ""} />
        </Flex>
      </Grid>
      <Button type="submit" variant="soft" mt="3" data-testid="plan-save">
        {t("sales.excursions.plan.save")}
      </Button>
    </fetcher.Form>
  );
}

export function TitlesList({ titles, currency }: { titles: { id: string; direction: string; amountCents: number; paidCents: number; dueDate: string; status: string; installmentNo: number; installmentCount: number; description: string }[]; currency: string }) {
  const { t, i18n } = useTranslation();
  if (titles.length === 0)
    return (
      <Text size="2" color="gray">
        {t("sales.excursions.titles.empty")}
      </Text>
    );
  return (
    <ul className="sale-titles" data-testid="sale-titles" style={{ listStyle: "none", margin: 0, padding: 0, display: "grid", gap: 8 }}>
      {titles.map((x) => (
        <li key={x.id} data-direction={x.direction} data-status={x.status}>
          <Flex justify="between" gap="3" wrap="wrap">
            <Text size="2">
              <Text weight="medium">{t(`sales.excursions.titles.direction.${x.direction === "payable" ? "payable" : "receivable"}`)}</Text> · {x.description} · {formatDate(x.dueDate, i18n.language, "UTC")}
            </Text>
            <Text size="2" weight="medium">
              {formatMoney(x.amountCents, currency, i18n.language)}
              {x.paidCents > 0 ? ` · ${t("sales.excursions.titles.paid", { amount: formatMoney(x.paidCents, currency, i18n.language) })}` : ""}
            </Text>
          </Flex>
        </li>
      ))}
    </ul>
  );
}

export function TimelineList({ entries, timeZone }: { entries: { id: string; createdAt: string; entity: string; action: string; who: string | null; changes: Record<string, [unknown, unknown]> | null }[]; timeZone: string }) {
  const { t, i18n } = useTranslation();
  if (entries.length === 0)
    return (
      <Text size="2" color="gray">
        {t("sales.excursions.timeline.empty")}
      </Text>
    );
  return (
    <ol className="sale-timeline" data-testid="sale-timeline" style={{ margin: 0, paddingLeft: 18 }}>
      {entries.map((e) => (
        <li key={e.id}>
          <Text size="2">
            {formatDateTime(e.createdAt, i18n.language, timeZone)} · {e.entity === "contract" ? t("contracts.saleLink.heading") : t(`sales.excursions.timeline.entity.${e.entity === "finance_title" ? "finance_title" : e.entity === "excursion_passenger" ? "excursion_passenger" : "sale"}`)}{" "}
            {t(`sales.excursions.timeline.action.${e.action as "create" | "update" | "delete" | "restore"}`)}
            {e.who ? ` · ${e.who}` : ""}
          </Text>
          {e.entity === "contract" && e.changes?.status ? (
            <Text as="p" size="1" color="gray" data-testid="timeline-contract">
              {[e.changes.status[0], e.changes.status[1]].map((s) => (s ? (t(`contracts.status.${String(s)}` as never) as string) : "—")).join(" → ")}
            </Text>
          ) : null}
          {e.changes && e.action === "update" && e.entity !== "contract" && (
            <Text as="p" size="1" color="gray">
              {Object.entries(e.changes)
                .slice(0, 4)
                .map(([k, [a, b]]) => `${k}: ${a ?? "—"} → ${b ?? "—"}`)
                .join("; ")}
            </Text>
          )}
        </li>
      ))}
    </ol>
  );
}

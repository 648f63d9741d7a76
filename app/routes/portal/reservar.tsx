import { getFormProps } from "@conform-to/react";
import { Button, Card, Flex, Heading, Link as RLink, Text, TextField } from "@radix-ui/themes";
import { ArrowLeft } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { useLazyForm } from "~/components/kit/lazy-form";
import { SeatMap, SeatMapLegend, type SeatState } from "~/components/services/SeatMap";
import seatMapStyles from "~/components/services/seat-map.css?url";
import { NativeSelect, useErrorText } from "~/components/ui/FormField";
import { Notice } from "~/components/ui/Notice";
import { invalid, malformed } from "~/lib/kit/forms";
import { formatDateTime, formatMoney } from "~/lib/platform/format";
import { PORTAL_HOLD_HOURS, reserveErr } from "~/lib/portal/reserve";
import { parseReservation, reservableExcursion, reserveExcursion } from "~/lib/portal/reserve.server";
import { getEnv } from "~/middleware/cloudflare";
import { getLocale } from "~/middleware/i18n";
import { requirePortal } from "~/middleware/portal";
import type { Route } from "./+types/reservar";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: seatMapStyles }];

const DEAL = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * Reserving an excursion through the portal (issue #21 item 2; decision 0021 §7): only when the
 * agency has it on, for one of its published excursions on sale; anything else is a 404.
 */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const p = await requirePortal(context, request, params.agencyId);
  const trip = await reservableExcursion(p, params.excursionId);
  if (!trip) throw data(null, { status: 404 });
  const lang = getLocale(context);
  const negocio = new URL(request.url).searchParams.get("negocio");
  return {
    slug: p.agencySlug,
    negocio: negocio && DEAL.test(negocio) ? negocio : "",
    trip: {
      title: trip.title,
      departure: formatDateTime(trip.departureAt, lang, p.timeZone, "medium"),
      return: formatDateTime(trip.returnAt, lang, p.timeZone, "medium"),
      free: trip.free,
      maxPlaces: trip.maxPlaces,
      priceCents: trip.priceCents,
      currency: trip.currency,
      boardings: trip.boardings.map((b) => ({ id: b.id, name: b.name, time: formatDateTime(b.departureAt, lang, p.timeZone, "medium") })),
      layout: trip.layout,
      taken: trip.taken,
      clientName: trip.clientName,
    },
    lang,
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData ? `${loaderData.trip.title} · Portal` : "Portal" }, { name: "robots", content: "noindex" }];

/**
 * The reservation: zod on the server (field errors in the client's language); then the draft
 * sale with its held places, in one batch (reserveExcursion). A seat taken meanwhile or a full
 * trip: 409, nothing written; too many reservations: 429; on to the dashboard when made.
 */
export async function action({ context, request, params }: Route.ActionArgs) {
  const p = await requirePortal(context, request, params.agencyId);
  const submission = parseReservation(await request.formData());
  if (!submission) return malformed();
  if (submission.status !== "success") return invalid(submission.reply());
  const made = await reserveExcursion(p, getEnv(context), params.excursionId, submission.value);
  if (made.ok) return redirect(`/portal/${p.agencySlug}/dashboard?reservado=1`);
  switch (made.reason) {
    case "notFound":
      throw data(null, { status: 404 });
    case "invalid":
      return invalid(submission.reply({ fieldErrors: Object.fromEntries(Object.entries(made.fields ?? {}).map(([k, v]) => [k, [v]])) }));
    case "taken":
      return invalid(submission.reply({ formErrors: ["portal.reserve.errors.taken"], fieldErrors: { seats: [reserveErr.seats] } }), 409);
    case "full":
      return invalid(submission.reply({ formErrors: ["portal.reserve.errors.full"] }), 409);
    case "tooMany":
      return invalid(submission.reply({ formErrors: ["portal.reserve.errors.tooMany"] }), 429);
    case "unavailable":
      return invalid(submission.reply({ formErrors: ["portal.reserve.errors.unavailable"] }), 503);
  }
}

export default function PortalReserve({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const { trip, slug, negocio, lang } = loaderData;
  const busy = useNavigation().state === "submitting";
  const [places, setPlaces] = useState(1);
  const [seats, setSeats] = useState<number[]>([]);
  const [form, fields] = useLazyForm({
    lastResult: actionData?.result,
    defaultValue: { places: "1" },
    loadSchema: () => import("~/lib/portal/reserve.schema").then((m) => m.portalReserveSchema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const errors = (form.allErrors ?? {}) as Record<string, string[] | undefined>;
  const formError = form.errors?.[0];
  const states: Record<number, SeatState> = Object.fromEntries(trip.taken.map((s) => [s, "sold" as SeatState]));
  const toggle = (seat: number) => setSeats((now) => (now.includes(seat) ? now.filter((s) => s !== seat) : now.length < places ? [...now, seat].sort((a, b) => a - b) : now));
  const choosePlaces = (value: string) => {
    const n = Math.max(1, Math.min(trip.maxPlaces, Number(value) || 1));
    setPlaces(n);
    setSeats((now) => now.slice(0, n));
  };
  const back = (
    <RLink asChild size="2">
      <Link to={`/portal/${slug}/dashboard`}>
        <ArrowLeft size={14} aria-hidden /> {t("portal.nav.trips")}
      </Link>
    </RLink>
  );
  if (trip.maxPlaces === 0) {
    return (
      <Flex direction="column" gap="4" data-testid="portal-reserve">
        {back}
        <Heading as="h1" size="6">
          {t("portal.reserve.heading", { title: trip.title })}
        </Heading>
        <Notice tone="error">{t("portal.reserve.soldOut")}</Notice>
      </Flex>
    );
  }
  return (
    <Flex direction="column" gap="4" data-testid="portal-reserve">
      {back}
      <div>
        <Heading as="h1" size="6">
          {t("portal.reserve.heading", { title: trip.title })}
        </Heading>
        <Text as="p" color="gray" mt="1">
          {t("portal.reserve.departure", { departure: trip.departure, return: trip.return })}
        </Text>
        <Text as="p" size="2" mt="1" data-testid="portal-reserve-free">
          {t("portal.reserve.free", { count: trip.free })} · {t("portal.reserve.price", { price: formatMoney(trip.priceCents, trip.currency, lang) })}
        </Text>
      </div>
      <Text>{t("portal.reserve.intro")}</Text>
      <Form method="post" {...getFormProps(form)} data-testid="portal-reserve-form">
        <Flex direction="column" gap="4">
          {formError && (
            <Notice tone="error" id={form.errorId}>
              {errorText(formError)}
            </Notice>
          )}
          {negocio && <input type="hidden" name="negocio" value={negocio} />}
          <Card size="2">
            <Flex direction="column" gap="3">
              <NativeSelect
                id={fields.places.id}
                name={fields.places.name}
                label={t("portal.reserve.places")}
                defaultValue="1"
                options={Array.from({ length: trip.maxPlaces }, (_, i) => ({ value: String(i + 1), label: String(i + 1) }))}
                error={errorText(fields.places.errors?.[0])}
                errorId={fields.places.errorId}
                onChange={choosePlaces}
              />
              {trip.boardings.length > 0 && (
                <NativeSelect
                  id={fields.boardingId.id}
                  name={fields.boardingId.name}
                  label={t("portal.reserve.boarding")}
                  defaultValue={trip.boardings.length === 1 ? trip.boardings[0]!.id : ""}
                  options={[...(trip.boardings.length > 1 ? [{ value: "", label: t("portal.reserve.chooseBoarding") }] : []), ...trip.boardings.map((b) => ({ value: b.id, label: t("portal.reserve.boardingOption", { name: b.name, time: b.time }) }))]}
                  error={errorText(fields.boardingId.errors?.[0])}
                  errorId={fields.boardingId.errorId}
                />
              )}
            </Flex>
          </Card>
          {trip.layout && (
            <Card size="2">
              <Flex direction="column" gap="2">
                <Heading as="h2" size="4">
                  {t("portal.reserve.seats")}
                </Heading>
                <Text size="2" id="reserve-seats-hint">
                  {t("portal.reserve.seatsHint", { count: places })}
                </Text>
                <SeatMapLegend states={["free", "sold"]} />
                <div style={{ overflowX: "auto" }}>
                  <SeatMap layout={trip.layout} mode="select" selected={seats} onToggle={toggle} states={states} label={t("portal.reserve.seatMap")} testId="portal-reserve-seatmap" />
                </div>
                {seats.map((s, i) => (
                  <input key={s} type="hidden" name={`seats[${i}]`} value={String(s)} />
                ))}
                <Text size="2" data-testid="portal-reserve-seats-picked" aria-live="polite">
                  {t("portal.reserve.seatsPicked", { seats: seats.length ? seats.join(", ") : "—" })}
                </Text>
                {errors.seats?.[0] && (
                  <Text size="1" color="red" role="alert" data-testid="portal-reserve-seats-error">
                    {errorText(errors.seats[0])}
                  </Text>
                )}
              </Flex>
            </Card>
          )}
          <Card size="2">
            <Flex direction="column" gap="3">
              <Heading as="h2" size="4">
                {t("portal.reserve.passengers")}
              </Heading>
              <Flex direction="column" gap="1">
                <Text size="2" weight="medium">
                  {t("portal.reserve.you")}
                </Text>
                <Text data-testid="portal-reserve-you">{trip.clientName}</Text>
              </Flex>
              {Array.from({ length: places - 1 }, (_, i) => {
                const name = `names[${i}]`;
                const error = errors[name]?.[0];
                return (
                  <Flex direction="column" gap="1" key={name}>
                    <Text as="label" htmlFor={`reserve-name-${i}`} size="2" weight="medium">
                      {t("portal.reserve.passenger", { n: i + 2 })}
                    </Text>
                    <TextField.Root
                      id={`reserve-name-${i}`}
                      name={name}
                      autoComplete="off"
                      maxLength={120}
                      aria-invalid={error ? true : undefined}
                      aria-describedby={error ? `reserve-name-${i}-error` : undefined}
                      color={error ? "red" : undefined}
                      data-testid={`portal-reserve-name-${i}`}
                    />
                    {error && (
                      <Text id={`reserve-name-${i}-error`} size="1" color="red" role="alert">
                        {errorText(error)}
                      </Text>
                    )}
                  </Flex>
                );
              })}
            </Flex>
          </Card>
          <Text weight="bold" data-testid="portal-reserve-total">
            {t("portal.reserve.total", { total: formatMoney(trip.priceCents * places, trip.currency, lang) })}
          </Text>
          <Text size="2" color="gray">
            {t("portal.reserve.holdNote", { hours: PORTAL_HOLD_HOURS })}
          </Text>
          <Flex>
            <Button type="submit" size="3" disabled={busy} data-testid="portal-reserve-submit">
              {t("portal.reserve.submit")}
            </Button>
          </Flex>
        </Flex>
      </Form>
    </Flex>
  );
}

/**
 * A public package or excursion page (issue #21): images, dates, itinerary, prices by room
 * and age band, includes/excludes, boarding points with times, live places (excursions)
 * and the "quero reservar" form. Everything arrives formatted from the loader.
 */
import { Badge, Button, Card, Flex, Heading, Text } from "@radix-ui/themes";
import { useEffect, useState } from "react";
import { Form, useNavigation } from "react-router";
import { LiveRoom } from "~/components/ui/LiveRoom";
import type { ItemView, PublicTexts } from "~/lib/public/view.server";
import { SEATS_PARTY, type PublicPlacesEvent, type PublicSeatRoomEvent } from "~/lib/sales/seats";
import type { ReserveAnswer } from "~/lib/public/reserve.server";

const fill = (template: string, values: Record<string, string | number>) => template.replace(/\{\{\s*(\w+)\s*\}\}/g, (w, k: string) => (k in values ? String(values[k]) : w));

type Places = PublicPlacesEvent["places"];

/**
 * The excursion's places now, never from the edge cache: pushed by the excursion's seat
 * room (an anonymous, read-only socket named by the slug; the room sends counts only, on
 * connect and after every change). While the socket is not open — before it connects, or
 * when it cannot — the uncached JSON (/excursao/{slug}/lugares) is read every 15 s while
 * the page is visible.
 */
function LivePlaces({ slug, t }: { slug: string; t: PublicTexts }) {
  const [places, setPlaces] = useState<Places | null>(null);
  const [live, setLive] = useState(false);
  useEffect(() => {
    if (live) return;
    let stop = false;
    const load = async () => {
      if (document.visibilityState !== "visible") return;
      try {
        const res = await fetch(`/excursao/${slug}/lugares`, { cache: "no-store" });
        if (res.ok && !stop) setPlaces((await res.json()) as Places);
      } catch {
        // offline for a moment: the next tick tries again
      }
    };
    void load();
    const timer = setInterval(load, 15_000);
    document.addEventListener("visibilitychange", load);
    return () => {
      stop = true;
      clearInterval(timer);
      document.removeEventListener("visibilitychange", load);
    };
  }, [slug, live]);
  const onEvent = (event: PublicSeatRoomEvent) => {
    if (event.type === "places") setPlaces(event.places);
  };
  return (
    <Card data-testid="public-live-places" data-live={live ? "true" : "false"} aria-live="polite">
      <LiveRoom<PublicSeatRoomEvent> party={SEATS_PARTY} room={slug} onEvent={onEvent} onOpen={() => setLive(true)} onClose={() => setLive(false)} />
      <Flex direction="column" gap="1">
        <Heading as="h2" size="4">
          {t.item.availability}
        </Heading>
        {places ? (
          <>
            <Text weight="bold" data-testid="public-places-free">
              {places.free > 0 ? fill(t.item.free, { count: places.free }) : t.item.soldOut}
            </Text>
            <Text size="2">{fill(t.item.held, { count: places.held })}</Text>
            <Text size="2">{fill(t.item.sold, { count: places.sold })}</Text>
          </>
        ) : (
          <Text size="2">…</Text>
        )}
        <Text size="1" color="gray">
          {t.item.live}
        </Text>
      </Flex>
    </Card>
  );
}

function ReserveForm({ v, t, answer }: { v: ItemView; t: PublicTexts; answer: ReserveAnswer | undefined }) {
  const busy = useNavigation().state === "submitting";
  if (answer?.sent) {
    return (
      <Card>
        <Flex direction="column" gap="3">
          <Text role="status" data-testid="public-reserve-sent">
            {t.reserve.sent}
          </Text>
          {answer.continueUrl && (
            <>
              <Text size="2">{t.reserve.continueHint}</Text>
              <Button asChild size="3">
                <a href={answer.continueUrl} data-testid="public-reserve-continue">
                  {t.reserve.continuePortal}
                </a>
              </Button>
            </>
          )}
        </Flex>
      </Card>
    );
  }
  const values = answer?.values ?? {};
  const err = answer?.fields ?? {};
  const field = (name: "name" | "email" | "phone", label: string, type: string, autoComplete: string) => (
    <label>
      {label}
      <input name={name} type={type} autoComplete={autoComplete} required maxLength={name === "phone" ? 30 : 200} defaultValue={values[name] ?? ""} aria-invalid={!!err[name]} aria-describedby={err[name] ? `reserve-${name}-error` : undefined} />
      {err[name] && (
        <span id={`reserve-${name}-error`} className="public-error" data-testid={`public-reserve-error-${name}`}>
          {err[name]}
        </span>
      )}
    </label>
  );
  return (
    <Card id="reservar">
      <Form method="post" className="public-form" data-testid="public-reserve-form" noValidate>
        <Heading as="h2" size="5">
          {t.reserve.title}
        </Heading>
        <Text size="2">{t.reserve.intro}</Text>
        {answer?.error === "tooMany" && (
          <Text role="alert" color="red" data-testid="public-reserve-too-many">
            {t.reserve.tooMany}
          </Text>
        )}
        {answer?.error === "unavailable" && (
          <Text role="alert" color="red">
            {t.reserve.unavailable}
          </Text>
        )}
        {field("name", t.reserve.name, "text", "name")}
        {field("email", t.reserve.email, "email", "email")}
        {field("phone", t.reserve.phone, "tel", "tel")}
        <label>
          {t.reserve.departure}
          <select name="departure" required defaultValue={values.departure ?? (v.choices.length === 1 ? v.choices[0]!.value : "")} aria-invalid={!!err.departure}>
            {v.choices.length > 1 && <option value="">{t.reserve.chooseDeparture}</option>}
            {v.choices.map((c) => (
              <option key={c.value} value={c.value}>
                {c.label}
              </option>
            ))}
          </select>
          {err.departure && (
            <span className="public-error" data-testid="public-reserve-error-departure">
              {err.departure}
            </span>
          )}
        </label>
        <label>
          {t.reserve.passengers}
          <input name="passengers" type="number" min={1} max={60} step={1} inputMode="numeric" required defaultValue={values.passengers || "1"} aria-invalid={!!err.passengers} />
          {err.passengers && (
            <span className="public-error" data-testid="public-reserve-error-passengers">
              {err.passengers}
            </span>
          )}
        </label>
        <Button type="submit" size="3" disabled={busy} data-testid="public-reserve-submit">
          {t.reserve.submit}
        </Button>
      </Form>
    </Card>
  );
}

export function ItemPage({ v, t, answer, agencyName }: { v: ItemView; t: PublicTexts; answer: ReserveAnswer | undefined; agencyName: string }) {
  return (
    <Flex direction="column" gap="5" data-testid="public-item" data-kind={v.kind}>
      <div>
        <Heading as="h1" size="8">
          {v.title}
        </Heading>
        {v.destinations.length > 0 && (
          <Text as="p" color="gray" data-testid="public-destinations">
            {v.destinations.join(" · ")}
          </Text>
        )}
        {v.from && (
          <Text as="p" size="4" weight="bold" data-testid="public-from">
            {v.from}
          </Text>
        )}
      </div>
      {v.images.length > 0 && (
        <section aria-label={t.item.images} className="public-gallery">
          {v.images.map((img, i) => (
            <img key={img.id} src={i === 0 ? img.url : img.thumbUrl} alt={img.alt || v.title} width={img.width ?? 800} height={img.height ?? 600} loading={i === 0 ? "eager" : "lazy"} />
          ))}
        </section>
      )}
      <div className="public-columns">
        <Flex direction="column" gap="5">
          {v.summary && <Text as="p" size="3">{v.summary}</Text>}
          {v.excursion && (
            <section>
              <Heading as="h2" size="5" mb="2">
                {t.item.departures}
              </Heading>
              <Text as="p">
                {t.item.departure}: {v.excursion.departure}
              </Text>
              <Text as="p">
                {t.item.return}: {v.excursion.return}
              </Text>
              {!v.excursion.open && (
                <Text as="p" color="orange" data-testid="public-closed">
                  {t.item.closed}
                </Text>
              )}
            </section>
          )}
          {v.kind === "package" && (
            <section>
              <Heading as="h2" size="5" mb="2">
                {t.item.departures}
              </Heading>
              {v.departures.length === 0 ? (
                <Text as="p">{t.item.noDepartures}</Text>
              ) : (
                <ul data-testid="public-departures">
                  {v.departures.map((d) => (
                    <li key={d.id}>
                      {d.end ? fill(t.item.dates, { start: d.start, end: d.end }) : d.start}{" "}
                      {d.places ? <Badge color="green">{d.places}</Badge> : <Badge color="gray">{t.item.soldOut}</Badge>}
                    </li>
                  ))}
                </ul>
              )}
            </section>
          )}
          {v.excursion && v.excursion.boardings.length > 0 && (
            <section>
              <Heading as="h2" size="5" mb="2">
                {t.item.boarding}
              </Heading>
              <ul data-testid="public-boardings">
                {v.excursion.boardings.map((b) => (
                  <li key={b.id}>
                    <Text weight="bold">{b.time}</Text> — {b.name}
                    {b.place && <Text color="gray"> · {b.place}</Text>}
                    {b.reference && <Text color="gray"> ({b.reference})</Text>}
                  </li>
                ))}
              </ul>
            </section>
          )}
          {v.prices.rows.length > 0 && (
            <section>
              <Heading as="h2" size="5" mb="2">
                {t.item.prices}
              </Heading>
              {/* It scrolls sideways on a phone: a focusable region, so a keyboard can scroll it too. */}
              <div className="public-table-wrap" tabIndex={0} role="region" aria-label={t.item.prices}>
                <table className="public-table" data-testid="public-prices">
                  <thead>
                    <tr>
                      <th scope="col">{t.item.room}</th>
                      {v.prices.columns.map((c) => (
                        <th key={c.key} scope="col">
                          {c.label}
                        </th>
                      ))}
                    </tr>
                  </thead>
                  <tbody>
                    {v.prices.rows.map((r) => (
                      <tr key={r.key}>
                        <th scope="row">{r.label}</th>
                        {r.cells.map((c, i) => (
                          <td key={v.prices.columns[i]!.key}>{c}</td>
                        ))}
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </section>
          )}
          {v.itinerary.length > 0 && (
            <section>
              <Heading as="h2" size="5" mb="2">
                {t.item.itinerary}
              </Heading>
              <ol style={{ paddingLeft: 20 }} data-testid="public-itinerary">
                {v.itinerary.map((d, i) => (
                  <li key={i}>
                    <Text weight="bold">
                      {d.label}: {d.title}
                    </Text>
                    {d.description && <Text as="p">{d.description}</Text>}
                  </li>
                ))}
              </ol>
            </section>
          )}
          {(v.includes.length > 0 || v.excludes.length > 0) && (
            <Flex gap="5" wrap="wrap">
              <ListSection title={t.item.includes} items={v.includes} testId="public-includes" />
              <ListSection title={t.item.excludes} items={v.excludes} testId="public-excludes" />
            </Flex>
          )}
          {v.policy && (
            <section>
              <Heading as="h2" size="4" mb="1">
                {t.item.policy}
              </Heading>
              <Text as="p" size="2" style={{ whiteSpace: "pre-wrap" }}>
                {v.policy}
              </Text>
            </section>
          )}
        </Flex>
        <Flex direction="column" gap="4">
          {v.kind === "excursion" && <LivePlaces slug={v.slug} t={t} />}
          {v.choices.length > 0 ? (
            <ReserveForm v={v} t={t} answer={answer} />
          ) : (
            <Card>
              <Text>{v.kind === "excursion" ? t.item.closed : t.item.noDepartures}</Text>
              <Text as="p" size="2">
                {t.item.contact}: {agencyName}
              </Text>
            </Card>
          )}
        </Flex>
      </div>
    </Flex>
  );
}

/** A titled bullet list (what a trip includes, what it does not); nothing when empty. */
function ListSection({ title, items, testId }: { title: string; items: readonly string[]; testId: string }) {
  if (items.length === 0) return null;
  return (
    <section>
      <Heading as="h2" size="4" mb="1">
        {title}
      </Heading>
      <ul data-testid={testId}>
        {items.map((x, i) => (
          <li key={i}>{x}</li>
        ))}
      </ul>
    </section>
  );
}

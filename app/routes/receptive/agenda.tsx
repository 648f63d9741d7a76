import { Button, Card, Flex, Heading, Text } from "@radix-ui/themes";
import { CalendarPlus, ChevronLeft, ChevronRight, FileText } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Form, Link } from "react-router";
import { KeysetPager } from "~/components/kit/KeysetPager";
import { EmptyState, PageHeader, StatusBadge } from "~/components/ui";
import { NativeSelect } from "~/components/ui/FormField";
import { parseListQuery } from "~/lib/kit/list";
import { formatCalendarDate, formatTime } from "~/lib/platform/format";
import { parseCalendarDate, todayIn } from "~/lib/platform/time-zone";
import { formatPlate } from "~/lib/receptive/fields";
import { agendaDays, agendaStep, AGENDA_VIEWS, orderDays, orderListSpec, ORDERS_PATH, SCHEDULE_PATH, type AgendaView } from "~/lib/receptive/order";
import { listOrders, orderFormOptions, type OrderListRow } from "~/lib/receptive/order.server";
import { getI18n } from "~/middleware/i18n";
import { requireModule, requireScope } from "~/middleware/session";
import type { Route } from "./+types/agenda";

export const middleware: Route.MiddlewareFunction[] = [requireModule("servicos", "receptivo")];

const TONE = { scheduled: "info", done: "active", cancelled: "inactive" } as const;

/** The agenda: ?visao=day|week&data=YYYY-MM-DD (default today in the agency's zone) &motorista=&situacao=. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const scope = requireScope(context, request);
  const params = new URL(request.url).searchParams;
  const view: AgendaView = (AGENDA_VIEWS as readonly string[]).includes(params.get("visao") ?? "") ? (params.get("visao") as AgendaView) : "day";
  const today = todayIn(scope.timeZone);
  const day = parseCalendarDate(params.get("data")) ?? today;
  const days = agendaDays(view, day);
  const query = parseListQuery(params, orderListSpec);
  query.filters.de = days[0];
  query.filters.ate = days[days.length - 1];
  if (!params.has("size")) query.size = 100;
  const [{ rows, page }, options] = await Promise.all([listOrders(scope, query), orderFormOptions(scope, null)]);
  return {
    view,
    day,
    today,
    days,
    query,
    rows: rows.map((r) => ({ ...r, day: orderDays(r, scope.timeZone).first })),
    page,
    drivers: options.drivers,
    hasServices: options.services.length > 0,
    timeZone: scope.timeZone,
    documentTitle: getI18n(context).t("receptive.orders.title"),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData ? `${loaderData.documentTitle} · Rota` : "Rota" }];

export default function Agenda({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const { view, day, today, days, rows, page, query, drivers, timeZone } = loaderData;
  const driver = query.filters.motorista ?? "";
  const status = query.filters.situacao ?? "";
  const link = (changes: Record<string, string>) => {
    const p = new URLSearchParams({ visao: view, data: day, ...(driver ? { motorista: driver } : {}), ...(status ? { situacao: status } : {}), ...changes });
    for (const [k, v] of [...p.entries()]) if (!v) p.delete(k);
    return `${SCHEDULE_PATH}?${p.toString()}`;
  };
  const time = (iso: string) => formatTime(iso, i18n.language, timeZone);
  const byDay = new Map(days.map((d) => [d, [] as (OrderListRow & { day: string })[]]));
  for (const r of rows) byDay.get(r.day < days[0]! ? days[0]! : r.day)?.push(r);
  return (
    <Flex direction="column" gap="4" data-testid="receptive-agenda">
      <PageHeader
        title={t("receptive.orders.title")}
        subtitle={t("receptive.orders.subtitle")}
        trail={[{ label: t("menu.servicos.title"), href: null }]}
        actions={
          <Flex gap="2" wrap="wrap">
            {driver && (
              <Button asChild variant="soft">
                <a href={`${SCHEDULE_PATH}/folha/${driver}?data=${day}`} data-testid="driver-sheet" download>
                  <FileText size={16} aria-hidden /> {t("receptive.orders.sheet")}
                </a>
              </Button>
            )}
            {loaderData.hasServices && (
              <Button asChild>
                <Link to={`${ORDERS_PATH}/novo?data=${day}`} data-testid="new-order">
                  <CalendarPlus size={16} aria-hidden /> {t("receptive.orders.new")}
                </Link>
              </Button>
            )}
          </Flex>
        }
      />
      {!loaderData.hasServices && <Text color="gray">{t("receptive.orders.noServices")}</Text>}
      <Flex gap="3" wrap="wrap" align="end" justify="between">
        <Flex gap="2" align="center" wrap="wrap">
<Flex gap="1" role="group" aria-label={t("receptive.orders.title")}>
            {AGENDA_VIEWS.map((v) => (
              <Button key={v} asChild size="1" variant={v === view ? "solid" : "soft"} color={v === view ? undefined : "gray"}>
                <Link to={link({ visao: v })} aria-current={v === view ? "page" : undefined} data-testid={`view-${v}`}>
                  {t(`receptive.orders.${v}`)}
                </Link>
              </Button>
            ))}
          </Flex>
          <Button asChild variant="soft" color="gray" size="1">
            <Link to={link({ data: agendaStep(view, day, -1) })} aria-label={t("receptive.orders.previous")} data-testid="agenda-previous">
              <ChevronLeft size={16} aria-hidden />
            </Link>
          </Button>
          <Button asChild variant="soft" color="gray" size="1">
            <Link to={link({ data: today })}>{t("receptive.orders.today")}</Link>
          </Button>
          <Button asChild variant="soft" color="gray" size="1">
            <Link to={link({ data: agendaStep(view, day, 1) })} aria-label={t("receptive.orders.next")} data-testid="agenda-next">
              <ChevronRight size={16} aria-hidden />
            </Link>
          </Button>
        </Flex>
        <Form method="get" className="agenda-filters">
          <input type="hidden" name="visao" value={view} />
          <Flex gap="2" align="end" wrap="wrap">
            <label>
              <Text size="1" as="div">
                {t("receptive.orders.date")}
              </Text>
              <input type="date" name="data" defaultValue={day} className="native-select" />
            </label>
            <NativeSelect name="motorista" label={t("receptive.orders.fields.driverId")} defaultValue={driver} options={[{ value: "", label: t("receptive.orders.allDrivers") }, ...drivers]} />
            <Button type="submit" variant="soft" size="2">
              {t("list.apply")}
            </Button>
          </Flex>
        </Form>
      </Flex>
      {days.map((d) => {
        const orders = byDay.get(d) ?? [];
        if (view === "week" && orders.length === 0) {
          return (
            <Flex key={d} direction="column" gap="1">
              <Heading as="h2" size="3" color={d === today ? "teal" : undefined}>
                {formatCalendarDate(d, i18n.language, "full")}
              </Heading>
              <Text size="2" color="gray">
                —
              </Text>
            </Flex>
          );
        }
        return (
          <Flex key={d} direction="column" gap="2" data-testid={`agenda-day-${d}`}>
            <Heading as="h2" size="3" color={d === today ? "teal" : undefined}>
              {formatCalendarDate(d, i18n.language, "full")}
            </Heading>
            {orders.length === 0 ? (
              <EmptyState title={t("receptive.orders.empty")} />
            ) : (
              orders.map((o) => (
                <Card key={o.id} asChild>
                  <Link to={`${ORDERS_PATH}/editar/${o.id}`} data-testid="agenda-order" data-status={o.status}>
                    <Flex gap="3" wrap="wrap" align="start" justify="between">
                      <Flex direction="column" gap="1" style={{ minWidth: "9rem" }}>
                        <Text weight="bold" className="nowrap">
                          {time(o.startsAt)}–{time(o.endsAt)}
                        </Text>
                        <span>
                          <StatusBadge tone={TONE[o.status as keyof typeof TONE]}>{t(`receptive.orders.statuses.${o.status}` as never)}</StatusBadge>
                        </span>
                      </Flex>
                      <Flex direction="column" gap="1" style={{ flex: "1 1 14rem" }}>
                        <Text weight="medium">{o.serviceName}</Text>
                        <Text size="2" color="gray">
                          {t(`receptive.kinds.${o.serviceKind}` as never)} · {t("receptive.orders.passengers", { count: o.passengers })}
                          {o.reference ? ` · ${o.reference}` : ""}
                        </Text>
                        {(o.pickup || o.dropoff) && (
                          <Text size="2">
                            {o.pickup ?? ""}
                            {o.dropoff ? ` → ${o.dropoff}` : ""}
                          </Text>
                        )}
                      </Flex>
                      <Flex direction="column" gap="1" style={{ flex: "1 1 12rem" }}>
                        <Text size="2">{o.driverName ?? <Text color="orange">{t("receptive.orders.unassigned")}</Text>}</Text>
                        <Text size="2" color="gray">
                          {[o.vehiclePlate ? formatPlate(o.vehiclePlate) : null, o.guideName].filter(Boolean).join(" · ") || "—"}
                        </Text>
                      </Flex>
                    </Flex>
                  </Link>
                </Card>
              ))
            )}
          </Flex>
        );
      })}
      {page.next && <Text color="gray">{t("receptive.orders.more")}</Text>}
      <KeysetPager query={query} spec={orderListSpec} page={page} extra={{ visao: view, data: day }} />
    </Flex>
  );
}

export { ShellErrorBoundary as ErrorBoundary } from "~/components/ui/RouteError";

import { Button, Flex, Text } from "@radix-ui/themes";
import { FileSpreadsheet, FileText, Lock, LockOpen, Pencil, Printer } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Form, Link, useNavigation } from "react-router";
import seatMapStyles from "~/components/services/seat-map.css?url";
import { SeatMap, SeatMapLegend } from "~/components/services/SeatMap";
import { ChecklistList } from "~/components/services/operational/Checklist";
import operationalStyles from "~/components/services/operational/operational.css?url";
import { BoardingList, PassengerTable, Rooming } from "~/components/services/operational/PassengerSections";
import { ConfirmDialog } from "~/components/ui/ConfirmDialog";
import { EmptyState, Notice, PageHeader, SectionCard, StatusBadge, type StatusTone } from "~/components/ui";
import type { ChecklistItem } from "~/lib/excursions/checklist";
import { MANIFEST_PATH, seatStates } from "~/lib/excursions/operational";
import { operationalIntentSchema } from "~/lib/excursions/operational.schema";
import { canFinalizeManifest, canReopenManifest, finalizeManifest, loadOperational, reopenManifest } from "~/lib/excursions/operational.server";
import { malformed, parseForm } from "~/lib/kit/forms";
import { formatCalendarDate, formatDateTime } from "~/lib/platform/format";
import { conflict, forbidden, notFound } from "~/lib/platform/http";
import type { ToastMessage } from "~/lib/platform/toast";
import { formatPlate } from "~/lib/receptive/fields";
import { getI18n } from "~/middleware/i18n";
import { requireModule, requireScope } from "~/middleware/session";
import type { Route } from "./+types/excursoes.operacional";

export const middleware: Route.MiddlewareFunction[] = [requireModule("servicos", "excursoes")];

export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: seatMapStyles },
  { rel: "stylesheet", href: operationalStyles },
];

const K = "services.operational";
const LIST_PATH = "/servicos/excursoes";

export async function loader({ context, request, params }: Route.LoaderArgs) {
  const scope = requireScope(context, request);
  const data = await loadOperational(scope, params.id);
  if (!data) throw notFound();
  return {
    ...data,
    seatStates: seatStates(data.passengers, new Date().toISOString()),
    canFinalize: canFinalizeManifest(scope.role),
    canReopen: canReopenManifest(scope.role),
    timeZone: scope.timeZone,
    documentTitle: `${getI18n(context).t(`${K}.title`)} · ${data.excursion.title}`,
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData ? `${loaderData.documentTitle} · Rota` : "Rota" }];

const toast = (title: string, destructive = false): ToastMessage => ({ title, ...(destructive ? { variant: "destructive" as const } : {}) });

/** Intents: finalize (Admin, Operacional; every checklist item passing) and reopen (Admin). Another agency's id is a 404. */
export async function action({ context, request, params }: Route.ActionArgs) {
  const scope = requireScope(context, request);
  const submission = parseForm(await request.formData(), operationalIntentSchema);
  if (!submission || submission.status !== "success") {
    if (!(await loadOperational(scope, params.id))) throw notFound();
    return malformed();
  }
  if (submission.value.intent === "finalize") {
    const result = await finalizeManifest(scope, params.id);
    if (result.ok) return { toast: toast(`${K}.final.done`) };
    switch (result.reason) {
      case "notFound":
        throw notFound();
      case "forbidden":
        return forbidden({ reason: result.reason, toast: toast(`${K}.final.forbidden`, true) });
      case "notReady":
        return conflict({ reason: result.reason, items: result.items ?? [], toast: toast(`${K}.final.notReady`, true) });
      default:
        return conflict({ reason: result.reason, toast: toast(`${K}.final.${result.reason}`, true) });
    }
  }
  const result = await reopenManifest(scope, params.id);
  if (result.ok) return { toast: toast(`${K}.final.reopened`) };
  switch (result.reason) {
    case "notFound":
      throw notFound();
    case "forbidden":
      return forbidden({ reason: result.reason, toast: toast(`${K}.final.reopenForbidden`, true) });
    default:
      return conflict({ reason: result.reason, toast: toast(`${K}.final.${result.reason}`, true) });
  }
}

export { ShellErrorBoundary as ErrorBoundary } from "~/components/ui/RouteError";

const STATUS_TONE: Record<string, StatusTone> = { draft: "neutral", open: "info", closed: "warning", done: "active", cancelled: "inactive" };

export default function OperationalView({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const { excursion, charter, vehicle, drivers, guides, passengers, boardings, checklist, timeZone, days } = loaderData;
  const lang = i18n.language;
  const sold = passengers.filter((p) => p.status === "confirmed").length;
  const held = passengers.length - sold;
  const free = Math.max(0, excursion.capacity - passengers.length);
  const failing = actionData && "items" in actionData ? (actionData.items as ChecklistItem[]) : null;
  const title = excursion.title;

  return (
    <Flex direction="column" gap="4" className="operational-page" data-testid="operational-view">
      <PageHeader
        title={title}
        titleTestId="operational-title"
        subtitle={t(`${K}.subtitle`)}
        trail={[
          { label: t("menu.servicos.title"), href: null },
          { label: t("menu.servicos.excursoes.title"), href: LIST_PATH },
        ]}
        aside={
          <Flex gap="2" align="center">
            <StatusBadge tone="accent">{t(`${K}.title`)}</StatusBadge>
            <StatusBadge tone={STATUS_TONE[excursion.status] ?? "neutral"} testId="operational-status">
              {t(`${K}.status.${excursion.status}`)}
            </StatusBadge>
          </Flex>
        }
        actions={
          <Flex gap="2" wrap="wrap" className="operational-no-print">
            <Button asChild variant="soft">
              <a href={`${MANIFEST_PATH}/${excursion.id}/csv`} download data-testid="manifest-csv">
                <FileSpreadsheet size={16} aria-hidden /> {t(`${K}.csv`)}
              </a>
            </Button>
            <Button asChild variant="soft">
              <a href={`${MANIFEST_PATH}/${excursion.id}/pdf`} download data-testid="manifest-pdf">
                <FileText size={16} aria-hidden /> {t(`${K}.pdf`)}
              </a>
            </Button>
            <Button type="button" variant="soft" color="gray" onClick={() => window.print()} data-testid="operational-print">
              <Printer size={16} aria-hidden /> {t(`${K}.print`)}
            </Button>
            <Button asChild variant="soft" color="gray">
              <Link to={`${LIST_PATH}/editar/${excursion.id}`}>
                <Pencil size={16} aria-hidden /> {t(`${K}.edit`)}
              </Link>
            </Button>
          </Flex>
        }
      />

      <SectionCard title={t(`${K}.title`)} testId="operational-header">
        <dl className="operational-facts">
          <div>
            <dt>{t(`${K}.header.dates`)}</dt>
            <dd>{t(`${K}.header.datesValue`, { departure: formatDateTime(excursion.departureAt, lang, timeZone), return: formatDateTime(excursion.returnAt, lang, timeZone) })}</dd>
          </div>
          <div>
            <dt>{t(`${K}.header.destination`)}</dt>
            <dd>{excursion.destinationName ?? charter?.destinationName ?? "—"}</dd>
          </div>
          <div>
            <dt>{t(`${K}.header.vehicle`)}</dt>
            <dd data-testid="operational-vehicle">{vehicle ? `${formatPlate(vehicle.plate)} · ${vehicle.model}` : t(`${K}.header.noVehicle`)}</dd>
          </div>
          {charter && (
            <div>
              <dt>{t(`${K}.header.charter`)}</dt>
              <dd>{[charter.title, charter.carrierName].filter(Boolean).join(" · ")}</dd>
            </div>
          )}
          <div>
            <dt>{t(`${K}.header.drivers`)}</dt>
            <dd>{drivers.map((d) => [d.name, d.phone].filter(Boolean).join(" · ")).join(", ") || t(`${K}.header.nobody`)}</dd>
          </div>
          <div>
            <dt>{t(`${K}.header.guides`)}</dt>
            <dd>{guides.map((g) => [g.name, g.phone].filter(Boolean).join(" · ")).join(", ") || t(`${K}.header.nobody`)}</dd>
          </div>
          <div>
            <dt>{t(`${K}.header.occupancy`)}</dt>
            <dd data-testid="operational-occupancy">{t(`${K}.header.occupancyValue`, { taken: passengers.length, capacity: excursion.capacity, sold, held })}</dd>
          </div>
        </dl>
      </SectionCard>

      <SectionCard title={t(`${K}.sections.checklist`)} hint={t(`${K}.checklist.hint`, { date: formatCalendarDate(days.last, lang, "short") })} testId="operational-checklist">
        <Flex direction="column" gap="3">
          <ChecklistList items={checklist.items} testId="checklist-items" />
          {failing && failing.length > 0 && (
            <Notice tone="error" title={t(`${K}.final.notReady`)} testId="finalize-refused">
              <Text as="p" size="2">
                {t(`${K}.final.failing`)}
              </Text>
              <ChecklistList items={failing} />
            </Notice>
          )}
          <ManifestLock
            final={excursion.manifestFinalAt ? { at: formatDateTime(excursion.manifestFinalAt, lang, timeZone), by: excursion.manifestFinalByName ?? "—" } : null}
            ready={checklist.ready}
            canFinalize={loaderData.canFinalize}
            canReopen={loaderData.canReopen}
          />
        </Flex>
      </SectionCard>

      <SectionCard title={t(`${K}.sections.passengers`)} testId="operational-passengers-section">
        {passengers.length === 0 ? (
          <EmptyState title={t(`${K}.empty.title`)} body={t(`${K}.empty.body`)} testId="operational-empty" />
        ) : (
          <PassengerTable passengers={passengers} boardings={boardings} timeZone={timeZone} />
        )}
      </SectionCard>

      <SectionCard title={t(`${K}.sections.seats`)} testId="operational-seats">
        <Flex direction="column" gap="3">
          {charter ? (
            <>
              <Text size="2" data-testid="seat-counts">
                {t(`${K}.seats.counts`, { sold, held, free })}
              </Text>
              <div className="operational-seats">
                <SeatMap mode="view" layout={charter.seatLayout} states={loaderData.seatStates} label={t(`${K}.seats.mapLabel`)} testId="operational-seat-map" />
              </div>
              <SeatMapLegend />
            </>
          ) : (
            <Text size="2" data-testid="seat-counts">
              {t(`${K}.seats.plain`, { taken: passengers.length, capacity: excursion.capacity })} {t(`${K}.seats.counts`, { sold, held, free })}
            </Text>
          )}
        </Flex>
      </SectionCard>

      <div className="operational-break">
        <SectionCard title={t(`${K}.sections.boarding`)} testId="operational-boarding-section">
          <BoardingList boardings={boardings} passengers={passengers} timeZone={timeZone} />
        </SectionCard>
      </div>

      {passengers.length > 0 && (
        <div className="operational-break">
          <SectionCard title={t(`${K}.sections.rooming`)} testId="operational-rooming-section">
            <Rooming passengers={passengers} />
          </SectionCard>
        </div>
      )}
    </Flex>
  );
}

/** The manifest's final state: "Final since … by …" (and reopen, for an Admin), or the button that makes it final. */
function ManifestLock({ final, ready, canFinalize, canReopen }: { final: { at: string; by: string } | null; ready: boolean; canFinalize: boolean; canReopen: boolean }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const [open, setOpen] = useState(false);
  if (final) {
    return (
      <Flex direction="column" gap="2" data-testid="manifest-final">
        <Notice tone="success" title={t(`${K}.final.since`, { date: final.at, name: final.by })}>
          {t(`${K}.final.locked`)}
        </Notice>
        {canReopen && (
          <div className="operational-no-print">
            <ConfirmDialog
              open={open}
              onOpenChange={setOpen}
              testId="reopen-dialog"
              trigger={
                <Button variant="soft" color="red" data-testid="manifest-reopen">
                  <LockOpen size={16} aria-hidden /> {t(`${K}.final.reopen`)}
                </Button>
              }
              title={t(`${K}.final.reopenTitle`)}
              description={t(`${K}.final.reopenBody`)}
              cancelLabel={t(`${K}.final.cancel`)}
              confirm={
                <Form method="post" replace onSubmit={() => setOpen(false)}>
                  <Button type="submit" name="intent" value="reopen" color="red" disabled={busy} data-testid="reopen-confirm">
                    <LockOpen size={16} aria-hidden /> {t(`${K}.final.reopen`)}
                  </Button>
                </Form>
              }
            />
          </div>
        )}
      </Flex>
    );
  }
  return (
    <Flex direction="column" gap="2" className="operational-no-print">
      <Text size="2" color={ready ? "green" : "gray"} id="manifest-readiness" data-testid="manifest-readiness">
        {ready ? t(`${K}.checklist.ready`) : t(`${K}.checklist.notReady`)}
      </Text>
      {canFinalize && (
        <div>
          <ConfirmDialog
            open={open}
            onOpenChange={setOpen}
            testId="finalize-dialog"
            trigger={
              <Button disabled={!ready || busy} aria-describedby="manifest-readiness" data-testid="manifest-finalize">
                <Lock size={16} aria-hidden /> {t(`${K}.final.make`)}
              </Button>
            }
            title={t(`${K}.final.makeTitle`)}
            description={t(`${K}.final.makeBody`)}
            cancelLabel={t(`${K}.final.cancel`)}
            confirm={
              <Form method="post" replace onSubmit={() => setOpen(false)}>
                <Button type="submit" name="intent" value="finalize" disabled={busy} data-testid="finalize-confirm">
                  <Lock size={16} aria-hidden /> {t(`${K}.final.make`)}
                </Button>
              </Form>
            }
          />
        </div>
      )}
    </Flex>
  );
}

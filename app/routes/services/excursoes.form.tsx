import { Button, Flex, Text } from "@radix-ui/themes";
import { ClipboardList } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { RecordHistory } from "~/components/kit/RecordHistory";
import { StaleCallout } from "~/components/kit/RecordNotices";
import type { RecordActionData } from "~/components/kit/RecordPage";
import { ExcursionFields } from "~/components/services/excursions/ExcursionFields";
import { ExcursionStatusPanel } from "~/components/services/excursions/ExcursionStatusPanel";
import { SeatMap } from "~/components/services/SeatMap";
import { ServiceActions } from "~/components/services/ServiceActions";
import { ServiceImages } from "~/components/services/ServiceImages";
import { LinkedTasks } from "~/components/tasks/LinkedTasks";
import { linkedOpenTasks } from "~/lib/tasks/tasks.server";
import { FormSection } from "~/components/ui/FormField";
import { Notice } from "~/components/ui/Notice";
import { PageHeader } from "~/components/ui/PageHeader";
import { recordAction } from "~/lib/kit/record-action.server";
import { recordLoader } from "~/lib/kit/record-loader.server";
import { formatDateTime } from "~/lib/platform/format";
import { lookup } from "~/lib/platform/translate";
import { canArchiveServices } from "~/lib/services/fields";
import { listImages } from "~/lib/services/service-images.server";
import { EXCURSION_LIST_PATH, excursionClonePath, excursionFormValues, excursionOperationalPath, publicExcursionPath } from "~/lib/excursions/excursion";
import {
  boardingPointOptions,
  charterLayout,
  charterOptions,
  componentOptions,
  excursionAvailability,
  excursionChildRows,
  excursionDestinationOptions,
  excursionEmpty,
  excursionFromCharter,
  excursionIntents,
  excursionSpec,
  seatStates,
  vehicleOptions,
} from "~/lib/excursions/excursion.server";
import { getEnv } from "~/middleware/cloudflare";
import { getI18n } from "~/middleware/i18n";
import { requireModule, requireScope } from "~/middleware/session";
import packageStyles from "~/components/services/packages/packages.css?url";
import seatMapStyles from "~/components/services/seat-map.css?url";
import registersStyles from "~/styles/registers.css?url";
import type { Route } from "./+types/excursoes.form";

export const middleware: Route.MiddlewareFunction[] = [requireModule("servicos", "excursoes")];
export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: registersStyles },
  { rel: "stylesheet", href: packageStyles },
  { rel: "stylesheet", href: seatMapStyles },
];

/**
 * Nova excursão (no id; ?fretamento={charterId} prefills from a ground charter)
 * or editar/:id (children, status, availability, seat map, images): 404 for an
 * unknown id or another agency's.
 */
export const loader = async ({ context, request, params }: Route.LoaderArgs) => {
  const scope = requireScope(context, request);
  const { t } = getI18n(context);
  const noChildren = { boardings: [], prices: [], components: [] };
  const fromCharter = params.id ? null : await excursionFromCharter(scope, new URL(request.url).searchParams.get("fretamento"));
  return recordLoader(excursionSpec(scope), scope, request, params, {
    toForm: (row) => excursionFormValues(row, noChildren, scope.timeZone),
    empty: fromCharter ?? excursionEmpty(scope.currency, scope.timeZone),
    newTitle: t("services.excursions.new"),
    extra: async (row) => {
      const children = row ? await excursionChildRows(scope, row.id) : noChildren;
      const charterId = row?.charterId ?? (fromCharter?.charterId || null);
      const [destinations, boardingPoints, charters, vehicles, components, images, availability, layout, seats] = await Promise.all([
        excursionDestinationOptions(scope, row ? [row.destinationId] : []),
        boardingPointOptions(scope, children.boardings.map((b) => b.boardingPointId)),
        charterOptions(scope, charterId),
        vehicleOptions(scope, row?.vehicleId ?? (fromCharter?.vehicleId || null)),
        componentOptions(scope, children.components),
        row ? listImages(scope, { kind: "excursion", id: row.id }) : [],
        row ? excursionAvailability(scope, row) : null,
        row ? charterLayout(scope, row.charterId) : null,
        row?.charterId ? seatStates(scope, row.id) : {},
      ]);
      // Its open tasks (Tarefas), read-only.
      const tasks = row ? await linkedOpenTasks(scope, "excursion", row.id) : [];
      return {
        recordId: row?.id ?? null,
        formValues: row ? excursionFormValues(row, children, scope.timeZone) : null,
        fromCharter: fromCharter ? (charters.find((c) => c.value === fromCharter.charterId)?.label ?? "") : null,
        destinations,
        boardingPoints: boardingPoints.map(({ value, label }) => ({ value, label })),
        charters,
        vehicles,
        components,
        images,
        availability,
        layout,
        seats,
        status: row?.status ?? "draft",
        statusReason: row?.statusReason ?? null,
        manifestFinalAt: row?.manifestFinalAt ?? null,
        publicPath: row?.published ? publicExcursionPath(row.slug) : null,
        slugKept: !!row?.publishedAt,
        canArchive: canArchiveServices(scope.role),
        tasks,
        now: Date.now(),
      };
    },
  });
};

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData ? `${loaderData.documentTitle} · Rota` : "Rota" }];

/** Save (create, or update with the version check and the child rows), the status moves, archive and the image intents. */
export const action = ({ context, request, params }: Route.ActionArgs) => {
  const scope = requireScope(context, request);
  const intents = params.id ? excursionIntents(params.id, getEnv(context)) : undefined;
  return recordAction(excursionSpec(scope), scope, request, params, intents);
};

type ActionData = RecordActionData & { archiveError?: string; imageError?: string; imageSaved?: boolean; moveError?: string; lockError?: string; readOnly?: boolean };

export default function ExcursionForm({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const ad = actionData as ActionData | undefined;
  const isNew = loaderData.mode === "new";
  const fieldLabel = (field: string) => lookup(i18n, `services.excursions.fields.${field}`) ?? field;
  const formatValue = (field: string, value: unknown): string | undefined => {
    if ((field === "departureAt" || field === "returnAt" || field === "publishedAt" || field === "statusChangedAt") && typeof value === "string") return formatDateTime(value, i18n.language, loaderData.timeZone);
    if (field === "status" && typeof value === "string") return lookup(i18n, `services.excursions.statuses.${value}`);
    if (field === "published" && typeof value === "boolean") return value ? t("services.excursions.yes") : t("services.excursions.no");
    if ((field === "includes" || field === "excludes") && Array.isArray(value)) return value.join(" · ");
    if ((field === "boardings" || field === "prices" || field === "components") && Array.isArray(value)) return String(value.length);
    return undefined;
  };
  const title = isNew ? t("services.excursions.new") : loaderData.name;
  const status = loaderData.status;
  const editable = status !== "done" && status !== "cancelled";
  return (
    <Flex direction="column" gap="4" maxWidth="1100px" data-testid="excursion-form-page">
      <PageHeader
        title={title}
        subtitle={isNew ? t("services.excursions.newSubtitle") : t("services.excursions.editSubtitle")}
        trail={[
          { label: t("menu.servicos.title"), href: null },
          { label: t("menu.servicos.excursoes.title"), href: EXCURSION_LIST_PATH },
        ]}
        actions={!isNew && loaderData.recordId ? <ExcursionHeaderActions id={loaderData.recordId} name={loaderData.name} canArchive={loaderData.canArchive} /> : undefined}
      />
      {loaderData.fromCharter !== null && (
        <Notice tone="info" role="none" testId="from-charter">
          {t("services.excursions.fromCharter", { name: loaderData.fromCharter })}
        </Notice>
      )}
      {ad?.archiveError && <Notice tone="error">{lookup(i18n, ad.archiveError) ?? ad.archiveError}</Notice>}
      {ad?.lockError && (
        <Notice tone="error" testId="lock-error">
          {lookup(i18n, ad.lockError) ?? ad.lockError}
        </Notice>
      )}
      {ad?.stale && <StaleCallout differences={ad.stale.differences} fieldLabel={fieldLabel} />}
      {!isNew && (
        <FormSection title={t("services.excursions.sections.status")}>
          <Flex direction="column" gap="3">
            <ExcursionStatusPanel
              status={status}
              name={loaderData.name}
              reason={loaderData.statusReason}
              moveError={ad?.moveError}
              manifestFinal={loaderData.manifestFinalAt ? t("services.excursions.manifestFinal", { date: formatDateTime(loaderData.manifestFinalAt, i18n.language, loaderData.timeZone) }) : null}
            />
            {loaderData.availability && (
              <Text as="p" size="2" data-testid="excursion-availability">
                <Text weight="medium">{t("services.excursions.fields.availability")}:</Text> {t("services.excursions.availability", loaderData.availability)}
              </Text>
            )}
          </Flex>
        </FormSection>
      )}
      {editable ? (
        <ExcursionFields
          key={loaderData.version}
          defaultValue={loaderData.formValues ?? loaderData.values}
          version={ad?.stale ? ad.stale.version : loaderData.version}
          lastResult={ad?.result}
          isNew={isNew}
          timeZone={loaderData.timeZone}
          destinations={loaderData.destinations}
          boardingPoints={loaderData.boardingPoints}
          charters={loaderData.charters}
          vehicles={loaderData.vehicles}
          components={loaderData.components}
          publicPath={loaderData.publicPath}
          slugKept={loaderData.slugKept}
        />
      ) : null}
      {!isNew && (
        <FormSection title={t("services.excursions.sections.seats")}>
          {loaderData.layout ? (
            <SeatMap mode="view" layout={loaderData.layout.layout} states={loaderData.seats} label={t("services.excursions.seatMapLabel", { name: loaderData.layout.title })} testId="excursion-seat-map" />
          ) : (
            <Text size="2" color="gray">
              {t("services.excursions.noSeatChoice")}
            </Text>
          )}
        </FormSection>
      )}
      {!isNew && editable && (
        <FormSection title={t("services.excursions.sections.images")}>
          <ServiceImages images={loaderData.images} actionData={ad} />
        </FormSection>
      )}
      {!isNew && loaderData.recordId && <LinkedTasks tasks={loaderData.tasks} timeZone={loaderData.timeZone} now={loaderData.now} kind="excursion" id={loaderData.recordId} />}
      {loaderData.history && (
        <RecordHistory entries={loaderData.history.entries} more={loaderData.history.more} timeZone={loaderData.timeZone} fieldLabel={fieldLabel} formatValue={formatValue} />
      )}
    </Flex>
  );
}

/** The edit page's header: the operational view, clone (its own screen) and archive. */
function ExcursionHeaderActions({ id, name, canArchive }: { id: string; name: string; canArchive: boolean }) {
  const { t } = useTranslation();
  return (
    <Flex gap="2" wrap="wrap">
      <Button asChild variant="soft" data-testid="excursion-operational">
        <Link to={excursionOperationalPath(id)}>
          <ClipboardList size={16} aria-hidden /> {t("services.excursions.operational")}
        </Link>
      </Button>
      <ServiceActions kind="excursion" name={name} canArchive={canArchive} cloneHref={excursionClonePath(id)} />
    </Flex>
  );
}

/** A missing record (or another agency's) shows inside the shell. */
export { ShellErrorBoundary as ErrorBoundary } from "~/components/ui/RouteError";

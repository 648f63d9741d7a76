import { Flex, Text } from "@radix-ui/themes";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { ServiceActions } from "~/components/services/ServiceActions";
import { RecordHistory } from "~/components/kit/RecordHistory";
import { StaleCallout } from "~/components/kit/RecordNotices";
import type { RecordActionData } from "~/components/kit/RecordPage";
import { PackageFields } from "~/components/services/packages/PackageFields";
import { ServiceImages } from "~/components/services/ServiceImages";
import { FormSection } from "~/components/ui/FormField";
import { Notice } from "~/components/ui/Notice";
import { PageHeader } from "~/components/ui/PageHeader";
import { formatCents } from "~/lib/finance/money";
import { recordAction } from "~/lib/kit/record-action.server";
import { recordLoader } from "~/lib/kit/record-loader.server";
import { formatCalendarDate } from "~/lib/platform/format";
import { lookup } from "~/lib/platform/translate";
import { canArchiveServices } from "~/lib/services/fields";
import { PACKAGE_LIST_PATH, packageFormValues, publicPackagePath } from "~/lib/services/package";
import { listImages } from "~/lib/services/service-images.server";
import { operatorOptions, packageChildRows, packageDestinationOptions, packageEmpty, packageIntents, packageSpec } from "~/lib/services/package.server";
import { getEnv } from "~/middleware/cloudflare";
import { getI18n } from "~/middleware/i18n";
import { requireModule, requireScope } from "~/middleware/session";
import packageStyles from "~/components/services/packages/packages.css?url";
import registersStyles from "~/styles/registers.css?url";
import type { Route } from "./+types/pacotes-de-terceiros.form";

export const middleware: Route.MiddlewareFunction[] = [requireModule("servicos", "pacotes_de_terceiros")];
export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: registersStyles },
  { rel: "stylesheet", href: packageStyles },
];

/** Novo pacote (no id) or editar/:id (children, images, availability): 404 for an unknown id or another agency's. */
export const loader = ({ context, request, params }: Route.LoaderArgs) => {
  const scope = requireScope(context, request);
  const noChildren = { destinations: [], departures: [], prices: [] };
  return recordLoader(packageSpec(), scope, request, params, {
    toForm: (row) => packageFormValues(row, noChildren),
    empty: packageEmpty(scope.currency),
    newTitle: getI18n(context).t("services.packages.new"),
    extra: async (row) => {
      const children = row ? await packageChildRows(scope, row.id) : noChildren;
      const [operators, destinations, images] = await Promise.all([
        operatorOptions(scope, row?.operatorId),
        packageDestinationOptions(scope, children.destinations),
        row ? listImages(scope, { kind: "package", id: row.id }) : [],
      ]);
      return {
        formValues: row ? packageFormValues(row, children) : null,
        availability: Object.fromEntries(children.departures.map((d) => [d.id, d.availability])),
        operators,
        destinations,
        images,
        publicPath: row?.published ? publicPackagePath(row.slug) : null,
        slugKept: !!row?.publishedAt,
        canArchive: canArchiveServices(scope.role),
      };
    },
  });
};

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData ? `${loaderData.documentTitle} · Rota` : "Rota" }];

/** Save (create, or update with the version check and the child rows), archive, clone and the image intents. */
export const action = ({ context, request, params }: Route.ActionArgs) => {
  const scope = requireScope(context, request);
  const intents = params.id ? packageIntents(params.id, getI18n(context).t("services.clone.suffix"), getEnv(context).FILES) : undefined;
  return recordAction(packageSpec(), scope, request, params, intents);
};

type ActionData = RecordActionData & { archiveError?: string; imageError?: string; imageSaved?: boolean };

export default function PackageForm({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const ad = actionData as ActionData | undefined;
  const isNew = loaderData.mode === "new";
  const fieldLabel = (field: string) => lookup(i18n, `services.packages.fields.${field}`) ?? field;
  const formatValue = (field: string, value: unknown): string | undefined => {
    if (field === "costCents" && typeof value === "number") return formatCents(value);
    if ((field === "firstDeparture" || field === "lastDeparture") && typeof value === "string") return formatCalendarDate(value, i18n.language);
    if (field === "published" && typeof value === "boolean") return value ? t("services.packages.yes") : t("services.packages.no");
    if (field === "departures" && Array.isArray(value)) return (value as { departureDate: string; seats: number }[]).map((d) => `${formatCalendarDate(d.departureDate, i18n.language)} (${d.seats})`).join(", ");
    if (field === "prices" && Array.isArray(value)) return t("services.packages.fields.prices") + `: ${value.length}`;
    if (field === "destinations" && Array.isArray(value)) return String(value.length);
    if (field === "itinerary" && Array.isArray(value)) return (value as { title: string }[]).map((d) => d.title).join(" · ");
    if ((field === "includes" || field === "excludes") && Array.isArray(value)) return value.join(" · ");
    return undefined;
  };
  const title = isNew ? t("services.packages.new") : loaderData.name;
  return (
    <Flex direction="column" gap="4" maxWidth="1100px" data-testid="package-form-page">
      <PageHeader
        title={title}
        subtitle={isNew ? t("services.packages.newSubtitle") : t("services.packages.editSubtitle")}
        trail={[
          { label: t("menu.servicos.title"), href: null },
          { label: t("menu.servicos.pacotes_de_terceiros.title"), href: PACKAGE_LIST_PATH },
        ]}
        actions={!isNew ? <ServiceActions kind="package" name={loaderData.name} canArchive={loaderData.canArchive} /> : undefined}
      />
      {ad?.archiveError && <Notice tone="error">{t("services.archive.forbidden")}</Notice>}
      {ad?.stale && <StaleCallout differences={ad.stale.differences} fieldLabel={fieldLabel} />}
      {loaderData.operators.length === 0 && (
        <Notice tone="warning" role="none" testId="no-operator">
          {t("services.packages.noOperator")} <Link to="/cadastros/fornecedores/novo">{t("menu.cadastros.fornecedores.title")}</Link>
        </Notice>
      )}
      <PackageFields
        key={loaderData.version}
        defaultValue={loaderData.formValues ?? loaderData.values}
        version={ad?.stale ? ad.stale.version : loaderData.version}
        lastResult={ad?.result}
        isNew={isNew}
        operators={loaderData.operators}
        destinations={loaderData.destinations}
        availability={loaderData.availability}
        publicPath={loaderData.publicPath}
        slugKept={loaderData.slugKept}
      />
      <FormSection title={t("services.packages.sections.images")}>
        {isNew ? (
          <Text size="2" color="gray">
            {t("services.images.saveFirst")}
          </Text>
        ) : (
          <ServiceImages images={loaderData.images} actionData={ad} />
        )}
      </FormSection>
      {loaderData.history && (
        <RecordHistory entries={loaderData.history.entries} more={loaderData.history.more} timeZone={loaderData.timeZone} fieldLabel={fieldLabel} formatValue={formatValue} />
      )}
    </Flex>
  );
}


/** A missing record (or another agency's) shows inside the shell. */
export { ShellErrorBoundary as ErrorBoundary } from "~/components/ui/RouteError";

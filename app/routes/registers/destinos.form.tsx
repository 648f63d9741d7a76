import { type SubmissionResult } from "@conform-to/react";
import { Button, Card, Flex, Heading, Text } from "@radix-ui/themes";
import { ImageOff, Trash2, Upload } from "lucide-react";
import { useTranslation } from "react-i18next";
import { useFetcher } from "react-router";
import { RecordForm, useRecordForm } from "~/components/kit/RecordForm";
import { RecordPage, type RecordActionData } from "~/components/kit/RecordPage";
import { FormField, FormSection, TextAreaField, useErrorText } from "~/components/ui/FormField";
import { DESTINATIONS_PATH as LIST } from "~/lib/registers/destination";
import { coverUrl, DESTINATION_EMPTY, destinationFormValues, destinationSpec, setCover } from "~/lib/registers/destination.server";
import { recordAction } from "~/lib/kit/record-action.server";
import { recordLoader } from "~/lib/kit/record-loader.server";
import { badRequest, conflict, notFound } from "~/lib/platform/http";
import type { ToastMessage } from "~/lib/platform/toast";
import { lookup } from "~/lib/platform/translate";
import { getEnv } from "~/middleware/cloudflare";
import { getI18n } from "~/middleware/i18n";
import { requireModule, requireScope } from "~/middleware/session";
import registersStyles from "~/styles/registers.css?url";
import type { Route } from "./+types/destinos.form";

export const middleware: Route.MiddlewareFunction[] = [requireModule("cadastros", "destinos")];
export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: registersStyles }];

/** Novo destino (no id) or editar/:id with its cover: 404 for an unknown id or another agency's. */
export const loader = ({ context, request, params }: Route.LoaderArgs) =>
  recordLoader(destinationSpec, requireScope(context, request), request, params, {
    toForm: destinationFormValues,
    empty: DESTINATION_EMPTY,
    newTitle: getI18n(context).t("destinations.new"),
    extra: (row) => ({ coverUrl: row ? coverUrl(row.id, row.coverKey) : null }),
  });

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData ? `${loaderData.documentTitle} · Rota` : "Rota" }];

/** Save, delete, and the cover's own small forms (upload, remove) on the edit screen. */
export function action({ context, request, params }: Route.ActionArgs) {
  return recordAction(destinationSpec, requireScope(context, request), request, params, async (intent, formData, scope) => {
    if (intent !== "cover" && intent !== "removeCover") return undefined;
    const result = await setCover(scope, getEnv(context).FILES, params.id!, intent === "cover" ? formData.get("cover") : "remove");
    if (!result.ok) {
      if (result.reason === "notFound") throw notFound();
      if (result.reason === "invalid") return badRequest({ form: "cover" as const, coverError: result.error });
      return conflict({ form: "cover" as const, coverError: "destinations.cover.conflict", toast: { title: "destinations.cover.conflict", variant: "destructive" } satisfies ToastMessage });
    }
    const title = intent === "cover" ? "destinations.cover.saved" : "destinations.cover.removed";
    return { form: "cover" as const, toast: { title, values: { name: result.name } } satisfies ToastMessage };
  });
}

export default function DestinationForm({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const isNew = loaderData.mode === "new";
  const ad = actionData as (RecordActionData & CoverAnswer) | undefined;
  return (
    <RecordPage
      testId="destination-form-page"
      maxWidth="960px"
      title={isNew ? t("destinations.new") : loaderData.name}
      subtitle={isNew ? t("destinations.newSubtitle") : t("destinations.editSubtitle")}
      listLabel={t("menu.cadastros.destinos.title")}
      listPath={LIST}
      record={loaderData}
      actionData={ad?.form === "cover" ? undefined : ad}
      fieldLabel={(field) => lookup(i18n, `destinations.fields.${field}`) ?? lookup(i18n, `registers.fields.${field}`) ?? field}
      form={({ key, ...form }) => <DestinationFields key={key} {...form} defaultValue={loaderData.values} isNew={isNew} />}
    >
      {!isNew && <CoverCard name={loaderData.name} url={loaderData.coverUrl} pageError={ad?.form === "cover" ? ad.coverError : undefined} />}
    </RecordPage>
  );
}

function DestinationFields({
  defaultValue,
  version,
  lastResult,
  isNew,
}: {
  defaultValue: Record<string, string>;
  version: number;
  lastResult: SubmissionResult<string[]> | undefined;
  isNew: boolean;
}) {
  const { t } = useTranslation();
  const [form, fields] = useRecordForm({ id: "destination-form", loadSchema: () => import("~/lib/registers/destination.schema").then((m) => m.destinationSchema), lastResult, defaultValue });
  return (
    <RecordForm form={form} isNew={isNew} version={version} cancelHref={LIST} busyIntent="save">
      <FormSection title={t("destinations.sections.place")}>
        <div className="form-grid">
          <div className="span-all">
            <FormField field={fields.name} label={t("destinations.fields.name")} hint={t("destinations.hints.name")} required />
          </div>
          <FormField field={fields.city} label={t("registers.fields.city")} autoComplete="off" />
          <FormField field={fields.state} label={t("registers.fields.state")} hint={t("destinations.hints.state")} placeholder="RS" />
          <FormField field={fields.country} label={t("registers.fields.country")} hint={t("registers.hints.country")} placeholder="BR" />
        </div>
      </FormSection>
      <FormSection title={t("destinations.sections.about")}>
        <TextAreaField field={fields.description} label={t("destinations.fields.description")} hint={t("destinations.hints.description")} rows={6} />
      </FormSection>
    </RecordForm>
  );
}

/**
 * The cover image: its own small forms (multipart upload, removal), so that
 * they work without JavaScript and, with it, leave the main form alone.
 */
/** What the cover forms' fetchers answer. */
type CoverAnswer = { form?: "cover"; coverError?: string };

function CoverCard({ name, url, pageError }: { name: string; url: string | null; pageError?: string }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const upload = useFetcher<CoverAnswer>({ key: "destination-cover" });
  const remove = useFetcher<CoverAnswer>({ key: "destination-cover-remove" });
  const busy = upload.state !== "idle" || remove.state !== "idle";
  const error = upload.state === "idle" && upload.data ? upload.data.coverError : remove.state === "idle" && remove.data ? remove.data.coverError : pageError;
  return (
    <Card size="3" data-testid="destination-cover">
      <Heading as="h2" size="4" mb="3">
        {t("destinations.cover.title")}
      </Heading>
      <Flex gap="4" align="start" wrap="wrap">
        {url ? (
          <img src={url} alt={t("destinations.cover.alt", { name })} className="cover-preview" data-testid="cover-preview" />
        ) : (
          <Flex direction="column" align="center" justify="center" gap="2" p="4" style={{ width: 240, height: 135, background: "var(--gray-a3)", borderRadius: "var(--radius-3)" }}>
            <ImageOff size={20} aria-hidden color="var(--gray-9)" />
            <Text size="1" color="gray" align="center">
              {t("destinations.cover.none")}
            </Text>
          </Flex>
        )}
        <Flex direction="column" gap="3">
          {/* Keyed by the image, so a successful upload empties the file input. */}
          <upload.Form method="post" encType="multipart/form-data" key={url ?? "none"}>
            <input type="hidden" name="intent" value="cover" />
            <Flex direction="column" gap="2">
              <input
                type="file"
                name="cover"
                accept="image/png,image/jpeg,image/webp"
                aria-label={t("destinations.cover.file")}
                aria-describedby="cover-hint"
                aria-invalid={error ? true : undefined}
                required
                data-testid="cover-input"
              />
              <Text id="cover-hint" size="1" color={error ? "red" : "gray"} role={error ? "alert" : undefined}>
                {error ? errorText(error) : t("destinations.cover.hint")}
              </Text>
              <Flex>
                <Button type="submit" disabled={busy} data-testid="cover-upload">
                  <Upload size={16} aria-hidden /> {url ? t("destinations.cover.replace") : t("destinations.cover.upload")}
                </Button>
              </Flex>
            </Flex>
          </upload.Form>
          {url && (
            <remove.Form method="post">
              <input type="hidden" name="intent" value="removeCover" />
              <Button type="submit" variant="soft" color="red" disabled={busy} data-testid="cover-remove">
                <Trash2 size={16} aria-hidden /> {t("destinations.cover.remove")}
              </Button>
            </remove.Form>
          )}
        </Flex>
      </Flex>
    </Card>
  );
}

/** A missing record (or another agency's) shows inside the shell. */
export { ShellErrorBoundary as ErrorBoundary } from "~/components/ui/RouteError";

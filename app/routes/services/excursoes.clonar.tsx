import { getFormProps } from "@conform-to/react";
import { Flex, Text } from "@radix-ui/themes";
import { useTranslation } from "react-i18next";
import { Form, useNavigation } from "react-router";
import { FormActions } from "~/components/kit/FormActions";
import { useLazyForm } from "~/components/kit/lazy-form";
import { FormField, FormSection } from "~/components/ui/FormField";
import { PageHeader } from "~/components/ui/PageHeader";
import { malformed, parseForm } from "~/lib/kit/forms";
import { redirectWithToast } from "~/lib/platform/flash.server";
import { badRequest, notFound } from "~/lib/platform/http";
import { formatDateTime } from "~/lib/platform/format";
import { EXCURSION_LIST_PATH, excursionEditPath } from "~/lib/excursions/excursion";
import { cloneSchema } from "~/lib/excursions/excursion.schema";
import { cloneExcursion, excursionToClone } from "~/lib/excursions/excursion.server";
import { getI18n } from "~/middleware/i18n";
import { requireModule, requireScope } from "~/middleware/session";
import registersStyles from "~/styles/registers.css?url";
import type { Route } from "./+types/excursoes.clonar";

export const middleware: Route.MiddlewareFunction[] = [requireModule("servicos", "excursoes")];
export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: registersStyles }];

/** GET /servicos/excursoes/clonar/{id}: the days to shift (default 7) and the new title; 404 for another agency's id. */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const scope = requireScope(context, request);
  const source = await excursionToClone(scope, params.id);
  if (!source) throw notFound();
  const { t } = getI18n(context);
  return {
    source,
    timeZone: scope.timeZone,
    defaults: { offsetDays: "7", title: `${source.title} ${t("services.clone.suffix")}`.slice(0, 120) },
    documentTitle: t("services.excursions.cloneScreen.title", { name: source.title }),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData ? `${loaderData.documentTitle} · Rota` : "Rota" }];

/** POST: a new draft with every date shifted by the offset, then its edit page. */
export async function action({ context, request, params }: Route.ActionArgs) {
  const scope = requireScope(context, request);
  if (!(await excursionToClone(scope, params.id))) throw notFound();
  const submission = parseForm(await request.formData(), cloneSchema);
  if (!submission) return malformed();
  if (submission.status !== "success") return badRequest({ result: submission.reply() });
  const copy = await cloneExcursion(scope, params.id, submission.value.offsetDays, submission.value.title);
  if (!copy.ok) {
    if (copy.reason === "notFound") throw notFound();
    return badRequest({ result: submission.reply({ formErrors: ["records.errors.taken"] }) });
  }
  return redirectWithToast(excursionEditPath(copy.id), { title: "services.excursions.cloneScreen.done", values: { name: copy.title } });
}

export default function CloneExcursion({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const { source, defaults, timeZone } = loaderData;
  const navigation = useNavigation();
  const [form, fields] = useLazyForm({
    id: "excursion-clone",
    loadSchema: () => import("~/lib/excursions/excursion.schema").then((m) => m.cloneSchema),
    lastResult: (actionData as { result?: never } | undefined)?.result,
    defaultValue: defaults,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  return (
    <Flex direction="column" gap="4" maxWidth="720px" data-testid="excursion-clone-page">
      <PageHeader
        title={t("services.excursions.cloneScreen.title", { name: source.title })}
        subtitle={t("services.excursions.cloneScreen.subtitle")}
        trail={[
          { label: t("menu.servicos.title"), href: null },
          { label: t("menu.servicos.excursoes.title"), href: EXCURSION_LIST_PATH },
          { label: source.title, href: excursionEditPath(source.id) },
        ]}
      />
      <Form method="post" {...getFormProps(form)} className="record-form">
        <FormSection title={t("services.excursions.clone")}>
          <Flex direction="column" gap="3">
            <Text size="2" color="gray" data-testid="clone-current">
              {t("services.excursions.cloneScreen.current", {
                from: formatDateTime(source.departureAt, i18n.language, timeZone),
                to: formatDateTime(source.returnAt, i18n.language, timeZone),
              })}
            </Text>
            <div className="form-grid">
              <FormField field={fields.offsetDays} label={t("services.excursions.cloneScreen.offsetDays")} hint={t("services.excursions.cloneScreen.offsetHint")} inputMode="numeric" required />
              <FormField field={fields.title} label={t("services.excursions.cloneScreen.newTitle")} required autoComplete="off" />
            </div>
          </Flex>
        </FormSection>
        <FormActions cancelHref={excursionEditPath(source.id)} busy={navigation.state === "submitting"} saveLabel={t("services.excursions.cloneScreen.submit")} />
      </Form>
    </Flex>
  );
}

export { ShellErrorBoundary as ErrorBoundary } from "~/components/ui/RouteError";

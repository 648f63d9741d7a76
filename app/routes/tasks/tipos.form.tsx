import { type SubmissionResult } from "@conform-to/react";
import { useTranslation } from "react-i18next";
import { RecordForm, useRecordForm } from "~/components/kit/RecordForm";
import { RecordPage, type RecordActionData } from "~/components/kit/RecordPage";
import { ColorSwatches } from "~/components/tasks/ColorSwatches";
import { FormField, FormSection } from "~/components/ui/FormField";
import { TASK_TYPES_PATH as LIST } from "~/lib/tasks/task-type";
import { TASK_TYPE_EMPTY, taskTypeFormValues, taskTypeSpec } from "~/lib/tasks/task-type.server";
import { recordAction } from "~/lib/kit/record-action.server";
import { recordLoader } from "~/lib/kit/record-loader.server";
import { lookup } from "~/lib/platform/translate";
import { getI18n } from "~/middleware/i18n";
import { requireModule, requireScope } from "~/middleware/session";
import tasksStyles from "~/styles/tasks.css?url";
import type { Route } from "./+types/tipos.form";

export const middleware: Route.MiddlewareFunction[] = [requireModule("tarefas", "tipos")];
export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: tasksStyles }];

/** Novo tipo de tarefa or editar/:id: 404 for an unknown id or another agency's. */
export const loader = ({ context, request, params }: Route.LoaderArgs) =>
  recordLoader(taskTypeSpec, requireScope(context, request), request, params, {
    toForm: taskTypeFormValues,
    empty: TASK_TYPE_EMPTY,
    newTitle: getI18n(context).t("tasks.types.new"),
  });

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData ? `${loaderData.documentTitle} · Rota` : "Rota" }];

export const action = ({ context, request, params }: Route.ActionArgs) => recordAction(taskTypeSpec, requireScope(context, request), request, params);

export default function TaskTypeForm({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const isNew = loaderData.mode === "new";
  return (
    <RecordPage
      testId="task-type-form-page"
      title={isNew ? t("tasks.types.new") : loaderData.name}
      subtitle={t("tasks.types.formSubtitle")}
      listLabel={t("menu.tarefas.tipos.title")}
      listPath={LIST}
      record={loaderData}
      actionData={actionData as RecordActionData | undefined}
      fieldLabel={(field) => lookup(i18n, `tasks.types.fields.${field}`) ?? field}
      form={({ key, ...form }) => <TaskTypeFields key={key} {...form} defaultValue={loaderData.values} isNew={isNew} />}
    />
  );
}

function TaskTypeFields({
  defaultValue,
  version,
  lastResult,
  isNew,
}: {
  defaultValue: Record<string, unknown>;
  version: number;
  lastResult: SubmissionResult<string[]> | undefined;
  isNew: boolean;
}) {
  const { t } = useTranslation();
  const [form, fields] = useRecordForm({ id: "task-type-form", loadSchema: () => import("~/lib/tasks/task-type.schema").then((m) => m.taskTypeSchema), lastResult, defaultValue });
  return (
    <RecordForm form={form} isNew={isNew} version={version} cancelHref={LIST}>
      <FormSection title={t("tasks.types.section")}>
        <div className="form-grid">
          <div className="span-all">
            <FormField field={fields.name} label={t("tasks.types.fields.name")} required autoComplete="off" />
          </div>
          <div className="span-all">
            <ColorSwatches field={fields.color} label={t("tasks.types.fields.color")} />
          </div>
        </div>
      </FormSection>
    </RecordForm>
  );
}

export { ShellErrorBoundary as ErrorBoundary } from "~/components/ui/RouteError";

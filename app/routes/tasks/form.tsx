import { type SubmissionResult } from "@conform-to/react";
import { Flex, Text } from "@radix-ui/themes";
import { data } from "react-router";
import { useTranslation } from "react-i18next";
import { RecordForm, useRecordForm } from "~/components/kit/RecordForm";
import { RecordPage, type RecordActionData } from "~/components/kit/RecordPage";
import { DateTimeField } from "~/components/services/DateTimeField";
import { LinkPicker } from "~/components/tasks/LinkPicker";
import { TaskChecklist, TaskComments } from "~/components/tasks/TaskActivity";
import { FormField, FormSection, SelectField, TextAreaField } from "~/components/ui/FormField";
import { malformed, parseForm } from "~/lib/kit/forms";
import { recordAction } from "~/lib/kit/record-action.server";
import { recordLoader } from "~/lib/kit/record-loader.server";
import { announceBoard } from "~/lib/platform/board-room.server";
import { redirectWithToast } from "~/lib/platform/flash.server";
import { badRequest, forbidden, notFound } from "~/lib/platform/http";
import type { ToastMessage } from "~/lib/platform/toast";
import { lookup } from "~/lib/platform/translate";
import { canEditTask, isTaskLinkKind, TASK_PRIORITIES, TASK_STATUSES, TASKS_PATH, taskEditPath, taskErr } from "~/lib/tasks/task";
import { checklistAddSchema, checklistItemSchema, taskCommentSchema, taskSchemaIn } from "~/lib/tasks/task.schema";
import { taskTypeOptions } from "~/lib/tasks/task-type.server";
import {
  addChecklistItem,
  addComment,
  assigneeOptions,
  checkTask,
  createTask,
  findTask,
  linkLabel,
  linkOf,
  notifyAssignee,
  removeChecklistItem,
  settleCompletion,
  taskChecklist,
  taskComments,
  taskFormValues,
  taskSpec,
  toggleChecklistItem,
} from "~/lib/tasks/tasks.server";
import { getEnv } from "~/middleware/cloudflare";
import { getI18n } from "~/middleware/i18n";
import { requireModule, requireScope } from "~/middleware/session";
import tasksStyles from "~/styles/tasks.css?url";
import type { Route } from "./+types/form";

export const middleware: Route.MiddlewareFunction[] = [requireModule("tarefas")];
export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: tasksStyles }];

const EMPTY = { status: "a_fazer", priority: "medium" };

/** Nova tarefa, or editar/:id with its comments and checklist: 404 for an unknown id or another agency's. */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const scope = requireScope(context, request);
  const [types, people] = await Promise.all([taskTypeOptions(scope), assigneeOptions(scope)]);
  // Novo from a record's page (?linkKind=client&linkId=…): linked to it, if it is the agency's.
  const url = new URL(request.url);
  const wantedKind = url.searchParams.get("linkKind");
  const wantedId = url.searchParams.get("linkId") ?? "";
  const preset = !params.id && isTaskLinkKind(wantedKind) ? await linkLabel(scope, wantedKind, wantedId).then((label) => (label ? { kind: wantedKind, id: wantedId, label } : null)) : null;
  return recordLoader(taskSpec(scope), scope, request, params, {
    toForm: (row) => taskFormValues(row, scope.timeZone),
    empty: (preset ? { ...EMPTY, linkKind: preset.kind, linkId: preset.id } : EMPTY) as ReturnType<typeof taskFormValues>,
    newTitle: getI18n(context).t("tasks.new"),
    extra: async (row) => {
      const link = row ? linkOf(row) : null;
      const [label, comments, checklist] = row ? await Promise.all([link ? linkLabel(scope, link.kind, link.id) : null, taskComments(scope, row.id), taskChecklist(scope, row.id)]) : [null, [], []];
      return {
        types,
        people,
        link: link ? { ...link, label: label ?? link.id } : preset,
        comments,
        checklist,
        number: row?.number ?? null,
        canEdit: row ? canEditTask(scope, row) : true,
      };
    },
  });
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData ? `${loaderData.documentTitle} · Rota` : "Rota" }];

const toast = (title: string, variant?: "destructive") => ({ toast: { title, ...(variant ? { variant } : {}) } satisfies ToastMessage });

/**
 * Create (the agency's next number, the assignee told live), or on an existing task:
 * a comment (any member), the checklist and the save or delete (an Agente only on the
 * tasks assigned to them or created by them). Every change is announced on the board room.
 */
export async function action({ context, request, params }: Route.ActionArgs) {
  const scope = requireScope(context, request);
  const env = getEnv(context);
  const announce = (id: string) => announceBoard(env, scope.agencyId, "tasks", { type: "changed", id, by: scope.userId });

  if (!params.id) {
    const submission = parseForm(await request.formData(), taskSchemaIn(scope.timeZone));
    if (!submission) return malformed();
    if (submission.status !== "success") return data({ result: submission.reply() }, { status: submission.status === "error" ? 400 : 200 });
    const input = submission.value;
    const fieldErrors = await checkTask(scope, input);
    if (fieldErrors) return badRequest({ result: submission.reply({ fieldErrors }) });
    const { id } = await createTask(scope, input);
    await Promise.all([notifyAssignee(env, scope, { id, title: input.title, assigneeUserId: input.assigneeUserId }), announce(id)]);
    return redirectWithToast(taskEditPath(id), { title: "records.saved", values: { name: input.title } });
  }

  const current = await findTask(scope, params.id);
  if (!current) throw notFound();
  const formData = await request.clone().formData();
  const intent = formData.get("intent");

  if (intent === "comment") {
    const submission = parseForm(formData, taskCommentSchema);
    if (!submission) return malformed();
    if (submission.status !== "success") return badRequest({ result: submission.reply(), ...toast("validation.required", "destructive") });
    await addComment(scope, current.id, submission.value.body);
    await announce(current.id);
    return toast("tasks.comments.added");
  }

  const mayEdit = canEditTask(scope, current);
  if (intent === "checklistAdd" || intent === "checklistToggle" || intent === "checklistRemove") {
    if (!mayEdit) return forbidden(toast(taskErr.notYours, "destructive"));
    if (intent === "checklistAdd") {
      const submission = parseForm(formData, checklistAddSchema);
      if (!submission) return malformed();
      if (submission.status !== "success") return badRequest({ result: submission.reply(), ...toast("validation.required", "destructive") });
      if (!(await addChecklistItem(scope, current.id, submission.value.label))) return badRequest(toast("validation.invalid", "destructive"));
    } else {
      const submission = parseForm(formData, checklistItemSchema);
      if (!submission || submission.status !== "success") return malformed();
      const done = intent === "checklistToggle" ? await toggleChecklistItem(scope, current.id, submission.value.itemId) : await removeChecklistItem(scope, current.id, submission.value.itemId);
      if (!done) throw notFound();
    }
    await announce(current.id);
    return toast("tasks.checklist.saved");
  }

  if (!mayEdit) return forbidden(toast(taskErr.notYours, "destructive"));
  const answer = await recordAction(taskSpec(scope), scope, request, params);
  const saved = typeof answer === "object" && answer !== null && !(answer instanceof Response) && "saved" in answer && answer.saved === true;
  if (saved) {
    await settleCompletion(scope, current.id);
    const after = await findTask(scope, current.id);
    if (after && after.assigneeUserId !== current.assigneeUserId) await notifyAssignee(env, scope, after);
  }
  if (saved || intent === "delete") await announce(current.id);
  return answer;
}

export default function TaskForm({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const isNew = loaderData.mode === "new";
  return (
    <RecordPage
      testId="task-form-page"
      title={isNew ? t("tasks.new") : loaderData.name}
      subtitle={isNew ? t("tasks.newSubtitle") : `${t("tasks.numberOf", { number: loaderData.number ?? "" })} · ${t("tasks.editSubtitle")}`}
      listLabel={t("menu.tarefas.title")}
      listPath={TASKS_PATH}
      record={loaderData}
      actionData={actionData as RecordActionData | undefined}
      fieldLabel={(field) => lookup(i18n, `tasks.fields.${field}`) ?? field}
      form={({ key, ...form }) => (
        <TaskFields
          key={key}
          {...form}
          defaultValue={loaderData.values}
          isNew={isNew}
          canEdit={loaderData.canEdit}
          types={loaderData.types}
          people={loaderData.people}
          link={loaderData.link}
        />
      )}
    >
      {!isNew && (
        <Flex direction="column" gap="4">
          <TaskChecklist items={loaderData.checklist} canEdit={loaderData.canEdit} />
          <TaskComments comments={loaderData.comments} timeZone={loaderData.timeZone} />
        </Flex>
      )}
    </RecordPage>
  );
}

function TaskFields({
  defaultValue,
  version,
  lastResult,
  isNew,
  canEdit,
  types,
  people,
  link,
}: {
  defaultValue: Record<string, unknown>;
  version: number;
  lastResult: SubmissionResult<string[]> | undefined;
  isNew: boolean;
  canEdit: boolean;
  types: { id: string; name: string }[];
  people: { id: string; name: string }[];
  link: { kind: string; id: string; label: string } | null;
}) {
  const { t } = useTranslation();
  const [form, fields] = useRecordForm({ id: "task-form", loadSchema: () => import("~/lib/tasks/task.schema").then((m) => m.taskSchema), lastResult, defaultValue });
  return (
    <RecordForm form={form} isNew={isNew} version={version} cancelHref={TASKS_PATH}>
      {!canEdit && (
        <Text size="2" color="amber" role="note" data-testid="task-read-only">
          {t("tasks.errors.notYours")}
        </Text>
      )}
      <FormSection title={t("tasks.sections.main")}>
        <div className="form-grid">
          <div className="span-all">
            <FormField field={fields.title} label={t("tasks.fields.title")} required autoComplete="off" />
          </div>
          <div className="span-all">
            <TextAreaField field={fields.description} label={t("tasks.fields.description")} rows={3} />
          </div>
          <SelectField field={fields.typeId} label={t("tasks.fields.typeId")} options={[{ value: "", label: t("tasks.noType") }, ...types.map((x) => ({ value: x.id, label: x.name }))]} />
          <SelectField field={fields.assigneeUserId} label={t("tasks.fields.assigneeUserId")} options={[{ value: "", label: t("tasks.noAssignee") }, ...people.map((p) => ({ value: p.id, label: p.name }))]} />
          <SelectField field={fields.status} label={t("tasks.fields.status")} options={TASK_STATUSES.map((s) => ({ value: s, label: t(`tasks.statuses.${s}`) }))} />
          <SelectField field={fields.priority} label={t("tasks.fields.priority")} options={TASK_PRIORITIES.map((p) => ({ value: p, label: t(`tasks.priorities.${p}`) }))} />
          <DateTimeField field={fields.dueAt} label={t("tasks.fields.dueAt")} hint={t("tasks.hints.dueAt")} />
        </div>
      </FormSection>
      <FormSection title={t("tasks.sections.link")}>
        <LinkPicker kindField={fields.linkKind} idField={fields.linkId} current={link} />
      </FormSection>
    </RecordForm>
  );
}

export { ShellErrorBoundary as ErrorBoundary } from "~/components/ui/RouteError";

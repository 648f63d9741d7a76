/** The edit page's comments (author and time) and checklist (add, tick, remove): fetcher forms posting intents to the task's action. */
import { Button, Card, Checkbox, Flex, Heading, IconButton, Text, TextArea, TextField } from "@radix-ui/themes";
import { Trash2 } from "lucide-react";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { useFetcher } from "react-router";
import { formatDateTime } from "~/lib/platform/format";

export type CommentView = { id: string; body: string; createdAt: string; authorName: string | null };
export type ChecklistView = { id: string; label: string; done: boolean };

export function TaskComments({ comments, timeZone }: { comments: readonly CommentView[]; timeZone: string }) {
  const { t, i18n } = useTranslation();
  const fetcher = useFetcher();
  const form = useRef<HTMLFormElement>(null);
  const busy = fetcher.state !== "idle";
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data) form.current?.reset();
  }, [fetcher.state, fetcher.data]);
  return (
    <Card data-testid="task-comments">
      <Flex direction="column" gap="3">
        <Heading as="h2" size="3">
          {t("tasks.comments.title")}
        </Heading>
        {comments.length === 0 ? (
          <Text size="2" color="gray">
            {t("tasks.comments.empty")}
          </Text>
        ) : (
          <ol className="task-comments">
            {comments.map((c) => (
              <li key={c.id} data-testid="task-comment">
                <Text size="1" color="gray">
                  {c.authorName ?? "—"} · {formatDateTime(c.createdAt, i18n.language, timeZone)}
                </Text>
                <Text as="p" size="2" className="task-comment-body">
                  {c.body}
                </Text>
              </li>
            ))}
          </ol>
        )}
        <fetcher.Form method="post" ref={form}>
          <input type="hidden" name="intent" value="comment" />
          <Flex direction="column" gap="2">
            <label htmlFor="task-comment-body">
              <Text size="2" weight="medium">
                {t("tasks.comments.placeholder")}
              </Text>
            </label>
            <TextArea id="task-comment-body" name="body" required maxLength={4000} rows={2} />
            <Flex justify="end">
              <Button type="submit" disabled={busy} data-testid="task-comment-add">
                {t("tasks.comments.add")}
              </Button>
            </Flex>
          </Flex>
        </fetcher.Form>
      </Flex>
    </Card>
  );
}

export function TaskChecklist({ items, canEdit }: { items: readonly ChecklistView[]; canEdit: boolean }) {
  const { t } = useTranslation();
  const adder = useFetcher();
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (adder.state === "idle" && adder.data) form.current?.reset();
  }, [adder.state, adder.data]);
  const done = items.filter((i) => i.done).length;
  return (
    <Card data-testid="task-checklist">
      <Flex direction="column" gap="3">
        <Flex justify="between" align="baseline">
          <Heading as="h2" size="3">
            {t("tasks.checklist.title")}
          </Heading>
          {items.length > 0 && <Text size="2" color="gray">{t("tasks.checklist.done", { done, total: items.length })}</Text>}
        </Flex>
        {items.length === 0 ? (
          <Text size="2" color="gray">
            {t("tasks.checklist.empty")}
          </Text>
        ) : (
          <ul className="task-checklist">
            {items.map((item) => (
              <ChecklistRow key={item.id} item={item} canEdit={canEdit} />
            ))}
          </ul>
        )}
        {canEdit && (
          <adder.Form method="post" ref={form}>
            <input type="hidden" name="intent" value="checklistAdd" />
            <Flex gap="2" align="end">
              <Flex direction="column" gap="1" flexGrow="1">
                <label htmlFor="task-checklist-label">
                  <Text size="2" weight="medium">
                    {t("tasks.checklist.placeholder")}
                  </Text>
                </label>
                <TextField.Root id="task-checklist-label" name="label" required maxLength={200} autoComplete="off" />
              </Flex>
              <Button type="submit" variant="soft" disabled={adder.state !== "idle"} data-testid="task-checklist-add">
                {t("tasks.checklist.add")}
              </Button>
            </Flex>
          </adder.Form>
        )}
      </Flex>
    </Card>
  );
}

function ChecklistRow({ item, canEdit }: { item: ChecklistView; canEdit: boolean }) {
  const { t } = useTranslation();
  const toggler = useFetcher();
  const remover = useFetcher();
  const pending = toggler.formData ? !item.done : item.done;
  if (remover.formData) return null;
  return (
    <li data-testid="task-checklist-item">
      <Flex gap="2" align="center" justify="between">
        <Text as="label" size="2">
          <Flex gap="2" align="center">
            <Checkbox
              checked={pending}
              disabled={!canEdit}
              onCheckedChange={() => toggler.submit({ intent: "checklistToggle", itemId: item.id }, { method: "post" })}
            />
            <span className={pending ? "task-done" : undefined}>{item.label}</span>
          </Flex>
        </Text>
        {canEdit && (
          <IconButton
            type="button"
            variant="ghost"
            color="red"
            size="1"
            aria-label={t("tasks.checklist.remove", { label: item.label })}
            onClick={() => remover.submit({ intent: "checklistRemove", itemId: item.id }, { method: "post" })}
          >
            <Trash2 size={14} aria-hidden />
          </IconButton>
        )}
      </Flex>
    </li>
  );
}

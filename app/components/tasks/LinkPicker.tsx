/**
 * The task's linked record: its kind (client, deal, sale, excursion) and the record,
 * found by a search of the agency's records of that kind (/tarefas/registros). The
 * current link is always an option, so the form works without JavaScript.
 */
import { Flex, Text, TextField } from "@radix-ui/themes";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useFetcher } from "react-router";
import { NativeSelect, useErrorText, type AnyField } from "~/components/ui/FormField";
import { TASK_LINK_KINDS, TASKS_PATH } from "~/lib/tasks/task";

export function LinkPicker({ kindField, idField, current }: { kindField: AnyField; idField: AnyField; current: { kind: string; id: string; label: string } | null }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const error = errorText((idField.errors as string[] | undefined)?.[0]);
  const [kind, setKind] = useState<string>((kindField.initialValue as string | undefined) ?? "");
  const [q, setQ] = useState("");
  const fetcher = useFetcher<{ options: { id: string; label: string }[] }>();
  const { load } = fetcher;
  useEffect(() => {
    if (!kind) return;
    const timer = setTimeout(() => void load(`${TASKS_PATH}/registros?kind=${encodeURIComponent(kind)}&q=${encodeURIComponent(q)}`), 250);
    return () => clearTimeout(timer);
  }, [kind, q, load]);
  const found = kind ? (fetcher.data?.options ?? []) : [];
  const options = current && current.kind === kind && !found.some((o) => o.id === current.id) ? [{ id: current.id, label: current.label }, ...found] : found;
  return (
    <div className="form-grid" data-testid="task-link">
      <NativeSelect
        id={kindField.id}
        name={kindField.name}
        label={t("tasks.fields.linkKind")}
        defaultValue={kind}
        onChange={setKind}
        options={[{ value: "", label: t("tasks.link.none") }, ...TASK_LINK_KINDS.map((k) => ({ value: k, label: t(`tasks.link.${k}`) }))]}
      />
      {kind && (
        <Flex direction="column" gap="1">
          <Text as="label" htmlFor="task-link-search" size="2" weight="medium">
            {t("tasks.link.search")}
          </Text>
          <TextField.Root id="task-link-search" type="search" value={q} onChange={(e) => setQ(e.currentTarget.value)} autoComplete="off" data-testid="task-link-search" />
        </Flex>
      )}
      {kind && (
        <div className="span-all" key={`${kind}-${options.map((o) => o.id).join()}`}>
          <NativeSelect
            id={idField.id}
            name={idField.name}
            label={t("tasks.fields.linkId")}
            defaultValue={(idField.initialValue as string | undefined) ?? ""}
            error={error}
            errorId={idField.errorId}
            hint={t("tasks.hints.linkId")}
            options={[{ value: "", label: options.length ? "—" : t("tasks.link.noResults") }, ...options.map((o) => ({ value: o.id, label: o.label }))]}
          />
        </div>
      )}
    </div>
  );
}

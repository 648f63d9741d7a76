import type { SubmissionResult } from "@conform-to/react";
import { Flex } from "@radix-ui/themes";
import { useTranslation } from "react-i18next";
import { PageHeader } from "~/components/ui/PageHeader";
import { DeleteButton, DeleteNotices } from "~/components/kit/DeleteRecord";
import { RecordHistory } from "~/components/kit/RecordHistory";
import { lookup } from "~/lib/platform/translate";
import { DuplicateCallout, StaleCallout } from "~/components/kit/RecordNotices";
import type { RecordScreenData } from "~/lib/kit/record-loader.server";

/** What a record form's action answers (recordAction in app/lib/kit/record-action.server.ts). */
export type RecordActionData = {
  result?: SubmissionResult<string[]>;
  duplicate?: { field: string; name: string; href: string };
  stale?: { version: number; differences: { field: string; value: string }[] };
  deleteError?: string;
  references?: { count: number; label: string }[];
};

/** What a record form's loader gives the page frame (recordLoader in app/lib/kit/record-loader.server.ts). */
export type RecordLoaderData = Pick<RecordScreenData<unknown>, "mode" | "name" | "version" | "canDelete" | "timeZone" | "history">;

/** The breadcrumb's section of a list path: its first segment's menu title (none when the menu has no such section). */
export function sectionCrumb(listPath: string, translate: (key: string) => string | null | undefined): { label: string; href: null }[] {
  const section = listPath.split("/")[1];
  const label = section ? translate(`menu.${section}.title`) : null;
  return label ? [{ label, href: null }] : [];
}

/**
 * The frame of every record screen (novo / editar): header with the breadcrumb
 * and delete, the refused-delete / stale / duplicate notices, the register's
 * form (given the version to post and the action's result), anything else the
 * screen has, and the record's history.
 */
export function RecordPage({
  testId,
  title,
  subtitle,
  listLabel,
  listPath,
  record,
  actionData,
  fieldLabel,
  formatValue,
  duplicateNotice,
  maxWidth = "1040px",
  form,
  children,
}: {
  testId: string;
  title: string;
  subtitle: string;
  listLabel: string;
  listPath: string;
  record: RecordLoaderData;
  actionData: RecordActionData | undefined;
  fieldLabel: (field: string) => string;
  formatValue?: (field: string, value: unknown) => string | undefined;
  /** A register's own duplicate notice (the agents' linked user); the default names the record. */
  duplicateNotice?: (duplicate: NonNullable<RecordActionData["duplicate"]>) => React.ReactNode;
  maxWidth?: string;
  /** The form, keyed by the record's version so a save starts it again from the saved values. */
  form: (props: { key: number; version: number; lastResult: SubmissionResult<string[]> | undefined }) => React.ReactNode;
  children?: React.ReactNode;
}) {
  const { i18n } = useTranslation();
  const ad = actionData;
  const edit = record.mode === "edit";
  return (
    <Flex direction="column" gap="4" maxWidth={maxWidth} data-testid={testId}>
      <PageHeader
        title={title}
        subtitle={subtitle}
        trail={[
          // The menu section the list belongs to: /cadastros/… → Cadastros, /servicos/… → Serviços, /receptivo/… → Receptivo.
          ...sectionCrumb(listPath, (key) => lookup(i18n, key)),
          { label: listLabel, href: listPath },
        ]}
        actions={edit && record.canDelete ? <DeleteButton name={record.name} /> : undefined}
      />
      {edit && <DeleteNotices name={record.name} error={ad?.deleteError} references={ad?.references} />}
      {ad?.stale && <StaleCallout differences={ad.stale.differences} fieldLabel={fieldLabel} />}
      {ad?.duplicate && (duplicateNotice?.(ad.duplicate) ?? <DuplicateCallout duplicate={ad.duplicate} />)}
      {form({ key: record.version, version: ad?.stale ? ad.stale.version : record.version, lastResult: ad?.result })}
      {children}
      {record.history && <RecordHistory entries={record.history.entries} more={record.history.more} timeZone={record.timeZone} fieldLabel={fieldLabel} formatValue={formatValue} />}
    </Flex>
  );
}

import { AlertDialog, Badge, Button, Callout, Card, Flex, Heading, Text } from "@radix-ui/themes";
import { CircleAlert, History, Trash2 } from "lucide-react";
import type { SubmissionResult } from "@conform-to/react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Form, Link, useLocation, useNavigation } from "react-router";
import { formatDateTime } from "~/lib/platform/format";
import { lookup, translate } from "~/lib/platform/translate";
import { PageHeader } from "~/components/system/PageHeader";
import type { HistoryEntry } from "~/lib/kit/record.server";

/** Save and cancel at the end of a record form. */
export function FormActions({ cancelHref, busy, saveLabel }: { cancelHref: string; busy: boolean; saveLabel?: string }) {
  const { t } = useTranslation();
  return (
    <Flex gap="3" className="form-actions" wrap="wrap">
      <Button type="submit" size="3" disabled={busy} data-testid="record-save" name="intent" value="save">
        {busy ? t("forms.saving") : (saveLabel ?? t("forms.save"))}
      </Button>
      <Button asChild size="3" variant="soft" color="gray">
        <Link to={cancelHref}>{t("forms.cancel")}</Link>
      </Button>
    </Flex>
  );
}

/** The save was refused because someone else saved first: their values, and a way to load them. */
export function StaleCallout({ differences, fieldLabel }: { differences: { field: string; value: string }[]; fieldLabel: (field: string) => string }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    <Callout.Root color="amber" role="alert" data-testid="stale-notice">
      <Callout.Icon>
        <CircleAlert size={16} />
      </Callout.Icon>
      <Flex direction="column" gap="2">
        <Text weight="bold">{t("registers.stale.title")}</Text>
        <Text size="2">{t("registers.stale.text")}</Text>
        {differences.length > 0 && (
          <ul className="stale-differences" data-testid="stale-current">
            {differences.map((d) => (
              <li key={d.field}>
                <Text size="2" weight="medium">
                  {fieldLabel(d.field)}:
                </Text>{" "}
                <Text size="2">{d.value || "—"}</Text>
              </li>
            ))}
          </ul>
        )}
        <a href={pathname} data-testid="stale-reload">
          {t("registers.stale.reload")}
        </a>
      </Flex>
    </Callout.Root>
  );
}

/** A CPF/CNPJ or e-mail already in use: names the existing record and links to it. */
export function DuplicateCallout({ duplicate }: { duplicate: { field: string; name: string; href: string } }) {
  const { t, i18n } = useTranslation();
  return (
    <Callout.Root color="red" role="alert" data-testid="duplicate-notice">
      <Callout.Icon>
        <CircleAlert size={16} />
      </Callout.Icon>
      <Callout.Text>
        {lookup(i18n, `registers.duplicate.${duplicate.field}`, { name: duplicate.name }) ?? translate(i18n, "registers.duplicate.record", { name: duplicate.name })}{" "}
        <Link to={duplicate.href} data-testid="duplicate-link">
          {t("registers.duplicate.open", { name: duplicate.name })}
        </Link>
      </Callout.Text>
    </Callout.Root>
  );
}

/**
 * Delete with confirmation, in the page header. With JavaScript a dialog asks;
 * without it the button is a link to ?excluir, where DeleteNotices shows the
 * same question as a form.
 */
export function DeleteButton({ name }: { name: string }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button asChild variant="soft" color="red">
        <Link
          to="?excluir"
          replace
          preventScrollReset
          data-testid="record-delete"
          onClick={(e) => {
            e.preventDefault();
            setOpen(true);
          }}
        >
          <Trash2 size={16} aria-hidden /> {t("registers.delete.action")}
        </Link>
      </Button>
      <AlertDialog.Root open={open} onOpenChange={setOpen}>
        <AlertDialog.Content maxWidth="460px" data-testid="delete-dialog">
          <AlertDialog.Title>{t("registers.delete.title", { name })}</AlertDialog.Title>
          <AlertDialog.Description size="2">{t("registers.delete.text")}</AlertDialog.Description>
          <Form method="post" replace onSubmit={() => setOpen(false)}>
            <Flex gap="3" mt="4" justify="end">
              <AlertDialog.Cancel>
                <Button variant="soft" color="gray" type="button">
                  {t("forms.cancel")}
                </Button>
              </AlertDialog.Cancel>
              <Button type="submit" name="intent" value="delete" color="red" disabled={busy} data-testid="delete-confirm">
                <Trash2 size={16} aria-hidden /> {t("registers.delete.confirm")}
              </Button>
            </Flex>
          </Form>
        </AlertDialog.Content>
      </AlertDialog.Root>
    </>
  );
}

/** A refused delete's reason, and the no-JavaScript confirmation (?excluir). */
export function DeleteNotices({ name, error, references }: { name: string; error?: string; references?: { count: number; label: string }[] }) {
  const { t, i18n } = useTranslation();
  const location = useLocation();
  const confirming = new URLSearchParams(location.search).has("excluir");
  return (
    <>
      {error && (
        <Callout.Root color="red" role="alert" data-testid="delete-error">
          <Callout.Icon>
            <CircleAlert size={16} />
          </Callout.Icon>
          <Callout.Text>
            {translate(i18n, error, { name })}
            {references && references.length > 0 && <> {references.map((r) => translate(i18n, r.label, { count: r.count })).join(", ")}</>}
          </Callout.Text>
        </Callout.Root>
      )}
      {confirming && !error && (
        <Card size="2" data-testid="delete-confirm-card">
          <Text as="p" weight="bold">
            {t("registers.delete.title", { name })}
          </Text>
          <Text as="p" size="2" color="gray">
            {t("registers.delete.text")}
          </Text>
          <Form method="post" replace>
            <Flex gap="3" mt="3">
              <Button type="submit" name="intent" value="delete" color="red" data-testid="delete-confirm">
                <Trash2 size={16} aria-hidden /> {t("registers.delete.confirm")}
              </Button>
              <Button asChild variant="soft" color="gray">
                <Link to={location.pathname} replace>
                  {t("forms.cancel")}
                </Link>
              </Button>
            </Flex>
          </Form>
        </Card>
      )}
    </>
  );
}

/** The record's audit trail: who changed what, when (in the agency's time zone). */
export function RecordHistory({
  entries,
  more,
  timeZone,
  fieldLabel,
  formatValue,
}: {
  entries: HistoryEntry[];
  more: boolean;
  timeZone: string;
  fieldLabel: (field: string) => string;
  /** The register's own display of a field's value (choices, percentages, linked records); undefined = the default. */
  formatValue?: (field: string, value: unknown) => string | undefined;
}) {
  const { t, i18n } = useTranslation();
  const last = entries[entries.length - 1];
  // An object of a repeatable row (phone, contact, service) reads as its number or name.
  const item = (x: unknown) =>
    typeof x === "object" && x !== null ? String((x as { number?: string; name?: string }).number ?? (x as { name?: string }).name ?? JSON.stringify(x)) : String(x);
  const show = (field: string, v: unknown) => {
    const own = formatValue?.(field, v);
    if (own !== undefined) return own;
    if (v === null || v === undefined || v === "" || (Array.isArray(v) && v.length === 0)) return "—";
    if (typeof v === "boolean") return v ? t("registers.yes") : t("registers.no");
    if (Array.isArray(v)) return v.map(item).join(", ");
    if (typeof v === "object") return item(v);
    const s = String(v);
    return s.length > 80 ? `${s.slice(0, 77)}…` : s;
  };
  return (
    <Card size="3" data-testid="record-history">
      <Flex align="center" gap="2" mb="3">
        <History size={18} aria-hidden />
        <Heading as="h2" size="4">
          {t("registers.history.title")}
        </Heading>
      </Flex>
      {entries.length === 0 ? (
        <Text color="gray" size="2">
          {t("registers.history.empty")}
        </Text>
      ) : (
        <ol className="record-history">
          {entries.map((e) => (
            <li key={e.id} data-testid="history-entry">
              <Flex gap="2" align="center" wrap="wrap">
                <Badge color={e.action === "create" ? "green" : e.action === "delete" ? "red" : "blue"} variant="soft">
                  {lookup(i18n, `audit.actions.${e.action}`) ?? e.action}
                </Badge>
                <Text size="2" weight="medium">
                  {e.who ?? t("audit.system")}
                </Text>
                <Text size="1" color="gray">
                  {formatDateTime(e.createdAt, i18n.language, timeZone)}
                </Text>
              </Flex>
              {e.action !== "create" && e.changes && Object.keys(e.changes).length > 0 && (
                <ul className="record-history-changes">
                  {Object.entries(e.changes).map(([field, pair]) => (
                    <li key={field}>
                      <Text size="1" weight="medium">
                        {fieldLabel(field)}:
                      </Text>{" "}
                      <Text size="1" color="gray">
                        {show(field, pair?.[0])}
                      </Text>{" "}
                      → <Text size="1">{show(field, pair?.[1])}</Text>
                    </li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ol>
      )}
      {more && last && (
        <Link to={`?historico=${encodeURIComponent(`${last.createdAt}~${last.id}`)}`} preventScrollReset data-testid="history-more">
          {t("registers.history.older")}
        </Link>
      )}
    </Card>
  );
}

/**
 * A history value formatter for choice fields: `{ category: "partners.categories" }`
 * shows "hotel" as the translation of partners.categories.hotel. `extra` handles
 * other fields (percentages...); undefined falls back to the default display.
 */
export function useChoiceFormatter(choices: Record<string, string>, extra?: (field: string, value: unknown) => string | undefined) {
  const { i18n } = useTranslation();
  return (field: string, value: unknown) => {
    const prefix = choices[field];
    if (prefix && typeof value === "string") return lookup(i18n, `${prefix}.${value}`) ?? value;
    return extra?.(field, value);
  };
}

/** What a record form's action answers (recordAction in app/lib/registers/record.server.ts). */
export type RecordActionData = {
  result?: SubmissionResult<string[]>;
  duplicate?: { field: string; name: string; href: string };
  stale?: { version: number; differences: { field: string; value: string }[] };
  deleteError?: string;
  references?: { count: number; label: string }[];
};

/** What a record form's loader gives the page frame. */
export type RecordLoaderData = {
  mode: "new" | "edit";
  name: string;
  version: number;
  canDelete: boolean;
  timeZone: string;
  history: { entries: HistoryEntry[]; more: boolean } | null;
};

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
  const { t } = useTranslation();
  const ad = actionData;
  const edit = record.mode === "edit";
  return (
    <Flex direction="column" gap="4" maxWidth={maxWidth} data-testid={testId}>
      <PageHeader
        title={title}
        subtitle={subtitle}
        trail={[
          { label: t("menu.cadastros.title"), href: null },
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

/**
 * The frame of the small finance settings screens (payment terms, account
 * types, chart of accounts, intermediaries): header with "new" (disabled with
 * the reason for those who may not change settings), the inline form when the
 * URL asks for one (`?novo`, `?editar=<id>`), the rows with their edit links,
 * and keyset pages. Works without JavaScript: every control is a link or a form.
 */
import { getFormProps, type FormMetadata, type SubmissionResult } from "@conform-to/react";
import { Button, Card, Flex, Heading, Table, Text } from "@radix-ui/themes";
import { Plus, Trash2 } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Form, Link, useLocation, useNavigation } from "react-router";
import { KeysetPager } from "~/components/kit/KeysetPager";
import { Notice } from "~/components/ui/Notice";
import { PageHeader } from "~/components/ui/PageHeader";
import { StatusBadge } from "~/components/ui/StatusBadge";
import { toSearch, type ListQuery, type ListSpec, type PageInfo } from "~/lib/kit/list";
import { lookup, translate } from "~/lib/platform/translate";

const VISUALLY_HIDDEN = { position: "absolute", width: 1, height: 1, padding: 0, margin: -1, overflow: "hidden", clip: "rect(0, 0, 0, 0)", whiteSpace: "nowrap", border: 0 } as const;

export type SettingsColumn<R> = {
  key: string;
  label: string;
  render: (row: R) => React.ReactNode;
  /** Hidden on small screens. */
  secondary?: boolean;
  align?: "left" | "right" | "center";
};

export function useSettingsTrail() {
  const { t } = useTranslation();
  return [
    { label: t("menu.financeiro.title"), href: null },
    { label: t("menu.financeiro.configuracoes.title"), href: null },
  ];
}

/** Where a row's edit link goes: the list state kept, `editar` set. */
export function editHref(search: string, id: string) {
  const params = new URLSearchParams(search);
  params.delete("novo");
  params.delete("amostra");
  params.set("editar", id);
  return `?${params.toString()}`;
}

/** The list without the form (cancel / close). */
export function closeHref(search: string) {
  const params = new URLSearchParams(search);
  for (const k of ["novo", "editar", "amostra"]) params.delete(k);
  return toSearch(params);
}

export function NewButton({ canManage, label, testId = "settings-new" }: { canManage: boolean; label: string; testId?: string }) {
  const { t } = useTranslation();
  const { search } = useLocation();
  if (!canManage) {
    return (
      <Button disabled title={t("financeSettings.forbidden")} aria-describedby="settings-read-only" data-testid={testId}>
        <Plus size={16} aria-hidden /> {label}
      </Button>
    );
  }
  const params = new URLSearchParams(search);
  params.delete("editar");
  params.set("novo", "");
  return (
    <Button asChild>
      <Link to={`?${params.toString()}`} preventScrollReset data-testid={testId}>
        <Plus size={16} aria-hidden /> {label}
      </Link>
    </Button>
  );
}

export function ReadOnlyNotice() {
  const { t } = useTranslation();
  return (
    <Notice tone="info" role="none" testId="settings-read-only" id="settings-read-only">{t("financeSettings.readOnly")}</Notice>
  );
}

export function SettingsScreen<R extends { id: string; active?: boolean }>({
  testId,
  title,
  subtitle,
  canManage,
  newLabel,
  form,
  rows,
  columns,
  emptyText,
  countKey,
  page,
  query,
  spec,
  editingId,
  notice,
}: {
  testId: string;
  title: string;
  subtitle: string;
  canManage: boolean;
  newLabel: string;
  form: React.ReactNode;
  rows: R[];
  columns: SettingsColumn<R>[];
  emptyText: string;
  countKey: string;
  page?: PageInfo;
  query?: ListQuery;
  spec?: ListSpec;
  editingId: string | null;
  notice?: React.ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const { search } = useLocation();
  const trail = useSettingsTrail();
  const total = page?.total ?? rows.length;
  const count = new Intl.NumberFormat(i18n.language).format(total);
  return (
    <Flex direction="column" gap="4" maxWidth="1100px" data-testid={testId}>
      <PageHeader title={title} subtitle={subtitle} trail={trail} actions={<NewButton canManage={canManage} label={newLabel} />} />
      {!canManage && <ReadOnlyNotice />}
      {notice}
      {form}
      <Text size="2" color="gray" data-testid="settings-total">
        {translate(i18n, countKey, { count: total, formatted: count })}
      </Text>
      {rows.length === 0 ? (
        <Card size="3" data-testid="settings-empty">
          <Text color="gray">{emptyText}</Text>
        </Card>
      ) : (
        <div className="list-table">
          <Table.Root variant="surface" size="2" data-testid="settings-table">
            <Table.Header>
              <Table.Row>
                {columns.map((c) => (
                  <Table.ColumnHeaderCell key={c.key} className={c.secondary ? "list-secondary" : undefined} style={{ textAlign: c.align }}>
                    {c.label}
                  </Table.ColumnHeaderCell>
                ))}
                <Table.ColumnHeaderCell style={{ width: 1 }}>
                  {/* Named for screen readers only: the links in the column say what they do. */}
                  <span style={VISUALLY_HIDDEN}>{t("financeSettings.actions")}</span>
                </Table.ColumnHeaderCell>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {rows.map((row) => (
                <Table.Row key={row.id} data-testid="settings-row" aria-current={row.id === editingId ? "true" : undefined} style={row.id === editingId ? { background: "var(--accent-a3)" } : undefined}>
                  {columns.map((c, i) =>
                    i === 0 ? (
                      <Table.RowHeaderCell key={c.key}>{c.render(row)}</Table.RowHeaderCell>
                    ) : (
                      <Table.Cell key={c.key} className={c.secondary ? "list-secondary" : undefined} style={{ textAlign: c.align }}>
                        {c.render(row)}
                      </Table.Cell>
                    ),
                  )}
                  <Table.Cell>
                    <Link to={editHref(search, row.id)} preventScrollReset data-testid="settings-edit" className="nowrap">
                      {canManage ? t("financeSettings.edit") : t("financeSettings.view")}
                    </Link>
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </div>
      )}
      {page && query && spec && <KeysetPager query={query} spec={spec} page={page} />}
    </Flex>
  );
}

/** An active / inactive badge. */
export function ActiveBadge({ active }: { active: boolean }) {
  const { t } = useTranslation();
  return (
    <StatusBadge tone={active ? "active" : "inactive"}>
      {active ? t("financeSettings.active") : t("financeSettings.inactive")}
    </StatusBadge>
  );
}

/** What the inline action answered (InlineAnswer in app/lib/finance/settings/inline.server.ts). */
export type InlineActionData = {
  result?: SubmissionResult<string[]>;
  stale?: { version: number; differences: { field: string; value: string }[] };
  deleteError?: string;
  references?: { count: number; label: string }[];
  error?: string;
};

/**
 * The card an inline form sits in: its title, the stale and refused-delete
 * notices, the form, and (editing, for those who may) the delete button.
 */
export function InlineFormCard({
  title,
  answer,
  canManage,
  deleteName,
  fieldLabel,
  children,
  testId,
}: {
  title: string;
  answer: InlineActionData | undefined;
  canManage: boolean;
  /** The record's label when editing (the delete asks about it); null on novo. */
  deleteName: string | null;
  fieldLabel: (field: string) => string;
  children: React.ReactNode;
  testId: string;
}) {
  const { t, i18n } = useTranslation();
  const { search } = useLocation();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  return (
    <Card size="3" data-testid={testId}>
      <Flex direction="column" gap="3">
        <Flex justify="between" align="center" gap="3" wrap="wrap">
          <Heading as="h2" size="4">
            {title}
          </Heading>
          <Flex gap="2" align="center">
            {deleteName !== null && canManage && (
              <Form
                method="post"
                preventScrollReset
                onSubmit={(e) => {
                  if (!window.confirm(t("financeSettings.deleteConfirm", { name: deleteName }))) e.preventDefault();
                }}
              >
                <Button type="submit" name="intent" value="delete" variant="soft" color="red" disabled={busy} data-testid="settings-delete">
                  <Trash2 size={16} aria-hidden /> {t("financeSettings.delete")}
                </Button>
              </Form>
            )}
            <Button asChild variant="ghost" color="gray">
              <Link to={closeHref(search)} preventScrollReset data-testid="settings-close">
                {t("financeSettings.close")}
              </Link>
            </Button>
          </Flex>
        </Flex>
        {answer?.deleteError && (
          <Notice tone="error" testId="delete-refused" title={t("financeSettings.refusedTitle")}>
            <Text size="2">{translate(i18n, answer.deleteError)}</Text>
            {answer.references && answer.references.length > 0 && (
              <ul style={{ margin: 0, paddingLeft: "1.2em" }}>
                {answer.references.map((r) => (
                  <li key={r.label}>
                    <Text size="2">{translate(i18n, r.label, { count: r.count })}</Text>
                  </li>
                ))}
              </ul>
            )}
          </Notice>
        )}
        {answer?.stale && (
          <Notice tone="warning" testId="stale-notice" title={t("financeSettings.stale")}>
            {answer.stale.differences.length > 0 && (
              <ul style={{ margin: 0, paddingLeft: "1.2em" }}>
                {answer.stale.differences.map((d) => (
                  <li key={d.field}>
                    <Text size="2" weight="medium">
                      {fieldLabel(d.field)}:
                    </Text>{" "}
                    <Text size="2">{d.value || "—"}</Text>
                  </li>
                ))}
              </ul>
            )}
            <Link to={search || "?"} reloadDocument data-testid="stale-reload">
              {t("records.stale.reload")}
            </Link>
          </Notice>
        )}
        {answer?.error && !answer.deleteError && (
          <Notice tone="error">{translate(i18n, answer.error)}</Notice>
        )}
        {children}
      </Flex>
    </Card>
  );
}

/** Save and cancel under an inline form; save is disabled with the reason for those who may not change settings. */
/**
 * An inline settings form: posts natively, carries the version being edited
 * (the stale answer's when a save was refused), is read-only for roles that may
 * not change settings, and ends with save / cancel.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any form's metadata (Conform's own default)
export function InlineForm<T extends Record<string, any>>({
  form,
  version,
  canManage,
  children,
}: {
  form: FormMetadata<T, string[]>;
  /** The version of the row being edited; null on a new one. */
  version: number | null;
  canManage: boolean;
  children: React.ReactNode;
}) {
  return (
    <Form method="post" {...getFormProps(form)} preventScrollReset>
      {version !== null && <input type="hidden" name="version" value={version} />}
      <fieldset disabled={!canManage} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
        <Flex direction="column" gap="3">
          {children}
          <InlineFormActions canManage={canManage} />
        </Flex>
      </fieldset>
    </Form>
  );
}

export function InlineFormActions({ canManage }: { canManage: boolean }) {
  const { t } = useTranslation();
  const { search } = useLocation();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  return (
    <Flex gap="3" wrap="wrap" align="center">
      <Button type="submit" name="intent" value="save" disabled={busy || !canManage} title={canManage ? undefined : t("financeSettings.forbidden")} data-testid="settings-save">
        {busy ? t("financeSettings.saving") : t("financeSettings.save")}
      </Button>
      <Button asChild variant="soft" color="gray">
        <Link to={closeHref(search)} preventScrollReset>
          {t("financeSettings.cancel")}
        </Link>
      </Button>
      {!canManage && (
        <Text size="1" color="gray">
          {t("financeSettings.forbidden")}
        </Text>
      )}
    </Flex>
  );
}

/** The texts of a settings screen: financeSettings.<section>.{subtitle,new,newTitle,empty,count,fields.*}. */
export type SettingsSection = "terms" | "types" | "chart" | "intermediaries";

/** What an inline settings screen's loader gives (inlineEditing in lib/finance/settings/inline.server.ts). */
export type InlineEditing = { canManage: boolean; editing: { id: string; name: string; version: number } | null; creating: boolean };

/**
 * One inline settings screen: SettingsScreen with its section's texts, and, when
 * the URL opens one, the InlineFormCard with the form `renderForm(key)` gives
 * (`key` remounts it on another record or version). The four small finance
 * settings screens are this with their own columns and form.
 */
export function InlineSettingsScreen<R extends { id: string; active?: boolean }>({
  section,
  menuKey,
  testId,
  cardTestId,
  data,
  answer,
  columns,
  spec,
  notice,
  renderForm,
}: {
  section: SettingsSection;
  /** The menu entry under financeiro.configuracoes (its title is the screen's). */
  menuKey: string;
  testId: string;
  cardTestId: string;
  /** The loader's data: who may edit, what is open, and the rows (with their page when the screen pages). */
  data: InlineEditing & { rows: R[]; page?: PageInfo; query?: ListQuery };
  answer: InlineActionData | undefined;
  columns: SettingsColumn<R>[];
  spec?: ListSpec;
  notice?: React.ReactNode;
  renderForm: (key: string) => React.ReactNode;
}) {
  const { i18n } = useTranslation();
  const { canManage, editing, creating, rows, page, query } = data;
  const text = (key: string) => translate(i18n, `financeSettings.${section}.${key}`);
  const fieldLabel = (field: string) => lookup(i18n, `financeSettings.${section}.fields.${field}`) ?? lookup(i18n, `financeSettings.${field}`) ?? field;
  return (
    <SettingsScreen
      testId={testId}
      title={translate(i18n, `menu.financeiro.configuracoes.${menuKey}.title`)}
      subtitle={text("subtitle")}
      canManage={canManage}
      newLabel={text("new")}
      rows={rows}
      columns={columns}
      page={page}
      query={query}
      spec={spec}
      editingId={editing?.id ?? null}
      emptyText={text("empty")}
      countKey={`financeSettings.${section}.count`}
      notice={notice}
      form={
        (editing !== null || creating) && (
          <InlineFormCard
            testId={cardTestId}
            title={editing ? translate(i18n, "financeSettings.editing", { name: editing.name }) : text("newTitle")}
            answer={answer}
            canManage={canManage}
            deleteName={editing?.name ?? null}
            fieldLabel={fieldLabel}
          >
            {renderForm(`${editing?.id ?? "new"}-${editing?.version ?? 0}`)}
          </InlineFormCard>
        )
      }
    />
  );
}

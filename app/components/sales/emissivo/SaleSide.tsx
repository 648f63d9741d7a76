import { Button, Flex, Table, Text, TextField } from "@radix-ui/themes";
import { useTranslation } from "react-i18next";
import { Form, Link, useFetcher } from "react-router";
import { ConfirmDialog } from "~/components/ui/ConfirmDialog";
import { FormSection } from "~/components/ui/FormField";
import { Notice } from "~/components/ui/Notice";
import { StatusBadge } from "~/components/ui/StatusBadge";
import { formatCalendarDate, formatDateTime, formatMoney } from "~/lib/platform/format";
import { lookup, translate } from "~/lib/platform/translate";

type Sale = { id: string; number: number; status: "draft" | "confirmed" | "cancelled"; version: number; currency: string; cancelReason: string | null };

/** Confirm / cancel / delete, each asked first (plain form posts: they work without JavaScript). */
export function SaleActions({ sale, error }: { sale: Sale; error?: { error: string; values?: Record<string, string | number> } }) {
  const { t, i18n } = useTranslation();
  const hidden = (intent: string) => (
    <>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="version" value={sale.version} />
    </>
  );
  return (
    <Flex direction="column" gap="2">
      {error && (
        <Notice tone="error" testId="sale-move-error">
          {translate(i18n, error.error, error.values)}
        </Notice>
      )}
      <Flex gap="2" wrap="wrap">
        {sale.status === "draft" && (
          <ConfirmDialog
            testId="confirm-sale"
            trigger={<Button data-testid="confirm-sale-open">{t("sales.emissivo.actions.confirm")}</Button>}
            title={t("sales.emissivo.actions.confirmTitle", { number: sale.number })}
            description={t("sales.emissivo.actions.confirmText")}
            cancelLabel={t("sales.emissivo.actions.keep")}
            confirm={<Button type="submit" data-testid="confirm-sale-submit">{t("sales.emissivo.actions.confirm")}</Button>}
            form={(actions) => (
              <Form method="post">
                {hidden("confirm")}
                {actions}
              </Form>
            )}
            closeOnConfirm
          />
        )}
        {sale.status !== "cancelled" && (
          <ConfirmDialog
            testId="cancel-sale"
            trigger={
              <Button color="red" variant="soft">
                {t("sales.emissivo.actions.cancel")}
              </Button>
            }
            title={t("sales.emissivo.actions.cancelTitle", { number: sale.number })}
            description={t("sales.emissivo.actions.cancelText")}
            cancelLabel={t("sales.emissivo.actions.keep")}
            confirm={
              <Button type="submit" color="red">
                {t("sales.emissivo.actions.cancel")}
              </Button>
            }
            form={(actions) => (
              <Form method="post">
                {hidden("cancel")}
                <Flex direction="column" gap="1" mb="3">
                  <Text as="label" size="2" htmlFor="cancel-reason">
                    {t("sales.common.cancelReason")}
                  </Text>
                  <TextField.Root id="cancel-reason" name="reason" required minLength={3} maxLength={500} />
                </Flex>
                {actions}
              </Form>
            )}
            closeOnConfirm
          />
        )}
        {sale.status === "draft" && (
          <ConfirmDialog
            trigger={
              <Button color="gray" variant="soft">
                {t("sales.emissivo.actions.delete")}
              </Button>
            }
            title={t("sales.emissivo.actions.deleteTitle", { number: sale.number })}
            description={t("sales.emissivo.actions.deleteText")}
            cancelLabel={t("sales.emissivo.actions.keep")}
            confirm={
              <Button type="submit" color="red">
                {t("sales.emissivo.actions.delete")}
              </Button>
            }
            form={(actions) => (
              <Form method="post">
                {hidden("delete")}
                {actions}
              </Form>
            )}
            closeOnConfirm
          />
        )}
      </Flex>
    </Flex>
  );
}

type Title = { id: string; direction: string; description: string; dueDate: string; amountCents: number; paidCents: number; status: string; currency: string };

/** The sale's finance titles, each a link to its finance page. */
export function SaleTitles({ titles }: { titles: Title[] }) {
  const { t, i18n } = useTranslation();
  return (
    <FormSection title={t("sales.emissivo.sections.titles")}>
      {titles.length === 0 ? (
        <Text size="2" color="gray">
          {t("sales.emissivo.titles.none")}
        </Text>
      ) : (
        <Table.Root size="1" data-testid="sale-titles">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeaderCell>{t("sales.emissivo.titles.direction")}</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>{t("sales.emissivo.titles.party")}</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>{t("sales.emissivo.titles.due")}</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell align="right">{t("sales.emissivo.titles.amount")}</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>{t("sales.emissivo.titles.status")}</Table.ColumnHeaderCell>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {titles.map((title) => (
              <Table.Row key={title.id} data-testid={`sale-title-${title.direction}`}>
                <Table.Cell>{title.direction === "receivable" ? t("sales.common.receivables") : t("sales.common.payables")}</Table.Cell>
                <Table.Cell>
                  <Link to={`/financeiro/${title.direction === "receivable" ? "contas-a-receber" : "contas-a-pagar"}/editar/${title.id}`}>{title.description}</Link>
                </Table.Cell>
                <Table.Cell>{formatCalendarDate(title.dueDate, i18n.language, "short")}</Table.Cell>
                <Table.Cell align="right">{formatMoney(title.amountCents, title.currency, i18n.language)}</Table.Cell>
                <Table.Cell>
                  <StatusBadge tone={title.status === "cancelled" ? "danger" : title.status === "paid" ? "active" : "info"}>{t(`sales.emissivo.titleStatus.${title.status}`, { defaultValue: title.status })}</StatusBadge>
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      )}
    </FormSection>
  );
}

type Entry = { id: string; createdAt: string; entity: string; action: string; who: string | null; changes: Record<string, [unknown, unknown]> | null };

/** The sale's timeline: its audit entries and its titles'. */
export function SaleTimeline({ entries, timeZone }: { entries: Entry[]; timeZone: string }) {
  const { t, i18n } = useTranslation();
  const fieldName = (k: string) => lookup(i18n, `sales.emissivo.fields.${k}`) ?? lookup(i18n, `sales.common.${k.replace(/Cents$/, "").replace(/Id$/, "")}`) ?? k;
  return (
    <FormSection title={t("sales.emissivo.sections.timeline")}>
      {entries.length === 0 ? (
        <Text size="2" color="gray">
          {t("sales.emissivo.timeline.empty")}
        </Text>
      ) : (
        <ul className="sale-timeline" data-testid="sale-timeline">
          {entries.map((e) => (
            <li key={e.id}>
              <Text size="2">
                {formatDateTime(e.createdAt, i18n.language, timeZone)} · {e.who ?? "—"} {t(`sales.emissivo.timeline.${e.action}`, { defaultValue: e.action })} {t(`sales.emissivo.timeline.${e.entity}`, { defaultValue: e.entity })}
                {e.entity === "contract" && e.changes?.status ? (
                  <Text color="gray" data-testid="timeline-contract">
                    {" "}
                    ({[e.changes.status[0], e.changes.status[1]].map((s) => (s ? (t(`contracts.status.${String(s)}` as never) as string) : "—")).join(" → ")})
                  </Text>
                ) : (
                  e.changes && Object.keys(e.changes).length > 0 && <Text color="gray"> ({Object.keys(e.changes).map(fieldName).join(", ")})</Text>
                )}
              </Text>
            </li>
          ))}
        </ul>
      )}
    </FormSection>
  );
}

/** A client registered inline (name, CPF, birth date), with the client register's rules; it then appears in the lists. */
export function NewClientForm() {
  const { t } = useTranslation();
  const fetcher = useFetcher<{ newClient?: { id?: string; name?: string; errors?: Record<string, string[]> } }>();
  const errors = fetcher.data?.newClient?.errors ?? {};
  const err = (k: string) =>
    errors[k]?.[0] ? (
      <Text size="1" color="red" role="alert">
        {t(errors[k]![0]! as never) as string}
      </Text>
    ) : null;
  return (
    <FormSection title={t("sales.emissivo.newClient.title")} hint={t("sales.emissivo.newClient.hint")}>
      <fetcher.Form method="post" data-testid="new-client-form">
        <input type="hidden" name="intent" value="newClient" />
        <Flex gap="2" wrap="wrap" align="end">
          <Flex direction="column" gap="1">
            <Text as="label" size="2" htmlFor="nc-name">
              {t("sales.emissivo.newClient.name")}
            </Text>
            <TextField.Root id="nc-name" name="newClient.name" />
            {err("name")}
          </Flex>
          <Flex direction="column" gap="1">
            <Text as="label" size="2" htmlFor="nc-doc">
              {t("sales.emissivo.newClient.document")}
            </Text>
            <TextField.Root id="nc-doc" name="newClient.document" />
            {err("document")}
          </Flex>
          <Flex direction="column" gap="1">
            <Text as="label" size="2" htmlFor="nc-birth">
              {t("sales.emissivo.newClient.birthDate")}
            </Text>
            <TextField.Root id="nc-birth" name="newClient.birthDate" type="date" />
            {err("birthDate")}
          </Flex>
          <Button type="submit" variant="soft" loading={fetcher.state !== "idle"}>
            {t("sales.emissivo.newClient.save")}
          </Button>
        </Flex>
      </fetcher.Form>
    </FormSection>
  );
}

type PreviewRow = { id: string | null; direction: string; partyName: string; installment: string; dueDate: string; beforeCents: number | null; afterCents: number | null; change: string };

/** The financial effect of an edit of a confirmed sale, with the apply button (the form's second submit). */
export function EditPreview({ preview, digest, currency }: { preview: { rows: PreviewRow[]; receivableBeforeCents: number; receivableAfterCents: number; payableBeforeCents: number; payableAfterCents: number }; digest: string; currency: string }) {
  const { t, i18n } = useTranslation();
  const m = (c: number | null) => (c === null ? "—" : formatMoney(c, currency, i18n.language));
  return (
    <Notice tone="warning" role="none" testId="edit-preview">
      <Flex direction="column" gap="2">
        <Text weight="medium">{t("sales.emissivo.preview.title")}</Text>
        <Text size="2">{t("sales.emissivo.preview.text")}</Text>
        <Text size="2">{t("sales.emissivo.preview.receivables", { before: m(preview.receivableBeforeCents), after: m(preview.receivableAfterCents) })}</Text>
        <Text size="2">{t("sales.emissivo.preview.payables", { before: m(preview.payableBeforeCents), after: m(preview.payableAfterCents) })}</Text>
        <Table.Root size="1">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeaderCell>{t("sales.emissivo.preview.change")}</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>{t("sales.emissivo.preview.party")}</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>{t("sales.emissivo.preview.installment")}</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>{t("sales.emissivo.preview.due")}</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell align="right">{t("sales.emissivo.preview.before")}</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell align="right">{t("sales.emissivo.preview.after")}</Table.ColumnHeaderCell>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {preview.rows.map((r, i) => (
              <Table.Row key={`${r.id ?? "new"}-${i}`}>
                <Table.Cell>{t(`sales.emissivo.preview.${r.change}` as never) as string}</Table.Cell>
                <Table.Cell>{r.partyName}</Table.Cell>
                <Table.Cell>{r.installment}</Table.Cell>
                <Table.Cell>{formatCalendarDate(r.dueDate, i18n.language, "short")}</Table.Cell>
                <Table.Cell align="right">{m(r.beforeCents)}</Table.Cell>
                <Table.Cell align="right">{m(r.afterCents)}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
        <input type="hidden" name="confirmEdit" value={digest} />
        <Flex>
          <Button type="submit" data-testid="apply-edit">
            {t("sales.emissivo.preview.apply")}
          </Button>
        </Flex>
      </Flex>
    </Notice>
  );
}

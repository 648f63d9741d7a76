import { Button, Flex, Table, Text } from "@radix-ui/themes";
import { Paperclip } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Form, Link, useNavigation } from "react-router";
import { Money, TitleStatusBadge, useDay } from "~/components/finance/ledger/Money";
import type { TitleChoices } from "~/components/finance/ledger/TitleForm";
import { Notice } from "~/components/ui/Notice";
import { SectionCard } from "~/components/ui/SectionCard";
import { StatusBadge } from "~/components/ui/StatusBadge";
import type { EntryKind, ShownStatus, TitleStatus } from "~/lib/finance/ledger/ledger";
import { formatCents } from "~/lib/finance/money";
import { translate } from "~/lib/platform/translate";

type Answer = { form: string; result: { status?: string; error?: Record<string, string[] | null> | null; initialValue?: Record<string, unknown> | null } } | undefined;

type Edit = {
  title: { id: string; version: number; status: TitleStatus; shown: ShownStatus; amountCents: number; paidCents: number; currency: string; cancelledAt: string | null; cancelReason: string | null };
  group: { id: string; installmentNo: number; installmentCount: number; dueDate: string; amountCents: number; paidCents: number; currency: string; shown: ShownStatus }[];
  entries: {
    id: string;
    kind: EntryKind;
    date: string;
    accountName: string;
    principalCents: number;
    interestCents: number;
    fineCents: number;
    discountCents: number;
    feeCents: number;
    netCents: number;
    currency: string;
    description: string | null;
    reversedBy: string | null;
  }[];
  attachments: { id: string; fileName: string; size: number }[];
};

/** The error of a field (or the form) of one of the screen's forms, translated. */
function useErrors(answer: Answer, form: string) {
  const { i18n } = useTranslation();
  const errors = answer?.form === form ? answer.result.error : undefined;
  return (name: string) => {
    const list = errors?.[name];
    return list && list.length > 0 ? list.map((k) => translate(i18n, k)).join(" ") : undefined;
  };
}

function Field({ label, name, error, children }: { label: string; name: string; error?: string; children: React.ReactNode }) {
  return (
    <Flex direction="column" gap="1">
      <Text as="label" size="2" weight="medium" htmlFor={`f-${name}`}>
        {label}
      </Text>
      {children}
      {error && (
        <Text size="1" color="red" role="alert" id={`f-${name}-error`}>
          {error}
        </Text>
      )}
    </Flex>
  );
}

/** The edit screen's panels: the group's installments, settlements and reversals, settle, cancel, receipts. */
export function TitleEditPanels({ edit, choices, today, canManage, base, answer }: { edit: Edit; choices: TitleChoices; today: string; canManage: boolean; base: string; answer: Answer }) {
  const { t, i18n } = useTranslation();
  const day = useDay();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const { title } = edit;
  const open = title.amountCents - title.paidCents;
  const settleable = title.status === "open" || title.status === "partial";
  const settleError = useErrors(answer, "settle");
  const cancelError = useErrors(answer, "cancel");
  const reverseError = useErrors(answer, "reverse");
  const attachError = useErrors(answer, "attach");
  const typed = answer?.form === "settle" ? (answer.result.initialValue ?? {}) : {};
  const typedValue = (name: string, fallback: string) => (typeof typed[name] === "string" ? (typed[name] as string) : fallback);
  return (
    <Flex direction="column" gap="4">
      {title.status === "cancelled" && (
        <Notice tone="warning" testId="cancelled-notice">
          {t("financeLedger.cancelledNotice", { date: title.cancelledAt ? title.cancelledAt.slice(0, 10) : "", reason: title.cancelReason ?? "" })}
        </Notice>
      )}
      {title.status === "paid" && <Notice tone="success">{t("financeLedger.paidNotice")}</Notice>}
      {!canManage && <Notice tone="info">{t("financeLedger.forbidden")}</Notice>}

      {edit.group.length > 1 && (
        <SectionCard title={t("financeLedger.sections.installments")} testId="group-installments">
          <Table.Root size="1">
            <Table.Body>
              {edit.group.map((g) => (
                <Table.Row key={g.id} data-current={g.id === title.id || undefined}>
                  <Table.RowHeaderCell>
                    {g.id === title.id ? (
                      <Text weight="bold">
                        {g.installmentNo}/{g.installmentCount}
                      </Text>
                    ) : (
                      <Link to={`${base}/editar/${g.id}`}>
                        {g.installmentNo}/{g.installmentCount}
                      </Link>
                    )}
                  </Table.RowHeaderCell>
                  <Table.Cell>{day(g.dueDate)}</Table.Cell>
                  <Table.Cell style={{ textAlign: "right" }}>
                    <Money cents={g.amountCents} currency={g.currency} />
                  </Table.Cell>
                  <Table.Cell>
                    <TitleStatusBadge status={g.shown} />
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </SectionCard>
      )}

      <SectionCard title={t("financeLedger.sections.history")} testId="title-entries">
        {edit.entries.length === 0 ? (
          <Text color="gray" size="2">
            {t("financeLedger.noEntries")}
          </Text>
        ) : (
          <div className="list-table">
            <Table.Root size="1">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeaderCell>{t("financeLedger.fields.date")}</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell>{t("financeLedger.statement.movement")}</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell className="list-secondary">{t("financeLedger.fields.account")}</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell style={{ textAlign: "right" }}>{t("financeLedger.fields.principal")}</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell style={{ textAlign: "right" }} className="list-secondary">
                    {t("financeLedger.fields.net")}
                  </Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell />
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {edit.entries.map((e) => (
                  <Table.Row key={e.id} data-testid="title-entry" data-kind={e.kind}>
                    <Table.Cell>{day(e.date)}</Table.Cell>
                    <Table.Cell>
                      <Flex gap="2" align="center" wrap="wrap">
                        {translate(i18n, `financeLedger.entryKinds.${e.kind}`)}
                        {e.reversedBy && (
                          <StatusBadge>
                            {t("financeLedger.reversedTag")}
                          </StatusBadge>
                        )}
                        {e.description && (
                          <Text size="1" color="gray">
                            {e.description}
                          </Text>
                        )}
                      </Flex>
                    </Table.Cell>
                    <Table.Cell className="list-secondary">{e.accountName}</Table.Cell>
                    <Table.Cell style={{ textAlign: "right" }}>
                      <Money cents={e.principalCents} currency={e.currency} signed />
                    </Table.Cell>
                    <Table.Cell style={{ textAlign: "right" }} className="list-secondary">
                      <Money cents={e.netCents} currency={e.currency} signed />
                    </Table.Cell>
                    <Table.Cell>
                      {e.kind === "settlement" && !e.reversedBy && (
                        <Form method="post">
                          <input type="hidden" name="intent" value="reverse" />
                          <input type="hidden" name="entryId" value={e.id} />
                          <Button size="1" variant="soft" color="red" type="submit" disabled={!canManage || busy} title={canManage ? undefined : t("financeLedger.forbidden")} data-testid="reverse-entry">
                            {t("financeLedger.actions.reverse")}
                          </Button>
                        </Form>
                      )}
                    </Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </div>
        )}
        {reverseError("") && (
          <Text as="p" color="red" size="2" role="alert" mt="2">
            {reverseError("")}
          </Text>
        )}
      </SectionCard>

      {settleable && (
        <SectionCard title={t("financeLedger.sections.settle")} hint={canManage ? t("financeLedger.hints.principal") : t("financeLedger.forbidden")} testId="settle-panel">
          <Form method="post" data-testid="settle-form">
            <input type="hidden" name="intent" value="settle" />
            <input type="hidden" name="version" value={title.version} />
            <fieldset disabled={!canManage} style={{ border: 0, padding: 0, margin: 0 }}>
              <div className="form-grid">
                <Field label={t("financeLedger.fields.date")} name="date" error={settleError("date")}>
                  <input id="f-date" name="date" type="date" className="native-select" defaultValue={typedValue("date", today)} required />
                </Field>
                <Field label={t("financeLedger.fields.account")} name="bankAccountId" error={settleError("bankAccountId")}>
                  <select id="f-bankAccountId" name="bankAccountId" className="native-select" defaultValue={typedValue("bankAccountId", "")} required>
                    <option value="">{t("financeLedger.choose")}</option>
                    {choices.accounts
                      .filter((a) => a.active)
                      .map((a) => (
                        <option key={a.id} value={a.id}>
                          {a.name}
                        </option>
                      ))}
                  </select>
                </Field>
                <Field label={t("financeLedger.fields.principal")} name="principal" error={settleError("principal")}>
                  <input id="f-principal" name="principal" inputMode="decimal" className="native-select" defaultValue={typedValue("principal", formatCents(open))} required />
                </Field>
                {(["interest", "fine", "discount", "fee"] as const).map((name) => (
                  <Field key={name} label={t(`financeLedger.fields.${name}`)} name={name} error={settleError(name)}>
                    <input id={`f-${name}`} name={name} inputMode="decimal" className="native-select" placeholder="0,00" defaultValue={typedValue(name, "")} />
                  </Field>
                ))}
                {choices.intermediaries.length > 0 && (
                  <Field label={t("financeLedger.fields.intermediary")} name="intermediaryId" error={settleError("intermediaryId")}>
                    <select id="f-intermediaryId" name="intermediaryId" className="native-select" defaultValue={typedValue("intermediaryId", "")}>
                      <option value="">{t("financeLedger.none")}</option>
                      {choices.intermediaries.map((x) => (
                        <option key={x.id} value={x.id}>
                          {x.name}
                        </option>
                      ))}
                    </select>
                  </Field>
                )}
                <Field label={t("financeLedger.fields.description")} name="description" error={settleError("description")}>
                  <input id="f-description" name="description" className="native-select" defaultValue={typedValue("description", "")} maxLength={200} />
                </Field>
              </div>
              {settleError("") && (
                <Text as="p" color="red" size="2" role="alert" mt="2" data-testid="settle-error">
                  {settleError("")}
                </Text>
              )}
              <Flex justify="end" mt="3">
                <Button type="submit" disabled={!canManage || busy} title={canManage ? undefined : t("financeLedger.forbidden")} data-testid="settle-submit">
                  {t("financeLedger.actions.settle")}
                </Button>
              </Flex>
            </fieldset>
          </Form>
        </SectionCard>
      )}

      <SectionCard title={t("financeLedger.sections.attachments")} hint={t("financeLedger.hints.file")} testId="attachments">
        {edit.attachments.length === 0 ? (
          <Text as="p" color="gray" size="2" mb="2">
            {t("financeLedger.noAttachments")}
          </Text>
        ) : (
          <Flex direction="column" gap="1" mb="3">
            {edit.attachments.map((a) => (
              <Flex key={a.id} gap="3" align="center" wrap="wrap">
                <a href={`${base}/anexo/${a.id}`} target="_blank" rel="noopener noreferrer" data-testid="attachment-link">
                  <Paperclip size={14} aria-hidden /> {a.fileName}
                </a>
                <Form method="post">
                  <input type="hidden" name="intent" value="deleteAttachment" />
                  <input type="hidden" name="attachmentId" value={a.id} />
                  <Button
                    size="1"
                    variant="ghost"
                    color="red"
                    type="submit"
                    disabled={!canManage || busy}
                    title={canManage ? undefined : t("financeLedger.forbidden")}
                    aria-label={t("financeLedger.actions.deleteAttachmentOf", { name: a.fileName })}
                    data-testid="attachment-delete"
                  >
                    {t("financeLedger.actions.deleteAttachment")}
                  </Button>
                </Form>
              </Flex>
            ))}
          </Flex>
        )}
        <Form method="post" encType="multipart/form-data">
          <input type="hidden" name="intent" value="attach" />
          <Flex gap="3" align="end" wrap="wrap">
            <Field label={t("financeLedger.fields.file")} name="file" error={attachError("file")}>
              <input id="f-file" name="file" type="file" accept="application/pdf,image/png,image/jpeg" required />
            </Field>
            <Button type="submit" variant="soft" disabled={busy}>
              {t("financeLedger.actions.attach")}
            </Button>
          </Flex>
        </Form>
      </SectionCard>

      {title.status !== "cancelled" && title.status !== "paid" && (
        <SectionCard title={t("financeLedger.sections.cancel")} hint={!canManage ? t("financeLedger.forbidden") : title.paidCents > 0 ? t("financeLedger.errors.settled") : undefined} testId="cancel-panel">
          <Form method="post">
            <input type="hidden" name="intent" value="cancel" />
            <input type="hidden" name="version" value={title.version} />
            <Flex gap="3" align="end" wrap="wrap">
              <Field label={t("financeLedger.fields.reason")} name="reason" error={cancelError("reason")}>
                <input id="f-reason" name="reason" className="native-select" maxLength={200} required disabled={!canManage || title.paidCents > 0} />
              </Field>
              <Button type="submit" color="red" variant="soft" disabled={!canManage || title.paidCents > 0 || busy} data-testid="cancel-submit">
                {t("financeLedger.actions.cancel")}
              </Button>
            </Flex>
            {cancelError("") && (
              <Text as="p" color="red" size="2" role="alert" mt="2">
                {cancelError("")}
              </Text>
            )}
          </Form>
        </SectionCard>
      )}
    </Flex>
  );
}

import { Button, Card, Flex, Heading, Table, Text } from "@radix-ui/themes";
import { useTranslation } from "react-i18next";
import { Form, Link } from "react-router";
import { KeysetPager } from "~/components/kit/KeysetPager";
import { StatusBadge, type StatusTone } from "~/components/ui/StatusBadge";
import { listParams, toSearch, type ListQuery, type PageInfo } from "~/lib/kit/list";
import { formatDateTime } from "~/lib/platform/format";
import { MAIL_STATUSES, OUTBOX_LIST, type MailStatus } from "~/lib/settings/outbox";
import type { Language } from "~/locales";

export type OutboxItem = {
  id: string;
  to: string;
  subject: string;
  status: MailStatus;
  attempts: number;
  lastError: string | null;
  createdAt: string;
};

const STATUS_COLOR = { queued: "blue", sent: "teal", failed: "red", local: "gray" } as const;
const STATUS_TONE = { queued: "info", sent: "accent", failed: "danger", local: "neutral" } as const satisfies Record<keyof typeof STATUS_COLOR, StatusTone>;

/** The agency's outbox, newest first, keyset pages and a status filter in the URL; retry for editors. */
export function OutboxList({
  rows,
  query,
  page,
  canEdit,
  busy,
  language,
  timeZone,
}: {
  rows: OutboxItem[];
  query: ListQuery;
  page: PageInfo;
  canEdit: boolean;
  busy: boolean;
  language: Language;
  timeZone: string;
}) {
  const { t } = useTranslation();
  const status = (query.filters as { status?: string }).status ?? null;
  const statusLink = (value: string | null) => toSearch(listParams(query, OUTBOX_LIST, { filters: { status: value } }));
  return (
    <Card size="3">
      <Heading as="h2" size="4" mb="1">
        {t("emailSettings.outbox")}
      </Heading>
      <Text as="p" size="2" color="gray" mb="3">
        {t("emailSettings.outboxHint")}
      </Text>
      <Flex gap="2" wrap="wrap" mb="3" asChild>
        <nav aria-label={t("emailSettings.colStatus")}>
          <Button asChild size="1" variant={status === null ? "solid" : "soft"} color="gray">
            <Link to={statusLink(null)} replace preventScrollReset>
              {t("list.all")}
            </Link>
          </Button>
          {MAIL_STATUSES.map((s) => (
            <Button key={s} asChild size="1" variant={status === s ? "solid" : "soft"} color={STATUS_COLOR[s]}>
              <Link to={statusLink(s)} replace preventScrollReset data-testid={`outbox-filter-${s}`}>
                {t(`emailSettings.statuses.${s}`)}
              </Link>
            </Button>
          ))}
        </nav>
      </Flex>
      {rows.length === 0 ? (
        <Text color="gray">{t("emailSettings.outboxEmpty")}</Text>
      ) : (
        <div className="table-scroll">
          <Table.Root size="1" data-testid="outbox">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeaderCell>{t("emailSettings.colCreated")}</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>{t("emailSettings.colTo")}</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>{t("emailSettings.colSubject")}</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>{t("emailSettings.colStatus")}</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>{t("emailSettings.colAttempts")}</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>{t("emailSettings.colError")}</Table.ColumnHeaderCell>
                {canEdit && <Table.ColumnHeaderCell />}
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {rows.map((m) => (
                <Table.Row key={m.id} data-testid="outbox-row">
                  <Table.Cell>
                    <Text size="1">{formatDateTime(m.createdAt, language, timeZone)}</Text>
                  </Table.Cell>
                  <Table.Cell>
                    <Text size="1">{m.to}</Text>
                  </Table.Cell>
                  <Table.Cell>
                    <Text size="1">{m.subject}</Text>
                  </Table.Cell>
                  <Table.Cell>
                    <StatusBadge tone={STATUS_TONE[m.status]} testId="outbox-status">
                      {t(`emailSettings.statuses.${m.status}`)}
                    </StatusBadge>
                  </Table.Cell>
                  <Table.Cell>
                    <Text size="1">{m.attempts}</Text>
                  </Table.Cell>
                  <Table.Cell>
                    <Text size="1" color="red" style={{ wordBreak: "break-word" }}>
                      {m.lastError ?? ""}
                    </Text>
                  </Table.Cell>
                  {canEdit && (
                    <Table.Cell>
                      {m.status !== "sent" && (
                        <Form method="post">
                          <input type="hidden" name="intent" value="retry" />
                          <input type="hidden" name="id" value={m.id} />
                          <Button type="submit" size="1" variant="soft" disabled={busy} aria-label={t("emailSettings.retryOf", { subject: m.subject })}>
                            {t("emailSettings.retry")}
                          </Button>
                        </Form>
                      )}
                    </Table.Cell>
                  )}
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </div>
      )}
      <Flex mt="3" direction="column">
        <KeysetPager query={query} spec={OUTBOX_LIST} page={page} />
      </Flex>
    </Card>
  );
}

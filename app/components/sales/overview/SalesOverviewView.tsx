import { Button, Card, Flex, Heading, Table, Text } from "@radix-ui/themes";
import { CalendarDays, ChevronLeft, ChevronRight, ClipboardList } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Form, Link } from "react-router";
import { EmptyState, PageHeader } from "~/components/ui";
import { formatMoney } from "~/lib/platform/format";
import { listHref, OVERVIEW_PATH, shiftMonth, type Overview } from "~/lib/sales/overview";

const monthLabel = (month: string, language: string) => {
  const [y, m] = month.split("-").map(Number) as [number, number];
  const text = new Intl.DateTimeFormat(language === "pt" ? "pt-BR" : language, { month: "long", year: "numeric", timeZone: "UTC" }).format(new Date(Date.UTC(y, m - 1, 15)));
  return text.charAt(0).toLocaleUpperCase(language) + text.slice(1);
};

/** The month's confirmed sales by seller and by kind, with links into the filtered lists. */
export function SalesOverviewView({ overview, thisMonth, own }: { overview: Overview; thisMonth: string; own: boolean }) {
  const { t, i18n } = useTranslation();
  const { month } = overview;
  const at = (m: string) => `${OVERVIEW_PATH}?mes=${m}`;
  const money = (cents: number, currency: string) => formatMoney(cents, currency, i18n.language);
  const empty = overview.totals.length === 0;
  return (
    <Flex direction="column" gap="4" data-testid="sales-overview">
      <PageHeader
        title={t("sales.overview.title")}
        subtitle={t("sales.overview.subtitle")}
        actions={
          <Button asChild variant="soft">
            <Link to="/vendas/emissivo/relatorios" data-testid="overview-report">
              <ClipboardList size={16} aria-hidden /> {t("sales.overview.report")}
            </Link>
          </Button>
        }
      />
      <Flex gap="3" wrap="wrap" align="end" justify="between">
        <Flex gap="2" align="center" wrap="wrap">
          <Button asChild variant="soft" color="gray" size="1">
            <Link to={at(shiftMonth(month, -1))} aria-label={t("sales.overview.previous")} data-testid="overview-previous">
              <ChevronLeft size={16} aria-hidden />
            </Link>
          </Button>
          <Button asChild variant="soft" color="gray" size="1">
            <Link to={at(thisMonth)} aria-current={month === thisMonth ? "date" : undefined}>
              {t("sales.overview.thisMonth")}
            </Link>
          </Button>
          <Button asChild variant="soft" color="gray" size="1">
            <Link to={at(shiftMonth(month, 1))} aria-label={t("sales.overview.next")} data-testid="overview-next">
              <ChevronRight size={16} aria-hidden />
            </Link>
          </Button>
          <Heading as="h2" size="4" data-testid="overview-month">
            {monthLabel(month, i18n.language)}
          </Heading>
        </Flex>
        <Form method="get">
          <Flex gap="2" align="end">
            <label>
              <Text size="1" as="div">
                {t("sales.overview.month")}
              </Text>
              <input type="month" name="mes" defaultValue={month} className="native-select" data-testid="overview-month-input" />
            </label>
            <Button type="submit" variant="soft">
              <CalendarDays size={16} aria-hidden /> {t("sales.overview.show")}
            </Button>
          </Flex>
        </Form>
      </Flex>
      {own && (
        <Text size="2" color="gray" data-testid="overview-own">
          {t("sales.overview.own")}
        </Text>
      )}
      {empty ? (
        <EmptyState icon={<CalendarDays size={28} />} title={t("sales.overview.empty")} body={t("sales.overview.emptyHint")} testId="overview-empty" />
      ) : (
        <>
          <Flex gap="3" wrap="wrap">
            {overview.totals.map((x) => (
              <Card key={x.currency} style={{ flex: "1 1 14rem" }} data-testid="overview-total">
                <Text as="div" size="2" color="gray">
                  {t("sales.overview.all")} · {t("sales.overview.count")}: {x.count}
                </Text>
                <Text as="div" size="6" weight="bold">
                  {money(x.totalCents, x.currency)}
                </Text>
                <Text as="div" size="2">
                  {t("sales.overview.margin")}: {money(x.marginCents, x.currency)}
                </Text>
              </Card>
            ))}
          </Flex>
          <Heading as="h3" size="3">
            {t("sales.overview.byKind")}
          </Heading>
          <Table.Root variant="surface" data-testid="overview-kinds">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeaderCell>{t("sales.overview.kind")}</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell justify="end">{t("sales.overview.count")}</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell justify="end">{t("sales.overview.total")}</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell justify="end">{t("sales.overview.margin")}</Table.ColumnHeaderCell>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {overview.kinds.map((k) => (
                <Table.Row key={`${k.kind}-${k.currency}`} data-testid="overview-kind" data-kind={k.kind}>
                  <Table.RowHeaderCell>
                    <Link to={listHref(k.kind, month)}>{t(`sales.kind.${k.kind}`)}</Link>
                  </Table.RowHeaderCell>
                  <Table.Cell justify="end">{k.count}</Table.Cell>
                  <Table.Cell justify="end" className="nowrap">
                    {money(k.totalCents, k.currency)}
                  </Table.Cell>
                  <Table.Cell justify="end" className="nowrap">
                    {money(k.marginCents, k.currency)}
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
          <Heading as="h3" size="3">
            {t("sales.overview.bySeller")}
          </Heading>
          <Table.Root variant="surface" data-testid="overview-sellers">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeaderCell>{t("sales.overview.seller")}</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell justify="end">{t("sales.overview.count")}</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell justify="end">{t("sales.overview.total")}</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell justify="end">{t("sales.overview.margin")}</Table.ColumnHeaderCell>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {overview.sellers.map((s) => (
                <Table.Row key={`${s.agentId}-${s.currency}`} data-testid="overview-seller" data-agent={s.agentId}>
                  <Table.RowHeaderCell>
                    <Text as="div">{s.name}</Text>
                    <Flex gap="2" wrap="wrap" mt="1">
                      {(["emissivo", "excursion"] as const)
                        .filter((k) => s.byKind[k].count > 0)
                        .map((k) => (
                          <Text size="2" key={k}>
                            <Link to={listHref(k, month, s.agentId)} title={t("sales.overview.openList", { name: s.name, kind: t(`sales.kind.${k}`) })}>
                              {t(`sales.kind.${k}`)} ({s.byKind[k].count})
                            </Link>
                          </Text>
                        ))}
                    </Flex>
                  </Table.RowHeaderCell>
                  <Table.Cell justify="end">{s.count}</Table.Cell>
                  <Table.Cell justify="end" className="nowrap">
                    {money(s.totalCents, s.currency)}
                  </Table.Cell>
                  <Table.Cell justify="end" className="nowrap">
                    {money(s.marginCents, s.currency)}
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </>
      )}
      {(overview.drafts > 0 || overview.cancelled > 0) && (
        <Text size="2" color="gray" data-testid="overview-apart">
          {[overview.drafts > 0 ? t("sales.overview.drafts", { count: overview.drafts }) : null, overview.cancelled > 0 ? t("sales.overview.cancelled", { count: overview.cancelled }) : null]
            .filter(Boolean)
            .join(" · ")}
        </Text>
      )}
    </Flex>
  );
}

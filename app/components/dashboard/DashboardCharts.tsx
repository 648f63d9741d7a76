/**
 * The dashboard's two charts — sales by month (12 months) and receivables vs payables
 * by week (8 weeks) — each with a table view of the same numbers (a toggle). recharts
 * is loaded only here, after hydration, as its own chunk (ChartsImpl); until then, and
 * on the server, the table is shown.
 */
import { Button, Card, Flex, Heading, Table } from "@radix-ui/themes";
import { useEffect, useState, type ComponentType } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { DashboardData } from "~/lib/dashboard/figures.server";
import { formatCalendarDate, formatMoney, formatMonth, formatNumber } from "~/lib/platform/format";

const K = "dashboardFigures.charts";

export type ChartPoint = { label: string; a: number; b: number };
export type ChartProps = { points: ChartPoint[]; names: [string, string]; language: string; kind: "bar" | "line" };

function ChartCard({ id, title, chart, table }: { id: string; title: string; chart: React.ReactNode | null; table: React.ReactNode }) {
  const { t } = useTranslation();
  const [asTable, setAsTable] = useState(false);
  const showTable = asTable || !chart;
  return (
    <Card size="3" data-testid={`chart-${id}`}>
      <Flex justify="between" align="center" gap="3" mb="3" wrap="wrap">
        <Heading as="h2" size="3" id={`chart-${id}-title`}>
          {title}
        </Heading>
        {chart && (
          <Button size="1" variant="soft" onClick={() => setAsTable((v) => !v)} aria-pressed={asTable} data-testid={`chart-${id}-toggle`}>
            {asTable ? t(`${K}.showChart`) : t(`${K}.showTable`)}
          </Button>
        )}
      </Flex>
      {showTable ? table : <div aria-hidden>{chart}</div>}
    </Card>
  );
}

export function DashboardCharts({ figures, language }: { figures: DashboardData; language: string }) {
  const { t } = useTranslation();
  const [Impl, setImpl] = useState<ComponentType<ChartProps> | null>(null);
  useEffect(() => {
    let cancelled = false;
    import("~/components/dashboard/ChartsImpl").then(
      (m) => !cancelled && setImpl(() => m.MoneyChart),
      () => undefined, // offline: the table stays
    );
    return () => {
      cancelled = true;
    };
  }, []);
  const money = (cents: number) => formatMoney(cents, "BRL", language);
  const monthLabel = (month: string) => formatMonth(month, language);
  const weekLabel = (day: string) => formatCalendarDate(day, language, "short");
  const sales = figures.sales;
  const weeks = figures.titlesByWeek;
  if (!sales && !weeks) return null;
  return (
    <Flex direction="column" gap="4">
      {sales && (
        <ChartCard
          id="sales"
          title={t(`${K}.salesTitle`)}
          chart={
            Impl ? (
              <Impl
                kind="bar"
                language={language}
                names={[t(`${K}.value`), t(`${K}.margin`)]}
                points={sales.byMonth.map((m) => ({ label: monthLabel(m.month), a: m.value.brlCents, b: m.margin.brlCents }))}
              />
            ) : null
          }
          table={
            <Table.Root size="1" variant="surface" aria-labelledby="chart-sales-title">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeaderCell>{t(`${K}.month`)}</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell justify="end">{t(`${K}.count`)}</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell justify="end">{t(`${K}.value`)}</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell justify="end">{t(`${K}.margin`)}</Table.ColumnHeaderCell>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {sales.byMonth.map((m) => (
                  <Table.Row key={m.month}>
                    <Table.RowHeaderCell>
                      <Link to={`/vendas?mes=${m.month}`}>{monthLabel(m.month)}</Link>
                    </Table.RowHeaderCell>
                    <Table.Cell justify="end">{formatNumber(m.count, language)}</Table.Cell>
                    <Table.Cell justify="end">{money(m.value.brlCents)}</Table.Cell>
                    <Table.Cell justify="end">{money(m.margin.brlCents)}</Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          }
        />
      )}
      {weeks && (
        <ChartCard
          id="titles"
          title={t(`${K}.titlesTitle`)}
          chart={
            Impl ? (
              <Impl
                kind="bar"
                language={language}
                names={[t(`${K}.receivable`), t(`${K}.payable`)]}
                points={weeks.map((w) => ({ label: weekLabel(w.week), a: w.receivable.open.brlCents, b: w.payable.open.brlCents }))}
              />
            ) : null
          }
          table={
            <Table.Root size="1" variant="surface" aria-labelledby="chart-titles-title">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeaderCell>{t(`${K}.week`)}</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell justify="end">{t(`${K}.receivable`)}</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell justify="end">{t(`${K}.payable`)}</Table.ColumnHeaderCell>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {weeks.map((w) => (
                  <Table.Row key={w.week}>
                    <Table.RowHeaderCell>{weekLabel(w.week)}</Table.RowHeaderCell>
                    <Table.Cell justify="end">
                      <Link to={w.receivableHref}>{money(w.receivable.open.brlCents)}</Link>
                    </Table.Cell>
                    <Table.Cell justify="end">
                      <Link to={w.payableHref}>{money(w.payable.open.brlCents)}</Link>
                    </Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          }
        />
      )}
    </Flex>
  );
}

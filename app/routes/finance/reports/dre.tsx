import { Button, Flex, Table, Text } from "@radix-ui/themes";
import { Download } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Form, Link } from "react-router";
import { Money, useDay } from "~/components/finance/ledger/Money";
import { Notice } from "~/components/ui/Notice";
import { PageHeader } from "~/components/ui/PageHeader";
import { SectionCard } from "~/components/ui/SectionCard";
import { ensureFinanceDefaults } from "~/lib/finance/defaults.server";
import { DRE_BASES, type DreLine, type DreRow } from "~/lib/finance/ledger/ledger";
import { DRILL_PAGE_SIZE, dreParams, drillCursorParam } from "~/lib/finance/ledger/report-params";
import { dreDrillDown, dreUnconverted, incomeStatement } from "~/lib/finance/ledger/reports.server";
import { BASE_CURRENCY } from "~/lib/finance/fx";
import { DIRECTION_PATH } from "~/lib/finance/ledger/title-list";
import { formatNumber } from "~/lib/platform/format";
import { translate } from "~/lib/platform/translate";
import { getI18n } from "~/middleware/i18n";
import { requireModule, requireScope } from "~/middleware/session";
import type { Route } from "./+types/dre";
import { todayIn } from "~/lib/platform/time-zone";

export const middleware: Route.MiddlewareFunction[] = [requireModule("financeiro", "relatorios", "dre")];

/** ?year=&basis=competence|cash, and &category=&month= for the rows behind one figure. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const scope = requireScope(context, request);
  await ensureFinanceDefaults(scope.db, scope.agencyId);
  const today = todayIn(scope.timeZone);
  const { year, basis, drill } = dreParams(new URL(request.url).searchParams, today);
  const [dre, unconverted] = await Promise.all([incomeStatement(scope, basis, year), dreUnconverted(scope, basis, `${year}-01`, `${year}-12`)]);
  let detail = null;
  if (drill) {
    const row = dre.rows.find((r) => r.categoryId === drill.categoryId);
    const from = drill.month ? `${drill.month}-01` : `${year}-01-01`;
    const to = drill.month ? `${drill.month}-31` : `${year}-12-31`;
    const { rows, next } = await dreDrillDown(scope, basis, drill.categoryId, from, to, drill.after);
    // The cell's figure is the statement's (finance_dre_total), not the sum of one page; signed as the rows are.
    const shown = row ? (drill.month ? (row.months[drill.month] ?? 0) : row.totalCents) : 0;
    const totalCents = row && row.nature !== "revenue" ? -shown : shown;
    detail = { categoryId: drill.categoryId, name: row ? `${row.code} ${row.name}` : "", month: drill.month, rows, next: next ? drillCursorParam(next) : null, paged: drill.after !== null, totalCents };
  }
  // The DRE is in reais: every figure converted at its own rate (decision 0018).
  return { year, basis, dre, detail, unconverted, currency: BASE_CURRENCY, documentTitle: getI18n(context).t("financeLedger.dre.title") };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData ? `${loaderData.documentTitle} · Rota` : "Rota" }];

const SECTIONS: { nature: DreRow["nature"]; line: DreLine["key"]; after?: DreLine["key"] }[] = [
  { nature: "revenue", line: "grossRevenue" },
  { nature: "deduction", line: "deductions", after: "netRevenue" },
  { nature: "cost", line: "costs", after: "grossProfit" },
  { nature: "expense", line: "expenses", after: "result" },
];

export default function IncomeStatement({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const day = useDay();
  const { year, basis, dre, detail, currency, unconverted } = loaderData;
  const monthLabel = (m: string) => new Intl.DateTimeFormat(i18n.language, { month: "short", timeZone: "UTC" }).format(new Date(`${m}-15T12:00:00Z`));
  const cellHref = (categoryId: string, month: string | null, after?: string) =>
    `?year=${year}&basis=${basis}&category=${categoryId}${month ? `&month=${month}` : ""}${after ? `&after=${encodeURIComponent(after)}` : ""}#dre-detail`;
  const line = (key: DreLine["key"]) => dre.lines.find((l) => l.key === key)!;
  const amount = (cents: number) => (cents === 0 ? "–" : formatNumber(cents / 100, i18n.language, { minimumFractionDigits: 2, maximumFractionDigits: 2 }));
  const LineRow = ({ l, strong }: { l: DreLine; strong?: boolean }) => (
    <Table.Row data-testid={`dre-line-${l.key}`} style={{ background: "var(--gray-a2)" }}>
      <Table.RowHeaderCell>
        <Text weight={strong ? "bold" : "medium"}>{t(`financeLedger.dre.lines.${l.key}`)}</Text>
      </Table.RowHeaderCell>
      {dre.months.map((m) => (
        <Table.Cell key={m} style={{ textAlign: "right" }} className="nowrap">
          <Text weight={strong ? "bold" : "medium"} color={l.months[m]! < 0 ? "red" : undefined}>
            {amount(l.months[m] ?? 0)}
          </Text>
        </Table.Cell>
      ))}
      <Table.Cell style={{ textAlign: "right" }} className="nowrap" data-testid={`dre-total-${l.key}`} data-cents={l.totalCents}>
        <Text weight="bold" color={l.totalCents < 0 ? "red" : undefined}>
          {amount(l.totalCents)}
        </Text>
      </Table.Cell>
    </Table.Row>
  );
  return (
    <Flex direction="column" gap="4" data-testid="dre-screen">
      <PageHeader
        title={t("financeLedger.dre.title")}
        subtitle={t("financeLedger.dre.subtitle")}
        actions={
          <Button asChild variant="soft" color="gray">
            <a href={`/financeiro/relatorios/dre/exportar?year=${year}&basis=${basis}`} download data-testid="dre-export">
              <Download size={16} aria-hidden /> {t("list.export")}
            </a>
          </Button>
        }
      />
      <Form method="get">
        <Flex gap="3" wrap="wrap" align="end">
          <Flex direction="column" gap="1">
            <Text as="label" size="1" color="gray" htmlFor="dre-year">
              {t("financeLedger.dre.year")}
            </Text>
            <input id="dre-year" name="year" type="number" min={2000} max={2100} defaultValue={year} className="native-select" />
          </Flex>
          <Flex direction="column" gap="1">
            <Text as="label" size="1" color="gray" htmlFor="dre-basis">
              {t("financeLedger.dre.basis")}
            </Text>
            <select id="dre-basis" name="basis" defaultValue={basis} className="native-select" data-testid="dre-basis">
              {DRE_BASES.map((b) => (
                <option key={b} value={b}>
                  {t(`financeLedger.dre.bases.${b}`)}
                </option>
              ))}
            </select>
          </Flex>
          <Button type="submit" variant="soft">
            {t("financeLedger.dre.show")}
          </Button>
        </Flex>
      </Form>
      {dre.rows.length === 0 && <Notice tone="info">{t("financeLedger.dre.noData")}</Notice>}
      {unconverted.length > 0 && (
        <Notice tone="warning" testId="dre-unconverted">
          {t("financeLedger.dre.unconverted", { list: unconverted.map((u) => `${u.currency} (${u.items})`).join(", ") })}
        </Notice>
      )}
      <div className="list-table">
        <Table.Root variant="surface" size="1" data-testid="dre-table">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeaderCell>{t("financeLedger.dre.category")}</Table.ColumnHeaderCell>
              {dre.months.map((m) => (
                <Table.ColumnHeaderCell key={m} style={{ textAlign: "right" }}>
                  {monthLabel(m)}
                </Table.ColumnHeaderCell>
              ))}
              <Table.ColumnHeaderCell style={{ textAlign: "right" }}>{t("financeLedger.dre.total")}</Table.ColumnHeaderCell>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {SECTIONS.map((s) => (
              <DreSection key={s.nature}>
                <LineRow l={line(s.line)} />
                {dre.rows
                  .filter((r) => r.nature === s.nature)
                  .map((r) => (
                    <Table.Row key={r.categoryId} data-testid="dre-row">
                      <Table.RowHeaderCell>
                        <Text size="2" color="gray">
                          {r.code}
                        </Text>{" "}
                        {r.name}
                      </Table.RowHeaderCell>
                      {dre.months.map((m) => (
                        <Table.Cell key={m} style={{ textAlign: "right" }} className="nowrap">
                          {r.months[m] ? (
                            <Link to={cellHref(r.categoryId, m)} preventScrollReset data-testid="dre-cell">
                              {amount(r.months[m]!)}
                            </Link>
                          ) : (
                            <Text color="gray">–</Text>
                          )}
                        </Table.Cell>
                      ))}
                      <Table.Cell style={{ textAlign: "right" }} className="nowrap">
                        <Link to={cellHref(r.categoryId, null)} preventScrollReset>
                          {amount(r.totalCents)}
                        </Link>
                      </Table.Cell>
                    </Table.Row>
                  ))}
                {s.after && <LineRow l={line(s.after)} strong={s.after === "result"} />}
              </DreSection>
            ))}
          </Table.Body>
        </Table.Root>
      </div>
      {detail && (
        <div id="dre-detail">
          <SectionCard
            title={t("financeLedger.dre.drillTitle", { category: detail.name, period: detail.month ? monthLabel(detail.month) : t("financeLedger.dre.wholeYear") })}
            testId="dre-detail"
          >
            {detail.rows.length === 0 ? (
              <Text color="gray">{t("financeLedger.dre.drillEmpty")}</Text>
            ) : (
              <Table.Root size="1">
                <Table.Body>
                  {detail.rows.map((r) => (
                    <Table.Row key={r.id} data-testid="dre-detail-row">
                      <Table.Cell className="nowrap">{day(r.date)}</Table.Cell>
                      <Table.Cell>
                        {r.titleId && r.direction ? (
                          <Link to={`${DIRECTION_PATH[r.direction]}/editar/${r.titleId}`}>
                            {r.description}
                            {r.installmentCount && r.installmentCount > 1 ? ` ${r.installmentNo}/${r.installmentCount}` : ""}
                          </Link>
                        ) : (
                          r.description
                        )}
                        {r.kind && (
                          <Text size="1" color="gray">
                            {" · "}
                            {translate(i18n, `financeLedger.entryKinds.${r.kind}`)}
                          </Text>
                        )}
                      </Table.Cell>
                      <Table.Cell style={{ textAlign: "right" }}>
                        <Money cents={Number(r.signedCents)} currency={currency} signed />
                      </Table.Cell>
                    </Table.Row>
                  ))}
                  <Table.Row>
                    <Table.Cell colSpan={2}>
                      <Text weight="bold">{t("financeLedger.dre.drillTotal")}</Text>
                    </Table.Cell>
                    <Table.Cell style={{ textAlign: "right" }} data-testid="dre-detail-total" data-cents={detail.totalCents}>
                      <Money cents={detail.totalCents} currency={currency} signed strong />
                    </Table.Cell>
                  </Table.Row>
                </Table.Body>
              </Table.Root>
            )}
            <Flex mt="3" gap="4" wrap="wrap">
              {detail.paged && (
                <Button asChild variant="ghost" size="1">
                  <Link to={cellHref(detail.categoryId, detail.month)} preventScrollReset data-testid="dre-detail-first">
                    {t("financeLedger.dre.drillFirst")}
                  </Link>
                </Button>
              )}
              {detail.next && (
                <Button asChild variant="ghost" size="1">
                  <Link to={cellHref(detail.categoryId, detail.month, detail.next)} preventScrollReset data-testid="dre-detail-next">
                    {t("financeLedger.dre.drillNext", { count: DRILL_PAGE_SIZE })}
                  </Link>
                </Button>
              )}
              <Button asChild variant="ghost" size="1">
                <Link to={`?year=${year}&basis=${basis}`} preventScrollReset>
                  {t("financeLedger.dre.close")}
                </Link>
              </Button>
            </Flex>
          </SectionCard>
        </div>
      )}
    </Flex>
  );
}

function DreSection({ children }: { children: React.ReactNode }) {
  return <>{children}</>;
}

export { ShellErrorBoundary as ErrorBoundary } from "~/components/ui/RouteError";

/**
 * The dashboard's figures (decision 0022): each card a link into the filtered list
 * behind it; the first steps of a new agency instead of zeros; the two charts with
 * their table views. Pure presentation of dashboardFigures().
 */
import { Badge, Box, Card, Flex, Grid, Heading, Link as RadixLink, Text } from "@radix-ui/themes";
import { ArrowRight, CalendarClock, CheckCircle2, FileSignature, Landmark, ListTodo, Receipt, TrendingUp, Wallet } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { DashboardCharts } from "~/components/dashboard/DashboardCharts";
import { EmptyState } from "~/components/ui/EmptyState";
import type { BrlSum } from "~/lib/dashboard/figures";
import type { DashboardData } from "~/lib/dashboard/figures.server";
import { formatCalendarDate, formatDateTime, formatMoney, formatMonth, formatNumber } from "~/lib/platform/format";

const K = "dashboardFigures";

function Money({ sum, language }: { sum: BrlSum; language: string }) {
  const { t } = useTranslation();
  return (
    <>
      {formatMoney(sum.brlCents, "BRL", language)}
      {sum.unconverted.length > 0 && (
        <Text as="span" size="1" color="amber" style={{ display: "block", fontWeight: "normal" }}>
          {t(`${K}.sales.unconverted`, { list: sum.unconverted.map((u) => formatMoney(u.cents, u.currency, language)).join(" · ") })}
        </Text>
      )}
    </>
  );
}

function FigureCard({ title, icon, children, testId }: { title: string; icon: React.ReactNode; children: React.ReactNode; testId: string }) {
  return (
    <Card size="3" data-testid={testId}>
      <Flex direction="column" gap="2">
        <Flex gap="2" align="center">
          <span className="figure-icon" aria-hidden>
            {icon}
          </span>
          <Heading as="h2" size="3">
            {title}
          </Heading>
        </Flex>
        {children}
      </Flex>
    </Card>
  );
}

function Big({ to, children, testId }: { to: string; children: React.ReactNode; testId?: string }) {
  return (
    <Text as="p" size="6" weight="bold" className="figure-value">
      <RadixLink asChild underline="hover">
        <Link to={to} data-testid={testId}>
          {children}
        </Link>
      </RadixLink>
    </Text>
  );
}

export function DashboardFigures({ figures, language, timeZone }: { figures: DashboardData; language: string; timeZone: string }) {
  const { t } = useTranslation();
  const f = figures;
  const titles = (n: number) => t(`${K}.titlesCount`, { count: n, formatted: formatNumber(n, language) });

  if (f.isNew && f.steps.length > 0) {
    return (
      <EmptyState
        testId="dashboard-setup"
        icon={<CheckCircle2 size={28} />}
        title={t(`${K}.setup.title`)}
        body={t(`${K}.setup.body`)}
        action={
          <Grid columns={{ initial: "1", sm: String(f.steps.length) as "1" | "2" | "3" }} gap="3" asChild>
            <ol style={{ listStyle: "none", margin: 0, padding: 0, textAlign: "left" }}>
              {f.steps.map((step) => (
                <li key={step.key}>
                  <Card asChild size="2" className="shortcut-card">
                    <Link to={step.href} data-testid={`setup-${step.key}`}>
                      <Flex direction="column" gap="1">
                        <Flex gap="2" align="center" justify="between">
                          <Text weight="bold">{t(`${K}.setup.${step.key}`)}</Text>
                          {step.done ? <Badge color="green">{t(`${K}.setup.done`)}</Badge> : <ArrowRight size={16} aria-hidden />}
                        </Flex>
                        <Text size="2" color="gray">
                          {t(`${K}.setup.${step.key}Hint`)}
                        </Text>
                      </Flex>
                    </Link>
                  </Card>
                </li>
              ))}
            </ol>
          </Grid>
        }
      />
    );
  }

  return (
    <Flex direction="column" gap="5" data-testid="dashboard-figures">
      <Grid columns={{ initial: "1", sm: "2", md: "3" }} gap="4">
        {f.sales && (
          <FigureCard testId="figure-sales" title={t(`${K}.sales.title`)} icon={<TrendingUp size={20} />}>
            <Big to={f.sales.href} testId="figure-sales-value">
              <Money sum={f.sales.current.value} language={language} />
            </Big>
            <Text as="p" size="2" data-testid="figure-sales-count">
              {t(`${K}.sales.count`, { count: f.sales.current.count, formatted: formatNumber(f.sales.current.count, language) })} ·{" "}
              {t(`${K}.sales.margin`, { value: formatMoney(f.sales.current.margin.brlCents, "BRL", language) })}
            </Text>
            <Text as="p" size="1" color="gray">
              <Link to={f.sales.previousHref}>
                {t(`${K}.sales.previous`, {
                  month: formatMonth(f.sales.lastMonth, language, "long"),
                  value: formatMoney(f.sales.previous.value.brlCents, "BRL", language),
                  count: t(`${K}.sales.count`, { count: f.sales.previous.count, formatted: formatNumber(f.sales.previous.count, language) }),
                })}
              </Link>
            </Text>
          </FigureCard>
        )}
        {f.commissions && (
          <FigureCard testId="figure-commissions" title={t(`${K}.commissions.title`)} icon={<Receipt size={20} />}>
            <Big to={f.commissions.href}>
              <Money sum={f.commissions.amount} language={language} />
            </Big>
            <Text as="p" size="2" color="gray">
              {t(`${K}.commissions.lines`, { count: f.commissions.lines, formatted: formatNumber(f.commissions.lines, language) })}
            </Text>
          </FigureCard>
        )}
        {f.receivables && (
          <FigureCard testId="figure-receivables" title={t(`${K}.receivables.title`)} icon={<Wallet size={20} />}>
            <Flex gap="4" wrap="wrap">
              <Box>
                <Text as="p" size="2" color="red">
                  {t(`${K}.receivables.overdue`)}
                </Text>
                <Big to={f.receivables.overdueHref} testId="figure-receivables-overdue">
                  <Money sum={f.receivables.overdue.open} language={language} />
                </Big>
                <Text as="p" size="1" color="gray">
                  {titles(f.receivables.overdue.count)}
                </Text>
              </Box>
              <Box>
                <Text as="p" size="2">
                  {t(`${K}.receivables.today`)}
                </Text>
                <Big to={f.receivables.todayHref} testId="figure-receivables-today">
                  <Money sum={f.receivables.today.open} language={language} />
                </Big>
                <Text as="p" size="1" color="gray">
                  {titles(f.receivables.today.count)}
                </Text>
              </Box>
            </Flex>
          </FigureCard>
        )}
        {f.payables && (
          <FigureCard testId="figure-payables" title={t(`${K}.payables.title`)} icon={<CalendarClock size={20} />}>
            <Big to={f.payables.href}>
              <Money sum={f.payables.week.open} language={language} />
            </Big>
            <Text as="p" size="1" color="gray">
              {titles(f.payables.week.count)} ·{" "}
              {t(`${K}.payables.range`, { from: formatCalendarDate(f.payables.from, language, "short"), to: formatCalendarDate(f.payables.to, language, "short") })}
            </Text>
          </FigureCard>
        )}
        {f.tasks && (
          <FigureCard testId="figure-tasks" title={t(`${K}.tasks.title`)} icon={<ListTodo size={20} />}>
            <Flex gap="4" wrap="wrap">
              <Box>
                <Text as="p" size="2">
                  {t(`${K}.tasks.todo`)}
                </Text>
                <Big to={f.tasks.todoHref}>{formatNumber(f.tasks.todo, language)}</Big>
              </Box>
              <Box>
                <Text as="p" size="2">
                  {t(`${K}.tasks.doing`)}
                </Text>
                <Big to={f.tasks.doingHref}>{formatNumber(f.tasks.doing, language)}</Big>
              </Box>
            </Flex>
            {f.tasks.overdue > 0 && (
              <Text as="p" size="1" color="red">
                {t(`${K}.tasks.overdue`, { count: f.tasks.overdue })}
              </Text>
            )}
          </FigureCard>
        )}
        {f.contracts && (
          <FigureCard testId="figure-contracts" title={t(`${K}.contracts.title`)} icon={<FileSignature size={20} />}>
            <Big to={f.contracts.href}>{formatNumber(f.contracts.waiting, language)}</Big>
          </FigureCard>
        )}
      </Grid>

      <Grid columns={{ initial: "1", md: "3" }} gap="4">
        {f.cash && (
          <FigureCard testId="figure-cash" title={t(`${K}.cash.title`)} icon={<Landmark size={20} />}>
            {f.cash.accounts.length === 0 ? (
              <Text size="2" color="gray">
                {t(`${K}.cash.empty`)}
              </Text>
            ) : (
              <ul className="dashboard-list">
                {f.cash.accounts.map((a) => (
                  <li key={a.id}>
                    <Link to={a.href}>{a.name}</Link>
                    <Text weight="medium" color={a.balanceCents < 0 ? "red" : undefined}>
                      {formatMoney(a.balanceCents, a.currency, language)}
                    </Text>
                  </li>
                ))}
                <li>
                  <Text weight="bold">{t(`${K}.cash.total`)}</Text>
                  <Text weight="bold">{formatMoney(f.cash.total.brlCents, "BRL", language)}</Text>
                </li>
              </ul>
            )}
          </FigureCard>
        )}
        {f.departures && (
          <FigureCard testId="figure-departures" title={t(`${K}.departures.title`)} icon={<CalendarClock size={20} />}>
            {f.departures.rows.length === 0 ? (
              <Text size="2" color="gray">
                {t(`${K}.departures.empty`)}
              </Text>
            ) : (
              <ul className="dashboard-list dashboard-list-stacked">
                {f.departures.rows.map((d) => (
                  <li key={d.id}>
                    <Link to={d.href}>{d.title}</Link>
                    <Text size="1" color="gray" suppressHydrationWarning>
                      {formatDateTime(d.departureAt, language, timeZone)} ·{" "}
                      {t(`${K}.departures.occupancy`, { occupied: formatNumber(d.occupied, language), capacity: formatNumber(d.capacity, language), confirmed: formatNumber(d.confirmed, language) })}
                    </Text>
                    {d.manifestFinal ? (
                      <Badge color="green">{t(`${K}.departures.final`)}</Badge>
                    ) : d.ready ? (
                      <Badge color="green">{t(`${K}.departures.ready`)}</Badge>
                    ) : (
                      <Badge color="amber">{t(`${K}.departures.notReady`, { items: d.failing.map((k) => t(`services.operational.checklist.items.${k}`)).join(", ") })}</Badge>
                    )}
                  </li>
                ))}
              </ul>
            )}
            <Text size="2">
              <Link to={f.departures.href}>{t(`${K}.departures.all`)}</Link>
            </Text>
          </FigureCard>
        )}
        {f.pipeline && (
          <FigureCard testId="figure-pipeline" title={t(`${K}.pipeline.title`)} icon={<TrendingUp size={20} />}>
            {f.pipeline.stages.length === 0 ? (
              <Text size="2" color="gray">
                {t(`${K}.pipeline.empty`)}
              </Text>
            ) : (
              <ul className="dashboard-list">
                {f.pipeline.stages.map((s) => (
                  <li key={s.id}>
                    <Link to={s.href}>
                      {s.name} <Text color="gray">({t(`${K}.pipeline.deals`, { count: s.deals, formatted: formatNumber(s.deals, language) })})</Text>
                    </Link>
                    <Text weight="medium">{s.value.length === 0 ? formatMoney(0, "BRL", language) : s.value.map((v) => formatMoney(v.cents, v.currency, language)).join(" + ")}</Text>
                  </li>
                ))}
              </ul>
            )}
          </FigureCard>
        )}
      </Grid>

      <DashboardCharts figures={f} language={language} />
    </Flex>
  );
}

import { Badge, Button, Card, Flex, Heading, Text } from "@radix-ui/themes";
import { CalendarDays, ChevronLeft, ChevronRight, FileSpreadsheet, FileText } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Form, Link } from "react-router";
import { EmptyState, PageHeader } from "~/components/ui";
import { formatCalendarDate } from "~/lib/platform/format";
import { formatPlate } from "~/lib/receptive/fields";
import { REPORT_PATH, shiftDay, type DailyReport, type ReportEntry } from "~/lib/sales/daily-report";

/** The daily service report: date navigation, the files, then each section's entries by time. */
export function DailyReportView({ report, today }: { report: DailyReport; today: string }) {
  const { t, i18n } = useTranslation();
  const day = report.day;
  const at = (d: string) => `${REPORT_PATH}?data=${d}`;
  return (
    <Flex direction="column" gap="4" data-testid="daily-report">
      <PageHeader
        title={t("sales.report.title")}
        subtitle={t("sales.report.subtitle")}
        trail={[{ label: t("menu.vendas.title"), href: "/vendas" }, { label: t("menu.vendas.emissivo.title"), href: "/vendas/emissivo" }]}
        actions={
          <Flex gap="2" wrap="wrap">
            <Button asChild variant="soft">
              <a href={`${REPORT_PATH}/pdf?data=${day}`} download data-testid="report-pdf">
                <FileText size={16} aria-hidden /> {t("sales.report.pdf")}
              </a>
            </Button>
            <Button asChild variant="soft">
              <a href={`${REPORT_PATH}/csv?data=${day}`} download data-testid="report-csv">
                <FileSpreadsheet size={16} aria-hidden /> {t("sales.report.csv")}
              </a>
            </Button>
          </Flex>
        }
      />
      <Flex gap="3" wrap="wrap" align="end" justify="between">
        <Flex gap="2" align="center" wrap="wrap">
          <Button asChild variant="soft" color="gray" size="1">
            <Link to={at(shiftDay(day, -1))} aria-label={t("sales.report.previous")} data-testid="report-previous">
              <ChevronLeft size={16} aria-hidden />
            </Link>
          </Button>
          <Button asChild variant="soft" color="gray" size="1">
            <Link to={at(today)} aria-current={day === today ? "date" : undefined}>
              {t("sales.report.today")}
            </Link>
          </Button>
          <Button asChild variant="soft" color="gray" size="1">
            <Link to={at(shiftDay(day, 1))} aria-label={t("sales.report.next")} data-testid="report-next">
              <ChevronRight size={16} aria-hidden />
            </Link>
          </Button>
          <Heading as="h2" size="4" data-testid="report-day">
            {formatCalendarDate(day, i18n.language, "full")}
          </Heading>
        </Flex>
        <Form method="get">
          <Flex gap="2" align="end">
            <label>
              <Text size="1" as="div">
                {t("sales.report.date")}
              </Text>
              <input type="date" name="data" defaultValue={day} className="native-select" data-testid="report-date" />
            </label>
            <Button type="submit" variant="soft">
              <CalendarDays size={16} aria-hidden /> {t("sales.report.show")}
            </Button>
          </Flex>
        </Form>
      </Flex>
      {report.count === 0 ? (
        <EmptyState icon={<CalendarDays size={28} />} title={t("sales.report.empty")} body={t("sales.report.emptyHint")} testId="report-empty" />
      ) : (
        <>
          <Text color="gray" size="2">
            {t("sales.report.count", { count: report.count })}
          </Text>
          {report.sections.map(({ section, entries }) => (
            <Flex key={section} direction="column" gap="2" data-testid={`report-section-${section}`}>
              <Heading as="h3" size="3">
                {t(`sales.report.sections.${section}`)} <Badge color="gray">{entries.length}</Badge>
              </Heading>
              {entries.map((e) => (
                <EntryCard key={e.key} entry={e} />
              ))}
            </Flex>
          ))}
        </>
      )}
    </Flex>
  );
}

function EntryCard({ entry: e }: { entry: ReportEntry }) {
  const { t } = useTranslation();
  const kind = e.productKind ? t(`products.kinds.${e.productKind}`) : e.serviceKind ? t(`receptive.kinds.${e.serviceKind}` as never) : null;
  return (
    <Card data-testid="report-entry" data-section={e.section}>
      <Flex gap="3" wrap="wrap" align="start">
        <Text weight="bold" className="nowrap" style={{ minWidth: "6.5rem" }}>
          {e.time ?? "—"}
          {e.until ? `–${e.until}` : ""}
        </Text>
        <Flex direction="column" gap="1" style={{ flex: "1 1 16rem", minWidth: 0 }}>
          <Text weight="medium">
            <Link to={e.href}>{e.title}</Link>
          </Text>
          <Text size="2" color="gray">
            {[kind, t("sales.report.passengers", { count: e.passengerCount })].filter(Boolean).join(" · ")}
          </Text>
          {e.section === "departures" &&
            e.stops.map((s, i) => (
              <Text as="p" size="2" key={i}>
                <Text weight="medium">
                  {s.time} {s.place || t("sales.report.noBoarding")}
                </Text>
                {s.passengers.length > 0 ? ` — ${s.passengers.map((p) => (p.seat ? `${p.name} (${p.seat})` : p.name)).join(", ")}` : ""}
              </Text>
            ))}
          {e.section !== "departures" && e.section !== "receptive" && e.passengers.length > 0 && <Text size="2">{e.passengers.join(", ")}</Text>}
          {e.section === "receptive" && (
            <>
              {(e.pickup || e.dropoff) && <Text size="2">{[e.pickup, e.dropoff].filter(Boolean).join(" → ")}</Text>}
              <Text size="2" color={e.driver ? undefined : "orange"}>
                {[e.driver ?? t("sales.report.unassigned"), e.vehicle ? formatPlate(e.vehicle) : null, e.guide].filter(Boolean).join(" · ")}
              </Text>
              {e.reference && (
                <Text size="2" color="gray">
                  {e.reference}
                </Text>
              )}
            </>
          )}
        </Flex>
        {(e.saleNumber !== null || e.locator || e.supplier) && (
          <Flex direction="column" gap="1" style={{ flex: "0 1 12rem" }}>
            {e.saleNumber !== null && <Text size="2">{t("sales.report.sale", { number: e.saleNumber })}</Text>}
            {e.locator && <Text size="2">{t("sales.report.locator", { locator: e.locator })}</Text>}
            {e.supplier && (
              <Text size="2" color="gray">
                {t("sales.report.supplier", { name: e.supplier })}
              </Text>
            )}
          </Flex>
        )}
      </Flex>
    </Card>
  );
}

import { Button, Card, Checkbox, Flex, Heading, Table, Text } from "@radix-ui/themes";
import { CircleAlert, CircleCheck, Download, Upload } from "lucide-react";
import { useTranslation } from "react-i18next";
import { data, Form, Link, useNavigation } from "react-router";
import { FormSection } from "~/components/ui/FormField";
import { Notice } from "~/components/ui/Notice";
import { PageHeader } from "~/components/ui/PageHeader";
import { StatusBadge } from "~/components/ui/StatusBadge";
import { CAMBIO_PATH, FX_IMPORT_MAX_BYTES, FX_IMPORT_MAX_ROWS } from "~/lib/finance/cambio/cambio";
import { importRates, type ImportReport } from "~/lib/finance/cambio/cambio.server";
import { FX_CSV_COLUMNS } from "~/lib/finance/fx";
import { FINANCE_MANAGERS } from "~/lib/finance/roles";
import { CSV_DELIMITER, parseCsv } from "~/lib/kit/csv.server";
import { redirectWithToast } from "~/lib/platform/flash.server";
import { todayIn } from "~/lib/platform/time-zone";
import { lookup, translate } from "~/lib/platform/translate";
import { getI18n } from "~/middleware/i18n";
import { requireAgency, requireModule, requireRoles, requireScope } from "~/middleware/session";
import registersStyles from "~/styles/registers.css?url";
import type { Route } from "./+types/cambio.importar";

/** Importing rates is for Admin, SuperAdmin and Financeiro. */
export const middleware: Route.MiddlewareFunction[] = [requireModule("financeiro", "cambio"), requireRoles(...FINANCE_MANAGERS)];
export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: registersStyles }];

export function loader({ context, request }: Route.LoaderArgs) {
  requireAgency(context, request);
  return { columns: FX_CSV_COLUMNS, delimiter: CSV_DELIMITER, maxRows: FX_IMPORT_MAX_ROWS, documentTitle: getI18n(context).t("fx.import.title") };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData ? `${loaderData.documentTitle} · Rota` : "Rota" }];

type Answer = { error?: string; report?: ImportReport; csv?: string; replace?: boolean };

/**
 * mode=check: the file (or the CSV text of a previous check) read and checked
 * row by row, nothing written; mode=import: written when no row is invalid (a
 * day with another rate is an error unless "replace" is ticked).
 */
export async function action({ context, request }: Route.ActionArgs) {
  const scope = requireScope(context, request);
  let formData: FormData;
  try {
    formData = await request.formData();
  } catch {
    return data({ error: "fx.import.errors.noFile" } satisfies Answer, { status: 400 });
  }
  const fail = (error: string, status = 400) => data({ error } satisfies Answer, { status });
  const file = formData.get("file");
  const posted = formData.get("csv");
  let text: string;
  if (file instanceof File && file.size > 0) {
    if (file.size > FX_IMPORT_MAX_BYTES) return fail("fx.import.errors.tooLarge");
    try {
      text = new TextDecoder("utf-8", { fatal: true }).decode(await file.arrayBuffer());
    } catch {
      return fail("fx.import.errors.encoding");
    }
  } else if (typeof posted === "string" && posted.length > 0) {
    if (posted.length > FX_IMPORT_MAX_BYTES) return fail("fx.import.errors.tooLarge");
    text = posted;
  } else {
    return fail("fx.import.errors.noFile");
  }
  const parsed = parseCsv(text);
  const missing = FX_CSV_COLUMNS.filter((c) => !parsed.fields.includes(c));
  const unknown = parsed.fields.filter((f) => f && !(FX_CSV_COLUMNS as readonly string[]).includes(f));
  if (missing.length > 0 || unknown.length > 0) return fail("fx.import.errors.header");
  if (parsed.records.length === 0) return fail("fx.import.errors.empty");
  if (parsed.records.length > FX_IMPORT_MAX_ROWS) return fail("fx.import.errors.tooManyRows");
  const replace = formData.get("replace") === "on";
  const write = formData.get("mode") === "import";
  const report = await importRates(scope, parsed.records, parsed.lines, todayIn(scope.timeZone), { replace, write });
  if (report.written > 0) return redirectWithToast(CAMBIO_PATH, { title: "fx.import.done", values: { count: report.written } });
  return data({ report, csv: text, replace } satisfies Answer, { status: report.counts.invalid > 0 ? 422 : 200 });
}

export default function ImportRates({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const busy = useNavigation().state === "submitting";
  const answer = actionData as Answer | undefined;
  const report = answer?.report;
  const template = `data:text/csv;charset=utf-8,${encodeURIComponent(`\uFEFF${loaderData.columns.join(loaderData.delimiter)}\r\nUSD${loaderData.delimiter}2026-11-27${loaderData.delimiter}5,4321\r\n`)}`;
  const canImport = report && report.counts.invalid === 0 && report.counts.new + report.counts.replace > 0;
  return (
    <Flex direction="column" gap="4" maxWidth="1040px">
      <PageHeader
        title={t("fx.import.title")}
        subtitle={t("fx.import.subtitle", { max: loaderData.maxRows })}
        trail={[
          { label: t("menu.financeiro.title"), href: null },
          { label: t("menu.financeiro.cambio.title"), href: CAMBIO_PATH },
        ]}
      />
      <FormSection
        title={t("fx.import.file")}
        hint={t("fx.import.fileHint")}
        actions={
          <Button asChild variant="soft" color="gray">
            <a href={template} download="cotacoes-modelo.csv" data-testid="import-template">
              <Download size={16} aria-hidden /> {t("fx.import.template")}
            </a>
          </Button>
        }
      >
        <Form method="post" encType="multipart/form-data">
          <Flex direction="column" gap="3">
            <input type="file" name="file" accept=".csv,text/csv" aria-label={t("fx.import.file")} data-testid="import-file" />
            <Text size="1" color="gray">
              {t("fx.import.columns")}: <code className="import-columns">{loaderData.columns.join(loaderData.delimiter)}</code>
            </Text>
            <Text as="label" size="2">
              <Flex gap="2" align="center">
                <Checkbox name="replace" value="on" defaultChecked={answer?.replace ?? false} data-testid="import-replace" />
                {t("fx.import.replace")}
              </Flex>
            </Text>
            <Flex gap="3" wrap="wrap">
              <Button type="submit" name="mode" value="check" disabled={busy} data-testid="import-submit">
                <Upload size={16} aria-hidden /> {t("fx.import.check")}
              </Button>
            </Flex>
          </Flex>
        </Form>
      </FormSection>

      {answer?.error && <Notice tone="error" testId="import-error">{translate(i18n, answer.error, { max: loaderData.maxRows })}</Notice>}

      {report && (
        <Card size="3" data-testid="import-report">
          <Flex direction="column" gap="3">
            <Heading as="h2" size="4">
              {t("fx.import.preview")}
            </Heading>
            <Flex gap="2" wrap="wrap">
              <StatusBadge size="2" tone="active">
                <CircleCheck size={12} aria-hidden /> {t("fx.import.counts.new", { count: report.counts.new })}
              </StatusBadge>
              <StatusBadge size="2">{t("fx.import.counts.replace", { count: report.counts.replace })}</StatusBadge>
              <StatusBadge size="2">{t("fx.import.counts.unchanged", { count: report.counts.unchanged })}</StatusBadge>
              <StatusBadge size="2" tone="danger">
                <CircleAlert size={12} aria-hidden /> {t("fx.import.counts.invalid", { count: report.counts.invalid })}
              </StatusBadge>
            </Flex>
            <Text size="2" data-testid="import-nothing-written">
              {report.counts.invalid > 0 ? t("fx.import.fixFirst") : canImport ? t("fx.import.ready") : t("fx.import.nothingToImport")}
            </Text>
            {canImport && (
              <Form method="post">
                <input type="hidden" name="csv" value={answer.csv} />
                {answer.replace && <input type="hidden" name="replace" value="on" />}
                <Button type="submit" name="mode" value="import" disabled={busy} data-testid="import-confirm">
                  {t("fx.import.confirm", { count: report.counts.new + report.counts.replace })}
                </Button>
              </Form>
            )}
            <Table.Root variant="surface" size="1">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeaderCell>{t("fx.import.line")}</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell>
                    {t("fx.fields.currency")} · {t("fx.fields.date")} · {t("fx.fields.rate")}
                  </Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell>{t("fx.import.status")}</Table.ColumnHeaderCell>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {report.rows.slice(0, 500).map((row) => (
                  <Table.Row key={row.line} data-testid={`import-row-${row.status}`}>
                    <Table.Cell>{row.line}</Table.Cell>
                    <Table.Cell>
                      <span className="nowrap">{row.currency || "—"}</span> · <span className="nowrap">{row.date || "—"}</span> · <span className="nowrap">{row.rate || "—"}</span>
                    </Table.Cell>
                    <Table.Cell>
                      <Text weight="medium">{t(`fx.import.statuses.${row.status}`)}</Text>
                      {row.previous && (
                        <Text size="1" color="gray">
                          {" "}
                          ({t("fx.import.previous", { rate: row.previous })})
                        </Text>
                      )}
                      {row.errors.length > 0 && (
                        <ul className="import-problems">
                          {row.errors.map((e, i) => (
                            <li key={i}>
                              <Text weight="medium">{lookup(i18n, `fx.fields.${e.field}`) ?? e.field}:</Text> {translate(i18n, e.message)}
                            </li>
                          ))}
                        </ul>
                      )}
                    </Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Flex>
        </Card>
      )}
      <Flex>
        <Button asChild variant="ghost">
          <Link to={CAMBIO_PATH}>{t("fx.import.back")}</Link>
        </Button>
      </Flex>
    </Flex>
  );
}

/** A missing record (or another agency's) shows inside the shell. */
export { ShellErrorBoundary as ErrorBoundary } from "~/components/ui/RouteError";

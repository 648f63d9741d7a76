import { Button, Card, Flex, Heading, Table, Text } from "@radix-ui/themes";
import { CircleAlert, CircleCheck, Download, Upload } from "lucide-react";
import { useTranslation } from "react-i18next";
import { data, Form, Link, useNavigation } from "react-router";
import { FormSection } from "~/components/ui/FormField";
import { Notice } from "~/components/ui/Notice";
import { PageHeader } from "~/components/ui/PageHeader";
import { StatusBadge } from "~/components/ui/StatusBadge";
import { CSV_DELIMITER, parseCsv } from "~/lib/kit/csv.server";
import { redirectWithToast } from "~/lib/platform/flash.server";
import { CLIENT_CSV_COLUMNS } from "~/lib/registers/client";
import { IMPORT_MAX_BYTES, IMPORT_MAX_ROWS, importClients, type ImportReport } from "~/lib/registers/client.server";
import { REGISTER_MANAGERS } from "~/lib/registers/roles";
import { lookup, translate } from "~/lib/platform/translate";
import { getI18n } from "~/middleware/i18n";
import { requireAgency, requireModule, requireRoles, requireScope } from "~/middleware/session";
import registersStyles from "~/styles/registers.css?url";
import type { Route } from "./+types/clientes.importar";

/** Importing is for the agency's administrators (app/lib/registers/roles.ts). */
export const middleware: Route.MiddlewareFunction[] = [requireModule("cadastros", "clientes"), requireRoles(...REGISTER_MANAGERS)];
export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: registersStyles }];

export function loader({ context, request }: Route.LoaderArgs) {
  requireAgency(context, request);
  return {
    columns: CLIENT_CSV_COLUMNS,
    delimiter: CSV_DELIMITER,
    maxRows: IMPORT_MAX_ROWS,
    documentTitle: getI18n(context).t("registers.import.title"),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData ? `${loaderData.documentTitle} · Rota` : "Rota" }];

type Answer = { error?: string; report?: ImportReport; mode?: "check" | "validOnly" };

export async function action({ context, request }: Route.ActionArgs) {
  const scope = requireScope(context, request);
  const formData = await request.formData();
  const file = formData.get("file");
  const validOnly = formData.get("mode") === "validOnly";
  const fail = (error: string, status = 400) => data({ error } satisfies Answer, { status });
  if (!(file instanceof File) || file.size === 0) return fail("registers.import.errors.noFile");
  if (file.size > IMPORT_MAX_BYTES) return fail("registers.import.errors.tooLarge");
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(await file.arrayBuffer());
  } catch {
    return fail("registers.import.errors.encoding");
  }
  const parsed = parseCsv(text);
  const missing = ["name"].filter((c) => !parsed.fields.includes(c));
  const unknown = parsed.fields.filter((f) => f && !(CLIENT_CSV_COLUMNS as readonly string[]).includes(f));
  if (missing.length > 0 || unknown.length > 0) return fail("registers.import.errors.header");
  if (parsed.records.length === 0) return fail("registers.import.errors.empty");
  if (parsed.records.length > IMPORT_MAX_ROWS) return fail("registers.import.errors.tooManyRows");
  const report = await importClients(scope, parsed.records, { validOnly, lines: parsed.lines });
  if (report.imported > 0) {
    return redirectWithToast("/cadastros/clientes?sort=createdAt&dir=desc", { title: "registers.import.done", values: { count: report.imported } });
  }
  return data({ report, mode: validOnly ? "validOnly" : "check" } satisfies Answer, { status: report.invalid.length > 0 ? 422 : 200 });
}

export default function ImportClients({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const answer = actionData as Answer | undefined;
  const report = answer?.report;
  const fieldLabel = (field: string) => lookup(i18n, `registers.fields.${field}`) ?? field;
  const template = `data:text/csv;charset=utf-8,${encodeURIComponent(`\uFEFF${loaderData.columns.join(loaderData.delimiter)}\r\n`)}`;
  return (
    <Flex direction="column" gap="4" maxWidth="1040px">
      <PageHeader
        title={t("registers.import.title")}
        subtitle={t("registers.import.subtitle", { max: loaderData.maxRows })}
        trail={[
          { label: t("menu.cadastros.title"), href: null },
          { label: t("menu.cadastros.clientes.title"), href: "/cadastros/clientes" },
        ]}
      />
      <FormSection
        title={t("registers.import.file")}
        hint={t("registers.import.fileHint")}
        actions={
          <Button asChild variant="soft" color="gray">
            <a href={template} download="clientes-modelo.csv" data-testid="import-template">
              <Download size={16} aria-hidden /> {t("registers.import.template")}
            </a>
          </Button>
        }
      >
        <Form method="post" encType="multipart/form-data">
          <Flex direction="column" gap="3">
            <input type="file" name="file" accept=".csv,text/csv" required aria-label={t("registers.import.file")} data-testid="import-file" />
            <Text size="1" color="gray">
              {t("registers.import.columns")}: <code className="import-columns">{loaderData.columns.join(loaderData.delimiter)}</code>
            </Text>
            <Flex gap="3" wrap="wrap">
              <Button type="submit" name="mode" value="check" disabled={busy} data-testid="import-submit">
                <Upload size={16} aria-hidden /> {t("registers.import.submit")}
              </Button>
              {report && report.invalid.length > 0 && report.valid > 0 && (
                <Button type="submit" name="mode" value="validOnly" variant="soft" disabled={busy} data-testid="import-valid-only">
                  {t("registers.import.validOnly", { count: report.valid })}
                </Button>
              )}
            </Flex>
            {report && report.invalid.length > 0 && report.valid > 0 && (
              <Text size="1" color="gray">
                {t("registers.import.validOnlyHint")}
              </Text>
            )}
          </Flex>
        </Form>
      </FormSection>

      {answer?.error && (
        <Notice tone="error" testId="import-error">{translate(i18n, answer.error, { max: loaderData.maxRows })}</Notice>
      )}

      {report && (
        <Card size="3" data-testid="import-report">
          <Flex direction="column" gap="3">
            <Heading as="h2" size="4">
              {t("registers.import.report")}
            </Heading>
            <Flex gap="2" wrap="wrap">
              <StatusBadge size="2">
                {t("registers.import.total", { count: report.total })}
              </StatusBadge>
              <StatusBadge size="2" tone="active">
                <CircleCheck size={12} aria-hidden /> {t("registers.import.valid", { count: report.valid })}
              </StatusBadge>
              <StatusBadge size="2" tone="danger">
                <CircleAlert size={12} aria-hidden /> {t("registers.import.invalid", { count: report.invalid.length })}
              </StatusBadge>
            </Flex>
            <Text size="2" data-testid="import-nothing-written">
              {report.invalid.length > 0 ? t("registers.import.nothingWritten") : t("registers.import.nothingToImport")}
            </Text>
            {report.invalid.length > 0 && (
              <Table.Root variant="surface" size="1">
                <Table.Header>
                  <Table.Row>
                    <Table.ColumnHeaderCell>{t("registers.import.line")}</Table.ColumnHeaderCell>
                    <Table.ColumnHeaderCell>{t("registers.fields.name")}</Table.ColumnHeaderCell>
                    <Table.ColumnHeaderCell>{t("registers.import.problems")}</Table.ColumnHeaderCell>
                  </Table.Row>
                </Table.Header>
                <Table.Body>
                  {report.invalid.slice(0, 500).map((row) => (
                    <Table.Row key={row.line} data-testid="import-invalid-row">
                      <Table.Cell>{row.line}</Table.Cell>
                      <Table.Cell>{row.name || "—"}</Table.Cell>
                      <Table.Cell>
                        <ul className="import-problems">
                          {row.errors.map((e, i) => (
                            <li key={i}>
                              <Text weight="medium">{fieldLabel(e.field)}:</Text> {translate(i18n, e.message)}
                            </li>
                          ))}
                        </ul>
                      </Table.Cell>
                    </Table.Row>
                  ))}
                </Table.Body>
              </Table.Root>
            )}
          </Flex>
        </Card>
      )}
      <Flex>
        <Button asChild variant="ghost">
          <Link to="/cadastros/clientes">{t("registers.import.back")}</Link>
        </Button>
      </Flex>
    </Flex>
  );
}

/** A missing record (or another agency's) shows inside the shell. */
export { ShellErrorBoundary as ErrorBoundary } from "~/components/ui/RouteError";

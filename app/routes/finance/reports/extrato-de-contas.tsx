import { Button, Card, Flex, Table, Text } from "@radix-ui/themes";
import { Download, FileText, Printer } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Form, Link, useNavigation } from "react-router";
import { Money, useDay } from "~/components/finance/ledger/Money";
import { LedgerEntryForms } from "~/components/finance/ledger/LedgerEntryForms";
import { PageHeader } from "~/components/ui/PageHeader";
import { Notice } from "~/components/ui/Notice";
import { StatusBadge } from "~/components/ui/StatusBadge";
import { ensureFinanceDefaults } from "~/lib/finance/defaults.server";
import { statementAction, type LedgerActionData } from "~/lib/finance/ledger/actions.server";
import { STATEMENT_MAX_ROWS, statementPeriod } from "~/lib/finance/ledger/report-params";
import { accountStatement } from "~/lib/finance/ledger/reports.server";
import { DIRECTION_PATH } from "~/lib/finance/ledger/title-list";
import { accountChoices, titleChoices } from "~/lib/finance/ledger/titles.server";
import { canManageFinance } from "~/lib/finance/roles";
import { notFound } from "~/lib/platform/http";
import { translate } from "~/lib/platform/translate";
import { getI18n } from "~/middleware/i18n";
import { requireModule, requireScope } from "~/middleware/session";
import { BASE_CURRENCY, displayRate } from "~/lib/finance/fx";
import type { Route } from "./+types/extrato-de-contas";
import { todayIn } from "~/lib/platform/time-zone";

export const middleware: Route.MiddlewareFunction[] = [requireModule("financeiro", "relatorios", "extrato_de_contas")];

/** ?account=<id>&from=YYYY-MM-DD&to=YYYY-MM-DD (default: the first account, this month). */
export async function loader({ context, request }: Route.LoaderArgs) {
  const scope = requireScope(context, request);
  await ensureFinanceDefaults(scope.db, scope.agencyId);
  const params = new URL(request.url).searchParams;
  const today = todayIn(scope.timeZone);
  const { from, to } = statementPeriod(params, today);
  const [accounts, choices] = await Promise.all([accountChoices(scope.db, scope.agencyId), titleChoices(scope, "payable")]);
  const wanted = params.get("account");
  const accountId = wanted ?? accounts[0]?.id ?? null;
  const statement = accountId ? await accountStatement(scope, accountId, from, to) : null;
  // An account of another agency (or a made-up id) is simply not found.
  if (wanted && !statement) throw notFound();
  return {
    accounts,
    categories: choices.categories.filter((c) => c.active).map((c) => ({ id: c.id, label: `${c.code} ${c.name}` })),
    statement,
    from,
    to,
    today,
    canManage: canManageFinance(scope.role),
    documentTitle: getI18n(context).t("financeLedger.statement.title"),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData ? `${loaderData.documentTitle} · Rota` : "Rota" }];

/** Transfers and manual entries (Admin, Financeiro). */
export async function action({ context, request }: Route.ActionArgs) {
  const scope = requireScope(context, request);
  const url = new URL(request.url);
  return statementAction(scope, await request.formData(), `${url.pathname.replace(/\.data$/, "")}${url.search}`);
}

export default function Statement({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const day = useDay();
  const navigation = useNavigation();
  const { statement, accounts, from, to } = loaderData;
  const currency = statement?.account.currency ?? BASE_CURRENCY;
  const foreign = currency !== BASE_CURRENCY;
  const search = statement ? `?account=${statement.account.id}&from=${from}&to=${to}` : "";
  return (
    <Flex direction="column" gap="4" data-testid="statement-screen" className="printable">
      <style>{PRINT_CSS}</style>
      <PageHeader
        title={t("financeLedger.statement.title")}
        subtitle={statement ? `${statement.account.name} · ${day(from)} – ${day(to)}` : t("financeLedger.statement.subtitle")}
        actions={
          statement && (
            <Flex gap="2" className="no-print">
              <Button variant="soft" color="gray" type="button" onClick={() => window.print()}>
                <Printer size={16} aria-hidden /> {t("financeLedger.actions.print")}
              </Button>
              <Button asChild variant="soft" color="gray">
                <a href={`/financeiro/relatorios/extrato-de-contas/exportar${search}`} download data-testid="statement-export">
                  <Download size={16} aria-hidden /> {t("list.export")}
                </a>
              </Button>
              <Button asChild variant="soft" color="gray">
                <a href={`/financeiro/relatorios/extrato-de-contas/pdf${search}`} download data-testid="statement-pdf">
                  <FileText size={16} aria-hidden /> {t("financeLedger.statement.pdf.button")}
                </a>
              </Button>
            </Flex>
          )
        }
      />
      {accounts.length === 0 ? (
        <Notice tone="info">{t("financeLedger.statement.noAccounts")}</Notice>
      ) : (
        <Form method="get" className="no-print" data-testid="statement-filter">
          <Flex gap="3" wrap="wrap" align="end">
            <Flex direction="column" gap="1">
              <Text as="label" size="1" color="gray" htmlFor="st-account">
                {t("financeLedger.fields.account")}
              </Text>
              <select id="st-account" name="account" className="native-select" defaultValue={statement?.account.id ?? ""}>
                {accounts.map((a) => (
                  <option key={a.id} value={a.id}>
                    {a.name}
                  </option>
                ))}
              </select>
            </Flex>
            <Flex direction="column" gap="1">
              <Text as="label" size="1" color="gray" htmlFor="st-from">
                {t("financeLedger.fields.from")}
              </Text>
              <input id="st-from" name="from" type="date" className="native-select" defaultValue={from} />
            </Flex>
            <Flex direction="column" gap="1">
              <Text as="label" size="1" color="gray" htmlFor="st-to">
                {t("financeLedger.fields.to")}
              </Text>
              <input id="st-to" name="to" type="date" className="native-select" defaultValue={to} />
            </Flex>
            <Button type="submit" variant="soft" disabled={navigation.state === "loading"}>
              {t("financeLedger.statement.show")}
            </Button>
          </Flex>
        </Form>
      )}
      {statement && (
        <>
          <Card size="2">
            <Flex gap="5" wrap="wrap">
              <Figure label={t("financeLedger.statement.opening")} cents={statement.openingCents} currency={currency} testId="statement-opening" />
              <Figure label={t("financeLedger.statement.inflows")} cents={statement.inflowCents} currency={currency} testId="statement-inflows" />
              <Figure label={t("financeLedger.statement.outflows")} cents={-statement.outflowCents} currency={currency} testId="statement-outflows" />
              <Figure label={t("financeLedger.statement.closing")} cents={statement.closingCents} currency={currency} testId="statement-closing" />
            </Flex>
          </Card>
          {statement.cut && <Notice tone="warning">{t("financeLedger.statement.cut", { count: STATEMENT_MAX_ROWS })}</Notice>}
          <div className="list-table">
            <Table.Root variant="surface" size="1" data-testid="statement-table">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeaderCell>{t("financeLedger.fields.date")}</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell>{t("financeLedger.statement.movement")}</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell>{t("financeLedger.statement.origin")}</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell className="list-secondary">{t("financeLedger.fields.category")}</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell style={{ textAlign: "right" }}>{t("financeLedger.fields.amount")}</Table.ColumnHeaderCell>
                  {foreign && <Table.ColumnHeaderCell style={{ textAlign: "right" }}>{t("fx.used.brl")}</Table.ColumnHeaderCell>}
                  <Table.ColumnHeaderCell style={{ textAlign: "right" }}>{t("financeLedger.fields.balance")}</Table.ColumnHeaderCell>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                <Table.Row>
                  <Table.Cell>{day(from)}</Table.Cell>
                  <Table.Cell colSpan={foreign ? 5 : 4}>
                    <Text weight="medium">{t("financeLedger.statement.opening")}</Text>
                  </Table.Cell>
                  <Table.Cell style={{ textAlign: "right" }}>
                    <Money cents={statement.openingCents} currency={currency} signed />
                  </Table.Cell>
                </Table.Row>
                {statement.rows.length === 0 && (
                  <Table.Row>
                    <Table.Cell colSpan={foreign ? 7 : 6}>
                      <Text color="gray">{t("financeLedger.statement.noMovements")}</Text>
                    </Table.Cell>
                  </Table.Row>
                )}
                {statement.rows.map((r) => (
                  <Table.Row key={r.id} data-testid="statement-row" data-kind={r.kind}>
                    <Table.Cell className="nowrap">{day(r.date)}</Table.Cell>
                    <Table.Cell>
                      <Flex direction="column">
                        <Flex gap="2" align="center" wrap="wrap">
                          <Text>{translate(i18n, `financeLedger.entryKinds.${r.kind}`)}</Text>
                          {r.reversedBy && <StatusBadge>{t("financeLedger.reversedTag")}</StatusBadge>}
                          {(r.kind === "transfer_out" || r.kind === "transfer_in") && !r.reversedBy && (
                            <Form method="post" className="no-print">
                              <input type="hidden" name="intent" value="reverse" />
                              <input type="hidden" name="entryId" value={r.id} />
                              <Button
                                size="1"
                                variant="ghost"
                                color="red"
                                type="submit"
                                disabled={!loaderData.canManage || navigation.state === "submitting"}
                                title={loaderData.canManage ? undefined : t("financeLedger.forbidden")}
                                aria-label={t("financeLedger.actions.reverseTransferOf", { date: day(r.date) })}
                                data-testid="reverse-transfer"
                              >
                                {t("financeLedger.actions.reverseTransfer")}
                              </Button>
                            </Form>
                          )}
                        </Flex>
                        {r.description && (
                          <Text size="1" color="gray">
                            {r.description}
                          </Text>
                        )}
                      </Flex>
                    </Table.Cell>
                    <Table.Cell>
                      {r.titleId && r.titleDirection ? (
                        <Link to={`${DIRECTION_PATH[r.titleDirection]}/editar/${r.titleId}`} data-testid="statement-origin">
                          {r.titleDescription}
                          {r.installmentCount && r.installmentCount > 1 ? ` ${r.installmentNo}/${r.installmentCount}` : ""}
                        </Link>
                      ) : r.counterpartName ? (
                        t("financeLedger.statement.counterpart", { name: r.counterpartName })
                      ) : (
                        "—"
                      )}
                    </Table.Cell>
                    <Table.Cell className="list-secondary">{r.categoryName ?? "—"}</Table.Cell>
                    <Table.Cell style={{ textAlign: "right" }}>
                      <Money cents={r.netCents} currency={currency} signed />
                    </Table.Cell>
                    {foreign && (
                      // Both currencies on a foreign-currency account: the reais at the entry's own rate (decision 0018).
                      <Table.Cell style={{ textAlign: "right" }} data-testid="statement-brl" data-cents={r.amountBrlCents ?? ""}>
                        {r.amountBrlCents === null || r.fxRateE6 === null ? (
                          <Text color="gray">{t("fx.used.none")}</Text>
                        ) : (
                          <Flex direction="column" align="end">
                            <Money cents={r.amountBrlCents} currency={BASE_CURRENCY} signed />
                            <Text size="1" color="gray">
                              {displayRate(r.fxRateE6, i18n.language)}
                            </Text>
                          </Flex>
                        )}
                      </Table.Cell>
                    )}
                    <Table.Cell style={{ textAlign: "right" }}>
                      <Money cents={r.balanceCents} currency={currency} signed />
                    </Table.Cell>
                  </Table.Row>
                ))}
                <Table.Row>
                  <Table.Cell>{day(to)}</Table.Cell>
                  <Table.Cell colSpan={foreign ? 5 : 4}>
                    <Text weight="bold">{t("financeLedger.statement.closing")}</Text>
                  </Table.Cell>
                  <Table.Cell style={{ textAlign: "right" }}>
                    <Money cents={statement.closingCents} currency={currency} signed strong />
                  </Table.Cell>
                </Table.Row>
              </Table.Body>
            </Table.Root>
          </div>
        </>
      )}
      {accounts.length > 0 && (
        <div className="no-print">
          <LedgerEntryForms
            accounts={accounts.filter((a) => a.active)}
            categories={loaderData.categories}
            current={statement?.account.id ?? null}
            today={loaderData.today}
            canManage={loaderData.canManage}
            answer={actionData as LedgerActionData | undefined}
          />
        </div>
      )}
    </Flex>
  );
}

function Figure({ label, cents, currency, testId }: { label: string; cents: number; currency: string; testId: string }) {
  return (
    <Flex direction="column" data-testid={testId} data-cents={cents}>
      <Text size="1" color="gray">
        {label}
      </Text>
      <Text size="4" weight="bold">
        <Money cents={cents} currency={currency} signed />
      </Text>
    </Flex>
  );
}

/** Printing shows the statement alone: no shell, no forms. */
const PRINT_CSS = `@media print {
  .no-print, nav, aside, header:not(.printable header), [data-sidebar], .rt-DialogOverlay { display: none !important; }
  .printable { padding: 0 !important; }
  body { background: white !important; }
}`;

export { ShellErrorBoundary as ErrorBoundary } from "~/components/ui/RouteError";

import { Button, Card, Flex, Text } from "@radix-ui/themes";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Form, Link, useFetcher, useNavigation } from "react-router";
import { ListPage, type Column } from "~/components/kit/ListPage";
import { Money, TitleStatusBadge, useDay } from "~/components/finance/ledger/Money";
import { useHydrated } from "~/components/shell/PageTransition";
import { settleManyAction, type LedgerActionData } from "~/lib/finance/ledger/actions.server";
import { shownStatus } from "~/lib/finance/ledger/ledger";
import { directionOf, LICENCE_KEY } from "~/lib/finance/ledger/screen.server";
import { DIRECTION_PATH, titleListSpec, TITLE_FILTER_STATUSES } from "~/lib/finance/ledger/title-list";
import { titleListPage, type TitleListRow, type TitleTotals } from "~/lib/finance/ledger/title-list.server";
import { canManageFinance } from "~/lib/finance/roles";
import { commissionHooks, withCommissionHooks } from "~/lib/commissions/commissions.server";
import { chargeHooks } from "~/lib/payments/charges.server";
import { paymentDeps } from "~/lib/payments/transport.server";
import { listParams, toSearch } from "~/lib/kit/list";
import { malformed } from "~/lib/kit/forms";
import { todayIn } from "~/lib/platform/time-zone";
import { translate } from "~/lib/platform/translate";
import { withDashboardHooks } from "~/lib/dashboard/live.server";
import { getCloudflare, getEnv } from "~/middleware/cloudflare";
import { getI18n } from "~/middleware/i18n";
import { requireModule, requireScope } from "~/middleware/session";
import type { Route } from "./+types/list";

/** The direction's licence entry (contas_a_receber / contas_a_pagar). */
export const middleware: Route.MiddlewareFunction[] = [(args, next) => requireModule("financeiro", LICENCE_KEY[directionOf(args.request)])(args, next)];

/**
 * The page of titles, uncounted; the totals (and the count) come from …/totais
 * after render, or with the page when asked (`?totais=1`: without JavaScript).
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const scope = requireScope(context, request);
  const direction = directionOf(request);
  const params = new URL(request.url).searchParams;
  const data = await titleListPage(scope, direction, params, params.get("totais") === "1");
  return {
    direction,
    query: data.query,
    rows: data.rows,
    page: data.page,
    totals: data.totals,
    period: !!(data.filter.dueFrom || data.filter.dueTo),
    party: data.party,
    categories: data.categories.map((c) => ({ value: c.id, label: `${c.code} ${c.name}` })),
    accounts: data.accounts.map((a) => ({ value: a.id, label: a.name })),
    today: todayIn(scope.timeZone),
    canManage: canManageFinance(scope.role),
    documentTitle: getI18n(context).t(`financeLedger.${direction}.title`),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData ? `${loaderData.documentTitle} · Rota` : "Rota" }];

/** Settle selected: each checked title's open amount into one account on one date, all or none. */
export async function action({ context, request }: Route.ActionArgs) {
  const scope = requireScope(context, request);
  const formData = await request.formData();
  if (formData.get("intent") !== "settleMany") return malformed();
  const url = new URL(request.url);
  const direction = directionOf(request);
  // A receivable settled here by hand: its live Asaas charge is cancelled (paid in full) or follows the open amount.
  // The sale's commissions are released as the client pays.
  const hooks = direction === "receivable" ? withCommissionHooks(chargeHooks(paymentDeps(getEnv(context), scope.db, getCloudflare(context).ctx))) : commissionHooks();
  return settleManyAction(scope, direction, formData, `${url.pathname.replace(/\.data$/, "")}${url.search}`, withDashboardHooks(getEnv(context), hooks));
}

export default function TitleList({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const day = useDay();
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const { direction, query, rows, page, today, canManage } = loaderData;
  const base = DIRECTION_PATH[direction];
  const answer = actionData as LedgerActionData | undefined;
  const settleErrors = answer?.form === "settleMany" ? answer.result.error : undefined;
  // The totals of the filtered set: fetched after render, again whenever the filter changes (or after a settlement).
  const search = toSearch(listParams(query, titleListSpec, { after: null, before: null }));
  const totalsFetcher = useFetcher<{ totals: TitleTotals }>({ key: `finance-totals-${direction}` });
  const { load } = totalsFetcher;
  useEffect(() => {
    if (!loaderData.totals) void load(`${base}/totais${search}`);
  }, [load, base, search, loaderData]);
  const totals = loaderData.totals ?? (totalsFetcher.data && totalsFetcher.state === "idle" ? totalsFetcher.data.totals : null);
  const count = totals
    ? translate(i18n, `financeLedger.${direction}.count`, { count: totals.titles, formatted: new Intl.NumberFormat(i18n.language).format(totals.titles) })
    : hydrated
      ? t("financeLedger.totals.loading")
      : (
          <Link to={`${search}${search === "?" ? "" : "&"}totais=1`} data-testid="show-totals">
            {t("financeLedger.totals.show")}
          </Link>
        );
  const columns: Column<TitleListRow>[] = [
    {
      key: "description",
      label: t("financeLedger.fields.description"),
      render: (r) => (
        <Flex direction="column" gap="0">
          <Text weight="medium">{r.description}</Text>
          <Text size="1" color="gray">
            {r.installmentCount > 1 ? `${r.installmentNo}/${r.installmentCount}` : ""}
            {r.documentNumber ? `${r.installmentCount > 1 ? " · " : ""}${r.documentNumber}` : ""}
          </Text>
        </Flex>
      ),
    },
    {
      key: "party",
      label: t("financeLedger.fields.party"),
      render: (r) =>
        r.partyName ? (
          <Link to={toSearch(listParams(query, titleListSpec, { filters: { party: `${r.partyKind}:${r.partyId}` } }))} title={t("financeLedger.fields.filterByParty", { name: r.partyName })}>
            {r.partyName}
          </Link>
        ) : (
          "—"
        ),
    },
    { key: "category", label: t("financeLedger.fields.category"), secondary: true, render: (r) => r.categoryName ?? "—" },
    {
      key: "dueDate",
      label: t("financeLedger.fields.dueDate"),
      sort: "dueDate",
      render: (r) => (
        <Text className="nowrap" color={shownStatus(r, today) === "overdue" ? "red" : undefined} weight={shownStatus(r, today) === "overdue" ? "bold" : undefined}>
          {day(r.dueDate)}
        </Text>
      ),
    },
    { key: "amount", label: t("financeLedger.fields.amount"), sort: "amount", align: "right", render: (r) => <Money cents={r.amountCents} currency={r.currency} /> },
    {
      key: "open",
      label: t("financeLedger.fields.open"),
      align: "right",
      secondary: true,
      render: (r) => (r.status === "cancelled" ? "—" : <Money cents={r.amountCents - r.paidCents} currency={r.currency} />),
    },
    { key: "status", label: t("financeLedger.fields.status"), render: (r) => <TitleStatusBadge status={shownStatus(r, today)} /> },
    {
      key: "select",
      label: t("financeLedger.fields.select"),
      align: "center",
      render: (r) =>
        r.status === "open" || r.status === "partial" ? (
          <input
            type="checkbox"
            form="settle-many"
            name="selected"
            value={`${r.id}:${r.version}`}
            disabled={!canManage}
            aria-label={t("financeLedger.fields.selectTitle", { name: r.description })}
            data-testid="select-title"
          />
        ) : null,
    },
  ];
  // The party filter: set from a row's party (its name is a link); the select shows it so it can be cleared.
  const partyOptions = loaderData.party ? [{ value: `${loaderData.party.kind}:${loaderData.party.id}`, label: `${loaderData.party.name} (${translate(i18n, `financeLedger.partyKinds.${loaderData.party.kind}`)})` }] : [];
  return (
    <Flex direction="column" gap="4">
      <ListPage
        testId="titles-list"
        title={t(`financeLedger.${direction}.title`)}
        subtitle={t(`financeLedger.${direction}.subtitle`)}
        trail={[{ label: t("menu.financeiro.title"), href: null }]}
        spec={titleListSpec}
        query={query}
        page={page}
        rows={rows}
        columns={columns}
        filters={[
          { key: "status", label: t("financeLedger.fields.status"), options: TITLE_FILTER_STATUSES.map((s) => ({ value: s, label: translate(i18n, `financeLedger.statuses.${s}`) })) },
          { key: "dueFrom", label: t("financeLedger.fields.dueFrom"), type: "date" },
          { key: "dueTo", label: t("financeLedger.fields.dueTo"), type: "date" },
          ...(partyOptions.length > 0 ? [{ key: "party", label: t("financeLedger.fields.partyFilter"), options: partyOptions }] : []),
          { key: "category", label: t("financeLedger.fields.category"), options: loaderData.categories },
          { key: "account", label: t("financeLedger.fields.account"), options: loaderData.accounts },
        ]}
        countKey={`financeLedger.${direction}.count`}
        count={count}
        searchPlaceholder={t(`financeLedger.${direction}.searchPlaceholder`)}
        rowHref={(r) => `${base}/editar/${r.id}`}
        newHref={`${base}/novo`}
        newLabel={t(`financeLedger.${direction}.new`)}
        exportHref={`${base}/exportar`}
        emptyTitle={t(`financeLedger.${direction}.emptyTitle`)}
        emptyText={t(`financeLedger.${direction}.emptyText`)}
      />

      <Card size="2" data-testid="title-totals" aria-busy={!totals || undefined}>
        {totals ? (
          totals.currencies.length === 0 ? (
            <Text size="2" color="gray">
              {t("financeLedger.totals.none")}
            </Text>
          ) : (
            <Flex direction="column" gap="3">
              {totals.currencies.map((c, i) => (
                <Flex key={c.currency} gap="5" wrap="wrap" data-currency={c.currency}>
                  <Total label={t("financeLedger.totals.open")} cents={c.openCents} currency={c.currency} testId={i === 0 ? "total-open" : undefined} />
                  <Total label={t("financeLedger.totals.overdue")} cents={c.overdueCents} currency={c.currency} testId={i === 0 ? "total-overdue" : undefined} danger={c.overdueCents > 0} />
                  <Total label={t(loaderData.period ? "financeLedger.totals.paidInPeriod" : "financeLedger.totals.paidAll")} cents={c.paidCents} currency={c.currency} testId={i === 0 ? "total-paid" : undefined} />
                </Flex>
              ))}
            </Flex>
          )
        ) : (
          <Text size="2" color="gray">
            {count}
          </Text>
        )}
      </Card>

      {rows.some((r) => r.status === "open" || r.status === "partial") && (
        <Card size="2" asChild>
          <section aria-labelledby="settle-many-title">
            <Text as="p" weight="bold" id="settle-many-title">
              {t("financeLedger.sections.settleMany")}
            </Text>
            <Text as="p" size="2" color="gray" mb="2">
              {canManage ? t("financeLedger.sections.settleManyHint") : t("financeLedger.forbidden")}
            </Text>
            <Form method="post" id="settle-many" data-testid="settle-many">
              <input type="hidden" name="intent" value="settleMany" />
              <Flex gap="3" wrap="wrap" align="end">
                <Flex direction="column" gap="1">
                  <Text as="label" size="1" color="gray" htmlFor="settle-many-date">
                    {t("financeLedger.fields.date")}
                  </Text>
                  <input id="settle-many-date" name="date" type="date" defaultValue={today} className="native-select" required disabled={!canManage} />
                </Flex>
                <Flex direction="column" gap="1">
                  <Text as="label" size="1" color="gray" htmlFor="settle-many-account">
                    {t("financeLedger.fields.account")}
                  </Text>
                  <select id="settle-many-account" name="bankAccountId" className="native-select" required disabled={!canManage} defaultValue="">
                    <option value="">{t("financeLedger.choose")}</option>
                    {loaderData.accounts.map((a) => (
                      <option key={a.value} value={a.value}>
                        {a.label}
                      </option>
                    ))}
                  </select>
                </Flex>
                <Button type="submit" disabled={!canManage || navigation.state === "submitting"} title={canManage ? undefined : t("financeLedger.forbidden")} data-testid="settle-many-submit">
                  {t("financeLedger.actions.settleSelected")}
                </Button>
              </Flex>
              {settleErrors && (
                <Text as="p" color="red" size="2" role="alert" mt="2" data-testid="settle-many-error">
                  {Object.values(settleErrors)
                    .flat()
                    .map((k) => translate(i18n, String(k)))
                    .join(" ")}
                </Text>
              )}
            </Form>
          </section>
        </Card>
      )}
    </Flex>
  );
}

function Total({ label, cents, currency, testId, danger }: { label: string; cents: number; currency: string; testId?: string; danger?: boolean }) {
  return (
    <Flex direction="column" gap="0" data-testid={testId}>
      <Text size="1" color="gray">
        {label}
      </Text>
      <Text size="4" weight="bold" color={danger ? "red" : undefined}>
        <Money cents={cents} currency={currency} />
      </Text>
    </Flex>
  );
}

export { ShellErrorBoundary as ErrorBoundary } from "~/components/ui/RouteError";

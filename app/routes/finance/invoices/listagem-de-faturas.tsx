import { Text } from "@radix-ui/themes";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { InvoiceStatusBadge } from "~/components/finance/invoices/InvoiceStatusBadge";
import { ListPage, type Column } from "~/components/kit/ListPage";
import { GENERATE_PATH, INVOICES_PATH, INVOICE_SHOWN_STATUSES, invoiceListSpec, invoicePath } from "~/lib/finance/invoices/invoice";
import { filterPartyName, listInvoices, type InvoiceListRow } from "~/lib/finance/invoices/invoice.server";
import { canManageFinance } from "~/lib/finance/roles";
import { listParams, parseListQuery, toSearch } from "~/lib/kit/list";
import { formatCalendarDate, formatMoney } from "~/lib/platform/format";
import { getI18n } from "~/middleware/i18n";
import { requireModule, requireScope } from "~/middleware/session";
import type { Route } from "./+types/listagem-de-faturas";

export const middleware: Route.MiddlewareFunction[] = [requireModule("financeiro", "faturamento", "listagem_de_faturas")];

export async function loader({ context, request }: Route.LoaderArgs) {
  const scope = requireScope(context, request);
  const query = parseListQuery(new URL(request.url).searchParams, invoiceListSpec);
  const [{ rows, page }, partyName] = await Promise.all([listInvoices(scope, query), filterPartyName(scope, query.filters.parte)]);
  return { query, rows, page, partyName, canManage: canManageFinance(scope.role), documentTitle: getI18n(context).t("invoices.list.title") };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData ? `${loaderData.documentTitle} · Rota` : "Rota" }];

export default function InvoiceList({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const { query, rows, page, partyName, canManage } = loaderData;
  const day = (d: string) => formatCalendarDate(d, i18n.language, "short");
  const partyHref = (r: InvoiceListRow) => `${INVOICES_PATH}${toSearch(listParams(query, invoiceListSpec, { after: null, before: null, filters: { parte: `${r.partyKind}:${r.partyId}` } }))}`;
  const columns: Column<InvoiceListRow>[] = [
    { key: "number", label: t("invoices.list.number"), sort: "number", render: (r) => <Text weight="medium">{r.number}</Text> },
    {
      key: "party",
      label: t("invoices.list.party"),
      render: (r) => (
        <Link to={partyHref(r)} onClick={(e) => e.stopPropagation()} data-testid="invoice-party">
          {r.partyName}
        </Link>
      ),
    },
    { key: "issueDate", label: t("invoices.list.issueDate"), sort: "issueDate", secondary: true, render: (r) => <span className="nowrap">{day(r.issueDate)}</span> },
    { key: "dueDate", label: t("invoices.list.dueDate"), sort: "dueDate", render: (r) => <span className="nowrap">{day(r.dueDate)}</span> },
    { key: "total", label: t("invoices.list.total"), sort: "total", align: "right", render: (r) => <span className="nowrap">{formatMoney(r.totalCents, r.currency, i18n.language)}</span> },
    { key: "status", label: t("invoices.list.status"), render: (r) => <InvoiceStatusBadge status={r.shown} /> },
  ];
  return (
    <ListPage
      testId="invoice-list"
      title={t("invoices.list.title")}
      subtitle={t("invoices.list.subtitle")}
      trail={[
        { label: t("menu.financeiro.title"), href: null },
        { label: t("menu.financeiro.faturamento.title"), href: null },
      ]}
      spec={invoiceListSpec}
      query={query}
      page={page}
      rows={rows}
      columns={columns}
      filters={[
        { key: "situacao", label: t("invoices.list.status"), options: INVOICE_SHOWN_STATUSES.map((s) => ({ value: s, label: t(`invoices.status.${s}`) })) },
        ...(query.filters.parte ? [{ key: "parte", label: t("invoices.list.party"), options: [{ value: query.filters.parte, label: t("invoices.list.partyFilter", { name: partyName ?? "—" }) }] }] : []),
        { key: "de", label: t("invoices.list.from"), type: "date" as const },
        { key: "ate", label: t("invoices.list.to"), type: "date" as const },
      ]}
      countKey="invoices.list.count"
      searchPlaceholder={t("invoices.list.searchPlaceholder")}
      rowHref={(r) => invoicePath(r.id)}
      newHref={canManage ? GENERATE_PATH : undefined}
      newLabel={t("invoices.list.generate")}
      emptyTitle={t("invoices.list.emptyTitle")}
      emptyText={t("invoices.list.emptyText")}
    />
  );
}

export { ShellErrorBoundary as ErrorBoundary } from "~/components/ui/RouteError";

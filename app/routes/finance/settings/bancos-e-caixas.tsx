import { Flex, Text } from "@radix-ui/themes";
import { useTranslation } from "react-i18next";
import { ReadOnlyNotice, useSettingsTrail, ActiveBadge, NewButton } from "~/components/finance/settings/SettingsScreen";
import { ListPage, type Column } from "~/components/kit/ListPage";
import { ensureFinanceDefaults } from "~/lib/finance/defaults.server";
import { canManageFinance } from "~/lib/finance/roles";
import { listBankAccounts, type BankAccountListRow } from "~/lib/finance/settings/bank-account.server";
import { bankLabel } from "~/lib/finance/settings/banks";
import { PATHS, bankAccountListSpec } from "~/lib/finance/settings/settings";
import { parseListQuery } from "~/lib/kit/list";
import { formatMoney } from "~/lib/platform/format";
import { getI18n } from "~/middleware/i18n";
import { requireModule, requireScope } from "~/middleware/session";
import registersStyles from "~/styles/registers.css?url";
import type { Route } from "./+types/bancos-e-caixas";

export const middleware: Route.MiddlewareFunction[] = [requireModule("financeiro", "configuracoes", "bancos_e_caixas")];
export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: registersStyles }];

/** The bank and cash accounts (the kit's list: search, status filter, keyset pages) with each one's current balance. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const scope = requireScope(context, request);
  await ensureFinanceDefaults(scope.db, scope.agencyId);
  const query = parseListQuery(new URL(request.url).searchParams, bankAccountListSpec);
  const { rows, page } = await listBankAccounts(scope, query);
  return { query, rows, page, canManage: canManageFinance(scope.role), documentTitle: getI18n(context).t("menu.financeiro.configuracoes.bancos_e_caixas.title") };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData ? `${loaderData.documentTitle} · Rota` : "Rota" }];

export default function BankAccounts({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const { query, rows, page, canManage } = loaderData;
  const trail = useSettingsTrail();
  const columns: Column<BankAccountListRow>[] = [
    {
      key: "name",
      label: t("financeSettings.banks.fields.name"),
      sort: "name",
      render: (r) => (
        <Flex direction="column" gap="0">
          <Text weight="medium">{r.name}</Text>
          {r.accountTypeName && (
            <Text size="1" color="gray">
              {r.accountTypeName}
            </Text>
          )}
        </Flex>
      ),
    },
    {
      key: "bank",
      label: t("financeSettings.banks.fields.bank"),
      secondary: true,
      render: (r) => (r.bankCode ? bankLabel(r.bankCode) : <Text color="gray">—</Text>),
    },
    {
      key: "account",
      label: t("financeSettings.banks.fields.number"),
      secondary: true,
      render: (r) => (r.branch || r.number ? <span className="nowrap">{[r.branch, r.number].filter(Boolean).join(" / ")}</span> : <Text color="gray">—</Text>),
    },
    {
      key: "balance",
      label: t("financeSettings.banks.fields.balance"),
      align: "right",
      render: (r) => (
        <Text className="nowrap" color={r.balanceCents < 0 ? "red" : undefined} weight="medium" data-testid="bank-balance">
          {formatMoney(r.balanceCents, r.currency, i18n.language)}
        </Text>
      ),
    },
    { key: "active", label: t("financeSettings.status"), secondary: true, render: (r) => <ActiveBadge active={r.active} /> },
    { key: "createdAt", label: t("financeSettings.banks.fields.createdAt"), sort: "createdAt", wide: true, render: (r) => r.createdAt.slice(0, 10) },
  ];
  return (
    <Flex direction="column" gap="4">
      {!canManage && <ReadOnlyNotice />}
      <ListPage
        testId="bank-accounts-list"
        title={t("menu.financeiro.configuracoes.bancos_e_caixas.title")}
        subtitle={t("financeSettings.banks.subtitle")}
        trail={trail}
        spec={bankAccountListSpec}
        query={query}
        page={page}
        rows={rows}
        columns={columns}
        filters={[{ key: "status", label: t("financeSettings.status"), options: (["active", "inactive"] as const).map((s) => ({ value: s, label: t(`financeSettings.banks.statuses.${s}`) })) }]}
        countKey="financeSettings.banks.count"
        searchPlaceholder={t("financeSettings.banks.searchPlaceholder")}
        rowHref={(r) => `${PATHS.banks}/editar/${r.id}`}
        newHref={canManage ? `${PATHS.banks}/novo` : undefined}
        newLabel={t("financeSettings.banks.new")}
        actions={canManage ? undefined : <NewButton canManage={false} label={t("financeSettings.banks.new")} />}
        exportHref={`${PATHS.banks}/exportar`}
        emptyTitle={t("financeSettings.banks.empty")}
        emptyText={t("financeSettings.banks.emptyText")}
      />
    </Flex>
  );
}

/** A missing record (or another agency's) shows inside the shell. */
export { ShellErrorBoundary as ErrorBoundary } from "~/components/ui/RouteError";

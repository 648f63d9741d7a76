import { FxRateUsed } from "~/components/finance/cambio/FxRateUsed";
import { Flex, Text } from "@radix-ui/themes";
import type { SubmissionResult } from "@conform-to/react";
import { useTranslation } from "react-i18next";
import { EmissivoFields } from "~/components/sales/emissivo/EmissivoFields";
import { EditPreview, NewClientForm, SaleActions, SaleTimeline, SaleTitles } from "~/components/sales/emissivo/SaleSide";
import { LinkedTasks } from "~/components/tasks/LinkedTasks";
import { SaleCommissionCard } from "~/components/commissions/SaleCommissionCard";
import { saleCommission } from "~/lib/commissions/override.server";
import { Notice } from "~/components/ui/Notice";
import { PageHeader } from "~/components/ui/PageHeader";
import { StatusBadge } from "~/components/ui/StatusBadge";
import { translate } from "~/lib/platform/translate";
import { EMISSIVO_LIST_PATH } from "~/lib/sales/emissivo";
import { syncSaleCharges } from "~/lib/payments/charges.server";
import { paymentDeps } from "~/lib/payments/transport.server";
import { announceDashboard } from "~/lib/dashboard/live.server";
import { emissivoAction, emissivoScreen } from "~/lib/sales/emissivo-action.server";
import { SERVICE_CURRENCIES } from "~/lib/services/fields";
import { linkedOpenTasks } from "~/lib/tasks/tasks.server";
import { saleVoucherEntries } from "~/lib/vouchers/voucher.server";
import { VoucherLinks } from "~/components/vouchers/VoucherLinks";
import { href } from "react-router";
import { getCloudflare, getEnv } from "~/middleware/cloudflare";
import { getI18n, getLocale } from "~/middleware/i18n";
import { requireModule, requireScope } from "~/middleware/session";
import registersStyles from "~/styles/registers.css?url";
import type { Route } from "./+types/emissivo.form";

export const middleware: Route.MiddlewareFunction[] = [requireModule("vendas", "emissivo")];
export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: registersStyles }];

/** Nova venda (no id) or editar/:id: 404 for an unknown id, another agency's, another kind's or (Agente) someone else's. */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const scope = requireScope(context, request);
  const screen = await emissivoScreen(scope, params.id);
  const t = getI18n(context).t;
  // Its open tasks (Tarefas), read-only.
  const [tasks, commission, vouchers] = screen.sale
    ? await Promise.all([linkedOpenTasks(scope, "sale", screen.sale.id), saleCommission(scope, screen.sale.id), saleVoucherEntries(scope, screen.sale.id, "emissivo")])
    : [[], null, []];
  const saleId = screen.sale?.id ?? "";
  return {
    ...screen,
    tasks,
    commission,
    // One voucher per item of a confirmed sale.
    vouchers: vouchers.map((v) => ({ key: v.key, number: v.number, title: v.title, href: href("/vendas/emissivo/editar/:id/voucher/:itemId", { id: saleId, itemId: v.key }) })), now: Date.now(), documentTitle: screen.sale ? t("sales.common.numberOf", { number: screen.sale.number }) : t("sales.emissivo.new") };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData ? `${loaderData.documentTitle} · Rota` : "Rota" }];

/** Save (create / update a draft / edit a confirmed sale with its preview), confirm, cancel, delete, new client. */
export async function action({ context, request, params }: Route.ActionArgs) {
  const scope = requireScope(context, request);
  try {
    return await emissivoAction(scope, request, params, getLocale(context));
  } finally {
    // An edit or cancellation rewrote the installments: their Asaas charges follow.
    if (params.id && request.method === "POST") {
      await syncSaleCharges(scope, paymentDeps(getEnv(context), scope.db, getCloudflare(context).ctx), params.id);
      // A confirmation, edit or cancellation moves the dashboard's figures.
      await announceDashboard(getEnv(context), scope.agencyId, params.id, scope.userId);
    }
  }
}

type ActionData = {
  result?: SubmissionResult<string[]>;
  preview?: Parameters<typeof EditPreview>[0]["preview"];
  digest?: string;
  formError?: string;
  values?: Record<string, string | number>;
  move?: { error: string; values?: Record<string, string | number> };
};

const TONE = { draft: "neutral", confirmed: "active", cancelled: "danger" } as const;

export default function EmissivoForm({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const ad = actionData as ActionData | undefined;
  const sale = loaderData.sale;
  const isNew = !sale;
  const title = sale ? t("sales.common.numberOf", { number: sale.number }) : t("sales.emissivo.new");
  return (
    <Flex direction="column" gap="4" maxWidth="1100px" data-testid="emissivo-form-page">
      <PageHeader
        title={title}
        subtitle={isNew ? t("sales.emissivo.newSubtitle") : t("sales.emissivo.editSubtitle")}
        trail={[
          { label: t("menu.vendas.title"), href: null },
          { label: t("sales.emissivo.title"), href: EMISSIVO_LIST_PATH },
        ]}
        actions={
          sale ? (
            <StatusBadge tone={TONE[sale.status]} testId="sale-status">
              {t(`sales.status.${sale.status}`)}
            </StatusBadge>
          ) : undefined
        }
      />
      {sale && <SaleActions sale={sale} error={ad?.move} />}
      {sale && sale.status !== "draft" && (
        <FxRateUsed currency={sale.currency} rateE6={sale.fxRateE6} rateDate={sale.fxRateDate} source={sale.fxRateSource} brlCents={sale.totalBrlCents} label={t("fx.used.saleRate")} missing={t("fx.used.saleMissing")} testId="sale-fx-rate" />
      )}
      {sale?.status === "cancelled" && sale.cancelReason && (
        <Notice tone="info" role="none">
          <Text>{t("sales.common.cancelReason")}: {sale.cancelReason}</Text>
        </Notice>
      )}
      {ad?.formError && <Notice tone="error">{translate(i18n, ad.formError, ad.values)}</Notice>}
      <EmissivoFields
        key={sale?.version ?? 0}
        defaultValue={loaderData.values as unknown as Record<string, unknown>}
        version={sale?.version ?? 0}
        lastResult={ad?.result}
        isNew={isNew}
        readOnly={sale?.status === "cancelled"}
        options={{ ...loaderData, currencies: SERVICE_CURRENCIES }}
        preview={ad?.preview && ad.digest ? <EditPreview preview={ad.preview} digest={ad.digest} currency={sale?.currency ?? "BRL"} /> : null}
      />
      <NewClientForm />
      {sale && <VoucherLinks vouchers={loaderData.vouchers} />}
      {sale && <SaleTitles titles={loaderData.titles} />}
      {loaderData.commission && <SaleCommissionCard commission={loaderData.commission} />}
      {sale && <LinkedTasks tasks={loaderData.tasks} timeZone={loaderData.timeZone} now={loaderData.now} kind="sale" id={sale.id} />}
      {sale && <SaleTimeline entries={loaderData.timeline} timeZone={loaderData.timeZone} />}
    </Flex>
  );
}

/** A missing sale (or another agency's) shows inside the shell. */
export { ShellErrorBoundary as ErrorBoundary } from "~/components/ui/RouteError";

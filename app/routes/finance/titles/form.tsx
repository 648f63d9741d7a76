import { Button, Flex, Link as RadixLink } from "@radix-ui/themes";
import { ArrowLeft } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { TitleEditPanels } from "~/components/finance/ledger/TitleEditPanels";
import { TitleForm } from "~/components/finance/ledger/TitleForm";
import { FxRateUsed } from "~/components/finance/cambio/FxRateUsed";
import { TitleStatusBadge } from "~/components/finance/ledger/Money";
import { PageHeader } from "~/components/ui/PageHeader";
import { ensureFinanceDefaults } from "~/lib/finance/defaults.server";
import { createTitleAction, titleAction, type LedgerActionData } from "~/lib/finance/ledger/actions.server";
import { titleAttachments } from "~/lib/finance/ledger/attachments.server";
import { shownStatus } from "~/lib/finance/ledger/ledger";
import { directionOf, LICENCE_KEY } from "~/lib/finance/ledger/screen.server";
import { DIRECTION_PATH } from "~/lib/finance/ledger/title-list";
import { findTitle, groupInstallments, partyName, titleChoices, titleEntries } from "~/lib/finance/ledger/titles.server";
import { formatCents } from "~/lib/finance/money";
import { canManageFinance } from "~/lib/finance/roles";
import { notFound } from "~/lib/platform/http";
import { translate } from "~/lib/platform/translate";
import { chargeAction, isChargeIntent } from "~/lib/payments/charge-actions.server";
import { commissionHooks, withCommissionHooks } from "~/lib/commissions/commissions.server";
import { chargeHooks, hasOpenSiblings, titleCharges } from "~/lib/payments/charges.server";
import { publicIntegration } from "~/lib/payments/integration.server";
import { paymentDeps } from "~/lib/payments/transport.server";
import { ChargePanel } from "~/components/payments/ChargePanel";
import { withDashboardHooks } from "~/lib/dashboard/live.server";
import { getCloudflare, getEnv } from "~/middleware/cloudflare";
import { getI18n } from "~/middleware/i18n";
import { requireModule, requireScope } from "~/middleware/session";
import type { Route } from "./+types/form";
import { todayIn } from "~/lib/platform/time-zone";

export const middleware: Route.MiddlewareFunction[] = [(args, next) => requireModule("financeiro", LICENCE_KEY[directionOf(args.request)])(args, next)];

/** novo, or editar/:id with its installments, settlements, reversals and receipts (404 for another agency's id). */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const scope = requireScope(context, request);
  await ensureFinanceDefaults(scope.db, scope.agencyId);
  const direction = directionOf(request);
  const i18n = getI18n(context);
  const choices = await titleChoices(scope, direction);
  const today = todayIn(scope.timeZone);
  const common = { direction, choices, today, currency: scope.currency, canManage: canManageFinance(scope.role) };
  if (!params.id) {
    return {
      ...common,
      mode: "new" as const,
      values: { currency: scope.currency, competenceDate: today, dueDate: today },
      edit: null,
      payments: null,
      documentTitle: i18n.t(`financeLedger.${direction}.new`),
    };
  }
  const title = await findTitle(scope.db, scope.agencyId, params.id, direction);
  if (!title) throw notFound();
  const receivable = direction === "receivable";
  const [group, entries, attachments, party, charges, integration, siblings] = await Promise.all([
    groupInstallments(scope.db, scope.agencyId, title.groupId),
    titleEntries(scope.db, scope.agencyId, title.id),
    titleAttachments(scope, title.id),
    partyName(scope.db, scope.agencyId, title.partyKind, title.partyId),
    // A receivable's Asaas charge (payments module): the live one and the cancelled ones.
    receivable ? titleCharges(scope, title.id) : null,
    receivable ? publicIntegration(scope) : null,
    receivable ? hasOpenSiblings(scope, title) : false,
  ]);
  // A party deleted since stays selectable on its own title.
  const parties = choices.parties.some((p) => p.kind === title.partyKind && p.id === title.partyId)
    ? choices.parties
    : [...choices.parties, { kind: title.partyKind, id: title.partyId, name: party ?? "—" }];
  return {
    ...common,
    choices: { ...choices, parties },
    mode: "edit" as const,
    values: {
      party: `${title.partyKind}:${title.partyId}`,
      description: title.description,
      documentNumber: title.documentNumber ?? "",
      categoryId: title.categoryId,
      competenceDate: title.competenceDate,
      dueDate: title.dueDate,
      amount: formatCents(title.amountCents),
      currency: title.currency,
      notes: title.notes ?? "",
    },
    edit: {
      title: { ...title, shown: shownStatus(title, today) },
      group: group.map((g) => ({ id: g.id, installmentNo: g.installmentNo, installmentCount: g.installmentCount, dueDate: g.dueDate, amountCents: g.amountCents, paidCents: g.paidCents, currency: g.currency, shown: shownStatus(g, today) })),
      entries,
      attachments,
    },
    payments: charges
      ? { charges, enabled: !!integration?.enabled && !!integration.configured, environment: integration?.environment ?? "sandbox", siblings, clientId: title.partyKind === "client" ? title.partyId : null }
      : null,
    documentTitle: `${title.description} · ${translate(i18n, `financeLedger.${direction}.title`)}`,
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData ? `${loaderData.documentTitle} · Rota` : "Rota" }];

export async function action({ context, request, params }: Route.ActionArgs) {
  const scope = requireScope(context, request);
  const direction = directionOf(request);
  const formData = await request.formData();
  const language = getI18n(context).language;
  if (!params.id) return createTitleAction(scope, direction, formData, language);
  // A commission payable cancelled returns its commission lines to released (commissionHooks).
  if (direction !== "receivable") return titleAction(scope, direction, params.id, formData, getEnv(context).FILES, withDashboardHooks(getEnv(context), commissionHooks()), language);
  // A receivable's charge at the payment provider follows it (cancel, amount, due date).
  const deps = paymentDeps(getEnv(context), scope.db, getCloudflare(context).ctx);
  if (isChargeIntent(formData.get("intent"))) return chargeAction(scope, deps, params.id, formData, `${DIRECTION_PATH[direction]}/editar/${params.id}`);
  // And the sale's commissions are released as the client pays (withCommissionHooks).
  return titleAction(scope, direction, params.id, formData, getEnv(context).FILES, withDashboardHooks(getEnv(context), withCommissionHooks(chargeHooks(deps))), language);
}

export default function TitleScreen({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { direction, edit } = loaderData;
  const list = DIRECTION_PATH[direction];
  const answer = actionData as LedgerActionData | undefined;
  return (
    <Flex direction="column" gap="4" data-testid="title-screen">
      <PageHeader
        before={
          <RadixLink asChild size="2">
            <Link to={list}>
              <ArrowLeft size={14} aria-hidden /> {t(`financeLedger.${direction}.title`)}
            </Link>
          </RadixLink>
        }
        title={edit ? edit.title.description : t(`financeLedger.${direction}.new`)}
        aside={edit ? <TitleStatusBadge status={edit.title.shown} /> : undefined}
        subtitle={
          edit
            ? t("financeLedger.editSubtitle", { no: edit.title.installmentNo, count: edit.title.installmentCount, status: t(`financeLedger.statuses.${edit.title.shown}`) })
            : t(`financeLedger.${direction}.newSubtitle`)
        }
        actions={
          edit ? (
            <Button asChild variant="soft" color="gray">
              <Link to={list}>{t("financeLedger.actions.back")}</Link>
            </Button>
          ) : undefined
        }
      />
      <TitleForm
        key={edit ? `${edit.title.id}:${edit.title.version}` : "new"}
        mode={loaderData.mode}
        direction={direction}
        values={loaderData.values as Record<string, string>}
        version={edit?.title.version ?? 0}
        locked={edit ? { amount: edit.title.paidCents > 0, all: edit.title.status === "cancelled" } : null}
        choices={loaderData.choices}
        lastResult={answer?.form === "title" ? answer.result : undefined}
        cancelHref={list}
      />
      {edit && (
        <FxRateUsed currency={edit.title.currency} rateE6={edit.title.fxRateE6} rateDate={edit.title.fxRateDate} source={edit.title.fxRateSource} brlCents={edit.title.amountBrlCents} />
      )}
      {edit && loaderData.payments && (
        <ChargePanel status={edit.title.status} payments={loaderData.payments} canManage={loaderData.canManage} answer={actionData as never} />
      )}
      {edit && <TitleEditPanels edit={edit} choices={loaderData.choices} today={loaderData.today} canManage={loaderData.canManage} base={list} answer={answer} />}
    </Flex>
  );
}

export { ShellErrorBoundary as ErrorBoundary } from "~/components/ui/RouteError";

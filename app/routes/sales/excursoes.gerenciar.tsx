import { Box, Button, Flex, Grid, Text, TextArea } from "@radix-ui/themes";
import { useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { data, href, useFetcher } from "react-router";
import { EffectPreview, PlaceRow, PlanForm, TimelineList, TitlesList, type Preview } from "~/components/sales/excursions/ExcursionSaleParts";
import { LiveSeatMap } from "~/components/sales/excursions/LiveSeatMap";
import { SaleStatusBadge } from "~/components/sales/excursions/SaleStatusBadge";
import { Notice } from "~/components/ui/Notice";
import { PageHeader } from "~/components/ui/PageHeader";
import { SectionCard } from "~/components/ui/SectionCard";
import { useToast } from "~/components/ui/Toaster";
import { malformed, parseForm } from "~/lib/kit/forms";
import { notFound } from "~/lib/platform/http";
import { formatDateTime, formatMoney } from "~/lib/platform/format";
import { findSale } from "~/lib/sales/sale-core.server";
import { refusalKey } from "~/lib/sales/excursion-sale";
import { excursionSaleIntentSchema } from "~/lib/sales/excursion-sale.schema";
import { excursionSalePage, newPassengerClient, runExcursionSaleIntent } from "~/lib/sales/excursion-sale.server";
import { seatRoomName } from "~/lib/sales/seats";
import { syncSaleCharges } from "~/lib/payments/charges.server";
import { paymentDeps } from "~/lib/payments/transport.server";
import { announceDashboard } from "~/lib/dashboard/live.server";
import { getCloudflare, getEnv } from "~/middleware/cloudflare";
import { getI18n, getLocale } from "~/middleware/i18n";
import { requireModule, requireScope } from "~/middleware/session";
import { LinkedTasks } from "~/components/tasks/LinkedTasks";
import { SaleCommissionCard } from "~/components/commissions/SaleCommissionCard";
import { saleCommission } from "~/lib/commissions/override.server";
import { linkedOpenTasks } from "~/lib/tasks/tasks.server";
import { saleVoucherEntries } from "~/lib/vouchers/voucher.server";
import { VoucherLinks } from "~/components/vouchers/VoucherLinks";
import seatMapStyles from "~/components/services/seat-map.css?url";
import type { Route } from "./+types/excursoes.gerenciar";

export const middleware: Route.MiddlewareFunction[] = [requireModule("vendas", "excursoes")];
export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: seatMapStyles }];

const METHODS = ["pix", "boleto", "credit_card", "debit_card", "bank_transfer", "cash", "payment_link", "other"] as const;

export async function loader({ context, request, params }: Route.LoaderArgs) {
  const scope = requireScope(context, request);
  const row = await findSale(scope, params.id, "excursion");
  if (!row) throw notFound();
  const [page, tasks, commission, vouchers] = await Promise.all([excursionSalePage(scope, row), linkedOpenTasks(scope, "sale", row.id), saleCommission(scope, row.id), saleVoucherEntries(scope, row.id, "excursion")]);
  return {
    ...page,
    // Its open tasks (Tarefas), read-only.
    tasks,
    // Its commission (the card; Admin and Financeiro set the sale's own rule).
    commission,
    // The voucher of a confirmed sale (its confirmed places).
    vouchers: vouchers.map((v) => ({ key: v.key, number: v.number, title: v.title, href: href("/vendas/excursoes/gerenciar/:id/voucher", { id: row.id }) })),
    now: Date.now(),
    room: seatRoomName(scope.agencyId, page.excursion.id),
    me: scope.userId,
    timeZone: scope.timeZone,
    documentTitle: getI18n(context).t("sales.excursions.manageTitle", { number: row.number, excursion: page.excursion.title }),
  };
}

const DONE: Record<string, string> = {
  hold: "sales.excursions.seats.held",
  release: "sales.excursions.seats.released",
  move: "sales.excursions.seats.moved",
  place: "sales.excursions.places.saved",
  plan: "sales.excursions.plan.saved",
  confirm: "sales.excursions.confirm.done",
  apply: "sales.excursions.confirm.done",
  remove: "sales.excursions.places.removed",
  cancel: "sales.excursions.cancel.done",
};

export async function action({ context, request, params }: Route.ActionArgs) {
  const scope = requireScope(context, request);
  const row = await findSale(scope, params.id, "excursion");
  if (!row) throw notFound();
  const formData = await request.formData();
  if (formData.get("intent") === "newClient") {
    const created = await newPassengerClient(scope, row, formData);
    if (!("ok" in created)) return created;
    if (!created.ok) return data({ ok: false as const, error: Object.values(created.errors)[0]?.[0] ?? "validation.invalid", errors: created.errors }, { status: created.status });
    return { ok: true as const, intent: "newClient", preview: null, toast: { title: "sales.excursions.newClient.saved" } };
  }
  const submission = parseForm(formData, excursionSaleIntentSchema);
  if (!submission) return malformed();
  if (submission.status !== "success") {
    const errors = submission.reply().error ?? {};
    const first = Object.values(errors).find((v) => v && v.length)?.[0] ?? "validation.invalid";
    return data({ ok: false as const, error: first, errors }, { status: 400 });
  }
  const intent = submission.value;
  const result = await runExcursionSaleIntent(scope, getEnv(context), row, intent, getLocale(context));
  // A cancellation or edit rewrote the installments: their Asaas charges follow.
  if (result.ok) {
    await syncSaleCharges(scope, paymentDeps(getEnv(context), scope.db, getCloudflare(context).ctx), row.id);
    await announceDashboard(getEnv(context), scope.agencyId, row.id, scope.userId);
  }
  if (!result.ok) return data({ ok: false as const, error: refusalKey(result.reason) }, { status: result.status });
  return { ok: true as const, intent: intent.intent, preview: result.preview ?? null, toast: result.preview ? null : { title: DONE[intent.intent] ?? "toast.saved" } };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData ? `${loaderData.documentTitle} · Rota` : "Rota" }];

type ActionData = { ok: true; intent: string; preview: Preview | null; toast: { title: string } | null } | { ok: false; error: string };

/** Shows an action's toast or error once per answer. */
function useAnswer(fetcher: { state: string; data: unknown }) {
  const { t } = useTranslation();
  const toast = useToast();
  const seen = useRef<unknown>(null);
  useEffect(() => {
    const answer = fetcher.data as ActionData | undefined;
    if (fetcher.state !== "idle" || !answer || seen.current === answer) return;
    seen.current = answer;
    const text = (key: string) => t(key as never, { defaultValue: key }) as string;
    if (!answer.ok) toast({ title: text(answer.error), variant: "destructive" });
    else if (answer.toast) toast({ title: text(answer.toast.title) });
  }, [fetcher.state, fetcher.data, t, toast]);
}

export default function ManageExcursionSale({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const { sale, excursion, layout, places, boardings, seats, titles, timeline, terms, clients, room, me, timeZone } = loaderData;
  const fetcher = useFetcher();
  const previewFetcher = useFetcher();
  const applyFetcher = useFetcher();
  // What was posted for the last preview: applying posts the same without `preview`.
  const [previewedForm, setPreviewedForm] = useState<FormData | null>(null);
  const [dismissed, setDismissed] = useState<unknown>(null);
  useAnswer(fetcher);
  useAnswer(previewFetcher);
  useAnswer(applyFetcher);
  const previewAnswer = previewFetcher.data as ActionData | undefined;
  const preview = previewFetcher.state === "idle" && previewAnswer?.ok && previewAnswer.preview && dismissed !== previewAnswer ? previewAnswer.preview : null;

  const closed = sale.status === "cancelled";
  const mine = useMemo(() => {
    const out = new Map<number, string>();
    for (const p of places) if (p.status === "held" && p.seat && Number.isInteger(Number(p.seat))) out.set(Number(p.seat), p.id);
    return out;
  }, [places]);
  const heldPending = places.filter((p) => p.status === "held");
  const busy = fetcher.state !== "idle";
  const money = (c: number) => formatMoney(c, sale.currency, i18n.language);

  const apply = () => {
    if (!previewedForm) return;
    const form = new FormData();
    for (const [k, v] of previewedForm.entries()) if (k !== "preview") form.append(k, v);
    setDismissed(previewAnswer);
    applyFetcher.submit(form, { method: "post" });
  };

  return (
    <Flex
      direction="column"
      gap="4"
      data-testid="excursion-sale"
      data-status={sale.status}
      data-version={sale.version}
      onSubmitCapture={(e) => {
        const form = e.target as HTMLFormElement;
        if (form.querySelector('input[name="preview"]')) setPreviewedForm(new FormData(form));
      }}
    >
      <PageHeader
        title={t("sales.excursions.manageTitle", { number: sale.number, excursion: excursion.title })}
        subtitle={`${loaderData.buyer} · ${loaderData.seller} · ${t("sales.excursions.fields.departure")}: ${formatDateTime(excursion.departureAt, i18n.language, timeZone)}`}
        trail={[{ label: t("menu.vendas.title"), href: null }, { label: t("sales.excursions.title"), href: href("/vendas/excursoes") }]}
        aside={<SaleStatusBadge status={sale.status} />}
      />
      {sale.status === "cancelled" && sale.cancelReason && <Notice tone="info">{sale.cancelReason}</Notice>}
      <Grid columns={{ initial: "1", md: "2" }} gap="4" align="start">
        <SectionCard title={t("sales.excursions.seats.title")} testId="seats-section">
          {layout ? (
            <LiveSeatMap
              layout={layout}
              room={room}
              me={me}
              seats={seats}
              mine={mine}
              disabled={closed || busy}
              onHold={(seat) => fetcher.submit({ intent: "hold", seat: String(seat) }, { method: "post" })}
              onRelease={(place) => fetcher.submit({ intent: "release", place }, { method: "post" })}
            />
          ) : (
            <Flex direction="column" gap="2">
              <Text size="2" color="gray">
                {t("sales.excursions.seats.noSeatMap")}
              </Text>
              {!closed && (
                <fetcher.Form method="post">
                  <input type="hidden" name="intent" value="hold" />
                  <Button type="submit" variant="soft" data-testid="place-add">
                    {t("sales.excursions.seats.addPlace")}
                  </Button>
                </fetcher.Form>
              )}
            </Flex>
          )}
        </SectionCard>
        <Flex direction="column" gap="4">
          {preview && <EffectPreview preview={preview} currency={sale.currency} busy={applyFetcher.state !== "idle"} onApply={apply} onDiscard={() => setDismissed(previewAnswer)} />}
          <SectionCard title={t("sales.common.total")}>
            <Flex direction="column" gap="1" data-testid="sale-totals">
              <Text size="2">
                {t("sales.common.passengers")}: {sale.passengerCount}
              </Text>
              <Text size="2">
                {t("sales.common.price")}: {money(sale.priceCents)}
              </Text>
              <Text size="2">
                {t("sales.common.discount")}: {money(sale.discountCents)}
              </Text>
              <Text weight="bold" data-testid="sale-total">
                {t("sales.common.total")}: {money(sale.totalCents)}
              </Text>
            </Flex>
            {sale.status === "draft" && (
              <Box mt="3">
                <Text as="p" size="2" color="gray" mb="2">
                  {t("sales.excursions.confirm.hint")}
                </Text>
                <fetcher.Form method="post">
                  <input type="hidden" name="intent" value="confirm" />
                  <input type="hidden" name="version" value={sale.version} />
                  <Button type="submit" disabled={busy || places.length === 0} data-testid="sale-confirm">
                    {t("sales.common.confirm")}
                  </Button>
                </fetcher.Form>
              </Box>
            )}
            {sale.status === "confirmed" && heldPending.length > 0 && (
              <Box mt="3">
                <Text as="p" weight="medium">
                  {t("sales.excursions.pending.title")}
                </Text>
                <Text as="p" size="2" color="gray" mb="2">
                  {t("sales.excursions.pending.hint")}
                </Text>
                <previewFetcher.Form method="post">
                  <input type="hidden" name="intent" value="apply" />
                  <input type="hidden" name="version" value={sale.version} />
                  <input type="hidden" name="preview" value="1" />
                  <Button type="submit" variant="soft" data-testid="pending-preview">
                    {t("sales.excursions.pending.preview")}
                  </Button>
                </previewFetcher.Form>
              </Box>
            )}
          </SectionCard>
        </Flex>
      </Grid>

      <SectionCard title={t("sales.excursions.places.title")} testId="places-section">
        {places.length === 0 ? (
          <Text size="2" color="gray">
            {t("sales.excursions.places.empty")}
          </Text>
        ) : (
          <Flex direction="column" gap="3">
            {places.map((p, i) => (
              <PlaceRow
                key={`${p.id}-${sale.version}-${p.status}-${p.priceCents}`}
                place={p}
                index={i}
                saleStatus={sale.status}
                version={sale.version}
                currency={sale.currency}
                clients={clients}
                boardings={boardings}
                withSeats={!!layout}
                fetcher={fetcher}
                previewFetcher={previewFetcher}
                timeZone={timeZone}
              />
            ))}
          </Flex>
        )}
      </SectionCard>

      {!closed && (
        <SectionCard title={t("sales.excursions.plan.title")}>
          <PlanForm key={sale.version} sale={sale} terms={terms} methods={METHODS} fetcher={sale.status === "confirmed" ? previewFetcher : fetcher} confirmed={sale.status === "confirmed"} />
        </SectionCard>
      )}

      <VoucherLinks vouchers={loaderData.vouchers} />

      <SectionCard title={t("sales.common.titles")}>
        <TitlesList titles={titles} currency={sale.currency} />
      </SectionCard>

      {!closed && (
        <SectionCard title={t("sales.common.cancel")}>
          <Text as="p" size="2" color="gray" mb="2">
            {t("sales.excursions.cancel.hint")}
          </Text>
          <fetcher.Form method="post">
            <input type="hidden" name="intent" value="cancel" />
            <input type="hidden" name="version" value={sale.version} />
            <Flex direction="column" gap="2" style={{ maxWidth: 520 }}>
              <Text as="label" size="2" weight="medium" htmlFor="cancel-reason">
                {t("sales.common.cancelReason")}
              </Text>
              <TextArea id="cancel-reason" name="reason" maxLength={300} />
              <Box>
                <Button type="submit" color="red" variant="soft" data-testid="sale-cancel">
                  {t("sales.common.cancel")}
                </Button>
              </Box>
            </Flex>
          </fetcher.Form>
        </SectionCard>
      )}

      {loaderData.commission && <SaleCommissionCard commission={loaderData.commission} />}

      <LinkedTasks tasks={loaderData.tasks} timeZone={timeZone} now={loaderData.now} kind="sale" id={sale.id} />

      <SectionCard title={t("sales.common.timeline")}>
        <TimelineList entries={timeline} timeZone={timeZone} />
      </SectionCard>
    </Flex>
  );
}

export { ShellErrorBoundary as ErrorBoundary } from "~/components/ui/RouteError";

import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Badge, Button, Card, Flex, Text } from "@radix-ui/themes";
import { useTranslation } from "react-i18next";
import { Form, Link, useNavigation } from "react-router";
import { FormActions } from "~/components/kit/FormActions";
import { useLazyForm } from "~/components/kit/lazy-form";
import { FormField, FormSection, SelectField, TextAreaField } from "~/components/ui/FormField";
import { ClientPicker } from "~/components/crm/ClientPicker";
import { LinkedTasks } from "~/components/tasks/LinkedTasks";
import { PageHeader } from "~/components/ui/PageHeader";
import { DEAL_ID, dealHref, LOGGED_KINDS, SOURCES } from "~/lib/crm/deal";
import { activitySchema, dealEditSchema, dealSchema } from "~/lib/crm/deal.schema";
import {
  convertLead,
  createDeal,
  dealClientOptions,
  dealFormValues,
  dealTimeline,
  findDeal,
  listStages,
  logActivity,
  ownerOptions,
  seesAllDeals,
  updateDeal,
} from "~/lib/crm/deal.server";
import { CRM_PATH } from "~/lib/crm/stages";
import { quoteEditHref, quoteNewHref, quoteState } from "~/lib/crm/quote";
import { dealQuotes } from "~/lib/crm/quote.server";
import { emissivoEditPath } from "~/lib/sales/emissivo";
import { findSale } from "~/lib/sales/sale-core.server";
import { linkedOpenTasks } from "~/lib/tasks/tasks.server";
import { todayIn } from "~/lib/platform/time-zone";
import { formatMoney } from "~/lib/platform/format";
import { malformed, parseForm } from "~/lib/kit/forms";
import { redirectWithToast } from "~/lib/platform/flash.server";
import { formatDateTime } from "~/lib/platform/format";
import { translate } from "~/lib/platform/translate";
import { badRequest, conflict, notFound } from "~/lib/platform/http";
import { getEnv } from "~/middleware/cloudflare";
import { getI18n } from "~/middleware/i18n";
import { requireModule, requireScope } from "~/middleware/session";
import registersStyles from "~/styles/registers.css?url";
import type { Route } from "./+types/negocios.form";

export const middleware: Route.MiddlewareFunction[] = [requireModule("crm")];
export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: registersStyles }];

/** /crm/negocios/novo or /crm/negocios/editar/{id} with its timeline; 404 for another agency's deal (or another user's, for an Agente). */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const scope = requireScope(context, request);
  const { t } = getI18n(context);
  const row = params.id ? (DEAL_ID.test(params.id) ? await findDeal(scope, params.id) : null) : null;
  if (params.id && !row) throw notFound();
  const [stages, clients, owners, timeline, quotes, tasks, sale] = await Promise.all([
    listStages(scope),
    dealClientOptions(scope, "", row?.clientId ?? null),
    ownerOptions(scope),
    row ? dealTimeline(scope, row.id) : [],
    row ? dealQuotes(scope, row.id) : [],
    row ? linkedOpenTasks(scope, "deal", row.id) : [],
    row?.saleId ? findSale(scope, row.saleId, "emissivo") : null,
  ]);
  const today = todayIn(scope.timeZone);
  const stage = row ? stages.find((s) => s.id === row.stageId) : undefined;
  return {
    deal: row ? { id: row.id, number: row.number, title: row.title, version: row.version, isLead: !row.clientId, stage: stage ? { name: stage.name, slug: stage.slug, kind: stage.kind } : null } : null,
    values: { ...dealFormValues(row), ...(row ? {} : { ownerUserId: scope.userId }) },
    stages: stages.map((s) => ({ value: s.id, label: s.name })),
    clients,
    owners,
    ownerLocked: !seesAllDeals(scope.role),
    timeline,
    quotes: quotes.map((q) => ({ id: q.id, number: q.number, title: q.title, state: quoteState(q.status, q.validUntil, today), totalCents: q.totalCents, currency: q.currency, lastViewedAt: q.lastViewedAt, viewCount: q.viewCount })),
    // Its open tasks (Tarefas) and the sale it became (the viewer's to see), read-only.
    tasks,
    sale: sale ? { href: emissivoEditPath(sale.id), number: sale.number, status: sale.status } : null,
    now: Date.now(),
    timeZone: scope.timeZone,
    documentTitle: row ? row.title : t("crm.deal.new"),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData ? `${loaderData.documentTitle} · CRM · Rota` : "Rota" }];

/** intent=save (create / update with the version), log (an activity), convert (the lead becomes a client). */
export async function action({ context, request, params }: Route.ActionArgs) {
  const scope = requireScope(context, request);
  const env = getEnv(context);
  const row = params.id ? (DEAL_ID.test(params.id) ? await findDeal(scope, params.id) : null) : null;
  if (params.id && !row) throw notFound();
  const formData = await request.formData();
  const intent = formData.get("intent");
  if (row && intent === "log") {
    const submission = parseForm(formData, activitySchema);
    if (!submission) return malformed();
    if (submission.status !== "success") return badRequest({ activity: submission.reply() });
    await logActivity(scope, row, submission.value);
    return { toast: { title: "crm.timeline.logged" } };
  }
  if (row && intent === "convert") {
    const converted = await convertLead(scope, env, row);
    if (converted.ok) return { toast: { title: "crm.deal.converted" } };
    if (converted.reason === "stale") return conflict({ toast: { title: "crm.deal.stale", variant: "destructive" as const } });
    const title = converted.reason === "notLead" ? "crm.errors.notLead" : (Object.values(converted.errors ?? {})[0]?.[0] ?? "records.errors.taken");
    return badRequest({ toast: { title, variant: "destructive" as const } });
  }
  if (intent !== "save" && intent !== null) return malformed();
  const submission = parseForm(formData, row ? dealEditSchema : dealSchema);
  if (!submission) return malformed();
  if (submission.status !== "success") return badRequest({ result: submission.reply() });
  const input = submission.value;
  const saved = row ? await updateDeal(scope, env, row, input, (input as unknown as { version: number }).version) : await createDeal(scope, env, input);
  if (saved.ok) return redirectWithToast(dealHref(saved.id), { title: row ? "crm.deal.saved" : "crm.deal.created" });
  if (saved.reason === "stale") return conflict({ result: submission.reply({ formErrors: ["crm.deal.stale"] }) });
  const field = { client: "clientId", owner: "ownerUserId", stage: "stageId", lostReason: "lostReason" }[saved.reason];
  return badRequest({ result: submission.reply({ fieldErrors: { [field]: [`crm.errors.${saved.reason}`] } }) });
}

export default function DealForm({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const { deal, values, stages, clients, owners, ownerLocked, timeline, quotes, tasks, sale, now, timeZone } = loaderData;
  const navigation = useNavigation();
  const [form, fields] = useLazyForm({
    id: `deal-${deal?.id ?? "new"}-${deal?.version ?? 0}`,
    loadSchema: () => import("~/lib/crm/deal.schema").then((m) => (deal ? m.dealEditSchema : m.dealSchema)),
    lastResult: (actionData as { result?: SubmissionResult<string[]> } | undefined)?.result,
    defaultValue: values,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const busy = navigation.state === "submitting";
  return (
    <Flex direction="column" gap="4" maxWidth="960px" data-testid="deal-form-page">
      <PageHeader
        title={deal ? deal.title : t("crm.deal.new")}
        subtitle={deal ? t("crm.deal.editSubtitle", { number: deal.number }) : t("crm.deal.newSubtitle")}
        trail={[{ label: t("menu.crm.title"), href: CRM_PATH }, ...(deal?.stage ? [{ label: deal.stage.name, href: `/crm/${deal.stage.slug}` }] : [])]}
        aside={deal?.stage && <Badge data-testid="deal-stage">{deal.stage.name}</Badge>}
        actions={
          deal?.isLead && (
            <Form method="post">
              <Button type="submit" name="intent" value="convert" variant="soft" data-testid="deal-convert">
                {t("crm.deal.convert")}
              </Button>
            </Form>
          )
        }
      />
      <Form method="post" {...getFormProps(form)} className="record-form">
        {deal && <input type="hidden" name="version" value={deal.version} />}
        {form.errors?.map((e) => (
          <Text key={e} color="red" role="alert">
            {translate(i18n, e)}
          </Text>
        ))}
        <FormSection title={t("crm.deal.sections.contact")} hint={t("crm.deal.clientHint")}>
          <div className="form-grid">
            <div className="span-all">
              <ClientPicker field={fields.clientId} initial={clients} />
            </div>
            <FormField field={fields.leadName} label={t("crm.fields.leadName")} autoComplete="off" />
            <FormField field={fields.leadPhone} label={t("crm.fields.leadPhone")} inputMode="tel" />
            <FormField field={fields.leadEmail} label={t("crm.fields.leadEmail")} type="email" />
          </div>
        </FormSection>
        <FormSection title={t("crm.deal.sections.deal")}>
          <div className="form-grid">
            <div className="span-all">
              <FormField field={fields.title} label={t("crm.fields.title")} required autoComplete="off" />
            </div>
            <FormField field={fields.destination} label={t("crm.fields.destination")} />
            <FormField field={fields.passengers} label={t("crm.fields.passengers")} inputMode="numeric" />
            <FormField field={fields.travelStart} label={t("crm.fields.travelStart")} type="date" />
            <FormField field={fields.travelEnd} label={t("crm.fields.travelEnd")} type="date" />
            <FormField field={fields.value} label={t("crm.fields.value")} inputMode="decimal" placeholder="0,00" />
            {!deal && <SelectField field={fields.stageId} label={t("crm.fields.stageId")} options={[{ value: "", label: "—" }, ...stages]} />}
          </div>
        </FormSection>
        <FormSection title={t("crm.deal.sections.follow")}>
          <div className="form-grid">
            <FormField field={fields.expectedCloseDate} label={t("crm.fields.expectedCloseDate")} type="date" />
            {ownerLocked ? null : <SelectField field={fields.ownerUserId} label={t("crm.fields.ownerUserId")} options={owners} />}
            <SelectField field={fields.source} label={t("crm.fields.source")} options={SOURCES.map((s) => ({ value: s, label: t(`crm.sources.${s}`) }))} />
            {(deal?.stage?.kind === "lost" || !deal) && <FormField field={fields.lostReason} label={t("crm.fields.lostReason")} />}
            <div className="span-all">
              <TextAreaField field={fields.notes} label={t("crm.fields.notes")} rows={3} />
            </div>
          </div>
        </FormSection>
        <FormActions cancelHref={deal?.stage ? `/crm/${deal.stage.slug}` : CRM_PATH} busy={busy} saveLabel={t("crm.deal.save")} />
      </Form>
      {deal && (
        <Card data-testid="deal-quotes">
          <Flex direction="column" gap="2">
            <Flex justify="between" align="center">
              <Text weight="bold" size="4">
                {t("crm.quotes.title")}
              </Text>
              <Button asChild variant="soft">
                <Link to={quoteNewHref(deal.id)} data-testid="deal-new-quote">
                  {t("crm.quotes.new")}
                </Link>
              </Button>
            </Flex>
            {quotes.length === 0 ? (
              <Text color="gray">{t("crm.quotes.none")}</Text>
            ) : (
              <ul style={{ margin: 0, paddingLeft: "1.2em" }}>
                {quotes.map((q) => (
                  <li key={q.id} data-testid="deal-quote">
                    <Link to={quoteEditHref(q.id)}>
                      #{q.number} {q.title}
                    </Link>{" "}
                    · <Badge>{t(`crm.quotes.status.${q.state === "open" ? "sent" : q.state}`)}</Badge> · {formatMoney(q.totalCents, q.currency, i18n.language)}
                    {q.lastViewedAt && (
                      <Text size="1" color="gray">
                        {" "}
                        · {t("crm.quotes.opened", { at: formatDateTime(q.lastViewedAt, i18n.language, timeZone), count: q.viewCount })}
                      </Text>
                    )}
                  </li>
                ))}
              </ul>
            )}
          </Flex>
        </Card>
      )}
      {deal && sale && (
        <Text data-testid="deal-sale">
          <Link to={sale.href}>{t("crm.client.sale", { number: sale.number })}</Link> · <Badge>{t(`sales.status.${sale.status}`)}</Badge>
        </Text>
      )}
      {deal && <LinkedTasks tasks={tasks} timeZone={timeZone} now={now} kind="deal" id={deal.id} />}
      {deal && (
        <Card data-testid="deal-timeline">
          <Flex direction="column" gap="3">
            <Text weight="bold" size="4">
              {t("crm.timeline.title")}
            </Text>
            <Form method="post">
              <Flex gap="2" align="end" wrap="wrap">
                <label>
                  <Text as="div" size="1">
                    {t("crm.timeline.kind")}
                  </Text>
                  <select name="kind" className="native-select" defaultValue="note" data-testid="activity-kind">
                    {LOGGED_KINDS.map((k) => (
                      <option key={k} value={k}>
                        {t(`crm.timeline.kinds.${k}`)}
                      </option>
                    ))}
                  </select>
                </label>
                <label style={{ flex: "1 1 240px" }}>
                  <Text as="div" size="1">
                    {t("crm.timeline.body")}
                  </Text>
                  <textarea name="body" required maxLength={4000} rows={2} className="rt-reset" style={{ width: "100%" }} data-testid="activity-body" />
                </label>
                <Button type="submit" name="intent" value="log" data-testid="activity-log">
                  {t("crm.timeline.log")}
                </Button>
              </Flex>
            </Form>
            {timeline.length === 0 ? (
              <Text color="gray">{t("crm.timeline.empty")}</Text>
            ) : (
              <ol style={{ margin: 0, paddingLeft: "1.2em" }}>
                {timeline.map((a) => (
                  <li key={a.id} data-testid="timeline-item" data-kind={a.kind}>
                    <Text size="2" weight="medium">
                      {t(`crm.timeline.kinds.${a.kind}`)}
                    </Text>
                    {a.kind === "stage_change" && a.fromStage && a.toStage && <Text size="2"> · {t("crm.timeline.stageChange", { from: a.fromStage, to: a.toStage })}</Text>}
                    <Text size="1" color="gray">
                      {" "}
                      · {formatDateTime(a.occurredAt, i18n.language, timeZone)}
                      {a.userName ? ` · ${a.userName}` : ""}
                    </Text>
                    {a.body && (
                      <Text as="p" size="2" style={{ whiteSpace: "pre-wrap", margin: 0 }}>
                        {a.body}
                      </Text>
                    )}
                  </li>
                ))}
              </ol>
            )}
          </Flex>
        </Card>
      )}
      <Link to={CRM_PATH}>{t("crm.list.backToBoard")}</Link>
    </Flex>
  );
}


export { ShellErrorBoundary as ErrorBoundary } from "~/components/ui/RouteError";

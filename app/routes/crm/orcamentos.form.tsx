import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Badge, Button, Card, Flex, Text, TextField } from "@radix-ui/themes";
import { Plus } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Form, Link, useNavigation } from "react-router";
import { useLazyForm } from "~/components/kit/lazy-form";
import { ListError, RowButtons } from "~/components/services/ServiceFormParts";
import { FormField, FormSection, SelectField, TextAreaField, type AnyField } from "~/components/ui/FormField";
import { PageHeader } from "~/components/ui/PageHeader";
import { DEAL_ID, dealHref } from "~/lib/crm/deal";
import { findDeal } from "~/lib/crm/deal.server";
import { BLANK_ROWS, MAX_QUOTE_ITEMS, QUOTE_LANGS, publicQuoteHref, quoteEditHref, quoteState } from "~/lib/crm/quote";
import { quoteEditSchema, quoteSchema } from "~/lib/crm/quote.schema";
import { createQuote, findQuote, quoteChoices, quoteItems, sendQuote, updateQuote } from "~/lib/crm/quote.server";
import { CRM_PATH } from "~/lib/crm/stages";
import { malformed, parseForm } from "~/lib/kit/forms";
import { redirectWithToast } from "~/lib/platform/flash.server";
import { formatDateTime, formatMoney } from "~/lib/platform/format";
import { badRequest, conflict, notFound } from "~/lib/platform/http";
import { todayIn } from "~/lib/platform/time-zone";
import { translate } from "~/lib/platform/translate";
import { getMailer } from "~/middleware/cloudflare";
import { getI18n } from "~/middleware/i18n";
import { requireModule, requireScope } from "~/middleware/session";
import registersStyles from "~/styles/registers.css?url";
import type { Route } from "./+types/orcamentos.form";

export const middleware: Route.MiddlewareFunction[] = [requireModule("crm")];
export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: registersStyles }];

const cents = (v: number) => (v ? (v / 100).toFixed(2).replace(".", ",") : "");

async function load(scope: ReturnType<typeof requireScope>, request: Request, id: string | undefined) {
  if (id) {
    const row = DEAL_ID.test(id) ? await findQuote(scope, id) : null;
    if (!row) throw notFound();
    const deal = await findDeal(scope, row.dealId);
    if (!deal) throw notFound();
    return { row, deal };
  }
  const dealId = new URL(request.url).searchParams.get("negocio") ?? "";
  const deal = DEAL_ID.test(dealId) ? await findDeal(scope, dealId) : null;
  if (!deal) throw notFound();
  return { row: null, deal };
}

/** /crm/orcamentos/novo?negocio={deal} or /crm/orcamentos/editar/{id}: 404 for another agency's deal or quote. */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const scope = requireScope(context, request);
  const { row, deal } = await load(scope, request, params.id);
  const [items, choices] = await Promise.all([row ? quoteItems(scope.db, scope.agencyId, row.id) : [], quoteChoices(scope)]);
  const origin = new URL(request.url).origin;
  const rows = [
    ...items.map((it) => ({ productKindId: it.productKindId, supplierId: it.supplierId ?? "", description: it.description, startDate: it.startDate ?? "", endDate: it.endDate ?? "", cost: cents(it.costCents), price: cents(it.priceCents), fees: cents(it.feesCents) })),
    ...Array.from({ length: Math.min(BLANK_ROWS, MAX_QUOTE_ITEMS - items.length) }, () => ({ productKindId: "", supplierId: "", description: "", startDate: "", endDate: "", cost: "", price: "", fees: "" })),
  ];
  return {
    deal: { id: deal.id, title: deal.title },
    quote: row
      ? {
          id: row.id,
          number: row.number,
          version: row.version,
          status: row.status,
          state: quoteState(row.status, row.validUntil, todayIn(scope.timeZone)),
          link: `${origin}${publicQuoteHref(row.slug)}`,
          firstViewedAt: row.firstViewedAt,
          lastViewedAt: row.lastViewedAt,
          viewCount: row.viewCount,
          totalCents: row.totalCents,
          currency: row.currency,
        }
      : null,
    values: {
      title: row?.title ?? deal.title,
      language: row?.language ?? "pt",
      validUntil: row?.validUntil ?? "",
      terms: row?.terms ?? "",
      discount: row ? cents(row.discountCents) : "",
    },
    rows,
    kinds: choices.kinds,
    suppliers: choices.suppliers,
    timeZone: scope.timeZone,
    documentTitle: row ? getI18n(context).t("crm.quotes.edit", { number: row.number }) : getI18n(context).t("crm.quotes.new"),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData ? `${loaderData.documentTitle} · CRM · Rota` : "Rota" }];

/** intent=save (create / update with the version) or send (status sent, the link mailed to the client when it has an e-mail). */
export async function action({ context, request, params }: Route.ActionArgs) {
  const scope = requireScope(context, request);
  const { row, deal } = await load(scope, request, params.id);
  const formData = await request.formData();
  const intent = formData.get("intent");
  if (row && intent === "send") {
    const sent = await sendQuote(scope, getMailer(context), new URL(request.url).origin, row);
    if (!sent.ok) return conflict({ toast: { title: sent.reason === "closed" ? "crm.quotes.closed" : "crm.quotes.stale", variant: "destructive" as const } });
    return redirectWithToast(quoteEditHref(row.id), sent.mailed ? { title: "crm.quotes.sentMailed", values: { email: sent.mailed } } : { title: "crm.quotes.sent" });
  }
  // No intent: a row added or removed without JavaScript (Conform's list intents), answered with the form as posted.
  if (intent !== "save" && intent !== null) return malformed();
  const submission = parseForm(formData, row ? quoteEditSchema : quoteSchema);
  if (!submission) return malformed();
  if (submission.status !== "success") return badRequest({ result: submission.reply() });
  const saved = row ? await updateQuote(scope, row, submission.value as typeof submission.value & { version: number }) : await createQuote(scope, deal, submission.value);
  if (saved.ok) return redirectWithToast(quoteEditHref(saved.id), { title: "crm.quotes.saved" });
  if (saved.reason === "invalid") return badRequest({ result: submission.reply({ fieldErrors: saved.errors ?? {} }) });
  return conflict({ result: submission.reply({ formErrors: [saved.reason === "closed" ? "crm.quotes.closed" : "crm.quotes.stale"] }) });
}

type ActionData = { result?: SubmissionResult<string[]> };
const EMPTY_ITEM = { productKindId: "", supplierId: "", description: "", startDate: "", endDate: "", cost: "", price: "", fees: "" };

export default function QuoteForm({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const { deal, quote, values, rows, kinds, suppliers, timeZone } = loaderData;
  const [form, fields] = useLazyForm({
    id: `quote-${quote?.id ?? "new"}-${quote?.version ?? 0}`,
    loadSchema: () => import("~/lib/crm/quote.schema").then((m) => (quote ? m.quoteEditSchema : m.quoteSchema)),
    lastResult: (actionData as ActionData | undefined)?.result,
    defaultValue: { ...values, items: rows },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const items = fields.items.getFieldList();
  const busy = useNavigation().state === "submitting";
  const closed = quote?.status === "accepted" || quote?.status === "declined";
  const kindOptions = [{ value: "", label: "—" }, ...kinds.map((k) => ({ value: k.value, label: translate(i18n, `products.kinds.${k.kind}`) }))];
  const supplierOptions = [{ value: "", label: "—" }, ...suppliers];
  return (
    <Flex direction="column" gap="4" maxWidth="1100px" data-testid="quote-form-page">
      <PageHeader
        title={quote ? t("crm.quotes.edit", { number: quote.number }) : t("crm.quotes.new")}
        subtitle={deal.title}
        trail={[
          { label: t("menu.crm.title"), href: CRM_PATH },
          { label: deal.title, href: dealHref(deal.id) },
        ]}
        aside={quote && <Badge data-testid="quote-status">{t(`crm.quotes.status.${quote.state === "expired" ? "expired" : quote.status}`)}</Badge>}
        actions={
          quote &&
          !closed && (
            // Sending needs none of the fields: its own form (the version it was shown at).
            <Form method="post">
              <input type="hidden" name="version" value={quote.version} />
              <Button type="submit" name="intent" value="send" variant="soft" disabled={busy} data-testid="quote-send">
                {t("crm.quotes.send")}
              </Button>
            </Form>
          )
        }
      />
      {quote && quote.status !== "draft" && (
        <Card data-testid="quote-link-card">
          <Flex direction="column" gap="2">
            <Text weight="medium">{t("crm.quotes.link")}</Text>
            <Flex gap="2" align="center" wrap="wrap">
              <TextField.Root readOnly value={quote.link} style={{ flex: "1 1 320px" }} data-testid="quote-link" aria-label={t("crm.quotes.link")} onFocus={(e) => e.currentTarget.select()} />
              <Button type="button" variant="soft" onClick={() => void navigator.clipboard?.writeText(quote.link)}>
                {t("crm.quotes.copy")}
              </Button>
            </Flex>
            <Text size="2" color="gray" data-testid="quote-opened">
              {quote.lastViewedAt ? t("crm.quotes.opened", { at: formatDateTime(quote.lastViewedAt, i18n.language, timeZone), count: quote.viewCount }) : t("crm.quotes.notOpened")}
            </Text>
          </Flex>
        </Card>
      )}
      <Form method="post" {...getFormProps(form)} className="record-form">
        {quote && <input type="hidden" name="version" value={quote.version} />}
        {form.errors?.map((e) => (
          <Text key={e} color="red" role="alert">
            {translate(i18n, e)}
          </Text>
        ))}
        <fieldset disabled={closed} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
          <FormSection title={t("crm.quotes.title")}>
            <div className="form-grid">
              <div className="span-all">
                <FormField field={fields.title} label={t("crm.quotes.fields.title")} required autoComplete="off" />
              </div>
              <SelectField field={fields.language} label={t("crm.quotes.fields.language")} options={QUOTE_LANGS.map((l) => ({ value: l, label: t(`crm.quotes.languages.${l}`) }))} />
              <FormField field={fields.validUntil} label={t("crm.quotes.fields.validUntil")} type="date" required />
              <FormField field={(fields as unknown as Record<"discount", AnyField>).discount} label={t("crm.quotes.fields.discount")} inputMode="decimal" placeholder="0,00" />
            </div>
          </FormSection>
          <FormSection title={t("crm.quotes.items")} hint={t("crm.quotes.addRows")}>
            <Flex direction="column" gap="3">
              <ListError field={fields.items} />
              {items.map((item, i) => {
                // The posted row's fields (the schema's output names the money in cents).
                const f = item.getFieldset() as unknown as Record<keyof typeof EMPTY_ITEM, AnyField>;
                return (
                  <Card key={item.key} data-testid="quote-item-row">
                    <Flex justify="between" align="center" mb="2">
                      <Text size="2" weight="medium">
                        {t("crm.quotes.item", { number: i + 1 })}
                      </Text>
                      <RowButtons form={form} name={fields.items.name} index={i} count={items.length} label={String(i + 1)} removeLabel={t("crm.quotes.removeItem", { number: i + 1 })} keepOne={false} />
                    </Flex>
                    <div className="form-grid">
                      <SelectField field={f.productKindId} label={t("crm.quotes.fields.productKindId")} options={kindOptions} />
                      <SelectField field={f.supplierId} label={t("crm.quotes.fields.supplierId")} options={supplierOptions} />
                      <div className="span-all">
                        <FormField field={f.description} label={t("crm.quotes.fields.description")} autoComplete="off" />
                      </div>
                      <FormField field={f.startDate} label={t("crm.quotes.fields.startDate")} type="date" />
                      <FormField field={f.endDate} label={t("crm.quotes.fields.endDate")} type="date" />
                      <FormField field={f.cost} label={t("crm.quotes.fields.cost")} inputMode="decimal" placeholder="0,00" />
                      <FormField field={f.price} label={t("crm.quotes.fields.price")} inputMode="decimal" placeholder="0,00" />
                      <FormField field={f.fees} label={t("crm.quotes.fields.fees")} inputMode="decimal" placeholder="0,00" />
                    </div>
                  </Card>
                );
              })}
              {items.length < MAX_QUOTE_ITEMS && (
                <div>
                  <Button type="submit" variant="ghost" {...form.insert.getButtonProps({ name: fields.items.name, defaultValue: EMPTY_ITEM })} data-testid="quote-add-item">
                    <Plus size={14} aria-hidden /> {t("crm.quotes.addItem")}
                  </Button>
                </div>
              )}
            </Flex>
          </FormSection>
          <FormSection title={t("crm.quotes.fields.terms")}>
            <TextAreaField field={fields.terms} label={t("crm.quotes.fields.terms")} rows={3} />
          </FormSection>
          {quote && (
            <Text as="p" weight="bold" data-testid="quote-total">
              {t("crm.quotes.fields.total")}: {formatMoney(quote.totalCents, quote.currency, i18n.language)}
            </Text>
          )}
          <Flex gap="2" mt="3" wrap="wrap">
            <Button type="submit" name="intent" value="save" size="3" disabled={busy} data-testid="quote-save">
              {t("crm.quotes.save")}
            </Button>
            <Button asChild size="3" variant="soft" color="gray">
              <Link to={dealHref(deal.id)}>{t("forms.cancel")}</Link>
            </Button>
          </Flex>
        </fieldset>
      </Form>
    </Flex>
  );
}

export { ShellErrorBoundary as ErrorBoundary } from "~/components/ui/RouteError";

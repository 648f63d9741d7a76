import { Badge, Button, Card, Flex, Text, TextField } from "@radix-ui/themes";
import { Fragment } from "react";
import { useTranslation } from "react-i18next";
import { Form, useNavigation } from "react-router";
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
    if (!sent.ok) return conflict({ errors: { "": [sent.reason === "closed" ? "crm.quotes.closed" : "crm.quotes.stale"] } });
    return redirectWithToast(quoteEditHref(row.id), sent.mailed ? { title: "crm.quotes.sentMailed", values: { email: sent.mailed } } : { title: "crm.quotes.sent" });
  }
  if (intent !== "save") return malformed();
  const submission = parseForm(formData, row ? quoteEditSchema : quoteSchema);
  if (!submission) return malformed();
  if (submission.status !== "success") return badRequest({ errors: submission.error ?? {} });
  const saved = row ? await updateQuote(scope, row, submission.value as typeof submission.value & { version: number }) : await createQuote(scope, deal, submission.value);
  if (saved.ok) return redirectWithToast(quoteEditHref(saved.id), { title: "crm.quotes.saved" });
  if (saved.reason === "invalid") return badRequest({ errors: saved.errors ?? {} });
  return conflict({ errors: { "": [saved.reason === "closed" ? "crm.quotes.closed" : "crm.quotes.stale"] } });
}

export default function QuoteForm({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const { deal, quote, values, rows, kinds, suppliers, timeZone } = loaderData;
  const errors = ((actionData as { errors?: Record<string, string[] | null> } | undefined)?.errors ?? {}) as Record<string, string[] | null>;
  const err = (name: string) => {
    const e = errors[name]?.[0];
    return e ? (
      <Text size="1" color="red" role="alert">
        {translate(i18n, e)}
      </Text>
    ) : null;
  };
  const busy = useNavigation().state === "submitting";
  const closed = quote?.status === "accepted" || quote?.status === "declined";
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
      />
      {err("")}
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
      <Form method="post" className="record-form">
        {quote && <input type="hidden" name="version" value={quote.version} />}
        <fieldset disabled={closed} style={{ border: 0, padding: 0, margin: 0 }}>
          <div className="form-grid">
            <label className="span-all">
              <Text as="div" size="2" weight="medium">
                {t("crm.quotes.fields.title")}
              </Text>
              <TextField.Root name="title" defaultValue={values.title} required maxLength={200} />
              {err("title")}
            </label>
            <label>
              <Text as="div" size="2" weight="medium">
                {t("crm.quotes.fields.language")}
              </Text>
              <select name="language" defaultValue={values.language} className="native-select">
                {QUOTE_LANGS.map((l) => (
                  <option key={l} value={l}>
                    {t(`crm.quotes.languages.${l}`)}
                  </option>
                ))}
              </select>
            </label>
            <label>
              <Text as="div" size="2" weight="medium">
                {t("crm.quotes.fields.validUntil")}
              </Text>
              <TextField.Root name="validUntil" type="date" defaultValue={values.validUntil} required />
              {err("validUntil")}
            </label>
            <label>
              <Text as="div" size="2" weight="medium">
                {t("crm.quotes.fields.discount")}
              </Text>
              <TextField.Root name="discount" inputMode="decimal" defaultValue={values.discount} placeholder="0,00" />
              {err("discount")}
            </label>
          </div>
          <Text as="p" weight="bold" mt="3">
            {t("crm.quotes.items")}
          </Text>
          <Text as="p" size="1" color="gray">
            {t("crm.quotes.addRows")}
          </Text>
          <div style={{ display: "grid", gridTemplateColumns: "repeat(auto-fill, minmax(130px, 1fr))", gap: "var(--space-2)" }}>
            {rows.map((r, i) => (
              <Fragment key={i}>
                <Card style={{ gridColumn: "1 / -1" }} data-testid="quote-item-row">
                  <div style={{ display: "grid", gridTemplateColumns: "repeat(auto-fill, minmax(130px, 1fr))", gap: "var(--space-2)" }}>
                    <label>
                      <Text as="div" size="1">
                        {t("crm.quotes.fields.productKindId")}
                      </Text>
                      <select name={`items[${i}].productKindId`} defaultValue={r.productKindId} className="native-select">
                        <option value="">—</option>
                        {kinds.map((k) => (
                          <option key={k.value} value={k.value}>
                            {translate(i18n, `products.kinds.${k.kind}`)}
                          </option>
                        ))}
                      </select>
                      {err(`items[${i}].productKindId`)}
                    </label>
                    <label>
                      <Text as="div" size="1">
                        {t("crm.quotes.fields.supplierId")}
                      </Text>
                      <select name={`items[${i}].supplierId`} defaultValue={r.supplierId} className="native-select">
                        <option value="">—</option>
                        {suppliers.map((s) => (
                          <option key={s.value} value={s.value}>
                            {s.label}
                          </option>
                        ))}
                      </select>
                    </label>
                    <label style={{ gridColumn: "span 2" }}>
                      <Text as="div" size="1">
                        {t("crm.quotes.fields.description")}
                      </Text>
                      <TextField.Root name={`items[${i}].description`} defaultValue={r.description} maxLength={300} />
                      {err(`items[${i}].description`)}
                    </label>
                    <label>
                      <Text as="div" size="1">
                        {t("crm.quotes.fields.startDate")}
                      </Text>
                      <TextField.Root type="date" name={`items[${i}].startDate`} defaultValue={r.startDate} />
                    </label>
                    <label>
                      <Text as="div" size="1">
                        {t("crm.quotes.fields.endDate")}
                      </Text>
                      <TextField.Root type="date" name={`items[${i}].endDate`} defaultValue={r.endDate} />
                      {err(`items[${i}].endDate`)}
                    </label>
                    {(["cost", "price", "fees"] as const).map((f) => (
                      <label key={f}>
                        <Text as="div" size="1">
                          {t(`crm.quotes.fields.${f}`)}
                        </Text>
                        <TextField.Root name={`items[${i}].${f}`} inputMode="decimal" defaultValue={r[f]} placeholder="0,00" />
                        {err(`items[${i}].${f}`)}
                      </label>
                    ))}
                  </div>
                </Card>
              </Fragment>
            ))}
          </div>
          <label style={{ display: "block", marginTop: "var(--space-3)" }}>
            <Text as="div" size="2" weight="medium">
              {t("crm.quotes.fields.terms")}
            </Text>
            <textarea name="terms" defaultValue={values.terms} maxLength={4000} rows={3} style={{ width: "100%" }} />
          </label>
          {quote && (
            <Text as="p" weight="bold" data-testid="quote-total">
              {t("crm.quotes.fields.total")}: {formatMoney(quote.totalCents, quote.currency, i18n.language)}
            </Text>
          )}
          <Flex gap="2" mt="3" wrap="wrap">
            <Button type="submit" name="intent" value="save" disabled={busy} data-testid="quote-save">
              {t("crm.quotes.save")}
            </Button>
            {quote && (
              <Button type="submit" name="intent" value="send" variant="soft" disabled={busy} data-testid="quote-send" formNoValidate>
                {t("crm.quotes.send")}
              </Button>
            )}
          </Flex>
        </fieldset>
      </Form>
    </Flex>
  );
}

export { ShellErrorBoundary as ErrorBoundary } from "~/components/ui/RouteError";

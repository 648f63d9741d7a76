import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Button, Card, Checkbox, Flex, Heading, Text } from "@radix-ui/themes";
import { ArrowLeftRight, Upload } from "lucide-react";
import { useTranslation } from "react-i18next";
import { data, Form, Link, useNavigation } from "react-router";
import { useLazyForm } from "~/components/kit/lazy-form";
import { ListPage, type Column } from "~/components/kit/ListPage";
import { FormField, SelectField } from "~/components/ui/FormField";
import { CAMBIO_PATHS, rateListSpec } from "~/lib/finance/cambio/cambio";
import { convertAmount, enabledCurrencies, listRates, setEnabledCurrencies, type Conversion, type RateListRow } from "~/lib/finance/cambio/cambio.server";
import { convertSchema, currenciesSchema } from "~/lib/finance/cambio/cambio.schema";
import { BASE_CURRENCY, currencyName, displayRate, FX_CURRENCIES } from "~/lib/finance/fx";
import { canManageFinance } from "~/lib/finance/roles";
import { FORBIDDEN_ANSWER } from "~/lib/finance/settings/inline.server";
import { parseListQuery } from "~/lib/kit/list";
import { malformed, parseForm } from "~/lib/kit/forms";
import { formatDate, formatMoney } from "~/lib/platform/format";
import { forbidden } from "~/lib/platform/http";
import { todayIn } from "~/lib/platform/time-zone";
import { getI18n } from "~/middleware/i18n";
import { requireModule, requireScope } from "~/middleware/session";
import registersStyles from "~/styles/registers.css?url";
import type { Route } from "./+types/cambio";

export const middleware: Route.MiddlewareFunction[] = [requireModule("financeiro", "cambio")];
export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: registersStyles }];

/** The rates (keyset pages, newest day first; filters by currency and period), the converter and the enabled currencies. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const scope = requireScope(context, request);
  const query = parseListQuery(new URL(request.url).searchParams, rateListSpec);
  const [{ rows, page }, currencies] = await Promise.all([listRates(scope, query), enabledCurrencies(scope)]);
  return { query, rows, page, currencies, today: todayIn(scope.timeZone), timeZone: scope.timeZone, canManage: canManageFinance(scope.role), documentTitle: getI18n(context).t("menu.financeiro.cambio.title") };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData ? `${loaderData.documentTitle} · Rota` : "Rota" }];

type ActionData = { intent: "convert"; result: SubmissionResult<string[]>; conversion?: Conversion } | { intent: "currencies"; result: SubmissionResult<string[]>; toast?: { title: string } };

/** intent=convert (any member: the converter) or intent=currencies (Admin, SuperAdmin, Financeiro: the enabled currencies). */
export async function action({ context, request }: Route.ActionArgs) {
  const scope = requireScope(context, request);
  let formData: FormData;
  try {
    formData = await request.formData();
  } catch {
    return malformed();
  }
  const intent = formData.get("intent");
  if (intent === "convert") {
    const submission = parseForm(formData, convertSchema);
    if (!submission) return malformed();
    if (submission.status !== "success") return data({ intent: "convert", result: submission.reply() } satisfies ActionData, { status: 400 });
    const converted = await convertAmount(scope, submission.value);
    if (!converted.ok) return data({ intent: "convert", result: submission.reply({ fieldErrors: converted.errors }) } satisfies ActionData, { status: 400 });
    return { intent: "convert", result: submission.reply(), conversion: converted.conversion } satisfies ActionData;
  }
  if (intent === "currencies") {
    if (!canManageFinance(scope.role)) return forbidden(FORBIDDEN_ANSWER);
    const submission = parseForm(formData, currenciesSchema);
    if (!submission) return malformed();
    if (submission.status !== "success") return data({ intent: "currencies", result: submission.reply() } satisfies ActionData, { status: 400 });
    await setEnabledCurrencies(scope, submission.value.code);
    return { intent: "currencies", result: submission.reply(), toast: { title: "fx.currencies.saved" } } satisfies ActionData;
  }
  return malformed();
}

export default function Cambio({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const { query, rows, page, currencies, canManage } = loaderData;
  const answer = actionData as ActionData | undefined;
  const columns: Column<RateListRow>[] = [
    { key: "date", label: t("fx.fields.date"), sort: "date", render: (r) => <span className="nowrap">{formatDate(`${r.date}T12:00:00Z`, i18n.language, "UTC")}</span> },
    {
      key: "currency",
      label: t("fx.fields.currency"),
      render: (r) => (
        <Flex direction="column" gap="0">
          <Text weight="medium">{r.currency}</Text>
          <Text size="1" color="gray">
            {currencyName(r.currency, i18n.language)}
          </Text>
        </Flex>
      ),
    },
    { key: "rate", label: t("fx.fields.rate"), align: "right", render: (r) => <Text weight="medium" data-testid="fx-rate-value">{displayRate(r.rateE6, i18n.language)}</Text> },
    { key: "source", label: t("fx.fields.source"), secondary: true, render: (r) => t(`fx.sources.${r.source}`) },
    {
      key: "recorded",
      label: t("fx.fields.recorded"),
      wide: true,
      render: (r) => (
        <Text size="1" color="gray">
          {formatDate(r.createdAt, i18n.language, loaderData.timeZone)}
          {r.createdByName ? ` · ${r.createdByName}` : ""}
        </Text>
      ),
    },
  ];
  return (
    <Flex direction="column" gap="4">
      <ListPage
        testId="fx-rates-list"
        title={t("menu.financeiro.cambio.title")}
        subtitle={t("fx.rates.subtitle")}
        trail={[{ label: t("menu.financeiro.title"), href: null }]}
        spec={rateListSpec}
        query={query}
        page={page}
        rows={rows}
        columns={columns}
        filters={[
          { key: "currency", label: t("fx.fields.currency"), options: FX_CURRENCIES.map((c) => ({ value: c.code, label: c.code })) },
          { key: "from", label: t("fx.filters.from"), type: "date" },
          { key: "to", label: t("fx.filters.to"), type: "date" },
        ]}
        countKey="fx.rates.count"
        searchPlaceholder={t("fx.rates.searchPlaceholder")}
        rowHref={(r) => CAMBIO_PATHS.edit(r.id)}
        newHref={canManage ? CAMBIO_PATHS.newRate : undefined}
        newLabel={t("fx.rates.new")}
        actions={
          <>
            <Button asChild variant="soft" color="gray">
              <a href="#conversor">
                <ArrowLeftRight size={16} aria-hidden /> {t("fx.convert.title")}
              </a>
            </Button>
            {canManage && (
              <Button asChild variant="soft">
                <Link to={CAMBIO_PATHS.import} data-testid="fx-import-link">
                  <Upload size={16} aria-hidden /> {t("fx.import.title")}
                </Link>
              </Button>
            )}
          </>
        }
        emptyTitle={t("fx.rates.empty")}
        emptyText={t("fx.rates.emptyText")}
      />
      <Converter key={loaderData.today} currencies={currencies} today={loaderData.today} answer={answer?.intent === "convert" ? answer : undefined} />
      <Currencies enabled={currencies} canManage={canManage} />
    </Flex>
  );
}

function Converter({ currencies, today, answer }: { currencies: string[]; today: string; answer: Extract<ActionData, { intent: "convert" }> | undefined }) {
  const { t, i18n } = useTranslation();
  const busy = useNavigation().formData?.get("intent") === "convert";
  const [form, fields] = useLazyForm({
    id: "fx-convert",
    loadSchema: () => import("~/lib/finance/cambio/cambio.schema").then((m) => m.convertSchema),
    lastResult: answer?.result,
    defaultValue: { amount: "", from: currencies[0] ?? BASE_CURRENCY, to: BASE_CURRENCY, date: today },
    shouldValidate: "onBlur",
  });
  const options = [BASE_CURRENCY, ...currencies].map((c) => ({ value: c, label: `${c} — ${currencyName(c, i18n.language)}` }));
  const c = answer?.conversion;
  const rateLine = (r: Conversion["fromRate"]) =>
    r.currency === BASE_CURRENCY ? null : t("fx.convert.rateUsed", { currency: r.currency, rate: displayRate(r.rateE6, i18n.language), date: formatDate(`${r.date}T12:00:00Z`, i18n.language, "UTC"), source: t(`fx.sources.${r.source}`) });
  return (
    <Card size="3" data-testid="fx-converter" id="conversor">
      <Flex direction="column" gap="3">
        <Heading as="h2" size="4">
          <ArrowLeftRight size={18} aria-hidden /> {t("fx.convert.title")}
        </Heading>
        <Form method="post" {...getFormProps(form)}>
          <input type="hidden" name="intent" value="convert" />
          <div className="form-grid">
            <FormField field={fields.amount} label={t("fx.fields.amount")} inputMode="decimal" placeholder="1.000,00" required />
            <SelectField field={fields.from} label={t("fx.fields.from")} options={options} required />
            <SelectField field={fields.to} label={t("fx.fields.to")} options={options} required />
            <FormField field={fields.date} label={t("fx.fields.date")} type="date" required />
          </div>
          <Flex mt="3">
            <Button type="submit" disabled={busy} data-testid="fx-convert-submit">
              {t("fx.convert.submit")}
            </Button>
          </Flex>
        </Form>
        {c && (
          <Flex direction="column" gap="1" role="status" data-testid="fx-convert-result">
            <Text size="5" weight="bold">
              {formatMoney(c.amount, c.from, i18n.language)} = {formatMoney(c.result, c.to, i18n.language)}
            </Text>
            {[rateLine(c.fromRate), rateLine(c.toRate)].filter(Boolean).map((line) => (
              <Text key={line} size="2" color="gray">
                {line}
              </Text>
            ))}
          </Flex>
        )}
      </Flex>
    </Card>
  );
}

function Currencies({ enabled, canManage }: { enabled: string[]; canManage: boolean }) {
  const { t, i18n } = useTranslation();
  const busy = useNavigation().formData?.get("intent") === "currencies";
  return (
    <Card size="3" data-testid="fx-currencies">
      <Form method="post">
        <input type="hidden" name="intent" value="currencies" />
        <fieldset disabled={!canManage} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
          <Flex direction="column" gap="3">
            <Heading as="h2" size="4">
              {t("fx.currencies.title")}
            </Heading>
            <Text size="2" color="gray">
              {t("fx.currencies.hint")}
            </Text>
            <div className="form-grid">
              {FX_CURRENCIES.map((c) => (
                <Text as="label" size="2" key={c.code}>
                  <Flex gap="2" align="center">
                    <Checkbox name="code" value={c.code} defaultChecked={enabled.includes(c.code)} data-testid={`fx-currency-${c.code}`} />
                    {c.code} — {currencyName(c.code, i18n.language)}
                  </Flex>
                </Text>
              ))}
            </div>
            {canManage && (
              <Flex>
                <Button type="submit" variant="soft" disabled={busy} data-testid="fx-currencies-save">
                  {t("fx.currencies.save")}
                </Button>
              </Flex>
            )}
          </Flex>
        </fieldset>
      </Form>
    </Card>
  );
}

/** A missing record (or another agency's) shows inside the shell. */
export { ShellErrorBoundary as ErrorBoundary } from "~/components/ui/RouteError";

import { Button, Flex, Progress, Text } from "@radix-ui/themes";
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { data, Form, Link, useNavigation, useRevalidator } from "react-router";
import { ListPage, type Column } from "~/components/kit/ListPage";
import { Notice } from "~/components/ui/Notice";
import { SectionCard } from "~/components/ui/SectionCard";
import { PENDING_PATH, pendingListSpec } from "~/lib/contracts/contract";
import { parseGenerate } from "~/lib/contracts/contract.schema";
import { generateContracts, listPending, templateOptions, type BatchOutcome, type PendingRow } from "~/lib/contracts/contract.server";
import { parseListQuery } from "~/lib/kit/list";
import { formatDate, formatMoney } from "~/lib/platform/format";
import { translate } from "~/lib/platform/translate";
import { excursionSalePath } from "~/lib/sales/excursion-sale";
import { getEnv, getMailer } from "~/middleware/cloudflare";
import { getI18n } from "~/middleware/i18n";
import { requireModule, requireScope } from "~/middleware/session";
import registersStyles from "~/styles/registers.css?url";
import type { Route } from "./+types/contratos-pendentes";

export const middleware: Route.MiddlewareFunction[] = [requireModule("contratos", "contratos_pendentes")];
export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: registersStyles }];

export async function loader({ context, request }: Route.LoaderArgs) {
  const scope = requireScope(context, request);
  const query = parseListQuery(new URL(request.url).searchParams, pendingListSpec);
  const [{ rows, page }, templates] = await Promise.all([listPending(scope, query), templateOptions(scope)]);
  return { query, rows, page, templates, documentTitle: getI18n(context).t("contracts.pending.title") };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData ? `${loaderData.documentTitle} · Rota` : "Rota" }];

/** Without JavaScript: the whole selection in one request (at most 50). */
export async function action({ context, request }: Route.ActionArgs) {
  const scope = requireScope(context, request);
  const parsed = parseGenerate(await request.formData());
  if (!parsed) return data({ error: "validation.invalid", outcomes: [] as BatchOutcome[] }, { status: 400 });
  if (!parsed.success) return data({ error: parsed.error.issues[0]?.message ?? "validation.invalid", outcomes: [] as BatchOutcome[] }, { status: 400 });
  const { venda, template, send } = parsed.data;
  const outcomes = await generateContracts(scope, { bucket: getEnv(context).FILES, mailer: getMailer(context), origin: new URL(request.url).origin }, venda, { templateId: template, send });
  return { error: null, outcomes };
}

const salePath = (row: Pick<PendingRow, "id" | "kind">) => (row.kind === "excursion" ? excursionSalePath(row.id) : `/vendas/emissivo/editar/${row.id}`);

export default function PendingContracts({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const { query, rows, page, templates } = loaderData;
  const navigation = useNavigation();
  const revalidator = useRevalidator();
  const formRef = useRef<HTMLFormElement>(null);
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [outcomes, setOutcomes] = useState<BatchOutcome[] | null>(null);
  const numbers = new Map(rows.map((r) => [r.id, r.number]));
  const posted = actionData && "outcomes" in actionData ? actionData : null;
  const shown: BatchOutcome[] | null = outcomes ?? posted?.outcomes ?? null;
  const formError = actionData?.error ?? null;

  // With JavaScript: one request per sale, so the progress shows as each contract is made.
  const run = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const ids = [...document.querySelectorAll<HTMLInputElement>('input[name="venda"][form="generate-form"]:checked')].map((i) => i.value);
    if (ids.length === 0) {
      setOutcomes([]);
      return;
    }
    const template = (form.elements.namedItem("template") as HTMLSelectElement | null)?.value ?? "";
    const send = (form.elements.namedItem("send") as HTMLInputElement | null)?.checked ?? false;
    const all: BatchOutcome[] = [];
    setOutcomes([]);
    setProgress({ done: 0, total: ids.length });
    for (const [i, id] of ids.entries()) {
      const body = new FormData();
      body.append("venda", id);
      if (template) body.append("template", template);
      if (send) body.append("send", "on");
      try {
        const response = await fetch(`${PENDING_PATH}/gerar`, { method: "POST", body, headers: { Accept: "application/json" } });
        const json = (await response.json()) as { outcomes: BatchOutcome[] };
        all.push(...(json.outcomes.length ? json.outcomes : [{ saleId: id, ok: false, error: "validation.invalid" }]));
      } catch {
        all.push({ saleId: id, ok: false, error: "contracts.errors.network" });
      }
      setOutcomes([...all]);
      setProgress({ done: i + 1, total: ids.length });
    }
    setProgress(null);
    void revalidator.revalidate();
  };

  const columns: Column<PendingRow>[] = [
    { key: "number", label: t("sales.common.number"), sort: "number", render: (r) => <Text weight="medium">{r.number}</Text> },
    {
      key: "select",
      label: t("contracts.pending.select"),
      render: (r) => (
        <input type="checkbox" name="venda" value={r.id} form="generate-form" aria-label={t("contracts.pending.selectSale", { number: r.number })} data-testid="pending-select" />
      ),
    },
    { key: "saleDate", label: t("sales.common.saleDate"), sort: "saleDate", render: (r) => <span className="nowrap">{formatDate(r.saleDate, i18n.language, "UTC")}</span> },
    { key: "kind", label: t("contracts.pending.kind"), secondary: true, render: (r) => t(`sales.kind.${r.kind}`) },
    { key: "client", label: t("sales.common.client"), render: (r) => r.clientName ?? "—" },
    { key: "total", label: t("sales.common.total"), align: "right", render: (r) => <span className="nowrap">{formatMoney(r.totalCents, r.currency, i18n.language)}</span> },
  ];
  const made = shown?.filter((o) => o.ok).length ?? 0;

  return (
    <Flex direction="column" gap="4">
      <SectionCard title={t("contracts.pending.generate")} testId="generate-card">
        <Form method="post" id="generate-form" ref={formRef} onSubmit={run}>
          <Flex gap="3" wrap="wrap" align="end">
            <Flex direction="column" gap="1">
              <Text as="label" size="1" color="gray" htmlFor="generate-template">
                {t("contracts.pending.template")}
              </Text>
              <select id="generate-template" name="template" className="native-select" defaultValue="" data-testid="generate-template">
                <option value="">{t("contracts.pending.defaultTemplate")}</option>
                {templates.map((tpl) => (
                  <option key={tpl.id} value={tpl.id}>
                    {tpl.name} ({tpl.language.toUpperCase()})
                  </option>
                ))}
              </select>
            </Flex>
            <Text as="label" size="2">
              <Flex gap="2" align="center">
                <input type="checkbox" name="send" defaultChecked data-testid="generate-send" /> {t("contracts.pending.send")}
              </Flex>
            </Text>
            <Button type="submit" disabled={!!progress || navigation.state === "submitting"} data-testid="generate-submit">
              {t("contracts.pending.generate")}
            </Button>
          </Flex>
        </Form>
        {formError && (
          <Notice tone="error" testId="generate-error">
            {translate(i18n, formError)}
          </Notice>
        )}
        {progress && (
          <Flex direction="column" gap="1" mt="3" role="status" aria-live="polite" data-testid="generate-progress">
            <Text size="2">{t("contracts.pending.progress", { done: progress.done, total: progress.total })}</Text>
            <Progress value={Math.round((progress.done / progress.total) * 100)} aria-hidden />
          </Flex>
        )}
        {!formError && shown && shown.length === 0 && !progress && (
          <Notice tone="error" testId="generate-error">
            {t("contracts.errors.nothingSelected")}
          </Notice>
        )}
        {shown && shown.length > 0 && (
          <Flex direction="column" gap="1" mt="3" data-testid="generate-outcomes" role={progress ? undefined : "status"}>
            {!progress && <Text weight="medium">{t("contracts.pending.finished", { count: made })}</Text>}
            <ul style={{ margin: 0, paddingLeft: "1.2em" }}>
              {shown.map((o) => (
                <li key={o.saleId}>
                  {o.ok ? (
                    <Link to={`/contratos/contrato/${o.contractId}`}>
                      {t("contracts.pending.made", { sale: numbers.get(o.saleId) ?? "", number: o.number })}
                      {o.sent ? ` · ${t("contracts.pending.sentToo")}` : ""}
                    </Link>
                  ) : (
                    <Text color="red">{t("contracts.pending.failed", { number: numbers.get(o.saleId) ?? "—", reason: translate(i18n, o.error?.includes(".") ? o.error : `contracts.errors.${o.error}`) })}</Text>
                  )}
                </li>
              ))}
            </ul>
          </Flex>
        )}
      </SectionCard>
      <ListPage
        testId="pending-list"
        title={t("contracts.pending.title")}
        subtitle={t("contracts.pending.subtitle")}
        trail={[{ label: t("menu.contratos.title"), href: null }]}
        spec={pendingListSpec}
        query={query}
        page={page}
        rows={rows}
        columns={columns}
        filters={[{ key: "tipo", label: t("contracts.pending.kind"), options: (["emissivo", "excursion"] as const).map((k) => ({ value: k, label: t(`sales.kind.${k}`) })) }]}
        countKey="contracts.pending.count"
        searchPlaceholder={t("contracts.pending.searchPlaceholder")}
        rowHref={salePath}
        emptyTitle={t("contracts.pending.emptyTitle")}
        emptyText={t("contracts.pending.emptyText")}
      />
    </Flex>
  );
}

export { ShellErrorBoundary as ErrorBoundary } from "~/components/ui/RouteError";

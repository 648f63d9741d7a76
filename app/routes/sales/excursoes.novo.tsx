import { Button, Flex } from "@radix-ui/themes";
import { Form, href, redirect, useNavigation } from "react-router";
import { useTranslation } from "react-i18next";
import { NativeSelect, useErrorText } from "~/components/ui/FormField";
import { Notice } from "~/components/ui/Notice";
import { PageHeader } from "~/components/ui/PageHeader";
import { SectionCard } from "~/components/ui/SectionCard";
import { malformed, parseForm } from "~/lib/kit/forms";
import { badRequest } from "~/lib/platform/http";
import { formatDateTime } from "~/lib/platform/format";
import { defaultAgentFor } from "~/lib/sales/sale-core.server";
import { EXCURSION_SALES_PATH, SALE_ID, excursionSalePath, refusalKey } from "~/lib/sales/excursion-sale";
import { newExcursionSaleSchema } from "~/lib/sales/excursion-sale.schema";
import { buyerOptions, createExcursionSale, sellerOptions, sellingExcursionOptions } from "~/lib/sales/excursion-sale.server";
import { getI18n } from "~/middleware/i18n";
import { requireModule, requireScope } from "~/middleware/session";
import type { Route } from "./+types/excursoes.novo";

export const middleware: Route.MiddlewareFunction[] = [requireModule("vendas", "excursoes")];

export async function loader({ context, request }: Route.LoaderArgs) {
  const scope = requireScope(context, request);
  const wanted = new URL(request.url).searchParams.get("excursao");
  const [excursions, clients, sellers, ownAgent] = await Promise.all([sellingExcursionOptions(scope), buyerOptions(scope), sellerOptions(scope), defaultAgentFor(scope)]);
  const preselected = wanted && SALE_ID.test(wanted) && excursions.some((e) => e.value === wanted) ? wanted : "";
  return {
    excursions,
    clients,
    sellers,
    defaults: { excursionId: preselected, agentId: ownAgent ?? "" },
    timeZone: scope.timeZone,
    documentTitle: getI18n(context).t("sales.excursions.newTitle"),
  };
}

export async function action({ context, request }: Route.ActionArgs) {
  const scope = requireScope(context, request);
  const submission = parseForm(await request.formData(), newExcursionSaleSchema);
  if (!submission) return malformed();
  if (submission.status !== "success") return badRequest({ errors: submission.reply().error ?? {} });
  const created = await createExcursionSale(scope, submission.value);
  if (!created.ok) {
    const field = created.reason === "client" ? "clientId" : created.reason === "agent" || created.reason === "ownAgent" ? "agentId" : "excursionId";
    return badRequest({ errors: { [field]: [refusalKey(created.reason)] } });
  }
  return redirect(excursionSalePath(created.id));
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData ? `${loaderData.documentTitle} · Rota` : "Rota" }];

export default function NewExcursionSale({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const { excursions, clients, sellers, defaults, timeZone } = loaderData;
  const errors = (actionData as { errors?: Record<string, string[] | null> } | undefined)?.errors ?? {};
  const errorText = useErrorText();
  const err = (name: string) => errorText(errors[name]?.[0] ?? undefined);
  const busy = useNavigation().state !== "idle";
  const choose = { value: "", label: "—" };
  return (
    <Flex direction="column" gap="4" data-testid="excursion-sale-new">
      <PageHeader title={t("sales.excursions.newTitle")} subtitle={t("sales.excursions.newSubtitle")} trail={[{ label: t("menu.vendas.title"), href: null }, { label: t("sales.excursions.title"), href: href("/vendas/excursoes") }]} />
      {excursions.length === 0 && (
        <Notice tone="warning">{t("sales.excursions.noOpenExcursion")}</Notice>
      )}
      {errors[""]?.[0] && (
        <Notice tone="error">{err("")}</Notice>
      )}
      <Form method="post" noValidate>
        <SectionCard title={t("sales.excursions.newTitle")}>
          <Flex direction="column" gap="3" style={{ maxWidth: 560 }}>
            <NativeSelect
              name="excursionId"
              label={t("sales.excursions.fields.excursion")}
              defaultValue={defaults.excursionId}
              options={[choose, ...excursions.map((e) => ({ value: e.value, label: `${e.label} — ${formatDateTime(e.departureAt, i18n.language, timeZone)}` }))]}
              error={err("excursionId")}
            />
            <NativeSelect name="clientId" label={t("sales.excursions.fields.buyer")} options={[choose, ...clients]} error={err("clientId")} />
            <NativeSelect name="agentId" label={t("sales.common.seller")} defaultValue={defaults.agentId} options={[choose, ...sellers]} error={err("agentId")} />
            <Flex gap="2">
              <Button type="submit" disabled={busy} data-testid="excursion-sale-create">
                {t("sales.excursions.create")}
              </Button>
              <Button asChild variant="soft" color="gray">
                <a href={EXCURSION_SALES_PATH}>{t("common.cancel")}</a>
              </Button>
            </Flex>
          </Flex>
        </SectionCard>
      </Form>
    </Flex>
  );
}

export { ShellErrorBoundary as ErrorBoundary } from "~/components/ui/RouteError";

import { Button, Flex, Text } from "@radix-ui/themes";
import { ShieldCheck } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { ContractStatusBadge } from "~/components/contracts/ContractStatusBadge";
import { ListPage, type Column } from "~/components/kit/ListPage";
import { CONTRACT_STATUSES, contractPath, signatureListSpec, VERIFY_PATH } from "~/lib/contracts/contract";
import { listContracts, type ContractListRow } from "~/lib/contracts/contract.server";
import { parseListQuery } from "~/lib/kit/list";
import { formatDateTime } from "~/lib/platform/format";
import { getI18n } from "~/middleware/i18n";
import { requireModule, requireScope } from "~/middleware/session";
import registersStyles from "~/styles/registers.css?url";
import type { Route } from "./+types/assinaturas";

export const middleware: Route.MiddlewareFunction[] = [requireModule("contratos", "assinaturas")];
export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: registersStyles }];

export async function loader({ context, request }: Route.LoaderArgs) {
  const scope = requireScope(context, request);
  const query = parseListQuery(new URL(request.url).searchParams, signatureListSpec);
  const { rows, page } = await listContracts(scope, query);
  return { query, rows, page, timeZone: scope.timeZone, documentTitle: getI18n(context).t("contracts.signatures.title") };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData ? `${loaderData.documentTitle} · Rota` : "Rota" }];

export default function Signatures({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const { query, rows, page, timeZone } = loaderData;
  const when = (iso: string | null) => (iso ? formatDateTime(iso, i18n.language, timeZone) : "—");
  const columns: Column<ContractListRow>[] = [
    { key: "number", label: t("contracts.signatures.number"), sort: "number", render: (r) => <Text weight="medium">{r.number}</Text> },
    {
      key: "contract",
      label: t("contracts.signatures.contract"),
      wide: true,
      render: (r) => (
        <Flex direction="column" gap="0">
          <Text>{r.clientName ?? "—"}</Text>
          <Text size="1" color="gray">
            {r.saleNumber != null ? t("contracts.signatures.sale", { number: r.saleNumber }) : ""}
          </Text>
        </Flex>
      ),
    },
    { key: "status", label: t("contracts.detail.status"), render: (r) => <ContractStatusBadge status={r.status} /> },
    { key: "sentTo", label: t("contracts.signatures.sentTo"), secondary: true, render: (r) => r.sentTo ?? "—" },
    { key: "expires", label: t("contracts.signatures.expires"), secondary: true, render: (r) => <span className="nowrap">{r.status === "sent" || r.status === "viewed" ? when(r.tokenExpiresAt) : "—"}</span> },
    { key: "createdAt", label: t("contracts.signatures.created"), sort: "createdAt", render: (r) => <span className="nowrap">{when(r.createdAt)}</span> },
  ];
  return (
    <ListPage
      testId="signatures-list"
      title={t("contracts.signatures.title")}
      subtitle={t("contracts.signatures.subtitle")}
      trail={[{ label: t("menu.contratos.title"), href: null }]}
      spec={signatureListSpec}
      query={query}
      page={page}
      rows={rows}
      columns={columns}
      filters={[
        {
          key: "situacao",
          label: t("contracts.detail.status"),
          allLabel: t("contracts.signatures.pendingFilter"),
          options: [{ value: "todos", label: t("list.all") }, ...CONTRACT_STATUSES.map((s) => ({ value: s, label: t(`contracts.status.${s}`) }))],
        },
      ]}
      countKey="contracts.signatures.count"
      searchPlaceholder={t("contracts.signatures.searchPlaceholder")}
      rowHref={(r) => contractPath(r.id)}
      actions={
        <Button asChild variant="soft" color="gray">
          <Link to={VERIFY_PATH} data-testid="verify-link">
            <ShieldCheck size={16} aria-hidden /> {t("contracts.signatures.verify")}
          </Link>
        </Button>
      }
      emptyTitle={t("contracts.signatures.emptyTitle")}
      emptyText={t("contracts.signatures.emptyText")}
    />
  );
}

export { ShellErrorBoundary as ErrorBoundary } from "~/components/ui/RouteError";

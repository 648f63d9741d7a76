import { Card, Code, DataList, Flex, Heading, Link as RadixLink, Table, Text } from "@radix-ui/themes";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { PageHeader } from "~/components/ui/PageHeader";
import { StatusBadge } from "~/components/ui/StatusBadge";
import { buildInfo } from "~/lib/platform/build-info.server";
import { formatDateTime } from "~/lib/platform/format";
import { isLanguage } from "~/locales";
import { getEnv } from "~/middleware/cloudflare";
import { getI18n } from "~/middleware/i18n";
import { requireModule, requireViewer } from "~/middleware/session";
import type { Route } from "./+types/sobre";

export { ShellErrorBoundary as ErrorBoundary } from "~/components/ui/RouteError";

/** Any signed-in user of an agency whose licence has Sistema → Sobre o Sistema (spec §6). */
export const middleware: Route.MiddlewareFunction[] = [requireModule("sistema", "sobre")];

export function loader({ context, request }: Route.LoaderArgs) {
  const viewer = requireViewer(context, request);
  return { ...buildInfo(getEnv(context)), timeZone: viewer.agency?.timeZone ?? null, title: getI18n(context).t("about.title") };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: `${loaderData?.title ?? ""} · Rota` }];

export default function About({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const language = isLanguage(i18n.language) ? i18n.language : "pt";
  const info = loaderData;
  const buildDate = info.buildDate && !Number.isNaN(Date.parse(info.buildDate)) ? formatDateTime(info.buildDate, language, info.timeZone, "medium") : info.buildDate;
  return (
    <Flex direction="column" gap="4" maxWidth="860px">
      <PageHeader title={t("about.title")} subtitle={t("about.subtitle")} trail={[{ label: t("menu.sistema.title"), href: null }]} />
      <Card size="3">
        <Heading as="h2" size="4" mb="3">
          {t("about.product")}
        </Heading>
        <DataList.Root orientation={{ initial: "vertical", sm: "horizontal" }} data-testid="about-product">
          <DataList.Item>
            <DataList.Label>{t("about.product")}</DataList.Label>
            <DataList.Value>{t("about.productName")}</DataList.Value>
          </DataList.Item>
          <DataList.Item>
            <DataList.Label>{t("about.version")}</DataList.Label>
            <DataList.Value>
              <Code variant="ghost" data-testid="about-version">
                {info.version}
              </Code>
            </DataList.Value>
          </DataList.Item>
          <DataList.Item>
            <DataList.Label>{t("about.commit")}</DataList.Label>
            <DataList.Value data-testid="about-commit">{info.commit ? <Code variant="ghost">{info.commit.slice(0, 12)}</Code> : t("about.localBuild")}</DataList.Value>
          </DataList.Item>
          <DataList.Item>
            <DataList.Label>{t("about.buildDate")}</DataList.Label>
            <DataList.Value data-testid="about-build-date">{buildDate ?? t("about.localBuild")}</DataList.Value>
          </DataList.Item>
          <DataList.Item>
            <DataList.Label>{t("about.environment")}</DataList.Label>
            <DataList.Value>
              <StatusBadge tone={info.environment === "production" ? "accent" : "warning"} testId="about-environment">
                {t(`about.environments.${info.environment}`)}
              </StatusBadge>
            </DataList.Value>
          </DataList.Item>
        </DataList.Root>
        <Text as="p" size="2" mt="3">
          <RadixLink asChild>
            <Link to="/sistema/historico-versoes">{t("about.releaseNotes")}</Link>
          </RadixLink>
        </Text>
      </Card>
      <Card size="3">
        <Heading as="h2" size="4" mb="3">
          {t("about.runtime")}
        </Heading>
        <DataList.Root orientation={{ initial: "vertical", sm: "horizontal" }}>
          <DataList.Item>
            <DataList.Label>{t("about.platform")}</DataList.Label>
            <DataList.Value>{t("about.platformValue")}</DataList.Value>
          </DataList.Item>
          <DataList.Item>
            <DataList.Label>{t("about.compatibilityDate")}</DataList.Label>
            <DataList.Value>
              <Code variant="ghost" data-testid="about-compat-date">
                {info.runtime.compatibilityDate ?? "—"}
              </Code>
            </DataList.Value>
          </DataList.Item>
          <DataList.Item>
            <DataList.Label>{t("about.compatibilityFlags")}</DataList.Label>
            <DataList.Value>
              {info.runtime.compatibilityFlags.length === 0 ? (
                t("about.none")
              ) : (
                <Flex gap="1" wrap="wrap">
                  {info.runtime.compatibilityFlags.map((flag) => (
                    <Code key={flag} variant="soft">
                      {flag}
                    </Code>
                  ))}
                </Flex>
              )}
            </DataList.Value>
          </DataList.Item>
        </DataList.Root>
      </Card>
      <Card size="3">
        <Heading as="h2" size="4" mb="3">
          {t("about.components")}
        </Heading>
        <Table.Root size="1" data-testid="about-components">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeaderCell>{t("about.component")}</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>{t("about.componentVersion")}</Table.ColumnHeaderCell>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {info.components.map((c) => (
              <Table.Row key={c.name}>
                <Table.RowHeaderCell>{c.name}</Table.RowHeaderCell>
                <Table.Cell>
                  <Code variant="ghost">{c.version}</Code>
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Card>
    </Flex>
  );
}

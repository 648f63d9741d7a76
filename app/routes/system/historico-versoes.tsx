import { Card, Flex, Heading, Text } from "@radix-ui/themes";
import { useTranslation } from "react-i18next";
import changelogSource from "~/../CHANGELOG.md?raw";
import { Blocks } from "~/components/system/Markdown";
import { PageHeader } from "~/components/ui/PageHeader";
import { parseChangelog } from "~/lib/system/changelog";
import { formatCalendarDate } from "~/lib/platform/format";
import { isLanguage } from "~/locales";
import { getI18n } from "~/middleware/i18n";
import { requireModule } from "~/middleware/session";
import systemStyles from "~/styles/system.css?url";
import type { Route } from "./+types/historico-versoes";

export { ShellErrorBoundary as ErrorBoundary } from "~/components/ui/RouteError";

/** Any signed-in user of an agency whose licence has Sistema → Histórico de Versões (spec §6). */
export const middleware: Route.MiddlewareFunction[] = [requireModule("sistema", "historico_versoes")];

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: systemStyles }];

// Parsed once per isolate: the file is part of the build.
let parsed: ReturnType<typeof parseChangelog> | null = null;

export function loader({ context }: Route.LoaderArgs) {
  parsed ??= parseChangelog(changelogSource);
  return { releases: parsed.releases, title: getI18n(context).t("releases.title") };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: `${loaderData?.title ?? ""} · Rota` }];

const KNOWN_SECTIONS = new Set(["Added", "Changed", "Deprecated", "Removed", "Fixed", "Security"]);

export default function VersionHistory({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const language = isLanguage(i18n.language) ? i18n.language : "pt";
  const { releases } = loaderData;
  return (
    <Flex direction="column" gap="4" maxWidth="860px">
      <PageHeader title={t("releases.title")} subtitle={t("releases.subtitle")} trail={[{ label: t("menu.sistema.title"), href: null }]} />
      {releases.length === 0 && (
        <Card>
          <Text color="gray">{t("releases.empty")}</Text>
        </Card>
      )}
      {releases.map((release) => {
        const headingId = `release-${release.version.replace(/[^A-Za-z0-9_-]/g, "-")}`;
        return (
          <Card key={release.version} size="3" asChild>
            <article aria-labelledby={headingId} className="release-notes" data-testid="release">
              <Flex align="baseline" gap="3" wrap="wrap" mb="2">
                <Heading as="h2" size="5" id={headingId}>
                  {release.unreleased ? t("releases.unreleased") : release.version}
                </Heading>
                {release.date && (
                  <Text size="2" color="gray">
                    {t("releases.releasedOn", { date: formatCalendarDate(release.date, language, "long") })}
                  </Text>
                )}
              </Flex>
              <Blocks blocks={release.intro} headingOffset={1} />
              {release.sections.map((section) => (
                <section key={section.title}>
                  <Heading as="h3" size="3" mt="3" mb="1">
                    {KNOWN_SECTIONS.has(section.title) ? t(`releases.sections.${section.title}` as never) : section.title}
                  </Heading>
                  <Blocks blocks={section.blocks} headingOffset={1} />
                </section>
              ))}
            </article>
          </Card>
        );
      })}
    </Flex>
  );
}

import { Button, Flex, Text } from "@radix-ui/themes";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Breadcrumb } from "~/components/shell/Breadcrumb";
import { NavIcon } from "~/components/shell/icons";
import { EmptyState } from "~/components/ui/EmptyState";
import { PageHeader } from "~/components/ui/PageHeader";
import { notFound } from "~/lib/platform/http";
import { screenFor, screenTexts, type Lookup } from "~/lib/shell/screens";
import { DEFAULT_ICON, iconKey } from "~/lib/shell/sidebar";
import { lookup } from "~/lib/platform/translate";
import { getI18n } from "~/middleware/i18n";
import { requireModule, requireRoles } from "~/middleware/session";
import type { Route } from "./+types/screen";

/**
 * The generic screen of a module that a later issue builds: title, breadcrumb
 * and an honest empty state. The route's guard comes from ~/lib/screens by the
 * matched pattern: the licence entry must be enabled (spec §5) and the role
 * allowed (spec §6); otherwise a silent redirect to /dashboard. An unknown
 * pattern answers 404.
 */
export const middleware: Route.MiddlewareFunction[] = [
  (args, next) => {
    const screen = screenFor(args.pattern);
    if (!screen) throw notFound();
    const [module, ...path] = screen.licence;
    void requireModule(module!, ...path)(args, next);
    if (screen.roles) void requireRoles(...screen.roles)(args, next);
  },
];

export function loader({ context, pattern, params }: Route.LoaderArgs) {
  const screen = screenFor(pattern)!;
  const i18n = getI18n(context);
  const find: Lookup = (key, values) => lookup(i18n, key, values);
  return { screen, params: params as Record<string, string | undefined>, documentTitle: screenTexts(screen, params, find).documentTitle };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData ? `${loaderData.documentTitle} · Rota` : "Rota" }];

export default function Screen({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const { screen, params } = loaderData;
  const texts = screenTexts(screen, params, (key, values) => lookup(i18n, key, values));
  const menuIcon = screen.menu[screen.menu.length - 1]!;
  const icon = iconKey(menuIcon) !== DEFAULT_ICON ? menuIcon : screen.licence[screen.licence.length - 1]!;
  return (
    <Flex direction="column" gap="5">
      <PageHeader
        before={<Breadcrumb crumbs={texts.crumbs} />}
        titleTestId="screen-title"
        title={texts.title}
        aside={
          texts.kindLabel && (
            <Text size="3" color="gray" data-testid="screen-kind">
              {texts.kindLabel}
            </Text>
          )
        }
        subtitle={texts.detail}
      />
      <EmptyState
        testId="screen-unavailable"
        icon={<NavIcon icon={icon} size={28} />}
        title={t("screen.unavailableTitle")}
        body={t("screen.unavailableBody")}
        action={
          <Button asChild variant="soft" highContrast mt="2">
            <Link to="/dashboard">{t("screen.backToDashboard")}</Link>
          </Button>
        }
      />
    </Flex>
  );
}

export { ShellErrorBoundary as ErrorBoundary } from "~/components/ui/RouteError";

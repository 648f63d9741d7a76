import { Button, Flex, Heading, Text } from "@radix-ui/themes";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Breadcrumb } from "~/components/shell/Breadcrumb";
import { NavIcon } from "~/components/shell/icons";
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
    if (!screen) throw new Response("Not found", { status: 404 });
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
      <div>
        <Breadcrumb crumbs={texts.crumbs} />
        <Flex align="center" gap="3" wrap="wrap" mt="2">
          <Heading as="h1" size="7" data-testid="screen-title">
            {texts.title}
          </Heading>
          {texts.kindLabel && (
            <Text size="3" color="gray" data-testid="screen-kind">
              {texts.kindLabel}
            </Text>
          )}
        </Flex>
        {texts.detail && (
          <Text as="p" size="2" color="gray" mt="1">
            {texts.detail}
          </Text>
        )}
      </div>
      <section className="empty-state" data-testid="screen-unavailable" aria-labelledby="screen-unavailable-title">
        <Flex direction="column" align="center" gap="3" py="8" px="4" style={{ textAlign: "center" }}>
          <span className="empty-state-icon" aria-hidden>
            <NavIcon icon={icon} size={28} />
          </span>
          <Heading as="h2" size="4" id="screen-unavailable-title">
            {t("screen.unavailableTitle")}
          </Heading>
          <Text as="p" color="gray" size="2" style={{ maxWidth: "46ch" }}>
            {t("screen.unavailableBody")}
          </Text>
          <Button asChild variant="soft" highContrast mt="2">
            <Link to="/dashboard">{t("screen.backToDashboard")}</Link>
          </Button>
        </Flex>
      </section>
    </Flex>
  );
}

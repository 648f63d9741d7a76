import { Box, Card, Flex, Grid, Heading, Text } from "@radix-ui/themes";
import { Bell, CalendarDays, Users } from "lucide-react";
import { useCallback, useMemo, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Link, useRevalidator, useRouteLoaderData } from "react-router";
import { DashboardFigures } from "~/components/dashboard/DashboardFigures";
import { LiveRoom } from "~/components/ui/LiveRoom";
import { BOARDS_PARTY, boardRoomName, type BoardRoomEvent } from "~/lib/platform/board-room";
import { NavIcon } from "~/components/shell/icons";
import { Notice } from "~/components/ui/Notice";
import { PageHeader } from "~/components/ui/PageHeader";
import { displayName } from "~/lib/platform/display";
import { formatDate, formatNumber } from "~/lib/platform/format";
import { flattenLinks, type NavItem } from "~/lib/shell/sidebar";
import { dashboardFigures } from "~/lib/dashboard/figures.server";
import { requireAgency, requireScope } from "~/middleware/session";
import type { loader as layoutLoader } from "~/routes/app/layout";
import type { Route } from "./+types/dashboard";

export async function loader({ context, request }: Route.LoaderArgs) {
  const viewer = requireAgency(context, request);
  const figures = await dashboardFigures(requireScope(context, request), viewer.licence);
  return {
    greetingName: displayName(viewer.name, viewer.email),
    agency: { name: viewer.agency.name, slug: viewer.agency.slug, timeZone: viewer.agency.timeZone },
    // The agency's dashboard room: a confirmed sale or a settled title announces itself there and the figures re-read.
    room: boardRoomName(viewer.agency.id, "dashboard"),
    figures,
    now: new Date().toISOString(),
  };
}

export const meta: Route.MetaFunction = () => [{ title: "Dashboard · Rota" }];

/** Where a module's shortcut goes: its first screen. */
function shortcutsOf(items: NavItem[]) {
  return items
    .filter((item) => item.key !== "dashboard")
    .map((item) => {
      const links = flattenLinks(item.children);
      return { item, to: links[0]?.route ?? item.route, sample: links.slice(0, 3).map((l) => l.name) };
    });
}

function Figure({ icon, label, value, testId }: { icon: React.ReactNode; label: string; value: React.ReactNode; testId: string }) {
  return (
    <Card size="3" data-testid={testId}>
      <Flex gap="4" align="center">
        <span className="figure-icon" aria-hidden>
          {icon}
        </span>
        <Box minWidth="0">
          <Text as="p" size="2" color="gray">
            {label}
          </Text>
          <Text as="p" size="7" weight="bold" className="figure-value">
            {value}
          </Text>
        </Box>
      </Flex>
    </Card>
  );
}

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const { figures, agency } = loaderData;
  const shell = useRouteLoaderData<typeof layoutLoader>("routes/app/layout");
  const shortcuts = useMemo(() => shortcutsOf(shell?.sidebar ?? []), [shell?.sidebar]);
  const language = i18n.language;
  const revalidator = useRevalidator();
  const onEvent = useCallback(
    (event: BoardRoomEvent) => {
      if (event.type === "changed" || event.type === "moved") void revalidator.revalidate();
    },
    [revalidator],
  );
  // The first open needs nothing (the figures were just loaded); a reopen re-reads what was missed.
  const opened = useRef(false);
  const reread = useCallback(() => {
    if (opened.current) void revalidator.revalidate();
    opened.current = true;
  }, [revalidator]);
  return (
    <Flex direction="column" gap="6">
      <LiveRoom<BoardRoomEvent> party={BOARDS_PARTY} room={loaderData.room} onEvent={onEvent} onOpen={reread} onClose={() => undefined} />
      <PageHeader title={t("dashboard.title")} subtitle={t("dashboard.greeting", { name: loaderData.greetingName, agency: agency.name })} />

      <DashboardFigures figures={figures} language={language} timeZone={agency.timeZone} />

      <Grid columns={{ initial: "1", sm: "2", md: "3" }} gap="4">
        <Figure
          testId="figure-active-users"
          icon={<Users size={20} />}
          label={t("dashboard.activeUsers")}
          value={<span data-testid="figure-active-users-value">{formatNumber(figures.activeUsers, language)}</span>}
        />
        <Figure
          testId="figure-unread"
          icon={<Bell size={20} />}
          label={t("dashboard.unreadNotifications")}
          value={formatNumber(figures.unreadNotifications, language)}
        />
        <Card size="3" data-testid="figure-today">
          <Flex gap="4" align="center">
            <span className="figure-icon" aria-hidden>
              <CalendarDays size={20} />
            </span>
            <Box minWidth="0">
              <Text as="p" size="2" color="gray">
                {t("dashboard.today")}
              </Text>
              <Text as="p" size="3" weight="bold" suppressHydrationWarning>
                {formatDate(loaderData.now, language, agency.timeZone, "long")}
              </Text>
              <Text as="p" size="1" color="gray">
                {t("dashboard.timeZone", { zone: agency.timeZone })}
              </Text>
            </Box>
          </Flex>
        </Card>
      </Grid>

      <section aria-labelledby="shortcuts-title">
        <Heading as="h2" size="4" id="shortcuts-title">
          {t("dashboard.shortcuts")}
        </Heading>
        <Text as="p" size="2" color="gray" mb="3">
          {t("dashboard.shortcutsHint", { agency: agency.name })}
        </Text>
        {shortcuts.length === 0 ? (
          <Notice tone="info">{t("dashboard.noShortcuts")}</Notice>
        ) : (
          <Grid columns={{ initial: "1", xs: "2", md: "3" }} gap="3" asChild>
            <ul style={{ listStyle: "none", margin: 0, padding: 0 }}>
              {shortcuts.map(({ item, to, sample }) => (
                <li key={item.id}>
                  <Card asChild size="2" className="shortcut-card">
                    <Link to={to} data-testid={`shortcut-${item.id}`}>
                      <Flex gap="3" align="center">
                        <span className="figure-icon" aria-hidden>
                          <NavIcon icon={item.icon} size={20} />
                        </span>
                        <Box minWidth="0">
                          <Text as="p" size="3" weight="medium">
                            {item.name}
                          </Text>
                          {sample.length > 0 && (
                            <Text as="p" size="1" color="gray" className="truncate">
                              {sample.join(" · ")}
                            </Text>
                          )}
                        </Box>
                      </Flex>
                    </Link>
                  </Card>
                </li>
              ))}
            </ul>
          </Grid>
        )}
      </section>
    </Flex>
  );
}

export { ShellErrorBoundary as ErrorBoundary } from "~/components/ui/RouteError";

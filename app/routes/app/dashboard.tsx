import { Card, Grid, Heading, Text } from "@radix-ui/themes";
import { and, count, eq } from "drizzle-orm";
import { useTranslation } from "react-i18next";
import { notification, profile } from "../../../db/schema";
import { displayName } from "~/lib/display";
import { getDb } from "~/middleware/cloudflare";
import { requireAgency } from "~/middleware/session";
import type { Route } from "./+types/dashboard";

export async function loader({ context, request }: Route.LoaderArgs) {
  const viewer = requireAgency(context, request);
  const db = getDb(context);
  const [[users], [unread]] = await Promise.all([
    db.select({ n: count() }).from(profile).where(and(eq(profile.agencyId, viewer.agency.id), eq(profile.active, true))),
    db.select({ n: count() }).from(notification).where(and(eq(notification.userId, viewer.userId), eq(notification.read, false))),
  ]);
  return {
    greetingName: displayName(viewer.name, viewer.email),
    agency: { name: viewer.agency.name, slug: viewer.agency.slug },
    figures: { activeUsers: users?.n ?? 0, unreadNotifications: unread?.n ?? 0 },
  };
}

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { figures } = loaderData;
  return (
    <>
      <Heading as="h1" size="7" mb="1">
        {t("dashboard.title")}
      </Heading>
      <Text as="p" color="gray" mb="5">
        {t("dashboard.greeting", { name: loaderData.greetingName, agency: loaderData.agency.name })}
      </Text>
      <Grid columns={{ initial: "1", sm: "2", md: "3" }} gap="4">
        <Card data-testid="figure-active-users">
          <Text as="p" size="2" color="gray">
            {t("dashboard.activeUsers")}
          </Text>
          <Text as="p" size="8" weight="bold">
            {figures.activeUsers}
          </Text>
        </Card>
        <Card data-testid="figure-unread">
          <Text as="p" size="2" color="gray">
            {t("dashboard.unreadNotifications")}
          </Text>
          <Text as="p" size="8" weight="bold">
            {figures.unreadNotifications}
          </Text>
        </Card>
      </Grid>
    </>
  );
}

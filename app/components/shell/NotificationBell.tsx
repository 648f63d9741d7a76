import { Heading, IconButton, Popover, Text } from "@radix-ui/themes";
import { Bell } from "lucide-react";
import { useTranslation } from "react-i18next";

/**
 * The notification bell's place in the header (spec §2.7). Its behaviour (list,
 * unread count, mark as read, live updates) belongs to the notifications issue;
 * until then the popover says so instead of showing made-up notifications.
 */
export function NotificationBell() {
  const { t } = useTranslation();
  return (
    <Popover.Root>
      <Popover.Trigger>
        <IconButton variant="ghost" color="gray" aria-label={t("notifications.open")} data-testid="notification-bell">
          <Bell size={18} aria-hidden />
        </IconButton>
      </Popover.Trigger>
      <Popover.Content align="end" sideOffset={8} width="320px" aria-labelledby="notifications-title">
        <Heading as="h2" size="3" mb="2" id="notifications-title">
          {t("notifications.title")}
        </Heading>
        <Text as="p" size="2" color="gray">
          {t("notifications.unavailable")}
        </Text>
      </Popover.Content>
    </Popover.Root>
  );
}

/**
 * The bell (spec §2.7, §4) in the shell: the button renders with the page, and
 * its live part — the socket to the user's room and the popover with the list
 * (NotificationCenter.tsx, partysocket and the popover's components) — is a
 * chunk fetched after hydration, beside the first load of the list. A click
 * before it arrives opens the popover as soon as it is there.
 */
import { Badge, IconButton } from "@radix-ui/themes";
import { Bell } from "lucide-react";
import { useEffect, useState, type ComponentProps } from "react";
import { useTranslation } from "react-i18next";
import type { NotificationCenter } from "~/components/shell/NotificationCenter";

export type NotificationList = {
  notifications: { id: string; title: string; message: string; link: string | null; read: boolean; createdAt: string }[];
  unread: number;
};

export async function fetchNotifications(): Promise<NotificationList | null> {
  try {
    const res = await fetch("/notificacoes", { headers: { Accept: "application/json" } });
    return res.ok ? ((await res.json()) as NotificationList) : null;
  } catch (error) {
    console.warn("notifications could not be loaded", error);
    return null;
  }
}

/** The bell button with its unread badge (the popover's trigger once the live part is there). */
export function BellButton({ unread, connected, ...props }: { unread: number; connected: boolean } & ComponentProps<typeof IconButton>) {
  const { t } = useTranslation();
  const label = unread > 0 ? `${t("notifications.open")} (${t("notifications.unreadCount", { count: unread })})` : t("notifications.open");
  return (
    <IconButton
      variant="ghost"
      color="gray"
      aria-label={label}
      data-testid="notification-bell"
      data-connected={connected ? "true" : "false"}
      style={{ position: "relative" }}
      {...props}
    >
      <Bell size={18} aria-hidden />
      {unread > 0 && (
        <Badge
          color="red"
          variant="solid"
          radius="full"
          size="1"
          data-testid="notification-count"
          style={{ position: "absolute", top: -4, right: -6, minWidth: 18, justifyContent: "center" }}
        >
          {unread > 99 ? "99+" : unread}
        </Badge>
      )}
    </IconButton>
  );
}

type Center = typeof NotificationCenter;

export function NotificationBell({ userId }: { userId: string }) {
  const [live, setLive] = useState<{ Center: Center; initial: Promise<NotificationList | null> } | null>(null);
  const [openRequested, setOpenRequested] = useState(false);

  useEffect(() => {
    let cancelled = false;
    // The list and the live part's chunk, side by side, once the page is interactive.
    const initial = fetchNotifications();
    import("~/components/shell/NotificationCenter").then(
      (m) => !cancelled && setLive({ Center: m.NotificationCenter, initial }),
      (error: unknown) => console.warn("the notification bell could not be loaded", error),
    );
    return () => {
      cancelled = true;
    };
  }, []);

  if (!live) return <BellButton unread={0} connected={false} aria-haspopup="dialog" onClick={() => setOpenRequested(true)} />;
  return <live.Center userId={userId} initial={live.initial} defaultOpen={openRequested} />;
}

/**
 * The notification bell's live part, a chunk of its own (NotificationBell.tsx
 * loads it after the page has hydrated): the socket to the user's room
 * (partysocket) and the popover with the list.
 */
import { Box, Button, Flex, Heading, Popover, ScrollArea, Text } from "@radix-ui/themes";
import usePartySocket from "partysocket/react";
import { useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useRevalidator } from "react-router";
import { BellButton, fetchNotifications, type NotificationList } from "~/components/shell/NotificationBell";
import { useToast } from "~/components/ui/Toaster";
import { formatRelative } from "~/lib/platform/format";
import type { RoomEvent } from "~/lib/platform/realtime-events";

type State = { items: NotificationList["notifications"]; unread: number; loaded: boolean };

const LIMIT = 100;

async function post(body: Record<string, string>) {
  const res = await fetch("/notificacoes", {
    method: "POST",
    body: new URLSearchParams(body),
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
  });
  if (!res.ok) throw new Error(`notifications update failed: ${res.status}`);
}

/**
 * The bell (spec §2.7, §4): the newest 100 notifications and the unread count,
 * live through the user's room. Marking read shows at once and is rolled back,
 * with an error toast, if saving fails. A live notification goes on top, raises
 * the count and shows a toast. After a lost connection the list reloads.
 */
export function NotificationCenter({ userId, initial, defaultOpen }: { userId: string; initial: Promise<NotificationList | null>; defaultOpen: boolean }) {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  // Screens that show notification figures (the dashboard) follow live changes.
  const revalidator = useRevalidator();
  const [state, setState] = useState<State>({ items: [], unread: 0, loaded: false });
  const [connected, setConnected] = useState(false);

  const reload = useCallback(() => {
    fetchNotifications().then((data) => data && setState({ items: data.notifications, unread: data.unread, loaded: true }));
  }, []);

  // First load (fetched beside this chunk); every (re)connection of the socket reloads too.
  useEffect(() => {
    let cancelled = false;
    initial.then((data) => !cancelled && data && setState({ items: data.notifications, unread: data.unread, loaded: true }));
    return () => {
      cancelled = true;
    };
  }, [initial]);

  usePartySocket({
    party: "notifications",
    room: userId,
    // Every (re)connection catches up on what arrived meanwhile.
    onOpen: () => {
      setConnected(true);
      reload();
    },
    onClose: () => setConnected(false),
    onMessage: (event: MessageEvent) => {
      let msg: RoomEvent | { type: "pong" };
      try {
        msg = JSON.parse(String(event.data));
      } catch {
        return;
      }
      if (msg.type === "notification") {
        const n = msg.notification;
        setState((s) =>
          s.items.some((i) => i.id === n.id)
            ? s
            : { ...s, items: [n, ...s.items].slice(0, LIMIT), unread: s.unread + (n.read ? 0 : 1) },
        );
        toast({ title: n.title, description: n.message });
        void revalidator.revalidate();
      } else if (msg.type === "read") {
        setState((s) => {
          const newlyRead = s.items.filter((i) => msg.ids.includes(i.id) && !i.read).length;
          return { ...s, items: s.items.map((i) => (msg.ids.includes(i.id) ? { ...i, read: true } : i)), unread: Math.max(0, s.unread - newlyRead) };
        });
      } else if (msg.type === "read-all") {
        setState((s) => ({ ...s, items: s.items.map((i) => ({ ...i, read: true })), unread: 0 }));
      }
      if (msg.type === "read" || msg.type === "read-all") void revalidator.revalidate();
    },
  });

  const markRead = async (id: string) => {
    const before = state;
    const target = before.items.find((i) => i.id === id);
    if (!target || target.read) return;
    setState({ ...before, items: before.items.map((i) => (i.id === id ? { ...i, read: true } : i)), unread: Math.max(0, before.unread - 1) });
    try {
      await post({ intent: "read", id });
    } catch (error) {
      console.warn(error);
      setState((s) => ({ ...s, items: s.items.map((i) => (i.id === id ? { ...i, read: false } : i)), unread: s.unread + 1 }));
      toast({ title: t("notifications.saveFailed"), variant: "destructive" });
    }
  };

  const markAll = async () => {
    const before = state;
    const unreadIds = new Set(before.items.filter((i) => !i.read).map((i) => i.id));
    if (before.unread === 0) return;
    setState({ ...before, items: before.items.map((i) => ({ ...i, read: true })), unread: 0 });
    try {
      await post({ intent: "read-all" });
    } catch (error) {
      console.warn(error);
      setState((s) => ({
        ...s,
        items: s.items.map((i) => (unreadIds.has(i.id) ? { ...i, read: false } : i)),
        unread: s.unread + before.unread,
      }));
      toast({ title: t("notifications.saveFailed"), variant: "destructive" });
    }
  };

  const unread = state.unread;
  return (
    <Popover.Root defaultOpen={defaultOpen}>
      <Popover.Trigger>
        <BellButton unread={unread} connected={connected} />
      </Popover.Trigger>
      <Popover.Content align="end" sideOffset={8} width="360px" aria-labelledby="notifications-title">
        <Flex justify="between" align="center" mb="2" gap="2">
          <Heading as="h2" size="3" id="notifications-title">
            {t("notifications.title")}
          </Heading>
          <Button size="1" variant="ghost" onClick={() => void markAll()} disabled={unread === 0} data-testid="notifications-mark-all">
            {t("notifications.markAll")}
          </Button>
        </Flex>
        {unread === 0 && (
          <Text as="p" size="2" color="gray" mb="2" data-testid="notifications-empty">
            {t("notifications.empty")}
          </Text>
        )}
        {state.items.length > 0 && (
          <ScrollArea type="auto" scrollbars="vertical" style={{ maxHeight: 380 }}>
            <Flex direction="column" gap="1" asChild>
              <ul style={{ listStyle: "none", margin: 0, padding: 0 }} data-testid="notifications-list">
                {state.items.map((n) => (
                  <li key={n.id}>
                    <Box
                      p="2"
                      style={{ borderRadius: "var(--radius-2)", background: n.read ? undefined : "var(--accent-a3)" }}
                      data-testid="notification-item"
                      data-read={n.read ? "true" : "false"}
                    >
                      <Flex justify="between" gap="2" align="start">
                        <Text as="p" size="2" weight={n.read ? "regular" : "bold"}>
                          {n.link ? (
                            <Link to={n.link} onClick={() => void markRead(n.id)}>
                              {n.title}
                            </Link>
                          ) : (
                            n.title
                          )}
                        </Text>
                        {!n.read && (
                          <Button size="1" variant="ghost" onClick={() => void markRead(n.id)} aria-label={`${t("notifications.markRead")}: ${n.title}`}>
                            {t("notifications.markRead")}
                          </Button>
                        )}
                      </Flex>
                      <Text as="p" size="2" color="gray">
                        {n.message}
                      </Text>
                      <Text as="p" size="1" color="gray">
                        <time dateTime={n.createdAt}>{formatRelative(n.createdAt, i18n.language)}</time>
                      </Text>
                    </Box>
                  </li>
                ))}
              </ul>
            </Flex>
          </ScrollArea>
        )}
      </Popover.Content>
    </Popover.Root>
  );
}

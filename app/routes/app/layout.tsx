import { Avatar, Box, DropdownMenu, Flex, IconButton, Text } from "@radix-ui/themes";
import { ChevronDown } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Form, Link, Outlet, redirect, useRouteLoaderData, useSubmit } from "react-router";
import { LanguageSelect } from "~/components/LanguageSelect";
import { displayName, initials } from "~/lib/display";
import { publicViewer } from "~/lib/viewer";
import { requestedLocation, requireViewer } from "~/middleware/session";
import type { Route } from "./+types/layout";

/**
 * Every authenticated route sits under this layout: no session → /login with
 * the location remembered; a SuperAdmin without an agency → /selecionar-agencia
 * with the origin remembered (spec §2.6, §4).
 */
export const middleware: Route.MiddlewareFunction[] = [
  ({ context, request }) => {
    const viewer = requireViewer(context, request);
    const path = new URL(request.url).pathname;
    if (viewer.needsAgencySelection && path !== "/selecionar-agencia") {
      throw redirect(`/selecionar-agencia?redirectTo=${encodeURIComponent(requestedLocation(request))}`);
    }
  },
];

export async function loader({ context, request }: Route.LoaderArgs) {
  return { viewer: publicViewer(requireViewer(context, request)) };
}

export function useViewer() {
  const data = useRouteLoaderData<typeof loader>("routes/app/layout");
  if (!data) throw new Error("useViewer must be used inside the authenticated layout");
  return data.viewer;
}

function UserMenu() {
  const { t } = useTranslation();
  const viewer = useViewer();
  const submit = useSubmit();
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger>
        <IconButton variant="ghost" radius="full" aria-label={displayName(viewer.name, viewer.email)} data-testid="user-menu" style={{ width: "auto", paddingInline: 8 }}>
          <Flex align="center" gap="2">
            <Avatar size="2" radius="full" src={viewer.avatarUrl ?? undefined} fallback={initials(viewer.name)} />
            <Text size="2" weight="medium" className="hide-mobile" data-testid="user-display-name">
              {displayName(viewer.name, viewer.email)}
            </Text>
            <ChevronDown size={14} aria-hidden />
          </Flex>
        </IconButton>
      </DropdownMenu.Trigger>
      <DropdownMenu.Content align="end">
        <DropdownMenu.Label>{viewer.email}</DropdownMenu.Label>
        <DropdownMenu.Item asChild>
          <Link to="/perfil">{t("shell.profile")}</Link>
        </DropdownMenu.Item>
        {viewer.role === "SuperAdmin" && (
          <DropdownMenu.Item asChild>
            <Link to="/selecionar-agencia">{t("agencySelect.switch")}</Link>
          </DropdownMenu.Item>
        )}
        <DropdownMenu.Separator />
        <DropdownMenu.Item color="red" onSelect={() => void submit(null, { method: "post", action: "/logout", replace: true })} data-testid="logout">
          {t("auth.logout")}
        </DropdownMenu.Item>
      </DropdownMenu.Content>
    </DropdownMenu.Root>
  );
}

export default function AppLayout() {
  const { t } = useTranslation();
  const viewer = useViewer();
  return (
    <Flex direction="column" minHeight="100vh">
      <Flex asChild align="center" justify="between" px="4" py="2" gap="3" className="app-header">
        <header>
          <Flex align="center" gap="2">
            <Link to="/dashboard" aria-label="Dashboard">
              <img src="/favicon.svg" alt="" width={28} height={28} />
            </Link>
            <Text weight="bold">{viewer.agency?.name ?? t("app.name")}</Text>
          </Flex>
          <Flex align="center" gap="3">
            <LanguageSelect />
            <UserMenu />
            <noscript>
              <Form method="post" action="/logout" replace>
                <button type="submit">{t("auth.logout")}</button>
              </Form>
            </noscript>
          </Flex>
        </header>
      </Flex>
      <Box asChild p="4" flexGrow="1">
        <main id="main">
          <Outlet />
        </main>
      </Box>
    </Flex>
  );
}

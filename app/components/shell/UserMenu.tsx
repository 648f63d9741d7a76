import { Avatar, DropdownMenu, Flex, IconButton, Text, VisuallyHidden } from "@radix-ui/themes";
import { ArrowLeftRight, ChevronDown, CircleUser, LogOut, Settings, UserRound } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link, useSubmit } from "react-router";
import { displayName, initials } from "~/lib/platform/display";
import type { PublicViewer } from "~/lib/platform/viewer";

/** The user menu (spec §2.1): my account, profile, settings, switch agency (SuperAdmin), logout. */
export function UserMenu({ viewer }: { viewer: PublicViewer }) {
  const { t } = useTranslation();
  const submit = useSubmit();
  const name = displayName(viewer.name, viewer.email);
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger>
        {/* Named by its content: a hidden "User menu: <name>" (the visible name and initials are in it,
            so voice control finds it by what it shows, WCAG 2.5.3); no aria-label to contradict them. */}
        <IconButton variant="ghost" color="gray" radius="full" data-testid="user-menu" className="user-menu-trigger">
          <Flex align="center" gap="2" aria-hidden>
            <Avatar size="2" radius="full" src={viewer.avatarUrl ?? undefined} fallback={initials(viewer.name)} />
            <Text size="2" weight="medium" className="hide-mobile" data-testid="user-display-name" highContrast>
              {name}
            </Text>
            <ChevronDown size={14} aria-hidden className="hide-mobile" />
          </Flex>
          <VisuallyHidden>{t("header.userMenu", { name })}</VisuallyHidden>
        </IconButton>
      </DropdownMenu.Trigger>
      <DropdownMenu.Content align="end" sideOffset={6} style={{ minWidth: 220 }}>
        <DropdownMenu.Label>
          <Flex direction="column">
            <Text size="2" weight="medium" highContrast>
              {name}
            </Text>
            <Text size="1" color="gray">
              {viewer.email}
            </Text>
          </Flex>
        </DropdownMenu.Label>
        <DropdownMenu.Separator />
        <DropdownMenu.Item asChild>
          <Link to="/perfil" data-testid="menu-account">
            <CircleUser size={16} aria-hidden /> {t("shell.myAccount")}
          </Link>
        </DropdownMenu.Item>
        <DropdownMenu.Item asChild>
          <Link to="/perfil" data-testid="menu-profile">
            <UserRound size={16} aria-hidden /> {t("shell.profile")}
          </Link>
        </DropdownMenu.Item>
        <DropdownMenu.Item asChild>
          <Link to="/perfil#preferencias" data-testid="menu-settings">
            <Settings size={16} aria-hidden /> {t("shell.settings")}
          </Link>
        </DropdownMenu.Item>
        {viewer.role === "SuperAdmin" && (
          <DropdownMenu.Item asChild>
            <Link to="/selecionar-agencia" data-testid="menu-switch-agency">
              <ArrowLeftRight size={16} aria-hidden /> {t("agencySelect.switch")}
            </Link>
          </DropdownMenu.Item>
        )}
        <DropdownMenu.Separator />
        <DropdownMenu.Item
          color="red"
          onSelect={() => void submit(null, { method: "post", action: "/logout", replace: true })}
          data-testid="logout"
        >
          <LogOut size={16} aria-hidden /> {t("auth.logout")}
        </DropdownMenu.Item>
      </DropdownMenu.Content>
    </DropdownMenu.Root>
  );
}

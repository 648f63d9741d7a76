import { IconButton, ScrollArea, Text, Tooltip, VisuallyHidden } from "@radix-ui/themes";
import { ChevronRight, PanelLeftClose, PanelLeftOpen, X } from "lucide-react";
import { AnimatePresence, m } from "motion/react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import { activeItem, isActive, openGroupsFor, type NavItem } from "~/lib/shell/sidebar";
import { NavIcon } from "~/components/shell/icons";

/** Spec §9: the scrollbar hides 600 ms after scrolling stops. */
const SCROLL_HIDE_DELAY_MS = 600;
/** Group expansion: a spring (spec §9). */
const GROUP_SPRING = { type: "spring", stiffness: 420, damping: 38, mass: 0.9 } as const;
export const PLACEHOLDER_LOGO = "/agency-placeholder.svg";

type Props = {
  items: NavItem[];
  agency: { name: string; logoUrl: string | null } | null;
  /** Desktop: icons only. */
  collapsed: boolean;
  onToggleCollapsed: () => void;
  /** Mobile: the drawer is open. */
  mobileOpen: boolean;
  onCloseMobile: () => void;
  /** Focus target when the drawer opens. */
  closeButtonRef?: React.Ref<HTMLButtonElement>;
};

/** Keeps the user's open groups and adds the ones along the current path on every navigation. */
function useOpenGroups(items: NavItem[], pathname: string) {
  const [state, setState] = useState(() => ({ path: pathname, open: new Set(openGroupsFor(items, pathname)) }));
  let open = state.open;
  if (state.path !== pathname) {
    open = new Set([...state.open, ...openGroupsFor(items, pathname)]);
    setState({ path: pathname, open });
  }
  const toggle = (id: string, force?: boolean) =>
    setState((s) => {
      const next = new Set(s.open);
      const shouldOpen = force ?? !next.has(id);
      if (shouldOpen) next.add(id);
      else next.delete(id);
      return { ...s, open: next };
    });
  return [open, toggle] as const;
}

export function Sidebar({ items, agency, collapsed, onToggleCollapsed, mobileOpen, onCloseMobile, closeButtonRef }: Props) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const [open, toggle] = useOpenGroups(items, pathname);
  const active = activeItem(items, pathname);

  const expandAndOpen = (id: string) => {
    if (collapsed) onToggleCollapsed();
    toggle(id, true);
  };

  return (
    <div
      id="app-sidebar"
      className="shell-sidebar"
      data-collapsed={collapsed ? "true" : "false"}
      data-mobile-open={mobileOpen ? "true" : "false"}
      data-testid="sidebar"
    >
      <div className="sidebar-brand">
        {/* Named by what it shows (the agency and the app), then where it goes; no aria-label that would
            hide the visible text from voice control (WCAG 2.5.3). Collapsed, only the logo shows: it names it. */}
        <Link to="/dashboard" className="sidebar-logo" onClick={onCloseMobile} data-testid="sidebar-logo">
          <img
            src={agency?.logoUrl ?? PLACEHOLDER_LOGO}
            alt={collapsed && agency ? t("header.agencyLogo", { agency: agency.name }) : ""}
            width={36}
            height={36}
          />
          <span className="sidebar-agency">
            <Text as="span" size="2" weight="bold" className="truncate">
              {agency?.name ?? t("app.name")}
            </Text>
            <Text as="span" size="1" color="gray" className="truncate">
              {t("app.name")}
            </Text>
          </span>
          <VisuallyHidden>{t("header.home")}</VisuallyHidden>
        </Link>
        <IconButton
          ref={closeButtonRef}
          className="only-mobile"
          variant="ghost"
          color="gray"
          aria-label={t("header.closeMenu")}
          onClick={onCloseMobile}
          data-testid="drawer-close"
        >
          <X size={18} aria-hidden />
        </IconButton>
      </div>
      <ScrollArea type="hover" scrollbars="vertical" scrollHideDelay={SCROLL_HIDE_DELAY_MS} className="sidebar-scroll">
        <nav aria-label={t("header.mainNavigation")}>
          <ul className="nav-list" data-depth={0}>
            {items.map((item) => (
              <NavEntry
                key={item.id}
                item={item}
                depth={0}
                pathname={pathname}
                activeId={active?.id ?? null}
                open={open}
                toggle={toggle}
                collapsed={collapsed}
                onNavigate={onCloseMobile}
                onExpand={expandAndOpen}
              />
            ))}
          </ul>
        </nav>
      </ScrollArea>
      <div className="sidebar-footer only-desktop">
        <Tooltip content={collapsed ? t("header.expandSidebar") : t("header.collapseSidebar")} side="right">
          <IconButton
            variant="ghost"
            color="gray"
            size="2"
            onClick={onToggleCollapsed}
            aria-label={collapsed ? t("header.expandSidebar") : t("header.collapseSidebar")}
            aria-expanded={!collapsed}
            aria-controls="app-sidebar"
            data-testid="sidebar-collapse"
          >
            {collapsed ? <PanelLeftOpen size={18} aria-hidden /> : <PanelLeftClose size={18} aria-hidden />}
          </IconButton>
        </Tooltip>
      </div>
    </div>
  );
}

type EntryProps = {
  item: NavItem;
  depth: number;
  pathname: string;
  activeId: string | null;
  open: Set<string>;
  toggle: (id: string, force?: boolean) => void;
  collapsed: boolean;
  onNavigate: () => void;
  onExpand: (id: string) => void;
};

function NavEntry({ item, depth, pathname, activeId, open, toggle, collapsed, onNavigate, onExpand }: EntryProps) {
  const isGroup = item.children.length > 0;
  const onPath = isActive(pathname, item.route);
  const iconOnly = collapsed && depth === 0;
  const style = { "--depth": depth } as React.CSSProperties;

  if (!isGroup) {
    const current = item.id === activeId;
    const link = (
      <Link
        to={item.route}
        className="nav-link"
        data-active={current ? "true" : undefined}
        aria-current={current ? (pathname === item.route ? "page" : "true") : undefined}
        aria-label={iconOnly ? item.name : undefined}
        onClick={onNavigate}
        style={style}
        data-testid={`nav-${item.id}`}
      >
        <NavIcon icon={item.icon} className="nav-icon" />
        <span className="nav-label">{item.name}</span>
      </Link>
    );
    return (
      <li>
        {iconOnly ? (
          <Tooltip content={item.name} side="right" disableHoverableContent>
            {link}
          </Tooltip>
        ) : (
          link
        )}
      </li>
    );
  }

  const expanded = !collapsed && open.has(item.id);
  const groupId = `nav-group-${item.id.replaceAll(".", "-")}`;
  const button = (
    <button
      type="button"
      className="nav-link nav-group"
      data-on-path={onPath ? "true" : undefined}
      aria-expanded={collapsed ? undefined : expanded}
      aria-controls={collapsed ? undefined : groupId}
      aria-label={iconOnly ? item.name : undefined}
      onClick={() => (collapsed ? onExpand(item.id) : toggle(item.id))}
      style={style}
      data-testid={`nav-${item.id}`}
    >
      <NavIcon icon={item.icon} className="nav-icon" />
      <span className="nav-label">{item.name}</span>
      <ChevronRight size={16} aria-hidden className="nav-chevron" data-open={expanded ? "true" : undefined} />
    </button>
  );
  return (
    <li>
      {iconOnly ? (
        <Tooltip content={item.name} side="right" disableHoverableContent>
          {button}
        </Tooltip>
      ) : (
        button
      )}
      <AnimatePresence initial={false}>
        {expanded && (
          <m.ul
            key="children"
            id={groupId}
            className="nav-list"
            data-depth={depth + 1}
            initial={{ height: 0, opacity: 0 }}
            animate={{ height: "auto", opacity: 1 }}
            exit={{ height: 0, opacity: 0 }}
            transition={GROUP_SPRING}
            style={{ overflow: "hidden" }}
          >
            {item.children.map((child) => (
              <NavEntry
                key={child.id}
                item={child}
                depth={depth + 1}
                pathname={pathname}
                activeId={activeId}
                open={open}
                toggle={toggle}
                collapsed={collapsed}
                onNavigate={onNavigate}
                onExpand={onExpand}
              />
            ))}
          </m.ul>
        )}
      </AnimatePresence>
    </li>
  );
}

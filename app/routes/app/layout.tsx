import { Flex, IconButton } from "@radix-ui/themes";
import { Menu } from "lucide-react";
import { AnimatePresence, m } from "motion/react";
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { data, Form, Outlet, redirect, useLocation, useRouteLoaderData } from "react-router";
import { LanguageSelect } from "~/components/LanguageSelect";
import { SearchTrigger, usePaletteHotkey } from "~/components/shell/PaletteTrigger";
import { readSidebarCollapsed, saveSidebarCollapsed, useIsMobile, useRevalidateOnFocus } from "~/components/shell/hooks";
import { NavigationSpinner } from "~/components/shell/NavigationSpinner";
import { NotificationBell } from "~/components/shell/NotificationBell";
import { PageTransition } from "~/components/shell/PageTransition";
import { Sidebar } from "~/components/shell/Sidebar";
import { UserMenu } from "~/components/shell/UserMenu";
import { readFlash } from "~/lib/platform/flash.server";
import { shellShouldRevalidate } from "~/lib/shell/revalidate";
import { buildSidebar, sharedSidebar, type Translate } from "~/lib/shell/sidebar";
import { lookup } from "~/lib/platform/translate";
import { publicViewer } from "~/lib/platform/viewer";
import { DEFAULT_LANGUAGE, isLanguage } from "~/locales";
import { getI18n, getLocale } from "~/middleware/i18n";
import { documentUrl, requestedLocation, requireViewer } from "~/middleware/session";
import shellStyles from "~/styles/shell.css?url";
import type { Route } from "./+types/layout";

/** The command palette (and cmdk) is a chunk of its own, fetched on first use or when the trigger is approached. */
const loadPalette = () => import("~/components/shell/CommandPalette");
const CommandPalette = lazy(loadPalette);

/** Spec §9: the drawer's backdrop fades in 0.3 s. */
const BACKDROP_FADE_S = 0.3;

/**
 * Every authenticated route sits under this layout: no session → /login with
 * the location remembered; a SuperAdmin without an agency → /selecionar-agencia
 * with the origin remembered (spec §2.6, §4).
 */
export const middleware: Route.MiddlewareFunction[] = [
  ({ context, request }) => {
    const viewer = requireViewer(context, request);
    const path = documentUrl(request).pathname;
    if (viewer.needsAgencySelection && path !== "/selecionar-agencia") {
      throw redirect(`/selecionar-agencia?redirectTo=${encodeURIComponent(requestedLocation(request))}`);
    }
  },
];

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: shellStyles }];

export async function loader({ context, request }: Route.LoaderArgs) {
  const viewer = requireViewer(context, request);
  const locale = getLocale(context);
  const language = isLanguage(locale) ? locale : DEFAULT_LANGUAGE;
  const i18n = getI18n(context);
  const t: Translate = (key) => lookup(i18n, key);
  const flash = readFlash(request);
  return data(
    {
    viewer: publicViewer(viewer),
    /** The navigation tree of spec §2.2, named in the request's language. */
    sidebar: sharedSidebar(viewer.licence, { language, t }),
    sidebarLanguage: language,
    sidebarCollapsed: readSidebarCollapsed(request.headers.get("Cookie")),
    /** A toast an action left for this page before redirecting here (flash.server.ts). */
    toast: flash.toast,
    },
    { headers: flash.clear },
  );
}

/** Not re-loaded between staff pages unless a form was submitted or the revalidation is explicit (lib/shell/revalidate.ts). */
export const shouldRevalidate = shellShouldRevalidate;

export function useViewer() {
  const data = useRouteLoaderData<typeof loader>("routes/app/layout");
  if (!data) throw new Error("useViewer must be used inside the authenticated layout");
  return data.viewer;
}

export default function AppLayout({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const { viewer } = loaderData;
  const { pathname } = useLocation();
  const isMobile = useIsMobile();
  useRevalidateOnFocus();

  // The server named the entries in its language; after a switch in the browser, rename them at once.
  const language = i18n.language;
  const items = useMemo(() => {
    if (language === loaderData.sidebarLanguage || !isLanguage(language)) return loaderData.sidebar;
    const t: Translate = (key) => lookup(i18n, key);
    return buildSidebar(viewer.licence, { language, t });
  }, [i18n, language, loaderData.sidebar, loaderData.sidebarLanguage, viewer.licence]);

  const [collapsedPref, setCollapsedPref] = useState(loaderData.sidebarCollapsed);
  const collapsed = collapsedPref && !isMobile;
  const toggleCollapsed = () => {
    const next = !collapsedPref;
    setCollapsedPref(next);
    saveSidebarCollapsed(next);
  };

  // Mobile drawer: closed by default, closes on navigation and when the window becomes small.
  const [drawer, setDrawer] = useState({ open: false, path: pathname, mobile: isMobile });
  let drawerOpen = drawer.open;
  if (drawer.path !== pathname || drawer.mobile !== isMobile) {
    drawerOpen = false;
    setDrawer({ open: false, path: pathname, mobile: isMobile });
  }
  const mobileOpen = isMobile && drawerOpen;
  const openDrawer = () => setDrawer((d) => ({ ...d, open: true }));
  const closeDrawer = () => setDrawer((d) => (d.open ? { ...d, open: false } : d));

  const menuButton = useRef<HTMLButtonElement>(null);
  const drawerClose = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(false);
  useEffect(() => {
    if (mobileOpen) {
      drawerClose.current?.focus();
      const onKey = (e: KeyboardEvent) => {
        if (e.key === "Escape") setDrawer((d) => ({ ...d, open: false }));
      };
      window.addEventListener("keydown", onKey);
      wasOpen.current = true;
      return () => window.removeEventListener("keydown", onKey);
    }
    if (wasOpen.current) {
      wasOpen.current = false;
      if (document.activeElement === document.body || document.activeElement?.closest("#app-sidebar")) menuButton.current?.focus();
    }
  }, [mobileOpen]);

  const [paletteOpen, setPaletteOpen] = useState(false);
  usePaletteHotkey(setPaletteOpen);
  // Rendered from its first opening on (so it can animate its closing), never in the server render.
  const [paletteUsed, setPaletteUsed] = useState(false);
  if (paletteOpen && !paletteUsed) setPaletteUsed(true);

  return (
    <div className="shell" data-collapsed={collapsed ? "true" : "false"} data-mobile-open={mobileOpen ? "true" : "false"}>
      <a href="#main" className="skip-link">
        {t("header.skipToContent")}
      </a>
      <Sidebar
        items={items}
        agency={viewer.agency ? { name: viewer.agency.name, logoUrl: viewer.agency.logoUrl } : null}
        collapsed={collapsed}
        onToggleCollapsed={toggleCollapsed}
        mobileOpen={mobileOpen}
        onCloseMobile={closeDrawer}
        closeButtonRef={drawerClose}
      />
      <AnimatePresence>
        {mobileOpen && (
          <m.div
            key="backdrop"
            className="shell-backdrop"
            data-testid="drawer-backdrop"
            aria-hidden
            initial={{ opacity: 0 }}
            animate={{ opacity: 1 }}
            exit={{ opacity: 0 }}
            transition={{ duration: BACKDROP_FADE_S }}
            onClick={closeDrawer}
          />
        )}
      </AnimatePresence>
      <div className="shell-body" inert={mobileOpen}>
        <header className="shell-header">
          <NavigationSpinner />
          <Flex align="center" gap="3" className="header-start">
            {/* No tooltip: the button is for touch screens, and focus returns here when the drawer
                closes, where a tooltip would open and stay over the page. */}
            <IconButton
              ref={menuButton}
              className="only-mobile"
              variant="ghost"
              color="gray"
              aria-label={t("header.openMenu")}
              aria-expanded={mobileOpen}
              aria-controls="app-sidebar"
              onClick={openDrawer}
              data-testid="drawer-open"
            >
              <Menu size={20} aria-hidden />
            </IconButton>
            <SearchTrigger onOpen={() => setPaletteOpen(true)} onIntent={() => void loadPalette()} />
          </Flex>
          <Flex align="center" gap="4" className="header-end">
            <LanguageSelect compact={isMobile} />
            <NotificationBell userId={viewer.id} />
            <UserMenu viewer={viewer} />
            <noscript>
              <Form method="post" action="/logout" replace>
                <button type="submit">{t("auth.logout")}</button>
              </Form>
            </noscript>
          </Flex>
        </header>
        <main id="main" className="shell-main" tabIndex={-1}>
          <PageTransition>
            <Outlet />
          </PageTransition>
        </main>
      </div>
      {paletteUsed && (
        <Suspense fallback={null}>
          <CommandPalette open={paletteOpen} onOpenChange={setPaletteOpen} items={items} viewer={viewer} />
        </Suspense>
      )}
    </div>
  );
}

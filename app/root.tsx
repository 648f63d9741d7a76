import { Theme } from "@radix-ui/themes";
import { LazyMotion, MotionConfig } from "motion/react";
import radixStyles from "@radix-ui/themes/styles.css?url";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import {
  data,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useMatches,
  useRouteLoaderData,
} from "react-router";
import { DevStack, describeError } from "~/components/ui/RouteError";
import { ActionToasts, ToastProvider } from "~/components/ui/Toaster";
import { useLanguageSync } from "~/lib/platform/language-sync";
import { isLanguage } from "~/locales";
import appStyles from "~/styles/app.css?url";
import type { Route } from "./+types/root";
import { getLocale, i18nMiddleware } from "~/middleware/i18n";
import { originCheckMiddleware } from "~/middleware/csrf";
import { formBodyMiddleware } from "~/middleware/form-body";
import { securityMiddleware } from "~/middleware/security";
import { sessionMiddleware } from "~/middleware/session";

export const middleware: Route.MiddlewareFunction[] = [
  securityMiddleware,
  i18nMiddleware,
  originCheckMiddleware,
  // Every action takes a form: another body is 415/400 before any action runs.
  formBodyMiddleware,
  sessionMiddleware,
];

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "stylesheet", href: radixStyles },
  { rel: "stylesheet", href: appStyles },
];

export async function loader({ context }: Route.LoaderArgs) {
  return data({ locale: getLocale(context) });
}

/** Whether the page needs only the core texts (a route's `handle.texts === "core"`: the public pages). */
function useCoreTexts(): boolean {
  return useMatches().some((m) => (m.handle as { texts?: string } | undefined)?.texts === "core");
}

/**
 * After a client navigation from a public page (core texts only, entry.client.tsx) to
 * one that needs every text, loads the whole language (i18next re-renders when it arrives).
 */
function useFullTexts(core: boolean) {
  const { i18n } = useTranslation();
  useEffect(() => {
    if (!core && i18n.getResource(i18n.language, "translation", "auth") === undefined) void i18n.reloadResources(i18n.language);
  }, [core, i18n]);
}

export function Layout({ children }: { children: React.ReactNode }) {
  const rootData = useRouteLoaderData<typeof loader>("root");
  const { i18n } = useTranslation();
  const core = useCoreTexts();
  useFullTexts(core);
  // The language in use: the server's on the first render, then the browser's switch at once.
  const lang = isLanguage(i18n.language) ? i18n.language : (rootData?.locale ?? "pt");
  return (
    <html lang={lang} data-texts={core ? "core" : undefined}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body>
        <Theme accentColor="teal" grayColor="slate" radius="medium" scaling="100%">
          {children}
        </Theme>
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

const loadMotionFeatures = () => import("~/components/shell/motion-features").then((m) => m.default);

export default function App({ loaderData: { locale } }: Route.ComponentProps) {
  const { i18n } = useTranslation();
  useEffect(() => {
    if (i18n.language !== locale) void i18n.changeLanguage(locale);
  }, [locale, i18n]);
  useLanguageSync(locale);
  return (
    // Animations follow the user's reduced-motion preference. Their code loads after the
    // page (LazyMotion): the shell ships only the light `m` components.
    <LazyMotion features={loadMotionFeatures}>
      <MotionConfig reducedMotion="user">
        <ToastProvider>
          <Outlet />
          <ActionToasts />
        </ToastProvider>
      </MotionConfig>
    </LazyMotion>
  );
}

/**
 * The last boundary (errors outside the shell: sign-in pages, a refused request
 * body, a failure of the shell itself), in the user's language. The stack shows
 * in development only.
 */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { t } = useTranslation();
  const described = describeError(error, t);
  return (
    <main className="error-page" data-testid="root-error">
      <h1>{described.title}</h1>
      <p>{described.body}</p>
      <p>
        <a href="/dashboard">{t("common.back")}</a>
      </p>
      <DevStack error={error} />
    </main>
  );
}

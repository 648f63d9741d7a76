import { Button, Flex, Text } from "@radix-ui/themes";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { isRouteErrorResponse, Link, useLocation, useRouteError } from "react-router";
import { Notice } from "~/components/ui/Notice";
import { PageHeader } from "~/components/ui/PageHeader";

/** What a boundary says about an error, in the user's language; never the error's own text or stack. */
export function describeError(error: unknown, t: TFunction) {
  if (isRouteErrorResponse(error)) {
    const message = (error.data as { message?: unknown } | null)?.message;
    if (error.status === 404) return { status: 404, title: t("common.notFound"), body: t("common.notFoundRecord") };
    if (error.status === 403) return { status: 403, title: t("common.errorTitle"), body: typeof message === "string" ? message : t("errors.forbidden") };
    if (error.status === 400 || error.status === 415) {
      return { status: error.status, title: t("errors.badRequestTitle"), body: typeof message === "string" ? message : t("errors.notAForm") };
    }
    return { status: error.status, title: t("common.errorTitle"), body: t("common.errorBody") };
  }
  return { status: 500, title: t("common.errorTitle"), body: t("common.errorBody") };
}

/** The stack of an unexpected error, in development only (never in a built app's pages). */
export function DevStack({ error }: { error: unknown }) {
  if (!import.meta.env.DEV || !(error instanceof Error) || !error.stack) return null;
  return (
    <pre data-testid="dev-stack" style={{ whiteSpace: "pre-wrap", fontSize: 12, overflowX: "auto" }}>
      {error.stack}
    </pre>
  );
}

/**
 * The error boundary of screens inside the shell: a record that does not exist
 * (or belongs to another agency), a refused request or a failed load shows here,
 * with the sidebar still around it, in the user's language, and a way back to
 * the screen's list. Route modules re-export it:
 * `export { ShellErrorBoundary as ErrorBoundary } from "~/components/ui/RouteError"`.
 */
export function ShellErrorBoundary() {
  const error = useRouteError();
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const described = describeError(error, t);
  const notFound = described.status === 404;
  // The list this record belongs to: /cadastros/clientes/editar/x → /cadastros/clientes.
  const back = pathname.replace(/\/(editar|novo|importar|exportar)(\/.*)?$/, "") || "/dashboard";
  return (
    <Flex direction="column" gap="4" maxWidth="720px" data-testid="route-error">
      <PageHeader title={described.title} />
      <Notice tone={notFound ? "info" : "error"}>{described.body}</Notice>
      <Flex gap="3" align="center">
        <Button asChild>
          <Link to={back === pathname ? "/dashboard" : back}>{t("common.back")}</Link>
        </Button>
        {described.status >= 500 && (
          <Text size="2" color="gray">
            {t("common.errorRetry")}
          </Text>
        )}
      </Flex>
      <DevStack error={error} />
    </Flex>
  );
}

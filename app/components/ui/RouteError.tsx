import { Button, Callout, Flex, Heading, Text } from "@radix-ui/themes";
import { CircleAlert } from "lucide-react";
import { useTranslation } from "react-i18next";
import { isRouteErrorResponse, Link, useLocation, useRouteError } from "react-router";

/**
 * The error boundary of screens inside the shell: a record that does not exist
 * (or belongs to another agency) or a failed load shows here, with the sidebar
 * still around it, and a way back to the screen's list. Route modules re-export
 * it: `export { ShellErrorBoundary as ErrorBoundary } from "~/components/ui/RouteError"`.
 */
export function ShellErrorBoundary() {
  const error = useRouteError();
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  // The list this record belongs to: /cadastros/clientes/editar/x → /cadastros/clientes.
  const back = pathname.replace(/\/(editar|novo|importar|exportar)(\/.*)?$/, "") || "/dashboard";
  return (
    <Flex direction="column" gap="4" maxWidth="720px" data-testid="route-error">
      <Heading as="h1" size="7">
        {notFound ? t("common.notFound") : t("common.errorTitle")}
      </Heading>
      <Callout.Root color={notFound ? "gray" : "red"}>
        <Callout.Icon>
          <CircleAlert size={16} />
        </Callout.Icon>
        <Callout.Text>{notFound ? t("common.notFoundRecord") : t("common.errorBody")}</Callout.Text>
      </Callout.Root>
      <Flex gap="3">
        <Button asChild>
          <Link to={back}>{t("common.back")}</Link>
        </Button>
        {!notFound && (
          <Text size="2" color="gray">
            {t("common.errorRetry")}
          </Text>
        )}
      </Flex>
    </Flex>
  );
}

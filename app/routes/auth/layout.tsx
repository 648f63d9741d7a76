import { Box, Card, Flex, Text } from "@radix-ui/themes";
import { useTranslation } from "react-i18next";
import { Outlet, redirect } from "react-router";
import { LanguageSelect } from "~/components/LanguageSelect";
import { getViewer } from "~/middleware/session";
import type { Route } from "./+types/layout";

/** Public-route guard (spec §2.4): a signed-in user goes to /dashboard. */
export const middleware: Route.MiddlewareFunction[] = [
  ({ context }) => {
    if (getViewer(context)) throw redirect("/dashboard");
  },
];

export default function AuthLayout() {
  const { t } = useTranslation();
  return (
    <Flex className="auth-page" align="center" justify="center" p="4">
      <Box width="100%" maxWidth="420px">
        <Flex justify="between" align="center" mb="4">
          <Flex align="center" gap="2">
            <img src="/favicon.svg" alt="" width={32} height={32} />
            <Text size="5" weight="bold">
              {t("app.name")}
            </Text>
          </Flex>
          <LanguageSelect />
        </Flex>
        <Card size="4">
          <Outlet />
        </Card>
        <Text as="p" size="1" color="gray" align="center" mt="4">
          {t("app.tagline")}
        </Text>
      </Box>
    </Flex>
  );
}

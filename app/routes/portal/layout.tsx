import { Box, Flex, Text } from "@radix-ui/themes";
import { useTranslation } from "react-i18next";
import { Outlet } from "react-router";
import { LanguageSelect } from "~/components/LanguageSelect";

/** The client portal's frame (issue #21): no staff shell, the language switch, phone-first width. */
export default function PortalLayout() {
  const { t } = useTranslation();
  return (
    <Box className="portal-page" px={{ initial: "3", sm: "5" }} py="4" mx="auto" maxWidth="880px" data-testid="portal-layout">
      <Flex justify="between" align="center" mb="4" gap="3">
        <Flex align="center" gap="2">
          <img src="/favicon.svg" alt="" width={28} height={28} />
          <Text size="4" weight="bold">
            {t("portal.title")}
          </Text>
        </Flex>
        <LanguageSelect compact />
      </Flex>
      <Outlet />
    </Box>
  );
}

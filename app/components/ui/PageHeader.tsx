import { Flex, Heading, Text } from "@radix-ui/themes";
import { useTranslation } from "react-i18next";
import { Breadcrumb } from "~/components/shell/Breadcrumb";
import type { Crumb } from "~/lib/shell/screens";

/**
 * A screen's title (the page's only h1), an optional line under it, and
 * optional actions on the right.
 * - `trail`: the crumbs between Início and this page; the breadcrumb then
 *   reads Início › …trail › title (`crumb` names the last one when the title
 *   is not plain text).
 * - `before`: anything else above the title (a custom breadcrumb).
 * - `aside`: beside the title, outside the heading (a kind label: "Novo", "Editar").
 * - `size="auth"` is the smaller title of the sign-in card.
 */
export function PageHeader({
  title,
  subtitle,
  actions,
  trail,
  crumb,
  before,
  aside,
  size = "page",
  titleTestId,
}: {
  title: React.ReactNode;
  subtitle?: React.ReactNode;
  actions?: React.ReactNode;
  trail?: Crumb[];
  crumb?: string;
  before?: React.ReactNode;
  aside?: React.ReactNode;
  size?: "page" | "auth";
  titleTestId?: string;
}) {
  const { t } = useTranslation();
  const current = crumb ?? (typeof title === "string" ? title : "");
  return (
    <Flex direction="column" gap="2">
      {trail && <Breadcrumb crumbs={[{ label: t("screen.home"), href: "/dashboard" }, ...trail, { label: current, href: null }]} />}
      {before}
      <Flex justify="between" align="start" gap="3" wrap="wrap">
        <div style={{ minWidth: 0, flex: "1 1 320px" }}>
          <Flex align="center" gap="3" wrap="wrap" mb="1">
            <Heading as="h1" size={size === "auth" ? "6" : "7"} data-testid={titleTestId}>
              {title}
            </Heading>
            {aside}
          </Flex>
          {subtitle && (
            <Text as="p" size={size === "auth" ? "2" : "3"} color="gray">
              {subtitle}
            </Text>
          )}
        </div>
        {actions && (
          <Flex gap="2" wrap="wrap">
            {actions}
          </Flex>
        )}
      </Flex>
    </Flex>
  );
}

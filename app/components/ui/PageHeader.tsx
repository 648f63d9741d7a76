import { Flex, Heading, Text } from "@radix-ui/themes";

/**
 * A screen's title (the page's only h1), an optional line under it, and
 * optional actions on the right. `size="auth"` is the smaller title of the
 * sign-in card.
 */
export function PageHeader({
  title,
  subtitle,
  actions,
  before,
  aside,
  size = "page",
  titleTestId,
}: {
  title: React.ReactNode;
  subtitle?: React.ReactNode;
  actions?: React.ReactNode;
  /** Above the title (a breadcrumb). */
  before?: React.ReactNode;
  /** Beside the title, outside the heading (a kind label: "Novo", "Editar"). */
  aside?: React.ReactNode;
  size?: "page" | "auth";
  titleTestId?: string;
}) {
  return (
    <Flex direction="column" gap="2">
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

import { Flex, Heading, Text } from "@radix-ui/themes";
import { useId } from "react";

/** Nothing to show yet: an icon, a title (h2), a line of explanation and an optional way on. */
export function EmptyState({
  icon,
  title,
  body,
  action,
  testId,
}: {
  icon?: React.ReactNode;
  title: React.ReactNode;
  body?: React.ReactNode;
  action?: React.ReactNode;
  testId?: string;
}) {
  const titleId = useId();
  return (
    <section className="empty-state" data-testid={testId} aria-labelledby={titleId}>
      <Flex direction="column" align="center" gap="3" py="8" px="4" style={{ textAlign: "center" }}>
        {icon && (
          <span className="empty-state-icon" aria-hidden>
            {icon}
          </span>
        )}
        <Heading as="h2" size="4" id={titleId}>
          {title}
        </Heading>
        {body && (
          <Text as="p" color="gray" size="2" style={{ maxWidth: "46ch" }}>
            {body}
          </Text>
        )}
        {action}
      </Flex>
    </section>
  );
}

import { Card, Heading, Text } from "@radix-ui/themes";
import { useId } from "react";

/** A titled card: a <section> named by its h2, with an optional hint under the title. */
export function SectionCard({
  title,
  hint,
  id,
  children,
  testId,
}: {
  title: React.ReactNode;
  hint?: React.ReactNode;
  id?: string;
  children: React.ReactNode;
  testId?: string;
}) {
  const titleId = useId();
  return (
    <Card size="3" id={id} asChild data-testid={testId}>
      <section aria-labelledby={titleId}>
        <Heading as="h2" size="4" mb={hint ? "1" : "3"} id={titleId}>
          {title}
        </Heading>
        {hint && (
          <Text as="p" size="2" color="gray" mb="3">
            {hint}
          </Text>
        )}
        {children}
      </section>
    </Card>
  );
}

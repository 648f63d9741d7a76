import { Button, Code, Flex, Text } from "@radix-ui/themes";
import { Copy } from "lucide-react";
import type { ReactNode } from "react";
import { useToast } from "~/components/ui/Toaster";

/**
 * A labelled value shown as selectable text with a copy button (the button needs JavaScript; the
 * text can always be selected). `copyValue` is what the button copies when it differs from what is
 * shown (a path shown, its full address copied).
 */
export function CopyField({
  label,
  value,
  copyValue,
  hint,
  testId,
  rootTestId,
  copyLabel,
  copiedLabel,
}: {
  label: string;
  value: string;
  copyValue?: string;
  hint?: ReactNode;
  testId?: string;
  rootTestId?: string;
  copyLabel: string;
  copiedLabel: string;
}) {
  const toast = useToast();
  return (
    <Flex direction="column" gap="1" data-testid={rootTestId}>
      <Text size="2" weight="medium">
        {label}
      </Text>
      <Flex gap="2" align="center" wrap="wrap">
        <Code size="2" className="selectable" style={{ wordBreak: "break-all", maxWidth: "100%" }} data-testid={testId}>
          {value}
        </Code>
        <Button
          type="button"
          size="1"
          variant="soft"
          color="gray"
          aria-label={`${copyLabel}: ${label}`}
          onClick={() => {
            void navigator.clipboard?.writeText(copyValue ?? value).then(() => toast({ title: copiedLabel }));
          }}
        >
          <Copy size={14} aria-hidden /> {copyLabel}
        </Button>
      </Flex>
      {hint && (
        <Text size="1" color="gray">
          {hint}
        </Text>
      )}
    </Flex>
  );
}

import { AlertDialog, Button, Flex } from "@radix-ui/themes";

/**
 * Asks before a destructive or irreversible action. `trigger` opens it;
 * `confirm` is the button that does the action (usually a submit button of a
 * <Form> passed in as `confirm`, so it works without JavaScript too).
 */
export function ConfirmDialog({
  trigger,
  title,
  description,
  cancelLabel,
  confirm,
  open,
  onOpenChange,
  testId,
}: {
  trigger?: React.ReactNode;
  title: React.ReactNode;
  description?: React.ReactNode;
  cancelLabel: string;
  confirm: React.ReactNode;
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  testId?: string;
}) {
  return (
    <AlertDialog.Root open={open} onOpenChange={onOpenChange}>
      {trigger && <AlertDialog.Trigger>{trigger}</AlertDialog.Trigger>}
      <AlertDialog.Content maxWidth="460px" data-testid={testId}>
        <AlertDialog.Title>{title}</AlertDialog.Title>
        {description && <AlertDialog.Description size="2">{description}</AlertDialog.Description>}
        <Flex gap="3" mt="4" justify="end">
          <AlertDialog.Cancel>
            <Button variant="soft" color="gray">
              {cancelLabel}
            </Button>
          </AlertDialog.Cancel>
          {confirm}
        </Flex>
      </AlertDialog.Content>
    </AlertDialog.Root>
  );
}

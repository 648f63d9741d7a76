import { AlertDialog, Button, Flex } from "@radix-ui/themes";

/**
 * Asks before a destructive or irreversible action. `trigger` opens it, or the
 * caller controls it with `open` / `onOpenChange`; `confirm` is the button
 * that does the action.
 *
 * `form` wraps the button row in the caller's form (hidden inputs, a
 * <Form> or a fetcher.Form) so the confirm button submits it and the action
 * also works as a plain form post; the cancel button never submits.
 * `children` goes between the description and the buttons (an error notice,
 * a field). `closeOnConfirm` closes the dialog when confirm is clicked.
 */
export function ConfirmDialog({
  trigger,
  title,
  description,
  children,
  cancelLabel,
  confirm,
  form,
  closeOnConfirm = false,
  open,
  onOpenChange,
  maxWidth = "460px",
  testId,
}: {
  trigger?: React.ReactNode;
  title: React.ReactNode;
  description?: React.ReactNode;
  children?: React.ReactNode;
  cancelLabel: string;
  confirm: React.ReactNode;
  form?: (actions: React.ReactNode) => React.ReactNode;
  closeOnConfirm?: boolean;
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  maxWidth?: string;
  testId?: string;
}) {
  const actions = (
    <Flex gap="3" mt="4" justify="end">
      <AlertDialog.Cancel>
        <Button type="button" variant="soft" color="gray">
          {cancelLabel}
        </Button>
      </AlertDialog.Cancel>
      {closeOnConfirm ? <AlertDialog.Action>{confirm}</AlertDialog.Action> : confirm}
    </Flex>
  );
  return (
    <AlertDialog.Root open={open} onOpenChange={onOpenChange}>
      {trigger && <AlertDialog.Trigger>{trigger}</AlertDialog.Trigger>}
      <AlertDialog.Content maxWidth={maxWidth} data-testid={testId}>
        <AlertDialog.Title>{title}</AlertDialog.Title>
        {description && <AlertDialog.Description size="2">{description}</AlertDialog.Description>}
        {children}
        {form ? form(actions) : actions}
      </AlertDialog.Content>
    </AlertDialog.Root>
  );
}

import { Button, Flex, Text, TextArea } from "@radix-ui/themes";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Form, useNavigation } from "react-router";
import { ExcursionStatusBadge } from "~/components/services/excursions/ExcursionStatusBadge";
import { ConfirmDialog } from "~/components/ui/ConfirmDialog";
import { Notice } from "~/components/ui/Notice";
import { EXCURSION_MOVES, type ExcursionStatus } from "~/lib/excursions/status";
import { lookup } from "~/lib/platform/translate";

type MoveTarget = Exclude<ExcursionStatus, "draft">;

/** One status move: a button that asks first; cancelling asks for the reason (the form posts intent=move). */
function MoveButton({ from, to, name }: { from: ExcursionStatus; to: MoveTarget; name: string }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const [open, setOpen] = useState(false);
  // A closed trip opening again is "reopen".
  const action = from === "closed" && to === "open" ? "reopen" : to;
  const danger = to === "cancelled";
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      testId="move-dialog"
      trigger={
        <Button variant={danger ? "soft" : "solid"} color={danger ? "red" : undefined} data-testid={`move-${action}`}>
          {t(`services.excursions.moves.actions.${action}`)}
        </Button>
      }
      title={t(`services.excursions.moves.actions.${action}`)}
      description={t(`services.excursions.moves.confirm.${action}`, { name })}
      cancelLabel={t("services.excursions.moves.keep")}
      form={(actions) => (
        <Form method="post" replace onSubmit={() => setOpen(false)}>
          <input type="hidden" name="intent" value="move" />
          <input type="hidden" name="to" value={to} />
          {danger && (
            <Flex direction="column" gap="1" mt="3">
              <Text as="label" htmlFor="move-reason" size="2" weight="medium">
                {t("services.excursions.moves.reason")}
              </Text>
              <TextArea id="move-reason" name="reason" required minLength={3} maxLength={500} rows={3} aria-describedby="move-reason-hint" data-testid="move-reason" />
              <Text id="move-reason-hint" size="1" color="gray">
                {t("services.excursions.moves.reasonHint")}
              </Text>
            </Flex>
          )}
          {actions}
        </Form>
      )}
      confirm={
        <Button type="submit" color={danger ? "red" : undefined} disabled={busy} data-testid="move-confirm">
          {t("services.excursions.moves.confirmButton")}
        </Button>
      }
    />
  );
}

/**
 * An excursion's status on its edit page: the badge, the reason of a
 * cancellation, the moves it may make (each asks first), a refused move's
 * reason, and the read-only and final-manifest notices.
 */
export function ExcursionStatusPanel({
  status,
  name,
  reason,
  moveError,
  manifestFinal,
}: {
  status: ExcursionStatus;
  name: string;
  reason: string | null;
  moveError?: string;
  manifestFinal: string | null;
}) {
  const { t, i18n } = useTranslation();
  const moves = EXCURSION_MOVES[status].filter((s): s is MoveTarget => s !== "draft");
  return (
    <Flex direction="column" gap="3" data-testid="excursion-status-panel">
      <Flex gap="3" align="center" wrap="wrap">
        <ExcursionStatusBadge status={status} size="3" />
        {moves.map((to) => (
          <MoveButton key={to} from={status} to={to} name={name} />
        ))}
      </Flex>
      {status === "cancelled" && reason && (
        <Text size="2" data-testid="cancel-reason">
          {t("services.excursions.cancelledBecause", { reason })}
        </Text>
      )}
      {moveError && (
        <Notice tone="error" testId="move-error">
          {lookup(i18n, moveError) ?? moveError}
        </Notice>
      )}
      {(status === "done" || status === "cancelled") && (
        <Notice tone="info" role="none" testId="read-only">
          {t("services.excursions.readOnly", { status: t(`services.excursions.statuses.${status}`).toLowerCase() })}
        </Notice>
      )}
      {manifestFinal && (
        <Notice tone="warning" role="none" testId="manifest-final">
          {manifestFinal}
        </Notice>
      )}
    </Flex>
  );
}

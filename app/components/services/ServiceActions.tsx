import { Button, Flex } from "@radix-ui/themes";
import { Archive, Copy } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Form, Link, useNavigation } from "react-router";
import { ConfirmDialog } from "~/components/ui/ConfirmDialog";

/**
 * Duplicate and archive, in a service's page header (charters, packages, blocks,
 * excursions); archiving asks first (without JavaScript the form posts straight
 * away). Duplicating posts intent=clone, or links to the service's own clone
 * screen (`cloneHref`: an excursion asks for the days to shift first). The
 * buttons' test ids are `<kind>-clone` and `<kind>-archive`.
 */
export function ServiceActions({ name, canArchive, kind, cloneHref }: { name: string; canArchive: boolean; kind: "charter" | "package" | "block" | "excursion"; cloneHref?: string }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const [open, setOpen] = useState(false);
  return (
    <Flex gap="2" wrap="wrap">
      {cloneHref ? (
        <Button asChild variant="soft" color="gray" data-testid={`${kind}-clone`}>
          <Link to={cloneHref}>
            <Copy size={16} aria-hidden /> {t("services.clone.action")}
          </Link>
        </Button>
      ) : (
        <Form method="post" replace>
          <Button type="submit" name="intent" value="clone" variant="soft" color="gray" disabled={busy} data-testid={`${kind}-clone`}>
            <Copy size={16} aria-hidden /> {t("services.clone.action")}
          </Button>
        </Form>
      )}
      {canArchive && (
        <ConfirmDialog
          open={open}
          onOpenChange={setOpen}
          testId="archive-dialog"
          trigger={
            <Button variant="soft" color="red" data-testid={`${kind}-archive`}>
              <Archive size={16} aria-hidden /> {t("services.archive.action")}
            </Button>
          }
          title={t("services.archive.title", { name })}
          description={t("services.archive.text")}
          cancelLabel={t("forms.cancel")}
          confirm={
            <Form method="post" replace onSubmit={() => setOpen(false)}>
              <Button type="submit" name="intent" value="archive" color="red" disabled={busy} data-testid="archive-confirm">
                <Archive size={16} aria-hidden /> {t("services.archive.confirm")}
              </Button>
            </Form>
          }
        />
      )}
    </Flex>
  );
}

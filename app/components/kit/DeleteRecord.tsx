import { Button, Card, Flex, Text } from "@radix-ui/themes";
import { Trash2 } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Form, Link, useLocation, useNavigation } from "react-router";
import { ConfirmDialog } from "~/components/ui/ConfirmDialog";
import { Notice } from "~/components/ui/Notice";
import { translate } from "~/lib/platform/translate";

/**
 * Delete with confirmation, in the page header. With JavaScript a dialog asks;
 * without it the button is a link to ?excluir, where DeleteNotices shows the
 * same question as a form.
 */
export function DeleteButton({ name }: { name: string }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button asChild variant="soft" color="red">
        <Link
          to="?excluir"
          replace
          preventScrollReset
          data-testid="record-delete"
          onClick={(e) => {
            e.preventDefault();
            setOpen(true);
          }}
        >
          <Trash2 size={16} aria-hidden /> {t("records.delete.action")}
        </Link>
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        testId="delete-dialog"
        title={t("records.delete.title", { name })}
        description={t("records.delete.text")}
        cancelLabel={t("forms.cancel")}
        form={(actions) => (
          <Form method="post" replace onSubmit={() => setOpen(false)}>
            {actions}
          </Form>
        )}
        confirm={
          <Button type="submit" name="intent" value="delete" color="red" disabled={busy} data-testid="delete-confirm">
            <Trash2 size={16} aria-hidden /> {t("records.delete.confirm")}
          </Button>
        }
      />
    </>
  );
}

/** A refused delete's reason, and the no-JavaScript confirmation (?excluir). */
export function DeleteNotices({ name, error, references }: { name: string; error?: string; references?: { count: number; label: string }[] }) {
  const { t, i18n } = useTranslation();
  const location = useLocation();
  const confirming = new URLSearchParams(location.search).has("excluir");
  return (
    <>
      {error && (
        <Notice tone="error" testId="delete-error">
          {translate(i18n, error, { name })}
          {references && references.length > 0 && <> {references.map((r) => translate(i18n, r.label, { count: r.count })).join(", ")}</>}
        </Notice>
      )}
      {confirming && !error && (
        <Card size="2" data-testid="delete-confirm-card">
          <Text as="p" weight="bold">
            {t("records.delete.title", { name })}
          </Text>
          <Text as="p" size="2" color="gray">
            {t("records.delete.text")}
          </Text>
          <Form method="post" replace>
            <Flex gap="3" mt="3">
              <Button type="submit" name="intent" value="delete" color="red" data-testid="delete-confirm">
                <Trash2 size={16} aria-hidden /> {t("records.delete.confirm")}
              </Button>
              <Button asChild variant="soft" color="gray">
                <Link to={location.pathname} replace>
                  {t("forms.cancel")}
                </Link>
              </Button>
            </Flex>
          </Form>
        </Card>
      )}
    </>
  );
}

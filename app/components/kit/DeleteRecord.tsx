import { AlertDialog, Button, Callout, Card, Flex, Text } from "@radix-ui/themes";
import { CircleAlert, Trash2 } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Form, Link, useLocation, useNavigation } from "react-router";
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
      <AlertDialog.Root open={open} onOpenChange={setOpen}>
        <AlertDialog.Content maxWidth="460px" data-testid="delete-dialog">
          <AlertDialog.Title>{t("records.delete.title", { name })}</AlertDialog.Title>
          <AlertDialog.Description size="2">{t("records.delete.text")}</AlertDialog.Description>
          <Form method="post" replace onSubmit={() => setOpen(false)}>
            <Flex gap="3" mt="4" justify="end">
              <AlertDialog.Cancel>
                <Button variant="soft" color="gray" type="button">
                  {t("forms.cancel")}
                </Button>
              </AlertDialog.Cancel>
              <Button type="submit" name="intent" value="delete" color="red" disabled={busy} data-testid="delete-confirm">
                <Trash2 size={16} aria-hidden /> {t("records.delete.confirm")}
              </Button>
            </Flex>
          </Form>
        </AlertDialog.Content>
      </AlertDialog.Root>
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
        <Callout.Root color="red" role="alert" data-testid="delete-error">
          <Callout.Icon>
            <CircleAlert size={16} />
          </Callout.Icon>
          <Callout.Text>
            {translate(i18n, error, { name })}
            {references && references.length > 0 && <> {references.map((r) => translate(i18n, r.label, { count: r.count })).join(", ")}</>}
          </Callout.Text>
        </Callout.Root>
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

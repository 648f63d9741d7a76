import { Button, Flex } from "@radix-ui/themes";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";

/** Save and cancel at the end of a record form. */
export function FormActions({ cancelHref, busy, saveLabel }: { cancelHref: string; busy: boolean; saveLabel?: string }) {
  const { t } = useTranslation();
  return (
    <Flex gap="3" className="form-actions" wrap="wrap">
      <Button type="submit" size="3" disabled={busy} data-testid="record-save" name="intent" value="save">
        {busy ? t("forms.saving") : (saveLabel ?? t("forms.save"))}
      </Button>
      <Button asChild size="3" variant="soft" color="gray">
        <Link to={cancelHref}>{t("forms.cancel")}</Link>
      </Button>
    </Flex>
  );
}

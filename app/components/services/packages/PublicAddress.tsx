import { useTranslation } from "react-i18next";
import { CopyField } from "~/components/ui/CopyField";

/**
 * The package's public address as copyable text (not a link: the public page
 * comes with the public pages); the button copies the full address.
 */
export function PublicAddress({ path }: { path: string }) {
  const { t } = useTranslation();
  const full = typeof window === "undefined" ? path : `${window.location.origin}${path}`;
  return (
    <CopyField
      label={t("services.packages.publicAddress")}
      value={path}
      copyValue={full}
      hint={t("services.packages.publicAddressHint")}
      rootTestId="public-address"
      testId="public-path"
      copyLabel={t("services.packages.copy")}
      copiedLabel={t("services.packages.copied")}
    />
  );
}

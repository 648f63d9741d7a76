import { Button, Code, Flex, Text } from "@radix-ui/themes";
import { Copy } from "lucide-react";
import { useTranslation } from "react-i18next";
import { useToast } from "~/components/ui/Toaster";

/**
 * The package's public address as copyable text (not a link: the public page
 * comes with the public pages). The copy button needs JavaScript; the text can
 * always be selected.
 */
export function PublicAddress({ path }: { path: string }) {
  const { t } = useTranslation();
  const toast = useToast();
  const full = typeof window === "undefined" ? path : `${window.location.origin}${path}`;
  return (
    <Flex direction="column" gap="1" data-testid="public-address">
      <Text size="2" weight="medium">
        {t("services.packages.publicAddress")}
      </Text>
      <Flex gap="2" align="center" wrap="wrap">
        <Code size="2" className="selectable" data-testid="public-path">
          {path}
        </Code>
        <Button
          type="button"
          size="1"
          variant="soft"
          color="gray"
          onClick={() => {
            void navigator.clipboard?.writeText(full).then(() => toast({ title: t("services.packages.copied") }));
          }}
        >
          <Copy size={14} aria-hidden /> {t("services.packages.copy")}
        </Button>
      </Flex>
      <Text size="1" color="gray">
        {t("services.packages.publicAddressHint")}
      </Text>
    </Flex>
  );
}

import { Button, Flex, Link as RLink, Text } from "@radix-ui/themes";
import { Ticket } from "lucide-react";
import { useTranslation } from "react-i18next";
import { SectionCard } from "~/components/ui/SectionCard";
import { LANGUAGES } from "~/locales";

export type VoucherLink = { key: string; number: string; title: string; href: string };

/**
 * A confirmed sale's vouchers (decision 0023): each downloads the PDF in the agency's
 * language, or in Portuguese, English or Spanish for a client who reads another.
 * Plain links to a resource route: they work without JavaScript.
 */
export function VoucherLinks({ vouchers }: { vouchers: VoucherLink[] }) {
  const { t } = useTranslation();
  if (vouchers.length === 0) return null;
  return (
    <SectionCard title={t("vouchers.links.heading")} hint={t("vouchers.links.hint")} testId="sale-vouchers">
      <Flex direction="column" gap="3">
        {vouchers.map((v) => (
          <Flex key={v.key} gap="3" align="center" wrap="wrap" data-testid="sale-voucher">
            <Button asChild variant="soft" size="2">
              <a href={v.href} download data-testid="sale-voucher-download">
                <Ticket size={14} aria-hidden /> {t("vouchers.links.download", { number: v.number })}
              </a>
            </Button>
            <Text size="2">{v.title}</Text>
            <Flex gap="2" align="center">
              {LANGUAGES.map((lng) => (
                <RLink
                  key={lng}
                  href={`${v.href}?idioma=${lng}`}
                  download
                  size="1"
                  aria-label={t("vouchers.links.inLanguage", { number: v.number, language: t(`vouchers.links.languages.${lng}`) })}
                  data-testid={`sale-voucher-${lng}`}
                >
                  {lng.toUpperCase()}
                </RLink>
              ))}
            </Flex>
          </Flex>
        ))}
      </Flex>
    </SectionCard>
  );
}

import { Button, Flex, Link as RLink, Text } from "@radix-ui/themes";
import { Mail, Ticket } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { SectionCard } from "~/components/ui/SectionCard";
import { LANGUAGES } from "~/locales";

export type VoucherLink = { key: string; number: string; title: string; href: string };

/**
 * A confirmed sale's vouchers (decision 0023): each downloads the PDF in the agency's
 * language, or in Portuguese, English or Spanish for a client who reads another.
 * Plain links to a resource route, and a native form that mails it to the sale's client:
 * they work without JavaScript.
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
            {/* Mailed to the sale's client through the outbox, the PDF attached (a native post: the route answers with a redirect). */}
            <Form method="post" action={v.href} reloadDocument>
              <Flex gap="2" align="center">
                <select name="idioma" defaultValue="" aria-label={t("vouchers.mail.language", { number: v.number })} style={{ fontSize: "var(--font-size-1)" }} data-testid="sale-voucher-language">
                  <option value="">{t("vouchers.mail.agencyLanguage")}</option>
                  {LANGUAGES.map((lng) => (
                    <option key={lng} value={lng}>
                      {t(`vouchers.links.languages.${lng}`)}
                    </option>
                  ))}
                </select>
                <Button type="submit" size="1" variant="outline" data-testid="sale-voucher-send">
                  <Mail size={12} aria-hidden /> {t("vouchers.mail.send")}
                </Button>
              </Flex>
            </Form>
          </Flex>
        ))}
      </Flex>
    </SectionCard>
  );
}

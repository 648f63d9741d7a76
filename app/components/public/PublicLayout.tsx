/**
 * The frame of the public pages (issue #21): the agency's logo, name and colour, the
 * language switch (the app's own: cookie + localStorage, so the choice sticks) and the
 * agency's contacts. Server-rendered; the only client code is the switch.
 */
import { Box, Flex, Heading, Link, Text, Theme } from "@radix-ui/themes";
import { useEffect } from "react";
import { LanguageSelect } from "~/components/LanguageSelect";
import { persistLanguage } from "~/lib/platform/language-sync";
import type { BrandColor } from "~/lib/public/brand";
import { isLanguage } from "~/locales";

export type PublicAgencyView = {
  slug: string;
  name: string;
  logoUrl: string | null;
  color: BrandColor;
  phone: string | null;
  email: string | null;
  website: string | null;
  place: string | null;
};

/** A page opened with ?lng= (an hreflang alternate) keeps that language as the visitor's choice. */
function useStickyLanguageParam() {
  useEffect(() => {
    const url = new URL(window.location.href);
    const lng = url.searchParams.get("lng");
    if (!isLanguage(lng)) return;
    persistLanguage(lng);
    url.searchParams.delete("lng");
    window.history.replaceState(window.history.state, "", url.pathname + url.search + url.hash);
  }, []);
}

export function PublicLayout({ agency, lang, children, listLabel }: { agency: PublicAgencyView | null; lang: string; children: React.ReactNode; listLabel?: string }) {
  useStickyLanguageParam();
  return (
    <Theme accentColor={agency?.color ?? "teal"} grayColor="slate" radius="medium" hasBackground={false}>
      <div lang={lang} className="public-page" data-testid="public-page">
        <header className="public-header">
          <Flex align="center" justify="between" gap="3" px={{ initial: "3", sm: "5" }} py="3" maxWidth="1040px" mx="auto">
            {agency ? (
              <a href={`/agencia/${agency.slug}/pacotes`} className="public-brand" data-testid="public-agency">
                {agency.logoUrl && <img src={agency.logoUrl} alt="" width={40} height={40} style={{ objectFit: "contain" }} />}
                <Text size="4" weight="bold">
                  {agency.name}
                </Text>
              </a>
            ) : (
              <span />
            )}
            <Flex align="center" gap="3">
              {agency && listLabel && (
                <Link href={`/agencia/${agency.slug}/pacotes`} size="2" className="public-hide-narrow">
                  {listLabel}
                </Link>
              )}
              <LanguageSelect compact size="1" />
            </Flex>
          </Flex>
        </header>
        <main>
          <Box px={{ initial: "3", sm: "5" }} py="4" maxWidth="1040px" mx="auto">
            {children}
          </Box>
        </main>
        {agency && (
          <footer className="public-footer">
            <Flex direction="column" gap="1" px={{ initial: "3", sm: "5" }} py="4" maxWidth="1040px" mx="auto">
              <Heading as="h2" size="3">
                {agency.name}
              </Heading>
              {agency.place && <Text size="2">{agency.place}</Text>}
              {agency.phone && (
                <Link href={`tel:${agency.phone.replace(/[^\d+]/g, "")}`} size="2">
                  {agency.phone}
                </Link>
              )}
              {agency.email && (
                <Link href={`mailto:${agency.email}`} size="2">
                  {agency.email}
                </Link>
              )}
              {agency.website && (
                <Link href={agency.website} size="2" rel="noopener">
                  {agency.website}
                </Link>
              )}
            </Flex>
          </footer>
        )}
      </div>
    </Theme>
  );
}

export function PublicNotFound({ title, text }: { title: string; text: string }) {
  return (
    <Flex direction="column" gap="2" align="center" py="9" data-testid="public-not-found">
      <Heading as="h1" size="6">
        {title}
      </Heading>
      <Text as="p" align="center">
        {text}
      </Text>
    </Flex>
  );
}

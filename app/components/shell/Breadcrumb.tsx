import { Text } from "@radix-ui/themes";
import { ChevronRight } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { Crumb } from "~/lib/shell/screens";

/** A breadcrumb trail; the last crumb is the current page. */
export function Breadcrumb({ crumbs }: { crumbs: Crumb[] }) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t("screen.breadcrumb")} className="breadcrumb" data-testid="breadcrumb">
      <ol>
        {crumbs.map((crumb, i) => {
          const last = i === crumbs.length - 1;
          return (
            <li key={`${i}-${crumb.label}`}>
              {crumb.href && !last ? (
                <Text asChild size="2" color="gray">
                  <Link to={crumb.href}>{crumb.label}</Link>
                </Text>
              ) : (
                <Text size="2" weight="medium" aria-current={last ? "page" : undefined}>
                  {crumb.label}
                </Text>
              )}
              {!last && <ChevronRight size={14} aria-hidden className="breadcrumb-sep" />}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

import { Button, Flex, IconButton } from "@radix-ui/themes";
import { ChevronLeft, ChevronRight, ChevronsLeft } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { listParams, toSearch, type ListQuery, type ListSpec, type PageInfo } from "~/lib/kit/list";

/**
 * First / previous / next links of a keyset list (kit/list.ts) for screens that
 * draw their own rows; `extra` search params (a redirect target, filters the
 * list keeps outside its spec) ride along.
 */
export function KeysetPager({ query, spec, page, extra = {} }: { query: ListQuery; spec: ListSpec; page: PageInfo; extra?: Record<string, string | null> }) {
  const { t } = useTranslation();
  if (!page.prev && !page.next) return null;
  const href = (changes: { after?: string; before?: string } = {}) => {
    const params = listParams(query, spec, changes);
    for (const [key, value] of Object.entries(extra)) if (value) params.set(key, value);
    return toSearch(params);
  };
  return (
    <Flex justify="between" align="center" gap="2" asChild>
      <nav aria-label={t("list.pages")}>
        <Flex gap="2">
          {page.prev ? (
            <IconButton asChild variant="soft" color="gray" aria-label={t("list.first")}>
              <Link to={href()} data-testid="list-first">
                <ChevronsLeft size={16} aria-hidden />
              </Link>
            </IconButton>
          ) : (
            <IconButton variant="soft" color="gray" disabled aria-label={t("list.first")}>
              <ChevronsLeft size={16} aria-hidden />
            </IconButton>
          )}
          <Button asChild variant="soft" color="gray" disabled={!page.prev}>
            {page.prev ? (
              <Link to={href({ before: page.prev })} rel="prev" data-testid="list-prev">
                <ChevronLeft size={16} aria-hidden /> {t("list.previous")}
              </Link>
            ) : (
              <span aria-disabled>
                <ChevronLeft size={16} aria-hidden /> {t("list.previous")}
              </span>
            )}
          </Button>
        </Flex>
        <Button asChild variant="soft" color="gray" disabled={!page.next}>
          {page.next ? (
            <Link to={href({ after: page.next })} rel="next" data-testid="list-next">
              {t("list.next")} <ChevronRight size={16} aria-hidden />
            </Link>
          ) : (
            <span aria-disabled>
              {t("list.next")} <ChevronRight size={16} aria-hidden />
            </span>
          )}
        </Button>
      </nav>
    </Flex>
  );
}

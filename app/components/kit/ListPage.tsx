import { Button, Card, Flex, Table, Text, TextField } from "@radix-ui/themes";
import { ArrowDown, ArrowUp, ArrowUpDown, Download, Plus, Search, X } from "lucide-react";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Form, Link, useNavigate, useNavigation } from "react-router";
import { KeysetPager } from "~/components/kit/KeysetPager";
import { PageHeader } from "~/components/ui/PageHeader";
import { StatusBadge } from "~/components/ui/StatusBadge";
import { PAGE_SIZES, isFiltered, listParams, toSearch, type ListQuery, type ListSpec, type PageInfo } from "~/lib/kit/list";
import type { Crumb } from "~/lib/shell/screens";
import { translate } from "~/lib/platform/translate";

export type Column<R> = {
  key: string;
  label: string;
  /** The list's sort key when the column sorts. */
  sort?: string;
  render: (row: R) => React.ReactNode;
  /** Hidden on small screens (the first column always shows). */
  secondary?: boolean;
  /** Shown on wide screens only (≥ 1440 px). */
  wide?: boolean;
  align?: "left" | "right" | "center";
  width?: string;
};

const columnClass = (c: { secondary?: boolean; wide?: boolean }) =>
  [c.secondary && "list-secondary", c.wide && "list-wide"].filter(Boolean).join(" ") || undefined;
/** A body cell's classes: the theme's Table.Cell class and the column's. */
const cellClass = (c: { secondary?: boolean; wide?: boolean }) => ["rt-TableCell", columnClass(c)].filter(Boolean).join(" ");

/** A select of options, or a calendar day ("date": the list's spec tests the value). */
/** A select filter (`allLabel`: what its empty choice means, "Todos" unless the list's default view is narrower) or a date. */
export type Filter = { key: string; label: string; options: { value: string; label: string }[]; allLabel?: string } | { key: string; label: string; type: "date" };

type Props<R extends { id: string }> = {
  title: string;
  subtitle?: string;
  trail: Crumb[];
  spec: ListSpec;
  query: ListQuery;
  page: PageInfo;
  rows: R[];
  columns: Column<R>[];
  filters?: Filter[];
  /** Noun for the count: "{{count}} clientes" (a translation key with plural forms). */
  countKey: string;
  /** Shown instead of the count when the page is not counted (`page.uncounted`: the list counts in a request of its own). */
  count?: React.ReactNode;
  searchPlaceholder: string;
  rowHref: (row: R) => string;
  newHref?: string;
  newLabel?: string;
  /** The CSV export of the current filter (a resource route); the list's params are appended. */
  exportHref?: string;
  /** More actions for the header (import...). */
  actions?: React.ReactNode;
  emptyTitle: string;
  emptyText: string;
  testId: string;
};

/**
 * The one list screen: search, filters, page size, sortable headers, keyset
 * pages, totals, empty state and CSV export, all from and into the URL. Works
 * without JavaScript (a GET form); with it, typing and choosing apply at once.
 */
export function ListPage<R extends { id: string }>(props: Props<R>) {
  const { t, i18n } = useTranslation();
  const { spec, query, page, rows, columns, filters = [] } = props;
  const navigate = useNavigate();
  const navigation = useNavigation();
  const formRef = useRef<HTMLFormElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const filtered = isFiltered(query);
  const loading = navigation.state === "loading" && navigation.location?.pathname === (typeof window !== "undefined" ? window.location.pathname : "");
  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), []);

  const apply = (delay: number) => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      const form = formRef.current;
      if (!form) return;
      // Only non-default values go into the URL.
      const data = new FormData(form);
      const changes = {
        q: String(data.get("q") ?? "").trim(),
        size: Number(data.get("size")) || query.size,
        filters: Object.fromEntries(filters.map((f) => [f.key, (data.get(f.key) as string) || null])),
      };
      navigate(toSearch(listParams(query, spec, changes)), { replace: true, preventScrollReset: true });
    }, delay);
  };

  const sortLink = (column: Column<R>) => {
    const active = query.sort === column.sort;
    const dir = active && query.dir === "asc" ? "desc" : "asc";
    return toSearch(listParams(query, spec, { sort: column.sort, dir }));
  };
  const count = new Intl.NumberFormat(i18n.language).format(page.total);
  const exportHref = props.exportHref ? `${props.exportHref}${toSearch(listParams(query, spec))}` : null;

  return (
    <Flex direction="column" gap="4" data-testid={props.testId}>
      <PageHeader
        title={props.title}
        subtitle={props.subtitle}
        trail={props.trail}
        actions={
          <>
            {props.actions}
            {exportHref && (
              <Button asChild variant="soft" color="gray">
                <a href={exportHref} download data-testid="list-export">
                  <Download size={16} aria-hidden /> {t("list.export")}
                </a>
              </Button>
            )}
            {props.newHref && (
              <Button asChild>
                <Link to={props.newHref} data-testid="list-new">
                  <Plus size={16} aria-hidden /> {props.newLabel ?? t("list.new")}
                </Link>
              </Button>
            )}
          </>
        }
      />

      <Form method="get" ref={formRef} role="search" aria-label={t("list.searchLabel")} onSubmit={(e) => (e.preventDefault(), apply(0))}>
        {/* Sort survives a new search; cursors do not (a new search starts at page 1). */}
        {(query.sort !== spec.defaultSort || query.dir !== (spec.defaultDir ?? "asc")) && (
          <>
            <input type="hidden" name="sort" value={query.sort} />
            <input type="hidden" name="dir" value={query.dir} />
          </>
        )}
        <Flex gap="2" wrap="wrap" align="end">
          <Flex direction="column" gap="1" style={{ flex: "1 1 260px" }}>
            <Text as="label" htmlFor="list-q" size="1" color="gray">
              {t("list.search")}
            </Text>
            <TextField.Root
              id="list-q"
              name="q"
              type="search"
              defaultValue={query.q}
              placeholder={props.searchPlaceholder}
              onChange={() => apply(300)}
              data-testid="list-search"
              size="3"
            >
              <TextField.Slot>
                <Search size={14} aria-hidden />
              </TextField.Slot>
            </TextField.Root>
          </Flex>
          {filters.map((f) => (
            <Flex direction="column" gap="1" key={f.key}>
              <Text as="label" htmlFor={`list-${f.key}`} size="1" color="gray">
                {f.label}
              </Text>
              {"type" in f ? (
                <input
                  id={`list-${f.key}`}
                  name={f.key}
                  type="date"
                  defaultValue={(query.filters as Record<string, string | undefined>)[f.key] ?? ""}
                  className="native-select"
                  onChange={() => apply(400)}
                  data-testid={`list-filter-${f.key}`}
                />
              ) : (
                <select
                  id={`list-${f.key}`}
                  name={f.key}
                  defaultValue={(query.filters as Record<string, string | undefined>)[f.key] ?? ""}
                  className="native-select"
                  onChange={() => apply(0)}
                  data-testid={`list-filter-${f.key}`}
                >
                  <option value="">{f.allLabel ?? t("list.all")}</option>
                  {f.options.map((o) => (
                    <option key={o.value} value={o.value}>
                      {o.label}
                    </option>
                  ))}
                </select>
              )}
            </Flex>
          ))}
          <Flex direction="column" gap="1">
            <Text as="label" htmlFor="list-size" size="1" color="gray">
              {t("list.pageSize")}
            </Text>
            <select id="list-size" name="size" defaultValue={String(query.size)} className="native-select" onChange={() => apply(0)} data-testid="list-size">
              {PAGE_SIZES.map((s) => (
                <option key={s} value={s}>
                  {s}
                </option>
              ))}
            </select>
          </Flex>
          <noscript>
            <Button type="submit" variant="soft">
              {t("list.apply")}
            </Button>
          </noscript>
        </Flex>
      </Form>

      <Flex justify="between" align="center" gap="2" wrap="wrap">
        <Text size="2" color="gray" data-testid="list-total" aria-live="polite">
          {page.uncounted ? props.count : page.totalCapped ? t("list.totalCapped", { count: page.total, formatted: count }) : translate(i18n, props.countKey, { count: page.total, formatted: count })}
        </Text>
        <Flex gap="3" align="center">
          {loading && (
            <StatusBadge>
              {t("list.loading")}
            </StatusBadge>
          )}
          {filtered && (
            <Button asChild variant="ghost" color="gray" size="1">
              <Link to="?" replace data-testid="list-clear">
                <X size={14} aria-hidden /> {t("list.clear")}
              </Link>
            </Button>
          )}
        </Flex>
      </Flex>

      {rows.length === 0 ? (
        <Card size="3" data-testid="list-empty">
          <Flex direction="column" align="center" gap="2" py="6">
            <Text size="4" weight="medium">
              {filtered ? t("list.noMatches") : props.emptyTitle}
            </Text>
            <Text color="gray" size="2" align="center">
              {filtered ? t("list.noMatchesText") : props.emptyText}
            </Text>
            <Flex gap="2" mt="2">
              {filtered && (
                <Button asChild variant="soft" color="gray">
                  <Link to="?">{t("list.clear")}</Link>
                </Button>
              )}
              {props.newHref && (
                <Button asChild>
                  <Link to={props.newHref}>
                    <Plus size={16} aria-hidden /> {props.newLabel ?? t("list.new")}
                  </Link>
                </Button>
              )}
            </Flex>
          </Flex>
        </Card>
      ) : (
        <div className="list-table" aria-busy={loading || undefined}>
          <Table.Root variant="surface" size="2" data-testid="list-table">
            <Table.Header>
              <Table.Row>
                {columns.map((c) => (
                  <Table.ColumnHeaderCell
                    key={c.key}
                    className={columnClass(c)}
                    style={{ width: c.width, textAlign: c.align }}
                    aria-sort={c.sort && query.sort === c.sort ? (query.dir === "asc" ? "ascending" : "descending") : undefined}
                  >
                    {c.sort ? (
                      <Link to={sortLink(c)} replace preventScrollReset className="list-sort" data-testid={`sort-${c.key}`}>
                        {c.label}
                        {query.sort === c.sort ? (
                          query.dir === "asc" ? (
                            <ArrowUp size={12} aria-hidden />
                          ) : (
                            <ArrowDown size={12} aria-hidden />
                          )
                        ) : (
                          <ArrowUpDown size={12} aria-hidden className="list-sort-idle" />
                        )}
                      </Link>
                    ) : (
                      c.label
                    )}
                  </Table.ColumnHeaderCell>
                ))}
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {/* The rows are plain elements with the theme's classes (what Table.Row, Table.RowHeaderCell
                  and Table.Cell render), so a page of rows costs no component per cell. */}
              {rows.map((row) => (
                <tr key={row.id} className="rt-TableRow" data-testid="list-row">
                  {columns.map((c, i) =>
                    i === 0 ? (
                      <th key={c.key} className="rt-TableCell rt-TableRowHeaderCell" scope="row">
                        <Link to={props.rowHref(row)} className="list-primary">
                          {c.render(row)}
                        </Link>
                      </th>
                    ) : (
                      <td key={c.key} className={cellClass(c)} style={c.align ? { textAlign: c.align } : undefined}>
                        {c.render(row)}
                      </td>
                    ),
                  )}
                </tr>
              ))}
            </Table.Body>
          </Table.Root>
        </div>
      )}

      <KeysetPager query={query} spec={spec} page={page} />
    </Flex>
  );
}

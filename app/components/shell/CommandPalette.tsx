import { Dialog, Text, VisuallyHidden } from "@radix-ui/themes";
import { Command } from "cmdk";
import { FileText, Search, UserRound } from "lucide-react";
import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useFetcher, useNavigate } from "react-router";
import { paletteEntries, paletteFilter } from "~/lib/shell/palette";
import { SEARCH_MIN_LENGTH, type SearchResponse } from "~/lib/shell/search";
import type { NavItem } from "~/lib/shell/sidebar";
import type { PublicViewer } from "~/lib/platform/viewer";
import { lookup } from "~/lib/platform/translate";
import { NavIcon } from "~/components/shell/icons";

/** Wait for a pause in typing before asking the server for records. */
const RECORD_SEARCH_DEBOUNCE_MS = 250;

type Props = { open: boolean; onOpenChange: (open: boolean) => void; items: NavItem[]; viewer: PublicViewer };

/**
 * Jump to any screen the user may open, or to a record: GET /busca?q= (the
 * agency's search index, decision 0019) answers records grouped by kind. A chunk of its own
 * (with cmdk), loaded when the palette first opens (app/routes/app/layout.tsx);
 * the trigger and the hotkey are in PaletteTrigger.tsx.
 */
export default function CommandPalette({ open, onOpenChange, items, viewer }: Props) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [query, setQuery] = useState("");
  const records = useFetcher<SearchResponse>({ key: "record-search" });
  const { load } = records;

  const entries = useMemo(
    () => paletteEntries(items, viewer.role, { dashboard: t("menu.dashboard.title"), profile: t("shell.profile") }),
    [items, viewer.role, t],
  );

  const trimmed = query.trim();
  const searchable = viewer.agency !== null && trimmed.length >= SEARCH_MIN_LENGTH;
  useEffect(() => {
    if (!open || !searchable) return;
    const timer = setTimeout(() => void load(`/busca?${new URLSearchParams({ q: trimmed })}`), RECORD_SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [open, searchable, trimmed, load]);
  const tooShort = viewer.agency !== null && trimmed.length > 0 && trimmed.length < SEARCH_MIN_LENGTH;
  // The server answers grouped (each group's records together, best group first).
  const answer = records.data;
  const grouped = useMemo(() => {
    const found = searchable && answer?.query === trimmed ? answer.results : [];
    const groups = new Map<string, SearchResponse["results"]>();
    for (const record of found) groups.set(record.group, [...(groups.get(record.group) ?? []), record]);
    return [...groups.entries()];
  }, [searchable, answer, trimmed]);

  const go = (to: string) => {
    onOpenChange(false);
    setQuery("");
    void navigate(to);
  };

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        onOpenChange(next);
        if (!next) setQuery("");
      }}
    >
      <Dialog.Content className="palette" maxWidth="560px" size="1" aria-describedby="palette-description" data-testid="command-palette">
        <VisuallyHidden>
          <Dialog.Title>{t("palette.title")}</Dialog.Title>
          <Dialog.Description id="palette-description">{t("palette.description")}</Dialog.Description>
        </VisuallyHidden>
        <Command label={t("palette.title")} filter={paletteFilter} loop vimBindings={false}>
          <div className="palette-input">
            <Search size={18} aria-hidden />
            <Command.Input value={query} onValueChange={setQuery} placeholder={t("palette.placeholder")} data-testid="palette-input" />
          </div>
          <Command.List className="palette-list" label={t("palette.title")}>
            {grouped.length === 0 && <Command.Empty className="palette-empty">{t("palette.empty")}</Command.Empty>}
            <Command.Group heading={t("palette.screens")}>
              {entries.map((entry) => (
                <Command.Item
                  key={entry.id}
                  value={`${entry.name} ${entry.route}`}
                  keywords={[...entry.trail, entry.route]}
                  onSelect={() => go(entry.route)}
                  className="palette-item"
                  data-testid={`palette-${entry.id}`}
                >
                  {entry.icon === "perfil" ? <UserRound size={16} aria-hidden /> : <NavIcon icon={entry.icon} size={16} />}
                  <span className="palette-name">{entry.name}</span>
                  {entry.trail.length > 0 && (
                    <Text size="1" color="gray" className="palette-trail">
                      {entry.trail.join(" › ")}
                    </Text>
                  )}
                </Command.Item>
              ))}
            </Command.Group>
            {grouped.map(([group, records]) => (
              <Command.Group key={group} heading={lookup(i18n, `palette.groups.${group}`) ?? group} forceMount data-testid={`palette-group-${group}`}>
                {records.map((record) => (
                  <Command.Item
                    key={`${record.kind}:${record.id}`}
                    value={`record:${record.kind}:${record.id}`}
                    forceMount
                    onSelect={() => go(record.href)}
                    className="palette-item"
                    data-testid={`palette-record-${record.kind}-${record.id}`}
                  >
                    <FileText size={16} aria-hidden />
                    <span className="palette-name">{record.title}</span>
                    {record.subtitle && (
                      <Text size="1" color="gray" className="palette-trail">
                        {record.subtitle}
                      </Text>
                    )}
                  </Command.Item>
                ))}
              </Command.Group>
            ))}
            {tooShort && (
              <Text as="p" size="1" color="gray" className="palette-empty" data-testid="palette-type-more">
                {t("palette.typeMore")}
              </Text>
            )}
          </Command.List>
        </Command>
      </Dialog.Content>
    </Dialog.Root>
  );
}

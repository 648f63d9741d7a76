/**
 * The live preview of a contract template (issue #17): a sale picker (the
 * agency's confirmed and draft sales the user may see, searched by number or
 * client through the preview's resource route) and the template merged with
 * that sale's values in the template's language — recomputed as the user types
 * (the document comes from the editor). Without a sale, each field shows its
 * label in brackets. Plain fetches, not fetchers: a refused sale (404) is a
 * message here, never the page's error boundary.
 */
import { Button, Checkbox, Flex, Heading, Text, TextField } from "@radix-ui/themes";
import { Search, X } from "lucide-react";
import { useDeferredValue, useEffect, useId, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { MergedDocumentView } from "~/components/contracts/MergedDocumentView";
import { mergeDocument, type MergeValues, type TemplateDoc } from "~/lib/contracts/document";
import type { MergeFieldKey } from "~/lib/contracts/merge-fields";
import { TEMPLATE_PREVIEW_PATH, type ContractLanguage, type PreviewSale } from "~/lib/contracts/template";
import { formatCalendarDate } from "~/lib/platform/format";

type Chosen = { id: string; number: number; clientName: string };
type Load<T> = { state: "idle" } | { state: "loading" } | { state: "done"; data: T } | { state: "failed" };

async function getJson<T>(url: string, signal: AbortSignal): Promise<T | null> {
  const res = await fetch(url, { headers: { Accept: "application/json" }, signal, credentials: "same-origin" });
  if (!res.ok) return null;
  return (await res.json()) as T;
}

export function TemplatePreview({ doc, language, labelFor }: { doc: TemplateDoc; language: ContractLanguage; labelFor: (key: MergeFieldKey) => string }) {
  const { t, i18n } = useTranslation();
  const searchId = useId();
  const statusId = useId();
  const [q, setQ] = useState("");
  const [open, setOpen] = useState(false);
  const [sales, setSales] = useState<Load<PreviewSale[]>>({ state: "idle" });
  const [chosen, setChosen] = useState<Chosen | null>(null);
  const [highlight, setHighlight] = useState(true);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const searching = useRef<AbortController | null>(null);

  // Sales matching the search (debounced; the newest 20 for an empty search).
  const search = (text: string, delay: number) => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      setOpen(true);
      setSales({ state: "loading" });
      // Only the latest search answers.
      searching.current?.abort();
      const controller = (searching.current = new AbortController());
      getJson<{ sales: PreviewSale[] }>(`${TEMPLATE_PREVIEW_PATH}?q=${encodeURIComponent(text.trim())}`, controller.signal)
        .then((data) => setSales(data ? { state: "done", data: data.sales } : { state: "failed" }))
        .catch((error: unknown) => {
          if ((error as { name?: string })?.name !== "AbortError") setSales({ state: "failed" });
        });
    }, delay);
  };
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
      searching.current?.abort();
    },
    [],
  );

  // The chosen sale's values, in the template's language (kept with the sale and language they belong to).
  const wanted = chosen ? `${chosen.id}:${language}` : null;
  const [loaded, setLoaded] = useState<{ key: string; values: MergeValues | null } | null>(null);
  useEffect(() => {
    if (!chosen) return;
    const controller = new AbortController();
    const key = `${chosen.id}:${language}`;
    getJson<{ values: MergeValues }>(`${TEMPLATE_PREVIEW_PATH}?venda=${encodeURIComponent(chosen.id)}&idioma=${language}`, controller.signal)
      .then((data) => setLoaded({ key, values: data?.values ?? null }))
      .catch((error: unknown) => {
        if ((error as { name?: string })?.name !== "AbortError") setLoaded({ key, values: null });
      });
    return () => controller.abort();
  }, [chosen, language]);
  const values: Load<MergeValues> = !wanted ? { state: "idle" } : loaded?.key !== wanted ? { state: "loading" } : loaded.values ? { state: "done", data: loaded.values } : { state: "failed" };

  const current = wanted && loaded?.key === wanted ? loaded.values : null;
  const deferredDoc = useDeferredValue(doc);
  const merged = useMemo(
    () => mergeDocument(deferredDoc, current ?? {}, (key) => `[${labelFor(key)}]`),
    [deferredDoc, current, labelFor],
  );

  const pick = (sale: PreviewSale) => {
    setChosen({ id: sale.id, number: sale.number, clientName: sale.clientName });
    setOpen(false);
  };

  return (
    <Flex direction="column" gap="3" className="template-preview" data-testid="template-preview">
      <Heading as="h3" size="3">
        {t("contracts.templates.preview.title")}
      </Heading>
      <Flex direction="column" gap="1">
        <Text as="label" htmlFor={searchId} size="2" weight="medium">
          {t("contracts.templates.preview.sale")}
        </Text>
        {chosen ? (
          <Flex gap="2" align="center" wrap="wrap">
            <Text size="2" data-testid="preview-chosen">
              {t("contracts.templates.preview.chosen", { number: chosen.number, client: chosen.clientName })}
            </Text>
            <Button type="button" size="1" variant="soft" color="gray" onClick={() => setChosen(null)} data-testid="preview-clear">
              <X size={14} aria-hidden /> {t("contracts.templates.preview.clear")}
            </Button>
          </Flex>
        ) : (
          <>
            <TextField.Root
              id={searchId}
              type="search"
              value={q}
              placeholder={t("contracts.templates.preview.searchPlaceholder")}
              aria-describedby={statusId}
              autoComplete="off"
              onFocus={() => !open && search(q, 0)}
              onChange={(e) => {
                setQ(e.currentTarget.value);
                search(e.currentTarget.value, 250);
              }}
              onKeyDown={(e) => {
                // Inside the template's form: Enter searches, it never submits the template.
                if (e.key === "Enter") {
                  e.preventDefault();
                  search(q, 0);
                }
                if (e.key === "Escape") setOpen(false);
              }}
              data-testid="preview-search"
            >
              <TextField.Slot>
                <Search size={14} aria-hidden />
              </TextField.Slot>
            </TextField.Root>
            {open && sales.state === "done" && sales.data.length > 0 && (
              <ul className="template-sale-options" aria-label={t("contracts.templates.preview.search")} data-testid="preview-sales">
                {sales.data.map((s) => (
                  <li key={s.id}>
                    <button type="button" onClick={() => pick(s)}>
                      {t("contracts.templates.preview.option", { number: s.number, client: s.clientName, date: formatCalendarDate(s.saleDate, i18n.language) })}
                      {s.status === "draft" && (
                        <Text color="gray" size="1">
                          {" "}
                          ({t("contracts.templates.preview.status.draft")})
                        </Text>
                      )}
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </>
        )}
        <Text id={statusId} size="1" color={values.state === "failed" || sales.state === "failed" ? "red" : "gray"} role="status" data-testid="preview-status">
          {values.state === "failed" || sales.state === "failed"
            ? t("contracts.templates.preview.failed")
            : values.state === "loading" || (open && sales.state === "loading")
              ? t("contracts.templates.preview.loading")
              : open && sales.state === "done" && sales.data.length === 0
                ? t("contracts.templates.preview.noSales")
                : chosen
                  ? ""
                  : t("contracts.templates.preview.none")}
        </Text>
      </Flex>
      <Text as="label" size="2">
        <Flex gap="2" align="center">
          <Checkbox checked={highlight} onCheckedChange={(v) => setHighlight(v === true)} data-testid="preview-highlight" />
          {t("contracts.templates.preview.highlight")}
        </Flex>
      </Text>
      <div className="template-preview-document" aria-live="off" role="region" tabIndex={0} aria-label={t("contracts.templates.preview.title")} data-testid="preview-document">
        <MergedDocumentView document={merged} highlightFields={highlight} fieldTitle={labelFor} headingOffset={2} />
      </div>
    </Flex>
  );
}

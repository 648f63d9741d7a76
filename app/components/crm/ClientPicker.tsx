/**
 * The deal form's client: a search of the agency's clients (/crm/negocios/clientes?q=, the
 * first 20 matches) filling the select, instead of a select of every client. The loader's
 * first clients (the deal's own first) are there at once, so it works without JavaScript;
 * the chosen client stays an option whatever the search shows.
 */
import { Flex, Text, TextField } from "@radix-ui/themes";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useFetcher } from "react-router";
import { NativeSelect, useErrorText, type AnyField } from "~/components/ui/FormField";
import { DEALS_PATH } from "~/lib/crm/deal";

type Option = { value: string; label: string };

export function ClientPicker({ field, initial }: { field: AnyField; initial: readonly Option[] }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const error = errorText((field.errors as string[] | undefined)?.[0]);
  const [q, setQ] = useState("");
  const [chosen, setChosen] = useState<string>((field.initialValue as string | undefined) ?? "");
  const fetcher = useFetcher<{ options: Option[] }>();
  const { load } = fetcher;
  useEffect(() => {
    if (!q.trim()) return;
    const timer = setTimeout(() => void load(`${DEALS_PATH}/clientes?q=${encodeURIComponent(q)}`), 250);
    return () => clearTimeout(timer);
  }, [q, load]);
  const found = q.trim() && fetcher.data ? fetcher.data.options : initial;
  const known = [...initial, ...(fetcher.data?.options ?? [])];
  const current = chosen && !found.some((o) => o.value === chosen) ? known.filter((o) => o.value === chosen).slice(0, 1) : [];
  const options = [{ value: "", label: t("crm.deal.noClient") }, ...current, ...found];
  return (
    <div className="form-grid" data-testid="deal-client-picker">
      <Flex direction="column" gap="1">
        <Text as="label" htmlFor="deal-client-search" size="2" weight="medium">
          {t("crm.deal.clientSearch")}
        </Text>
        <TextField.Root id="deal-client-search" type="search" value={q} onChange={(e) => setQ(e.currentTarget.value)} autoComplete="off" size="3" data-testid="deal-client-search" />
      </Flex>
      <div key={options.map((o) => o.value).join()}>
        <NativeSelect
          id={field.id}
          name={field.name}
          label={t("crm.fields.client")}
          defaultValue={chosen}
          onChange={setChosen}
          error={error}
          errorId={field.errorId}
          options={options}
        />
        {q.trim() && fetcher.state === "idle" && fetcher.data && found.length === 0 && (
          <Text size="1" color="gray">
            {t("crm.deal.clientNone")}
          </Text>
        )}
      </div>
    </div>
  );
}

/**
 * The payment-term preview: the dates and amounts a term gives for a sample
 * total starting today (termSchedule). Server-rendered from the loaded values
 * and the `?amostra=` total (a GET form changes it without JavaScript); with
 * JavaScript it follows the form as the user types.
 */
import { Button, Card, Flex, Heading, Table, Text, TextField } from "@radix-ui/themes";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Form, useLocation } from "react-router";
import { formatCents } from "~/lib/finance/money";
import { termSchedule } from "~/lib/finance/schedule";
import { sampleCents, termFromText } from "~/lib/finance/settings/preview";
import { formatCalendarDate, formatMoney } from "~/lib/platform/format";

/** Compact cells: the preview fits a phone's width. */
const CELL = { paddingLeft: "var(--space-1)", paddingRight: "var(--space-1)" } as const;

export function TermPreview({ formId, initial, sample, today, currency }: { formId: string; initial: Record<string, string>; sample: number; today: string; currency: string }) {
  const { t, i18n } = useTranslation();
  const { search } = useLocation();
  const [values, setValues] = useState(initial);
  const [sampleText, setSampleText] = useState(formatCents(sample));
  useEffect(() => {
    const form = document.getElementById(formId) as HTMLFormElement | null;
    if (!form) return;
    const read = () => setValues(Object.fromEntries([...new FormData(form).entries()].map(([k, v]) => [k, String(v)])));
    form.addEventListener("input", read);
    form.addEventListener("change", read);
    return () => {
      form.removeEventListener("input", read);
      form.removeEventListener("change", read);
    };
  }, [formId]);
  const term = termFromText(values);
  const total = sampleCents(sampleText);
  const rows = term && total !== null ? termSchedule(term, total, today) : null;
  const params = new URLSearchParams(search);
  params.delete("amostra");
  return (
    <Card size="2" data-testid="term-preview">
      <Flex direction="column" gap="3">
        <div>
          <Heading as="h3" size="3">
            {t("financeSettings.terms.preview.title")}
          </Heading>
          <Text size="1" color="gray">
            {t("financeSettings.terms.preview.hint")}
          </Text>
        </div>
        <Form method="get" preventScrollReset replace>
          {[...params.entries()].map(([k, v]) => (
            <input key={k} type="hidden" name={k} value={v} />
          ))}
          <Flex gap="2" align="end" wrap="wrap">
            <Flex direction="column" gap="1" style={{ flex: "1 1 140px" }}>
              <Text as="label" htmlFor="term-sample" size="1" color="gray">
                {t("financeSettings.terms.preview.sample")}
              </Text>
              <TextField.Root id="term-sample" name="amostra" inputMode="decimal" value={sampleText} onChange={(e) => setSampleText(e.currentTarget.value)} data-testid="term-sample" />
            </Flex>
            <noscript>
              <Button type="submit" variant="soft">
                {t("financeSettings.terms.preview.update")}
              </Button>
            </noscript>
          </Flex>
        </Form>
        {rows ? (
          <Table.Root size="1" variant="ghost" data-testid="term-preview-rows">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeaderCell style={CELL}>{t("financeSettings.terms.preview.no")}</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell style={CELL}>{t("financeSettings.terms.preview.due")}</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell style={{ ...CELL, textAlign: "right" }}>{t("financeSettings.terms.preview.amount")}</Table.ColumnHeaderCell>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {rows.map((r) => (
                <Table.Row key={r.no}>
                  <Table.Cell style={CELL}>
                    {term!.downPaymentBp > 0 && r.no === 1 ? t("financeSettings.terms.preview.downPayment") : `${r.no}/${r.count}`}
                  </Table.Cell>
                  <Table.Cell className="nowrap" style={CELL}>{formatCalendarDate(r.dueDate, i18n.language, "short")}</Table.Cell>
                  <Table.Cell className="nowrap" style={{ ...CELL, textAlign: "right" }}>
                    {formatMoney(r.amountCents, currency, i18n.language)}
                  </Table.Cell>
                </Table.Row>
              ))}
              <Table.Row>
                <Table.Cell style={CELL}>
                  <Text weight="bold">{t("financeSettings.terms.preview.total")}</Text>
                </Table.Cell>
                <Table.Cell style={CELL} />
                <Table.Cell className="nowrap" style={{ ...CELL, textAlign: "right" }}>
                  <Text weight="bold">{formatMoney(total!, currency, i18n.language)}</Text>
                </Table.Cell>
              </Table.Row>
            </Table.Body>
          </Table.Root>
        ) : (
          <Text size="2" color="gray" data-testid="term-preview-invalid">
            {t("financeSettings.terms.preview.invalid")}
          </Text>
        )}
      </Flex>
    </Card>
  );
}

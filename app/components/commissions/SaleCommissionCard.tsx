/**
 * The sale page's commission (emissivo and excursion sales): the seller, the rule
 * that applies (the seller's or the sale's own) and the commission it makes; Admin
 * and Financeiro set the sale's own rule or go back to the seller's. Posts to the
 * commissions module's route; the page reloads with the sale's new version.
 */
import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Button, Card, Flex, Heading, Text } from "@radix-ui/themes";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useFetcher } from "react-router";
import { useLazyForm } from "~/components/kit/lazy-form";
import { FormField, SelectField, useErrorText } from "~/components/ui/FormField";
import { bpsPercent, COMMISSION_SALE_PATH, type SaleCommission } from "~/lib/commissions/commissions";
import { considerForDirty } from "~/lib/kit/form-keys";
import { formatMoney } from "~/lib/platform/format";
import { bpsToPercentText } from "~/lib/registers/agent";

type Reply = { result?: SubmissionResult<string[]>; formError?: string } | undefined;

export function SaleCommissionCard({ commission: c }: { commission: SaleCommission }) {
  const { t, i18n } = useTranslation();
  const errorText = useErrorText();
  const fetcher = useFetcher<Reply>();
  const [mode, setMode] = useState<"agent" | "custom">(c.override ? "custom" : "agent");
  const [form, fields] = useLazyForm({
    id: `sale-commission-${c.saleId}-${c.version}`,
    loadSchema: () => import("~/lib/commissions/commissions.schema").then((m) => m.commissionOverrideSchema),
    lastResult: fetcher.data?.result,
    defaultValue: { intent: "override", mode, rule: c.override?.rule ?? c.agentRule, commission: bpsToPercentText(c.override?.bps ?? c.agentBps) },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    shouldDirtyConsider: considerForDirty,
  });
  const rule = c.override ?? { rule: c.agentRule, bps: c.agentBps };
  const ruleText = `${bpsPercent(rule.bps, i18n.language)} ${t(`commissions.rules.${rule.rule}`)}`;
  const busy = fetcher.state !== "idle";
  return (
    <Card data-testid="sale-commission">
      <Flex direction="column" gap="3">
        <Heading as="h2" size="3">
          {t("commissions.override.title")}
        </Heading>
        <Text size="2">
          {t(c.override ? "commissions.override.ownRule" : "commissions.override.agentRule", { agent: c.agentName, rule: ruleText })}
        </Text>
        <Text size="2" data-testid="sale-commission-amount">
          {t("commissions.override.amount", { amount: formatMoney(c.amountCents, c.currency, i18n.language) })}
        </Text>
        {c.canEdit && (
          <fetcher.Form method="post" action={COMMISSION_SALE_PATH(c.saleId)} {...getFormProps(form)}>
            <input type="hidden" name="intent" value="override" />
            <input type="hidden" name="version" value={c.version} />
            <Flex direction="column" gap="3">
              <fieldset style={{ border: 0, margin: 0, padding: 0 }}>
                <legend>
                  <Text size="2" weight="medium">
                    {t("commissions.override.modeLabel")}
                  </Text>
                </legend>
                <Flex gap="4" wrap="wrap" mt="1">
                  {(["agent", "custom"] as const).map((m) => (
                    <Text as="label" size="2" key={m}>
                      <Flex gap="2" align="center">
                        <input type="radio" name="mode" value={m} checked={mode === m} onChange={() => setMode(m)} />
                        {t(`commissions.override.modes.${m}`)}
                      </Flex>
                    </Text>
                  ))}
                </Flex>
              </fieldset>
              {mode === "custom" && (
                <Flex gap="3" wrap="wrap" align="start">
                  <SelectField field={fields.rule} label={t("commissions.override.rule")} options={(["sale_percent", "margin_percent"] as const).map((r) => ({ value: r, label: t(`commissions.override.rules.${r}`) }))} />
                  <FormField field={fields.commission} label={t("commissions.override.percent")} inputMode="decimal" hint={t("commissions.override.percentHint")} />
                </Flex>
              )}
              {fetcher.data?.formError && (
                <Text color="red" size="2" role="alert">
                  {errorText(fetcher.data.formError)}
                </Text>
              )}
              <Flex>
                <Button type="submit" loading={busy} variant="soft">
                  {t("commissions.override.save")}
                </Button>
              </Flex>
            </Flex>
          </fetcher.Form>
        )}
      </Flex>
    </Card>
  );
}

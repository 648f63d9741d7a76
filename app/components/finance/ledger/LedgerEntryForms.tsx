import { Button, Flex, Text } from "@radix-ui/themes";
import { useTranslation } from "react-i18next";
import { Form, useNavigation } from "react-router";
import { SectionCard } from "~/components/ui/SectionCard";
import { translate } from "~/lib/platform/translate";

type Answer = { form: string; result: { error?: Record<string, string[] | null> | null; initialValue?: Record<string, unknown> | null } } | undefined;

/** A transfer between accounts and a manual entry on an account (Admin, Financeiro; others see why not). */
export function LedgerEntryForms({
  accounts,
  categories,
  current,
  today,
  canManage,
  answer,
}: {
  accounts: { id: string; name: string }[];
  categories: { id: string; label: string }[];
  current: string | null;
  today: string;
  canManage: boolean;
  answer: Answer;
}) {
  const { t, i18n } = useTranslation();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const errorOf = (form: string) => (name: string) => {
    const list = answer?.form === form ? answer.result.error?.[name] : null;
    return list && list.length > 0 ? list.map((k) => translate(i18n, k)).join(" ") : undefined;
  };
  const typedOf = (form: string) => (name: string, fallback: string) => {
    const v = answer?.form === form ? answer.result.initialValue?.[name] : undefined;
    return typeof v === "string" ? v : fallback;
  };
  const transferError = errorOf("transfer");
  const manualError = errorOf("manual");
  const transferTyped = typedOf("transfer");
  const manualTyped = typedOf("manual");
  const accountOptions = accounts.map((a) => (
    <option key={a.id} value={a.id}>
      {a.name}
    </option>
  ));
  const hint = canManage ? undefined : t("financeLedger.forbidden");
  return (
    <Flex gap="4" direction={{ initial: "column", md: "row" }}>
      <div style={{ flex: 1 }}>
        <SectionCard title={t("financeLedger.statement.transferTitle")} hint={hint} testId="transfer-panel">
          <Form method="post" data-testid="transfer-form">
            <input type="hidden" name="intent" value="transfer" />
            <fieldset disabled={!canManage} style={{ border: 0, padding: 0, margin: 0 }}>
              <div className="form-grid">
                <Labelled label={t("financeLedger.fields.fromAccount")} id="tr-from" error={transferError("fromAccountId")}>
                  <select id="tr-from" name="fromAccountId" className="native-select" defaultValue={transferTyped("fromAccountId", current ?? "")} required>
                    {accountOptions}
                  </select>
                </Labelled>
                <Labelled label={t("financeLedger.fields.toAccount")} id="tr-to" error={transferError("toAccountId")}>
                  <select id="tr-to" name="toAccountId" className="native-select" defaultValue={transferTyped("toAccountId", accounts.find((a) => a.id !== current)?.id ?? "")} required>
                    {accountOptions}
                  </select>
                </Labelled>
                <Labelled label={t("financeLedger.fields.date")} id="tr-date" error={transferError("date")}>
                  <input id="tr-date" name="date" type="date" className="native-select" defaultValue={transferTyped("date", today)} required />
                </Labelled>
                <Labelled label={t("financeLedger.fields.amount")} id="tr-amount" error={transferError("amount")}>
                  <input id="tr-amount" name="amount" inputMode="decimal" placeholder="1.234,56" className="native-select" defaultValue={transferTyped("amount", "")} required />
                </Labelled>
                <div className="span-all">
                  <Labelled label={t("financeLedger.fields.description")} id="tr-description" error={transferError("description")}>
                    <input id="tr-description" name="description" className="native-select" maxLength={200} defaultValue={transferTyped("description", "")} />
                  </Labelled>
                </div>
              </div>
              <Flex justify="end" mt="3">
                <Button type="submit" disabled={!canManage || busy} data-testid="transfer-submit">
                  {t("financeLedger.actions.transfer")}
                </Button>
              </Flex>
            </fieldset>
          </Form>
        </SectionCard>
      </div>
      <div style={{ flex: 1 }}>
        <SectionCard title={t("financeLedger.statement.manualTitle")} hint={hint ?? t("financeLedger.hints.manual")} testId="manual-panel">
          <Form method="post" data-testid="manual-form">
            <input type="hidden" name="intent" value="manual" />
            <fieldset disabled={!canManage} style={{ border: 0, padding: 0, margin: 0 }}>
              <div className="form-grid">
                <Labelled label={t("financeLedger.fields.account")} id="mn-account" error={manualError("bankAccountId")}>
                  <select id="mn-account" name="bankAccountId" className="native-select" defaultValue={manualTyped("bankAccountId", current ?? "")} required>
                    {accountOptions}
                  </select>
                </Labelled>
                <Labelled label={t("financeLedger.fields.direction")} id="mn-direction" error={manualError("direction")}>
                  <select id="mn-direction" name="direction" className="native-select" defaultValue={manualTyped("direction", "out")}>
                    <option value="out">{t("financeLedger.statement.out")}</option>
                    <option value="in">{t("financeLedger.statement.in")}</option>
                  </select>
                </Labelled>
                <Labelled label={t("financeLedger.fields.date")} id="mn-date" error={manualError("date")}>
                  <input id="mn-date" name="date" type="date" className="native-select" defaultValue={manualTyped("date", today)} required />
                </Labelled>
                <Labelled label={t("financeLedger.fields.amount")} id="mn-amount" error={manualError("amount")}>
                  <input id="mn-amount" name="amount" inputMode="decimal" placeholder="1.234,56" className="native-select" defaultValue={manualTyped("amount", "")} required />
                </Labelled>
                <div className="span-all">
                  <Labelled label={t("financeLedger.fields.category")} id="mn-category" error={manualError("categoryId")}>
                    <select id="mn-category" name="categoryId" className="native-select" defaultValue={manualTyped("categoryId", "")} required>
                      <option value="">{t("financeLedger.choose")}</option>
                      {categories.map((c) => (
                        <option key={c.id} value={c.id}>
                          {c.label}
                        </option>
                      ))}
                    </select>
                  </Labelled>
                </div>
                <div className="span-all">
                  <Labelled label={t("financeLedger.fields.description")} id="mn-description" error={manualError("description")}>
                    <input id="mn-description" name="description" className="native-select" maxLength={200} defaultValue={manualTyped("description", "")} required />
                  </Labelled>
                </div>
              </div>
              <Flex justify="end" mt="3">
                <Button type="submit" disabled={!canManage || busy} data-testid="manual-submit">
                  {t("financeLedger.actions.manual")}
                </Button>
              </Flex>
            </fieldset>
          </Form>
        </SectionCard>
      </div>
    </Flex>
  );
}

function Labelled({ label, id, error, children }: { label: string; id: string; error?: string; children: React.ReactNode }) {
  return (
    <Flex direction="column" gap="1">
      <Text as="label" size="2" weight="medium" htmlFor={id}>
        {label}
      </Text>
      {children}
      {error && (
        <Text size="1" color="red" role="alert">
          {error}
        </Text>
      )}
    </Flex>
  );
}

import { Button, Flex, Text } from "@radix-ui/themes";
import { useTranslation } from "react-i18next";
import { Form, useNavigation } from "react-router";
import { SectionCard } from "~/components/ui/SectionCard";
import { translate } from "~/lib/platform/translate";

type Answer = { form: string; result: { error?: Record<string, string[] | null> | null; initialValue?: Record<string, unknown> | null } } | undefined;

/** What one of the two forms shows of the last answer: its field errors (translated) and the values typed. */
function answerOf(answer: Answer, form: string, i18n: Parameters<typeof translate>[0]) {
  return {
    error: (name: string) => {
      const list = answer?.form === form ? answer.result.error?.[name] : null;
      return list && list.length > 0 ? list.map((k) => translate(i18n, k)).join(" ") : undefined;
    },
    typed: (name: string, fallback: string) => {
      const v = answer?.form === form ? answer.result.initialValue?.[name] : undefined;
      return typeof v === "string" ? v : fallback;
    },
  };
}

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
  const transfer = answerOf(answer, "transfer", i18n);
  const manual = answerOf(answer, "manual", i18n);
  const accountOptions = accounts.map((a) => (
    <option key={a.id} value={a.id}>
      {a.name}
    </option>
  ));
  const hint = canManage ? undefined : t("financeLedger.forbidden");
  return (
    <Flex gap="4" direction={{ initial: "column", md: "row" }}>
      <EntryPanel intent="transfer" title={t("financeLedger.statement.transferTitle")} hint={hint} canManage={canManage} submitLabel={t("financeLedger.actions.transfer")}>
        <Labelled label={t("financeLedger.fields.fromAccount")} id="tr-from" error={transfer.error("fromAccountId")}>
          <select id="tr-from" name="fromAccountId" className="native-select" defaultValue={transfer.typed("fromAccountId", current ?? "")} required>
            {accountOptions}
          </select>
        </Labelled>
        <Labelled label={t("financeLedger.fields.toAccount")} id="tr-to" error={transfer.error("toAccountId")}>
          <select id="tr-to" name="toAccountId" className="native-select" defaultValue={transfer.typed("toAccountId", accounts.find((a) => a.id !== current)?.id ?? "")} required>
            {accountOptions}
          </select>
        </Labelled>
        <DateAndAmount prefix="tr" of={transfer} today={today} />
        <Description prefix="tr" of={transfer} required={false} />
      </EntryPanel>
      <EntryPanel intent="manual" title={t("financeLedger.statement.manualTitle")} hint={hint ?? t("financeLedger.hints.manual")} canManage={canManage} submitLabel={t("financeLedger.actions.manual")}>
        <Labelled label={t("financeLedger.fields.account")} id="mn-account" error={manual.error("bankAccountId")}>
          <select id="mn-account" name="bankAccountId" className="native-select" defaultValue={manual.typed("bankAccountId", current ?? "")} required>
            {accountOptions}
          </select>
        </Labelled>
        <Labelled label={t("financeLedger.fields.direction")} id="mn-direction" error={manual.error("direction")}>
          <select id="mn-direction" name="direction" className="native-select" defaultValue={manual.typed("direction", "out")}>
            <option value="out">{t("financeLedger.statement.out")}</option>
            <option value="in">{t("financeLedger.statement.in")}</option>
          </select>
        </Labelled>
        <DateAndAmount prefix="mn" of={manual} today={today} />
        <div className="span-all">
          <Labelled label={t("financeLedger.fields.category")} id="mn-category" error={manual.error("categoryId")}>
            <select id="mn-category" name="categoryId" className="native-select" defaultValue={manual.typed("categoryId", "")} required>
              <option value="">{t("financeLedger.choose")}</option>
              {categories.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.label}
                </option>
              ))}
            </select>
          </Labelled>
        </div>
        <Description prefix="mn" of={manual} required />
      </EntryPanel>
    </Flex>
  );
}

/** The frame both forms share: the card, the posted intent, the fields (disabled for those who may not) and the submit button. */
function EntryPanel({ intent, title, hint, canManage, submitLabel, children }: { intent: "transfer" | "manual"; title: string; hint: string | undefined; canManage: boolean; submitLabel: string; children: React.ReactNode }) {
  const busy = useNavigation().state === "submitting";
  return (
    <div style={{ flex: 1 }}>
      <SectionCard title={title} hint={hint} testId={`${intent}-panel`}>
        <Form method="post" data-testid={`${intent}-form`}>
          <input type="hidden" name="intent" value={intent} />
          <fieldset disabled={!canManage} style={{ border: 0, padding: 0, margin: 0 }}>
            <div className="form-grid">{children}</div>
            <Flex justify="end" mt="3">
              <Button type="submit" disabled={!canManage || busy} data-testid={`${intent}-submit`}>
                {submitLabel}
              </Button>
            </Flex>
          </fieldset>
        </Form>
      </SectionCard>
    </div>
  );
}

type Typed = ReturnType<typeof answerOf>;

function DateAndAmount({ prefix, of, today }: { prefix: string; of: Typed; today: string }) {
  const { t } = useTranslation();
  return (
    <>
      <Labelled label={t("financeLedger.fields.date")} id={`${prefix}-date`} error={of.error("date")}>
        <input id={`${prefix}-date`} name="date" type="date" className="native-select" defaultValue={of.typed("date", today)} required />
      </Labelled>
      <Labelled label={t("financeLedger.fields.amount")} id={`${prefix}-amount`} error={of.error("amount")}>
        <input id={`${prefix}-amount`} name="amount" inputMode="decimal" placeholder="1.234,56" className="native-select" defaultValue={of.typed("amount", "")} required />
      </Labelled>
    </>
  );
}

function Description({ prefix, of, required }: { prefix: string; of: Typed; required: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="span-all">
      <Labelled label={t("financeLedger.fields.description")} id={`${prefix}-description`} error={of.error("description")}>
        <input id={`${prefix}-description`} name="description" className="native-select" maxLength={200} defaultValue={of.typed("description", "")} required={required} />
      </Labelled>
    </div>
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

import { Button, Flex, Link as RadixLink, Text } from "@radix-ui/themes";
import { useTranslation } from "react-i18next";
import { Form, Link, useNavigation } from "react-router";
import { Money, useDay } from "~/components/finance/ledger/Money";
import { CopyField } from "~/components/ui/CopyField";
import { ConfirmDialog } from "~/components/ui/ConfirmDialog";
import { NativeSelect } from "~/components/ui/FormField";
import { Notice } from "~/components/ui/Notice";
import { SectionCard } from "~/components/ui/SectionCard";
import { StatusBadge, type StatusTone } from "~/components/ui/StatusBadge";
import { CHARGE_BILLING_TYPES } from "~/lib/payments/constants";
import { translate } from "~/lib/platform/translate";

type Charge = {
  id: string;
  externalId: string;
  billingType: (typeof CHARGE_BILLING_TYPES)[number];
  status: string;
  valueCents: number;
  currency: string;
  dueDate: string;
  invoiceUrl: string | null;
  bankSlipUrl: string | null;
  identificationField: string | null;
  pixPayload: string | null;
  pixQrImage: string | null;
  pixExpiresAt: string | null;
  deletedAt: string | null;
};

type Payments = { charges: { live: Charge | null; history: Charge[] }; enabled: boolean; siblings: boolean; clientId: string | null };
type Answer = { form?: string; result?: { error?: Record<string, string[] | null> | null }; detail?: string | null } | undefined;

const TONE: Record<string, StatusTone> = { PENDING: "warning", OVERDUE: "danger", RECEIVED: "active", CONFIRMED: "active", RECEIVED_IN_CASH: "active", DELETED: "inactive", REFUNDED: "inactive" };

/**
 * A receivable's charge at Asaas (payments module): "Cobrar" with a billing type (and
 * "Cobrar todas as parcelas" for a sale's or group's open installments), then the live
 * charge — status, the Pix QR code and copy-paste code, the boleto's digitable line and
 * PDF, the payment page — and "Cancelar cobrança".
 */
export function ChargePanel({ status, payments, canManage, answer }: { status: string; payments: Payments; canManage: boolean; answer: Answer }) {
  const { t, i18n } = useTranslation();
  const day = useDay();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const { live, history } = payments.charges;
  const errors = answer?.form === "charge" ? (answer.result?.error ?? null) : null;
  const errorKeys = errors ? Object.values(errors).flat().filter((e): e is string => !!e) : [];
  const open = status === "open" || status === "partial";
  return (
    <SectionCard title={t("payments.charge.title")} testId="charge-panel">
      <Flex direction="column" gap="3">
        {errorKeys.length > 0 && (
          <Notice tone="error" testId="charge-error">
            {errorKeys.map((k) => translate(i18n, k, { error: answer?.detail ?? "" })).join(" ")}
            {errorKeys.includes("payments.charge.errors.clientDocument") && payments.clientId && (
              <>
                {" "}
                <RadixLink asChild>
                  <Link to={`/cadastros/clientes/editar/${payments.clientId}`}>{t("payments.charge.completeClient")}</Link>
                </RadixLink>
              </>
            )}
          </Notice>
        )}
        {live ? (
          <Flex direction="column" gap="3" data-testid="charge-live">
            <Flex gap="3" align="center" wrap="wrap">
              <StatusBadge tone={TONE[live.status] ?? "neutral"}>
                <span data-testid="charge-status">{t(`payments.statuses.${live.status}` as "payments.statuses.PENDING")}</span>
              </StatusBadge>
              <Text size="2">{t(`payments.billingTypes.${live.billingType}`)}</Text>
              <Text size="2">
                {t("payments.charge.value")}: <Money cents={live.valueCents} currency={live.currency} />
              </Text>
              <Text size="2">
                {t("payments.charge.dueDate")}: {day(live.dueDate)}
              </Text>
            </Flex>
            {live.pixQrImage && (
              <Flex direction="column" gap="1">
                <Text size="2" weight="medium">
                  {t("payments.charge.pixQr")}
                </Text>
                <img src={`data:image/png;base64,${live.pixQrImage}`} alt={t("payments.charge.pixQr")} width={180} height={180} data-testid="charge-pix-qr" style={{ imageRendering: "pixelated" }} />
                {live.pixExpiresAt && (
                  <Text size="1" color="gray">
                    {t("payments.charge.pixExpires", { date: day(live.pixExpiresAt.slice(0, 10)) })}
                  </Text>
                )}
              </Flex>
            )}
            {live.pixPayload && <CopyField label={t("payments.charge.pixCode")} value={live.pixPayload} testId="charge-pix-code" copyLabel={t("payments.charge.copy")} copiedLabel={t("payments.charge.copied")} />}
            {live.identificationField && (
              <CopyField label={t("payments.charge.digitableLine")} value={live.identificationField} testId="charge-boleto-line" copyLabel={t("payments.charge.copy")} copiedLabel={t("payments.charge.copied")} />
            )}
            <Flex gap="3" wrap="wrap">
              {live.bankSlipUrl && (
                <RadixLink href={live.bankSlipUrl} target="_blank" rel="noopener noreferrer" data-testid="charge-boleto-pdf">
                  {t("payments.charge.boletoPdf")}
                </RadixLink>
              )}
              {live.invoiceUrl && (
                <RadixLink href={live.invoiceUrl} target="_blank" rel="noopener noreferrer" data-testid="charge-invoice">
                  {t("payments.charge.invoice")}
                </RadixLink>
              )}
            </Flex>
            {canManage && (live.status === "PENDING" || live.status === "OVERDUE") && (
              <Flex>
                <ConfirmDialog
                  trigger={
                    <Button type="button" variant="soft" color="red" disabled={busy} data-testid="charge-cancel">
                      {t("payments.charge.cancel")}
                    </Button>
                  }
                  title={t("payments.charge.cancel")}
                  description={t("payments.charge.cancelConfirm")}
                  cancelLabel={t("common.cancel")}
                  closeOnConfirm
                  form={(actions) => (
                    <Form method="post">
                      <input type="hidden" name="intent" value="cancelCharge" />
                      {actions}
                    </Form>
                  )}
                  confirm={
                    <Button type="submit" color="red" data-testid="charge-cancel-confirm">
                      {t("payments.charge.cancel")}
                    </Button>
                  }
                />
              </Flex>
            )}
          </Flex>
        ) : (
          <Text size="2" color="gray" data-testid="charge-none">
            {payments.enabled ? t("payments.charge.none") : t("payments.charge.errors.notConfigured")}
          </Text>
        )}
        {canManage && open && payments.enabled && (
          <Form method="post" data-testid="charge-form">
            <Flex gap="3" align="end" wrap="wrap">
              <NativeSelect
                id="charge-billing-type"
                name="billingType"
                label={t("payments.charge.billingType")}
                defaultValue="PIX"
                options={CHARGE_BILLING_TYPES.map((b) => ({ value: b, label: t(`payments.billingTypes.${b}`) }))}
              />
              {!live && (
                <Button type="submit" name="intent" value="charge" disabled={busy} data-testid="charge-create">
                  {busy ? t("payments.charge.creating") : t("payments.charge.create")}
                </Button>
              )}
              {payments.siblings && (
                <Button type="submit" name="intent" value="chargeAll" variant="soft" disabled={busy} data-testid="charge-all" title={t("payments.charge.chargeAllHint")}>
                  {t("payments.charge.chargeAll")}
                </Button>
              )}
            </Flex>
          </Form>
        )}
        {history.length > 0 && (
          <Flex direction="column" gap="1">
            <Text size="2" weight="medium">
              {t("payments.charge.history")}
            </Text>
            {history.map((c) => (
              <Text key={c.id} size="1" color="gray">
                {t(`payments.billingTypes.${c.billingType}`)} · <Money cents={c.valueCents} currency={c.currency} /> · {day(c.dueDate)} · {t(`payments.statuses.${c.status}` as "payments.statuses.PENDING")}
              </Text>
            ))}
          </Flex>
        )}
      </Flex>
    </SectionCard>
  );
}

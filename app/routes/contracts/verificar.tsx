import { Button, Flex, Text } from "@radix-ui/themes";
import { ShieldAlert, ShieldCheck } from "lucide-react";
import { useTranslation } from "react-i18next";
import { data, Form, Link, useNavigation } from "react-router";
import { Notice } from "~/components/ui/Notice";
import { PageHeader } from "~/components/ui/PageHeader";
import { SectionCard } from "~/components/ui/SectionCard";
import { contractErr, contractPath, SIGNATURES_PATH } from "~/lib/contracts/contract";
import { verifyPdf } from "~/lib/contracts/contract.server";
import { formatDateTime } from "~/lib/platform/format";
import { translate } from "~/lib/platform/translate";
import { getI18n } from "~/middleware/i18n";
import { requireModule, requireScope } from "~/middleware/session";
import type { Route } from "./+types/verificar";

export const middleware: Route.MiddlewareFunction[] = [requireModule("contratos", "assinaturas")];

export async function loader({ context, request }: Route.LoaderArgs) {
  const scope = requireScope(context, request);
  return { timeZone: scope.timeZone, documentTitle: getI18n(context).t("contracts.verify.title") };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData ? `${loaderData.documentTitle} · Rota` : "Rota" }];

/** POST a PDF: is it one of this agency's contracts (original or signed copy), byte for byte? */
export async function action({ context, request }: Route.ActionArgs) {
  const scope = requireScope(context, request);
  const file = await request
    .formData()
    .then((form) => form.get("file"))
    .catch(() => null);
  const checked = await verifyPdf(scope, file);
  if (!checked.ok) return data({ error: contractErr[checked.reason], verification: null }, { status: 400 });
  return { error: null, verification: checked };
}

export default function VerifyContract({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const navigation = useNavigation();
  const v = actionData?.verification;
  return (
    <Flex direction="column" gap="4" data-testid="verify-page">
      <PageHeader
        title={t("contracts.verify.title")}
        subtitle={t("contracts.verify.subtitle")}
        trail={[
          { label: t("menu.contratos.title"), href: null },
          { label: t("contracts.signatures.title"), href: SIGNATURES_PATH },
        ]}
      />
      <SectionCard title={t("contracts.verify.file")}>
        <Form method="post" encType="multipart/form-data">
          <Flex gap="3" wrap="wrap" align="end">
            <input type="file" name="file" accept="application/pdf,.pdf" required aria-label={t("contracts.verify.file")} data-testid="verify-file" />
            <Button type="submit" loading={navigation.state === "submitting"} data-testid="verify-submit">
              {t("contracts.verify.submit")}
            </Button>
          </Flex>
        </Form>
      </SectionCard>
      {actionData?.error && (
        <Notice tone="error" testId="verify-error">
          {translate(i18n, actionData.error)}
        </Notice>
      )}
      {v && (
        <SectionCard title={v.match === "none" ? <ShieldAlert aria-label="!" color="var(--red-9)" /> : <ShieldCheck aria-label="✓" color="var(--green-9)" />} testId="verify-result">
          <Text as="p" size="3" weight="medium" data-testid="verify-verdict" data-match={v.match}>
            {v.match === "none"
              ? t("contracts.verify.none")
              : v.match === "original"
                ? t("contracts.verify.original", { title: v.contract.title })
                : t("contracts.verify.signed", { title: v.contract.title, signer: v.contract.signerName ?? "—", date: v.contract.signedAt ? formatDateTime(v.contract.signedAt, i18n.language, loaderData.timeZone) : "—" })}
          </Text>
          <Text as="p" size="1" color="gray" mt="2">
            {t("contracts.verify.hash")}: <code className="hash">{v.sha256}</code>
          </Text>
          {v.match !== "none" && (
            <Text as="p" size="2" mt="2">
              <Link to={contractPath(v.contract.id)}>{t("contracts.verify.open")}</Link>
            </Text>
          )}
        </SectionCard>
      )}
    </Flex>
  );
}

export { ShellErrorBoundary as ErrorBoundary } from "~/components/ui/RouteError";

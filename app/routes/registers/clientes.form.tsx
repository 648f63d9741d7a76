import { type SubmissionResult } from "@conform-to/react";
import { Button, Flex, IconButton } from "@radix-ui/themes";
import { Plus, X } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { RecordForm, useRecordForm } from "~/components/kit/RecordForm";
import { RecordPage, type RecordActionData } from "~/components/kit/RecordPage";
import { useChoiceFormatter } from "~/components/kit/RecordHistory";
import { CheckboxField, FormField, FormSection, SelectField, TextAreaField } from "~/components/ui/FormField";
import { cepMask, documentMask, phoneMask } from "~/lib/platform/masks";
import { CLIENTS_PATH as LIST, MAX_EMAILS, MAX_PHONES } from "~/lib/registers/client";
import { CLIENT_EMPTY, clientFormValues, clientSpec } from "~/lib/registers/client.server";
import { clientOpenTasks } from "~/lib/tasks/tasks.server";
import { LinkedTasks } from "~/components/tasks/LinkedTasks";
import { ClientDeals } from "~/components/crm/ClientDeals";
import { ClientSales } from "~/components/crm/ClientSales";
import { clientSales } from "~/lib/crm/client-sales.server";
import { clientDeals } from "~/lib/crm/deal.server";
import { recordAction } from "~/lib/kit/record-action.server";
import { recordLoader } from "~/lib/kit/record-loader.server";
import { lookup } from "~/lib/platform/translate";
import { getI18n } from "~/middleware/i18n";
import { requireModule, requireScope } from "~/middleware/session";
import registersStyles from "~/styles/registers.css?url";
import type { Route } from "./+types/clientes.form";

export const middleware: Route.MiddlewareFunction[] = [requireModule("cadastros", "clientes")];
export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: registersStyles }];

/** Novo cliente (no id) or editar/:id: 404 for an unknown id or another agency's. */
export const loader = ({ context, request, params }: Route.LoaderArgs) => {
  const scope = requireScope(context, request);
  return recordLoader(clientSpec, scope, request, params, {
    toForm: clientFormValues,
    empty: CLIENT_EMPTY,
    newTitle: getI18n(context).t("registers.clients.new"),
    // Its open tasks (Tarefas), deals (CRM) and sales, read-only.
    extra: async (row) => {
      const [tasks, deals, sales] = row ? await Promise.all([clientOpenTasks(scope, row.id), clientDeals(scope, row.id), clientSales(scope, row.id)]) : [[], [], null];
      return { tasks, deals, sales, now: Date.now() };
    },
  });
};

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData ? `${loaderData.documentTitle} · Rota` : "Rota" }];

/** Save (create, or update with the version check) and delete. */
export const action = ({ context, request, params }: Route.ActionArgs) => recordAction(clientSpec, requireScope(context, request), request, params);

export default function ClientForm({ loaderData, actionData, params }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const isNew = loaderData.mode === "new";
  return (
    <RecordPage
      testId="client-form-page"
      title={isNew ? t("registers.clients.new") : loaderData.name}
      subtitle={isNew ? t("registers.clients.newSubtitle") : t("registers.clients.editSubtitle")}
      listLabel={t("menu.cadastros.clientes.title")}
      listPath={LIST}
      record={loaderData}
      actionData={actionData as RecordActionData | undefined}
      fieldLabel={(field) => lookup(i18n, `registers.fields.${field}`) ?? field}
      formatValue={useChoiceFormatter({ kind: "registers.kind" })}
      form={({ key, ...form }) => <ClientFields key={key} {...form} defaultValue={loaderData.values} isNew={isNew} />}
    >
      {!isNew && params.id && <LinkedTasks tasks={loaderData.tasks} timeZone={loaderData.timeZone} now={loaderData.now} kind="client" id={params.id} />}
      {!isNew && <ClientDeals deals={loaderData.deals} />}
      {!isNew && loaderData.sales && <ClientSales sales={loaderData.sales.sales} allHref={loaderData.sales.allHref} />}
    </RecordPage>
  );
}

function ClientFields({
  defaultValue,
  version,
  lastResult,
  isNew,
}: {
  defaultValue: Record<string, unknown>;
  version: number;
  lastResult: SubmissionResult<string[]> | undefined;
  isNew: boolean;
}) {
  const { t } = useTranslation();
  const [form, fields] = useRecordForm({ id: "client-form", loadSchema: () => import("~/lib/registers/client.schema").then((m) => m.clientSchema), lastResult, defaultValue });
  const [kind, setKind] = useState<"person" | "company">((fields.kind.initialValue as "person" | "company") ?? "person");
  const emails = fields.emails.getFieldList();
  const phones = fields.phones.getFieldList();
  const person = kind === "person";
  return (
    <RecordForm form={form} isNew={isNew} version={version} cancelHref={LIST}>
      <FormSection title={t("registers.sections.identity")}>
        <div className="form-grid">
          <SelectField
            field={fields.kind}
            label={t("registers.fields.kind")}
            options={[
              { value: "person", label: t("registers.kind.person") },
              { value: "company", label: t("registers.kind.company") },
            ]}
            onChange={(v) => setKind(v === "company" ? "company" : "person")}
            required
          />
          <FormField field={fields.document} label={person ? t("registers.fields.cpf") : t("registers.fields.cnpj")} mask={documentMask(kind)} inputMode="numeric" placeholder={person ? "000.000.000-00" : "00.000.000/0000-00"} />
          <div className="span-all">
            <FormField field={fields.name} label={person ? t("registers.fields.fullName") : t("registers.fields.legalName")} required autoComplete={person ? "name" : "organization"} />
          </div>
          <FormField field={fields.tradeName} label={person ? t("registers.fields.socialName") : t("registers.fields.tradeName")} />
          {person && <FormField field={fields.birthDate} label={t("registers.fields.birthDate")} type="date" autoComplete="bday" />}
          {person && <FormField field={fields.nationality} label={t("registers.fields.nationality")} />}
        </div>
      </FormSection>

      {person && (
        <FormSection title={t("registers.sections.documents")} hint={t("registers.sections.documentsHint")}>
          <div className="form-grid">
            <FormField field={fields.rg} label={t("registers.fields.rg")} />
            <FormField field={fields.rgIssuer} label={t("registers.fields.rgIssuer")} placeholder="SSP/SP" />
            <FormField field={fields.passportNumber} label={t("registers.fields.passportNumber")} />
            <FormField field={fields.passportCountry} label={t("registers.fields.passportCountry")} placeholder="BR" hint={t("registers.hints.country")} />
            <FormField field={fields.passportExpiry} label={t("registers.fields.passportExpiry")} type="date" />
          </div>
        </FormSection>
      )}

      <FormSection title={t("registers.sections.contact")}>
        <Flex direction="column" gap="3">
          {emails.map((email, i) => (
            <Flex key={email.key} gap="2" align="end">
              <div style={{ flex: 1 }}>
                <FormField field={email} label={i === 0 ? t("registers.fields.email") : t("registers.fields.emailN", { n: i + 1 })} type="email" autoComplete={i === 0 ? "email" : "off"} />
              </div>
              {emails.length > 1 && (
                <IconButton type="submit" variant="soft" color="gray" aria-label={t("registers.removeEmail")} {...form.remove.getButtonProps({ name: fields.emails.name, index: i })}>
                  <X size={16} />
                </IconButton>
              )}
            </Flex>
          ))}
          {emails.length < MAX_EMAILS && (
            <Flex>
              <Button type="submit" variant="ghost" {...form.insert.getButtonProps({ name: fields.emails.name, defaultValue: "" })} data-testid="add-email">
                <Plus size={14} aria-hidden /> {t("registers.addEmail")}
              </Button>
            </Flex>
          )}
          {phones.map((phone, i) => {
            const p = phone.getFieldset();
            return (
              <Flex key={phone.key} gap="3" align="end" wrap="wrap">
                <div style={{ flex: "1 1 220px" }}>
                  <FormField field={p.number} label={i === 0 ? t("registers.fields.phone") : t("registers.fields.phoneN", { n: i + 1 })} type="tel" mask={phoneMask} inputMode="tel" autoComplete={i === 0 ? "tel" : "off"} />
                </div>
                <div style={{ paddingBottom: 8 }}>
                  <CheckboxField field={p.whatsapp} label={t("registers.fields.whatsapp")} />
                </div>
                {phones.length > 1 && (
                  <IconButton type="submit" variant="soft" color="gray" aria-label={t("registers.removePhone")} {...form.remove.getButtonProps({ name: fields.phones.name, index: i })}>
                    <X size={16} />
                  </IconButton>
                )}
              </Flex>
            );
          })}
          {phones.length < MAX_PHONES && (
            <Flex>
              <Button type="submit" variant="ghost" {...form.insert.getButtonProps({ name: fields.phones.name, defaultValue: { number: "", whatsapp: "" } })} data-testid="add-phone">
                <Plus size={14} aria-hidden /> {t("registers.addPhone")}
              </Button>
            </Flex>
          )}
          <CheckboxField field={fields.marketingConsent} label={t("registers.fields.marketingConsent")} hint={t("registers.hints.marketingConsent")} />
        </Flex>
      </FormSection>

      <FormSection title={t("registers.sections.address")}>
        <div className="form-grid">
          <FormField field={fields.postalCode} label={t("registers.fields.postalCode")} mask={cepMask} inputMode="numeric" autoComplete="postal-code" placeholder="00000-000" />
          <FormField field={fields.country} label={t("registers.fields.country")} autoComplete="country" hint={t("registers.hints.country")} />
          <div className="span-all">
            <FormField field={fields.street} label={t("registers.fields.street")} autoComplete="address-line1" />
          </div>
          <FormField field={fields.number} label={t("registers.fields.number")} />
          <FormField field={fields.complement} label={t("registers.fields.complement")} autoComplete="address-line2" />
          <FormField field={fields.district} label={t("registers.fields.district")} />
          <FormField field={fields.city} label={t("registers.fields.city")} autoComplete="address-level2" />
          <FormField field={fields.state} label={t("registers.fields.state")} autoComplete="address-level1" placeholder="SP" hint={t("registers.hints.state")} />
        </div>
      </FormSection>

      <FormSection title={t("registers.sections.more")}>
        <div className="form-grid">
          <FormField field={fields.emergencyContactName} label={t("registers.fields.emergencyContactName")} />
          <FormField field={fields.emergencyContactPhone} label={t("registers.fields.emergencyContactPhone")} type="tel" mask={phoneMask} inputMode="tel" />
          <div className="span-all">
            <FormField field={fields.tags} label={t("registers.fields.tags")} hint={t("registers.hints.tags")} />
          </div>
          <div className="span-all">
            <TextAreaField field={fields.notes} label={t("registers.fields.notes")} />
          </div>
        </div>
      </FormSection>
    </RecordForm>
  );
}

/** A missing record (or another agency's) shows inside the shell. */
export { ShellErrorBoundary as ErrorBoundary } from "~/components/ui/RouteError";

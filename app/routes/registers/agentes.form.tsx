import { type SubmissionResult } from "@conform-to/react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { RecordForm, useRecordForm } from "~/components/kit/RecordForm";
import { RecordPage, type RecordActionData } from "~/components/kit/RecordPage";
import { useChoiceFormatter } from "~/components/kit/RecordHistory";
import { FormField, FormSection, SelectField, TextAreaField } from "~/components/ui/FormField";
import { Notice } from "~/components/ui/Notice";
import { formatPercent } from "~/lib/platform/format";
import { phoneMask } from "~/lib/platform/masks";
import { AGENTS_PATH as LIST, PIX_KEY_TYPES } from "~/lib/registers/agent";
import { AGENT_EMPTY, agentFormValues, agentScreenExtra, agentSpec, type AgencyMember } from "~/lib/registers/agent.server";
import { recordAction } from "~/lib/kit/record-action.server";
import { recordLoader } from "~/lib/kit/record-loader.server";
import { lookup } from "~/lib/platform/translate";
import { getI18n } from "~/middleware/i18n";
import { requireModule, requireScope } from "~/middleware/session";
import registersStyles from "~/styles/registers.css?url";
import type { Route } from "./+types/agentes.form";

export const middleware: Route.MiddlewareFunction[] = [requireModule("cadastros", "agentes")];
export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: registersStyles }];

/** Novo agente (no id) or editar/:id, with the members it may be linked to: 404 for an unknown id or another agency's. */
export function loader({ context, request, params }: Route.LoaderArgs) {
  const scope = requireScope(context, request);
  const i18n = getI18n(context);
  return recordLoader(agentSpec(scope, (key) => i18n.t(key as never)), scope, request, params, {
    toForm: agentFormValues,
    empty: AGENT_EMPTY,
    newTitle: i18n.t("agents.new"),
    extra: agentScreenExtra(scope),
  });
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData ? `${loaderData.documentTitle} · Rota` : "Rota" }];

/** Save (create, or update with the version check) and delete. */
export function action({ context, request, params }: Route.ActionArgs) {
  const scope = requireScope(context, request);
  const i18n = getI18n(context);
  return recordAction(agentSpec(scope, (key) => i18n.t(key as never) as string), scope, request, params);
}

export default function AgentForm({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const isNew = loaderData.mode === "new";
  const formatValue = useChoiceFormatter({ commissionRule: "agents.rules", pixKeyType: "agents.pixTypes" }, (field, value) =>
    field === "commissionBps" && typeof value === "number" ? formatPercent(value / 10_000, i18n.language, 2) : undefined,
  );
  return (
    <RecordPage
      testId="agent-form-page"
      title={isNew ? t("agents.new") : loaderData.name}
      subtitle={isNew ? t("agents.newSubtitle") : t("agents.editSubtitle")}
      listLabel={t("menu.cadastros.agentes.title")}
      listPath={LIST}
      record={loaderData}
      actionData={actionData as RecordActionData | undefined}
      fieldLabel={(field) => lookup(i18n, `agents.fields.${field}`) ?? lookup(i18n, `registers.fields.${field}`) ?? field}
      formatValue={formatValue}
      duplicateNotice={(duplicate) => (duplicate.field === "userId" ? <LinkedUserCallout duplicate={duplicate} /> : undefined)}
      form={({ key, ...form }) => <AgentFields key={key} {...form} defaultValue={loaderData.values} isNew={isNew} members={loaderData.members} />}
    />
  );
}

/** The chosen user is already another agent's: names that agent and links to it. */
function LinkedUserCallout({ duplicate }: { duplicate: { name: string; href: string } }) {
  const { t } = useTranslation();
  return (
    <Notice tone="error" testId="duplicate-notice">
      {t("agents.duplicate.userId", { name: duplicate.name })}{" "}
      <Link to={duplicate.href} data-testid="duplicate-link">
        {t("records.duplicate.open", { name: duplicate.name })}
      </Link>
    </Notice>
  );
}

function AgentFields({
  defaultValue,
  version,
  lastResult,
  isNew,
  members,
}: {
  defaultValue: Record<string, unknown>;
  version: number;
  lastResult: SubmissionResult<string[]> | undefined;
  isNew: boolean;
  members: AgencyMember[];
}) {
  const { t } = useTranslation();
  const [form, fields] = useRecordForm({ id: "agent-form", loadSchema: () => import("~/lib/registers/agent.schema").then((m) => m.agentSchema), lastResult, defaultValue });
  const userOptions = [
    { value: "", label: t("agents.noUser") },
    ...members.map((m) => ({ value: m.id, label: `${m.active ? m.name : t("agents.inactive", { name: m.name })} · ${m.email}` })),
  ];
  return (
    <RecordForm form={form} isNew={isNew} version={version} cancelHref={LIST}>
      <FormSection title={t("registers.sections.identity")}>
        <div className="form-grid">
          <div className="span-all">
            <FormField field={fields.name} label={t("registers.fields.name")} required autoComplete="off" />
          </div>
          <FormField field={fields.document} label={t("agents.fields.document")} inputMode="numeric" hint={t("agents.hints.document")} />
          <FormField field={fields.email} label={t("registers.fields.email")} type="email" autoComplete="off" />
          <FormField field={fields.phone} label={t("registers.fields.phone")} type="tel" mask={phoneMask} inputMode="tel" autoComplete="off" />
        </div>
      </FormSection>

      <FormSection title={t("agents.sections.link")} hint={t("agents.sections.linkHint")}>
        <div className="form-grid">
          <div className="span-all">
            <SelectField field={fields.userId} label={t("agents.fields.userId")} options={userOptions} hint={t("agents.hints.userId")} />
          </div>
          <SelectField
            field={fields.commissionRule}
            label={t("agents.fields.commissionRule")}
            options={[
              { value: "sale_percent", label: t("agents.rules.sale_percent") },
              { value: "margin_percent", label: t("agents.rules.margin_percent") },
            ]}
            required
          />
          <FormField field={fields.commission} label={t("agents.fields.commission")} inputMode="decimal" placeholder="5" hint={t("agents.hints.commission")} />
        </div>
      </FormSection>

      <FormSection title={t("agents.sections.pix")}>
        <div className="form-grid">
          <SelectField
            field={fields.pixKeyType}
            label={t("agents.fields.pixKeyType")}
            options={[{ value: "", label: t("agents.pixTypes.none") }, ...PIX_KEY_TYPES.map((type) => ({ value: type, label: t(`agents.pixTypes.${type}`) }))]}
          />
          <FormField field={fields.pixKey} label={t("agents.fields.pixKey")} hint={t("agents.hints.pixKey")} autoComplete="off" />
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

import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Callout, Flex, Text } from "@radix-ui/themes";
import { CircleAlert } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Form, Link, useNavigation } from "react-router";
import { agent } from "~/db/schema";
import { FormActions, useChoiceFormatter, RecordPage, type RecordActionData } from "~/components/kit/RecordParts";
import { FormField, FormSection, SelectField, TextAreaField, UnsavedChangesGuard } from "~/components/ui/FormField";
import { formatDocument, formatPhone } from "~/lib/platform/br-documents";
import { formatPercent } from "~/lib/platform/format";
import { considerForDirty, parseWithZod } from "~/lib/kit/forms";
import { phoneMask } from "~/lib/platform/masks";
import { agentEditSchema, agentErr, agentSchema, bpsToPercentText, PIX_KEY_TYPES, type AgentInput } from "~/lib/registers/agent";
import { AGENT_ENTITY, agencyMembers, agentValues, findAgentDuplicate, isLinkableUser, type AgencyMember } from "~/lib/registers/agent.server";
import { findLive } from "~/lib/kit/record.server";
import { historyFor, notFound, recordAction } from "~/lib/kit/record-action.server";
import { canManageRegisters } from "~/lib/registers/roles";
import { lookup } from "~/lib/platform/translate";
import { getDb } from "~/middleware/cloudflare";
import { getI18n } from "~/middleware/i18n";
import { requireAgency, requireModule } from "~/middleware/session";
import registersStyles from "~/styles/registers.css?url";
import type { Route } from "./+types/agentes.form";

export const middleware: Route.MiddlewareFunction[] = [requireModule("cadastros", "agentes")];
export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: registersStyles }];

const LIST = "/cadastros/agentes";

type AgentRow = typeof agent.$inferSelect;

/** A stored agent as the form shows it: masked document and phone, the commission as a percentage. */
function formValues(row: AgentRow) {
  const text = (v: string | null) => v ?? "";
  return {
    name: row.name,
    document: row.document ? formatDocument(row.document) : "",
    email: text(row.email),
    phone: row.phone ? formatPhone(row.phone) : "",
    userId: text(row.userId),
    commissionRule: row.commissionRule,
    commission: bpsToPercentText(row.commissionBps),
    pixKeyType: text(row.pixKeyType),
    pixKey: row.pixKey && (row.pixKeyType === "cpf" || row.pixKeyType === "cnpj") ? formatDocument(row.pixKey) : text(row.pixKey),
    notes: text(row.notes),
  };
}

const EMPTY = { commissionRule: "sale_percent", commission: "0" };

/**
 * The form values as the stale notice shows them: the linked user by name, the
 * rule and Pix type by their translated names.
 */
function flat(values: ReturnType<typeof formValues>, names: { user: (id: string) => string; rule: (rule: string) => string; pix: (type: string) => string }): Record<string, string> {
  return {
    ...values,
    userId: values.userId ? names.user(values.userId) : "",
    commissionRule: names.rule(values.commissionRule),
    pixKeyType: values.pixKeyType ? names.pix(values.pixKeyType) : "",
  };
}

export async function loader({ context, request, params }: Route.LoaderArgs) {
  const viewer = requireAgency(context, request);
  const db = getDb(context);
  const i18n = getI18n(context);
  if (!params.id) {
    return {
      mode: "new" as const,
      values: EMPTY,
      version: 0,
      name: "",
      members: await agencyMembers(db, viewer.agency.id),
      history: null,
      canDelete: false,
      timeZone: viewer.agency.timeZone,
      documentTitle: i18n.t("agents.new"),
    };
  }
  const row = await findLive(db, agent, viewer.agency.id, params.id);
  if (!row) throw notFound();
  const [members, history] = await Promise.all([agencyMembers(db, viewer.agency.id, row.userId), historyFor(db, viewer.agency.id, AGENT_ENTITY, row.id, new URL(request.url))]);
  return {
    mode: "edit" as const,
    values: formValues(row),
    version: row.version,
    name: row.name,
    members,
    history,
    canDelete: canManageRegisters(viewer.role),
    timeZone: viewer.agency.timeZone,
    documentTitle: row.name,
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData ? `${loaderData.documentTitle} · Rota` : "Rota" }];

export function action(args: Route.ActionArgs) {
  const { context, request } = args;
  const viewer = requireAgency(context, request);
  const db = getDb(context);
  const i18n = getI18n(context);
  return recordAction<AgentRow, AgentInput>(
    {
      table: agent,
      entity: AGENT_ENTITY,
      listPath: LIST,
      schemas: { create: agentSchema, edit: agentEditSchema },
      values: agentValues,
      // The linked user must belong to this agency (and be active, unless it is the one already linked).
      check: async (_ctx, input, current) =>
        input.userId && !(await isLinkableUser(db, viewer.agency.id, input.userId, current?.userId ?? null)) ? { userId: [agentErr.userNotMember] } : null,
      duplicate: (_ctx, input, exceptId) => findAgentDuplicate(db, viewer.agency.id, input, exceptId),
      // The stale notice names the linked user, the rule and the Pix type as the form shows them.
      display: async (row) => {
        const members = await agencyMembers(db, viewer.agency.id, row.userId);
        return flat(formValues(row), {
          user: (id: string) => members.find((m) => m.id === id)?.name ?? id,
          rule: (rule: string) => i18n.t(`agents.rules.${rule}` as never) as string,
          pix: (type: string) => i18n.t(`agents.pixTypes.${type}` as never) as string,
        });
      },
    },
    args,
  );
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
    <Callout.Root color="red" role="alert" data-testid="duplicate-notice">
      <Callout.Icon>
        <CircleAlert size={16} />
      </Callout.Icon>
      <Callout.Text>
        {t("agents.duplicate.userId", { name: duplicate.name })}{" "}
        <Link to={duplicate.href} data-testid="duplicate-link">
          {t("registers.duplicate.open", { name: duplicate.name })}
        </Link>
      </Callout.Text>
    </Callout.Root>
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
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") !== "delete";
  const [form, fields] = useForm({
    id: "agent-form",
    lastResult,
    defaultValue: defaultValue as never,
    // The version is a hidden field only the server checks; the browser validates the fields.
    onValidate: ({ formData }) => parseWithZod(formData, { schema: agentSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    shouldDirtyConsider: considerForDirty,
  });
  const userOptions = [
    { value: "", label: t("agents.noUser") },
    ...members.map((m) => ({ value: m.id, label: `${m.active ? m.name : t("agents.inactive", { name: m.name })} · ${m.email}` })),
  ];
  return (
    <Form method="post" {...getFormProps(form)} className="record-form">
      <UnsavedChangesGuard dirty={form.dirty} />
      {!isNew && <input type="hidden" name="version" value={version} />}
      <Flex direction="column" gap="4">
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
        {form.errors && form.errors.length > 0 && (
          <Text color="red" role="alert">
            {form.errors.join(" ")}
          </Text>
        )}
        <FormActions cancelHref={LIST} busy={busy} />
      </Flex>
    </Form>
  );
}

/** A missing record (or another agency's) shows inside the shell. */
export { ShellErrorBoundary as ErrorBoundary } from "~/components/ui/RouteError";

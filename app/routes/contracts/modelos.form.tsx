import type { SubmissionResult } from "@conform-to/react";
import { Card, Flex, Heading, Text } from "@radix-ui/themes";
import { lazy, Suspense, useCallback, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { redirect } from "react-router";
import { MergedDocumentView } from "~/components/contracts/MergedDocumentView";
import { TemplatePreview } from "~/components/contracts/TemplatePreview";
import { RecordForm, useRecordForm } from "~/components/kit/RecordForm";
import { RecordPage, type RecordActionData } from "~/components/kit/RecordPage";
import { useHydrated } from "~/components/shell/PageTransition";
import { Notice } from "~/components/ui/Notice";
import { StatusBadge } from "~/components/ui/StatusBadge";
import { CheckboxField, FormField, FormSection, SelectField } from "~/components/ui/FormField";
import { emptyDoc, mergeDocument, type TemplateDoc } from "~/lib/contracts/document";
import { fieldLabelKey, type MergeFieldKey } from "~/lib/contracts/merge-fields";
import { TEMPLATE_KINDS, TEMPLATE_LANGUAGES, TEMPLATES_PATH, canManageTemplates, type ContractLanguage, type TemplateFormValues, type TemplateVersionRow } from "~/lib/contracts/template";
import { TEMPLATE_EMPTY, templateAction, templateFormValues, templateSpec, templateVersions } from "~/lib/contracts/template.server";
import { recordLoader } from "~/lib/kit/record-loader.server";
import { formatDateTime } from "~/lib/platform/format";
import { lookup } from "~/lib/platform/translate";
import { getI18n } from "~/middleware/i18n";
import { requireModule, requireScope } from "~/middleware/session";
import editorStyles from "~/components/contracts/TemplateEditor.css?url";
import registersStyles from "~/styles/registers.css?url";
import type { Route } from "./+types/modelos.form";

/** Tiptap is a chunk of its own, loaded once the page is interactive (never in the route chunk, never on the server). */
const TemplateEditor = lazy(() => import("~/components/contracts/TemplateEditor"));

export const middleware: Route.MiddlewareFunction[] = [requireModule("contratos", "modelos")];
export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: registersStyles },
  { rel: "stylesheet", href: editorStyles },
];

/**
 * Novo modelo (no id; Admins only, others go back to the list) or editar/:id
 * with its versions: 404 for an unknown id or another agency's.
 */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const scope = requireScope(context, request);
  const canManage = canManageTemplates(scope.role);
  if (!params.id && !canManage) throw redirect(TEMPLATES_PATH);
  return recordLoader(templateSpec, scope, request, params, {
    toForm: templateFormValues,
    empty: TEMPLATE_EMPTY,
    newTitle: getI18n(context).t("contracts.templates.new"),
    extra: async (row) => ({
      canManage,
      currentVersion: row?.currentVersion ?? 0,
      versions: row ? await templateVersions(scope, row.id) : ([] as TemplateVersionRow[]),
    }),
  });
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData ? `${loaderData.documentTitle} · Rota` : "Rota" }];

/** Save (create, or update with the version check: a new version when the text changes) and delete (soft). */
export const action = ({ context, request, params }: Route.ActionArgs) => templateAction(requireScope(context, request), request, params);

/** The posted body as a document (the stored one is always valid; a broken one shows empty). */
function parseDoc(json: string): TemplateDoc {
  try {
    const doc = JSON.parse(json) as TemplateDoc;
    return doc?.type === "doc" && Array.isArray(doc.content) ? doc : emptyDoc();
  } catch {
    return emptyDoc();
  }
}

/** A merge field's translated label (stable per language). */
function useFieldLabel() {
  const { t } = useTranslation();
  return useCallback((key: MergeFieldKey) => t(fieldLabelKey(key) as never) as string, [t]);
}

export default function TemplateForm({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const isNew = loaderData.mode === "new";
  const fieldLabel = (field: string) => lookup(i18n, `contracts.templates.fields.${field}`) ?? field;
  const formatValue = (field: string, value: unknown) => {
    if (field === "language" && typeof value === "string") return lookup(i18n, `contracts.templates.languages.${value}`);
    if (field === "saleKind" && typeof value === "string") return lookup(i18n, `contracts.templates.kinds.${value}`);
    return undefined;
  };
  return (
    <RecordPage
      testId="contract-template-form-page"
      title={isNew ? t("contracts.templates.new") : loaderData.name}
      subtitle={isNew ? t("contracts.templates.newSubtitle") : t("contracts.templates.editSubtitle")}
      listLabel={t("menu.contratos.modelos.title")}
      listPath={TEMPLATES_PATH}
      record={loaderData}
      actionData={actionData as RecordActionData | undefined}
      fieldLabel={fieldLabel}
      formatValue={formatValue}
      maxWidth="1400px"
      form={({ key, ...form }) =>
        loaderData.canManage ? (
          <TemplateFields key={key} {...form} defaultValue={loaderData.values} isNew={isNew} />
        ) : (
          <TemplateReadOnly key={key} values={loaderData.values} />
        )
      }
    >
      {!isNew && <TemplateVersions versions={loaderData.versions} current={loaderData.currentVersion} timeZone={loaderData.timeZone} />}
    </RecordPage>
  );
}

function TemplateFields({ defaultValue, version, lastResult, isNew }: { defaultValue: TemplateFormValues; version: number; lastResult: SubmissionResult<string[]> | undefined; isNew: boolean }) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const labelFor = useFieldLabel();
  const [form, fields] = useRecordForm({
    id: "contract-template-form",
    loadSchema: () => import("~/lib/contracts/template.schema").then((m) => m.templateSchema),
    lastResult,
    defaultValue,
  });
  const initial = useMemo(() => parseDoc(defaultValue.body), [defaultValue.body]);
  const [doc, setDoc] = useState<TemplateDoc>(initial);
  const [language, setLanguage] = useState<ContractLanguage>(defaultValue.language);
  // The editor's document as the form posts it (the hidden `body` below follows it).
  const [bodyJson, setBodyJson] = useState(defaultValue.body);
  const onChange = useCallback((next: TemplateDoc, json: string) => {
    setDoc(next);
    setBodyJson(json);
  }, []);
  const bodyError = (fields.body.errors as string[] | undefined)?.[0];
  const hintId = "template-body-hint";
  return (
    <RecordForm form={form} isNew={isNew} version={version} cancelHref={TEMPLATES_PATH}>
      <FormSection title={t("contracts.templates.sections.template")}>
        <div className="form-grid">
          <div className="span-all">
            <FormField field={fields.name} label={t("contracts.templates.fields.name")} required autoComplete="off" />
          </div>
          <SelectField
            field={fields.language}
            label={t("contracts.templates.fields.language")}
            hint={t("contracts.templates.hints.language")}
            options={TEMPLATE_LANGUAGES.map((l) => ({ value: l, label: t(`contracts.templates.languages.${l}`) }))}
            onChange={(v) => setLanguage((TEMPLATE_LANGUAGES as readonly string[]).includes(v) ? (v as ContractLanguage) : "pt")}
          />
          <SelectField field={fields.saleKind} label={t("contracts.templates.fields.saleKind")} options={TEMPLATE_KINDS.map((k) => ({ value: k, label: t(`contracts.templates.kinds.${k}`) }))} />
          <div className="span-all">
            <CheckboxField field={fields.isDefault} label={t("contracts.templates.fields.isDefault")} hint={t("contracts.templates.hints.isDefault")} />
          </div>
        </div>
      </FormSection>

      <FormSection title={t("contracts.templates.sections.body")} hint={t("contracts.templates.hints.body")}>
        {/* The editor writes its document here; without JavaScript the stored body is posted back unchanged. */}
        <input type="hidden" name={fields.body.name} value={bodyJson} readOnly />
        <Text id={hintId} hidden>
          {t("contracts.templates.hints.body")}
        </Text>
        {bodyError && (
          <Text as="p" size="2" color="red" role="alert" mb="2" id={fields.body.errorId} data-testid="template-body-error">
            {t(bodyError as never, { defaultValue: bodyError }) as string}
          </Text>
        )}
        <div className="template-workspace">
          <div>
            {hydrated ? (
              <Suspense fallback={<ReadOnlyBody doc={doc} labelFor={labelFor} loading />}>
                <TemplateEditor initial={initial} onChange={onChange} labelFor={labelFor} describedBy={hintId} />
              </Suspense>
            ) : (
              <ReadOnlyBody doc={doc} labelFor={labelFor} loading />
            )}
          </div>
          <TemplatePreview doc={doc} language={language} labelFor={labelFor} />
        </div>
      </FormSection>
    </RecordForm>
  );
}

/** The body as it reads, fields as their labels: while the editor loads, on the server, and for readers. */
function ReadOnlyBody({ doc, labelFor, loading = false }: { doc: TemplateDoc; labelFor: (key: MergeFieldKey) => string; loading?: boolean }) {
  const { t } = useTranslation();
  const merged = useMemo(() => mergeDocument(doc, {}, (key) => `[${labelFor(key)}]`), [doc, labelFor]);
  return (
    <div className="template-editor" data-testid="template-body-readonly" aria-busy={loading || undefined}>
      {loading && (
        <div className="template-editor-toolbar">
          <Text size="2" color="gray">
            {t("contracts.templates.editor.loading")}
          </Text>
        </div>
      )}
      <div className="template-body-readonly">
        <MergedDocumentView document={merged} highlightFields fieldTitle={labelFor} headingOffset={2} />
      </div>
    </div>
  );
}

/** A reader's view (roles that may not change templates): the data, the body and the preview. */
function TemplateReadOnly({ values }: { values: TemplateFormValues }) {
  const { t } = useTranslation();
  const labelFor = useFieldLabel();
  const doc = useMemo(() => parseDoc(values.body), [values.body]);
  return (
    <Flex direction="column" gap="4">
      <Notice tone="info" testId="template-read-only">
        {t("contracts.templates.readOnly")}
      </Notice>
      <FormSection title={t("contracts.templates.sections.template")}>
        <dl className="form-grid" style={{ margin: 0 }}>
          {(
            [
              ["language", t(`contracts.templates.languages.${values.language}`)],
              ["saleKind", t(`contracts.templates.kinds.${values.saleKind}`)],
            ] as const
          ).map(([field, value]) => (
            <div key={field}>
              <Text as="div" size="2" weight="medium">
                <dt>{t(`contracts.templates.fields.${field}`)}</dt>
              </Text>
              <Text as="div" size="2">
                <dd style={{ margin: 0 }}>{value}</dd>
              </Text>
            </div>
          ))}
        </dl>
        {values.isDefault === "on" && (
          <Text as="p" size="2" mt="2">
            <StatusBadge tone="active">{t("contracts.templates.default")}</StatusBadge>
          </Text>
        )}
      </FormSection>
      <FormSection title={t("contracts.templates.sections.body")}>
        <div className="template-workspace">
          <ReadOnlyBody doc={doc} labelFor={labelFor} />
          <TemplatePreview doc={doc} language={values.language} labelFor={labelFor} />
        </div>
      </FormSection>
    </Flex>
  );
}

function TemplateVersions({ versions, current, timeZone }: { versions: TemplateVersionRow[]; current: number; timeZone: string }) {
  const { t, i18n } = useTranslation();
  return (
    <Card size="3" data-testid="template-versions">
      <Heading as="h2" size="4" mb="1">
        {t("contracts.templates.sections.versions")}
      </Heading>
      <Text as="p" size="2" color="gray" mb="3">
        {t("contracts.templates.versions.hint")}
      </Text>
      <ol className="template-versions" reversed>
        {versions.map((v) => (
          <li key={v.id} data-testid={`template-version-${v.number}`} aria-current={v.number === current ? "true" : undefined}>
            <Flex gap="2" align="center" wrap="wrap">
              <Text size="2" weight="medium">
                {t("contracts.templates.versions.number", { number: v.number })}
              </Text>
              {v.number === current && <StatusBadge tone="accent">{t("contracts.templates.versions.current")}</StatusBadge>}
              <Text size="2" color="gray">
                {formatDateTime(v.createdAt, i18n.language, timeZone)}
                {v.who ? ` · ${t("contracts.templates.versions.by", { name: v.who })}` : ""}
              </Text>
              <Text size="2" color="gray">
                · {v.name} · {t(`contracts.templates.languages.${v.language}`)}
              </Text>
            </Flex>
          </li>
        ))}
      </ol>
    </Card>
  );
}

/** A missing record (or another agency's) shows inside the shell. */
export { ShellErrorBoundary as ErrorBoundary } from "~/components/ui/RouteError";

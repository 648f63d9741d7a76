import { Button, Card, Flex, Text, TextField } from "@radix-ui/themes";
import { useTranslation } from "react-i18next";
import { useFetcher } from "react-router";
import { Notice } from "~/components/ui/Notice";
import { PageHeader } from "~/components/ui/PageHeader";
import { StatusBadge } from "~/components/ui/StatusBadge";
import { malformed, parseForm } from "~/lib/kit/forms";
import { badRequest, conflict, forbidden } from "~/lib/platform/http";
import { CATEGORY_MAX, canEditProductKinds, type ProductKindRow } from "~/lib/registers/product-kind";
import { productKindSchema } from "~/lib/registers/product-kind.schema";
import { listProductKinds, saveProductKind } from "~/lib/registers/product-kind.server";
import type { ToastMessage } from "~/lib/platform/toast";
import { translate } from "~/lib/platform/translate";
import { getI18n } from "~/middleware/i18n";
import { requireModule, requireScope } from "~/middleware/session";
import registersStyles from "~/styles/registers.css?url";
import type { Route } from "./+types/produtos";

export const middleware: Route.MiddlewareFunction[] = [requireModule("cadastros", "produtos")];
export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: registersStyles }];

export async function loader({ context, request }: Route.LoaderArgs) {
  const scope = requireScope(context, request);
  const rows = await listProductKinds(scope);
  return { rows, canEdit: canEditProductKinds(scope.role), documentTitle: getI18n(context).t("menu.cadastros.produtos.title") };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData ? `${loaderData.documentTitle} · Rota` : "Rota" }];

type RowAnswer = {
  kind?: string;
  ok?: boolean;
  row?: ProductKindRow;
  current?: ProductKindRow;
  error?: string;
  toast?: ToastMessage;
};

/** POST: one row's `save` (switch and category) or `toggle` (switch only), for the viewer's agency. */
export async function action({ context, request }: Route.ActionArgs) {
  const scope = requireScope(context, request);
  const i18n = getI18n(context);
  const formData = await request.formData();
  const posted = formData.get("kind");
  const kind = typeof posted === "string" ? posted.slice(0, 20) : "";
  if (!canEditProductKinds(scope.role)) {
    return forbidden({ kind, error: "products.forbidden", toast: { title: "products.forbidden", variant: "destructive" } } satisfies RowAnswer);
  }
  const submission = parseForm(formData, productKindSchema);
  if (!submission) return malformed();
  if (submission.status !== "success") {
    return badRequest({ kind, error: "products.invalid", result: submission.reply() });
  }
  const input = submission.value;
  const label = translate(i18n, `products.kinds.${input.kind}`);
  const result = await saveProductKind(scope, input);
  if (!result.ok) {
    return conflict({ kind: input.kind, current: result.current, error: "products.stale", toast: { title: "products.stale", values: { kind: label }, variant: "destructive" } } satisfies RowAnswer);
  }
  const title = input.intent === "toggle" ? (input.enabled ? "products.enabledOn" : "products.enabledOff") : "products.saved";
  return { kind: input.kind, ok: true, row: result.row, toast: { title, values: { kind: label } } } satisfies RowAnswer;
}

export default function Products({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { rows, canEdit } = loaderData;
  const answer = actionData as RowAnswer | undefined;
  return (
    <Flex direction="column" gap="4" maxWidth="960px" data-testid="products-page">
      <PageHeader title={t("menu.cadastros.produtos.title")} subtitle={t("products.subtitle")} trail={[{ label: t("menu.cadastros.title"), href: null }]} />
      {!canEdit && (
        <Notice tone="info" role="none" testId="products-read-only">{t("products.readOnly")}</Notice>
      )}
      <Card size="2">
        <div className="product-kinds" role="list" style={{ display: "flex", flexDirection: "column" }}>
          <div aria-hidden className="list-secondary" style={{ ...ROW, padding: "0 0 var(--space-2)", borderBottom: "1px solid var(--gray-a5)" }}>
            <Text size="1" color="gray" weight="medium" style={COL.kind}>
              {t("products.columns.kind")}
            </Text>
            <Text size="1" color="gray" weight="medium" style={COL.enabled}>
              {t("products.columns.enabled")}
            </Text>
            <Text size="1" color="gray" weight="medium" style={COL.category}>
              {t("products.columns.defaultCategory")}
            </Text>
            <span style={COL.action} />
          </div>
          {rows.map((row) =>
            canEdit ? (
              <EditableRow key={row.kind} row={row} pageAnswer={answer?.kind === row.kind ? answer : undefined} />
            ) : (
              <ReadOnlyRow key={row.kind} row={row} />
            ),
          )}
        </div>
      </Card>
      <Text size="1" color="gray">
        {t("products.categoryHint")}
      </Text>
    </Flex>
  );
}

/** Column widths shared by the header and the rows; on a narrow screen a row wraps. */
const COL = {
  kind: { flex: "1 1 160px", minWidth: 0 },
  enabled: { flex: "0 0 90px" },
  category: { flex: "2 1 240px", minWidth: 0 },
  action: { flex: "0 0 96px" },
} as const;
const ROW = { display: "flex", flexWrap: "wrap", gap: "var(--space-3)", alignItems: "center", padding: "var(--space-3) 0", borderBottom: "1px solid var(--gray-a3)" } as const;

function KindName({ row }: { row: ProductKindRow }) {
  const { t, i18n } = useTranslation();
  return (
    <Flex direction="column" gap="0" style={COL.kind}>
      <Text weight="medium">{translate(i18n, `products.kinds.${row.kind}`)}</Text>
      {row.id === null && (
        <Text size="1" color="gray">
          {t("products.notConfigured")}
        </Text>
      )}
    </Flex>
  );
}

function ReadOnlyRow({ row }: { row: ProductKindRow }) {
  const { t } = useTranslation();
  return (
    <div role="listitem" style={ROW} data-testid={`product-${row.kind}`}>
      <KindName row={row} />
      <div style={COL.enabled}>
        <StatusBadge tone={row.enabled ? "active" : "inactive"}>
          {row.enabled ? t("records.yes") : t("records.no")}
        </StatusBadge>
      </div>
      <Text size="2" color={row.defaultCategory ? undefined : "gray"} style={COL.category}>
        {row.defaultCategory ?? "—"}
      </Text>
      <span style={COL.action} />
    </div>
  );
}

/**
 * One kind's small form. Without JavaScript the switch is a checkbox saved with
 * the category by the button; with it the switch saves at once (optimistic: it
 * shows the new state until the server answers; a refusal puts it back).
 */
function EditableRow({ row, pageAnswer }: { row: ProductKindRow; pageAnswer?: RowAnswer }) {
  const { t, i18n } = useTranslation();
  const fetcher = useFetcher<RowAnswer>({ key: `product-kind-${row.kind}` });
  const busy = fetcher.state !== "idle";
  const answer = fetcher.data ?? pageAnswer;
  // The newest stored state: the loader's, or what the last answer brought (a refused save does not revalidate).
  const answered = answer?.row ?? answer?.current;
  const base = answered && answered.version >= row.version ? answered : row;
  const pending = fetcher.formData;
  const enabled = pending ? pending.get("enabled") === "on" || pending.get("enabled") === "true" : base.enabled;
  const error = busy ? undefined : answer?.error;
  const kindLabel = translate(i18n, `products.kinds.${row.kind}`);
  const formId = `product-${row.kind}`;
  return (
    <div role="listitem" data-testid={formId}>
      <fetcher.Form method="post" id={formId} style={ROW}>
        <input type="hidden" name="kind" value={row.kind} />
        <input type="hidden" name="version" value={base.version} />
        <KindName row={base} />
        <label style={{ ...COL.enabled, display: "inline-flex", alignItems: "center", gap: "var(--space-2)" }}>
          <input
            type="checkbox"
            role="switch"
            name="enabled"
            checked={enabled}
            disabled={busy}
            aria-label={t("products.enabledLabel", { kind: kindLabel })}
            style={{ width: 20, height: 20, accentColor: "var(--accent-9)" }}
            onChange={(e) =>
              fetcher.submit({ intent: "toggle", kind: row.kind, version: String(base.version), enabled: String(e.currentTarget.checked) }, { method: "post" })
            }
            data-testid={`${formId}-enabled`}
          />
          <Text size="2" color="gray" className="list-secondary">
            {enabled ? t("records.yes") : t("records.no")}
          </Text>
        </label>
        <Flex direction="column" gap="1" style={COL.category}>
          <TextField.Root
            // A new stored category (saved here or elsewhere) replaces what the input shows.
            key={base.defaultCategory ?? ""}
            name="defaultCategory"
            defaultValue={base.defaultCategory ?? ""}
            maxLength={CATEGORY_MAX}
            placeholder={t("products.categoryPlaceholder")}
            aria-label={t("products.categoryLabel", { kind: kindLabel })}
            aria-describedby={error ? `${formId}-error` : undefined}
            data-testid={`${formId}-category`}
          />
          {error && (
            <Text id={`${formId}-error`} size="1" color="red" role="alert">
              {translate(i18n, error, { kind: kindLabel })}
            </Text>
          )}
        </Flex>
        <div style={COL.action}>
          <Button type="submit" name="intent" value="save" variant="soft" disabled={busy} style={{ width: "100%" }} data-testid={`${formId}-save`}>
            {busy && pending?.get("intent") === "save" ? t("products.saving") : t("products.save")}
          </Button>
        </div>
      </fetcher.Form>
    </div>
  );
}

/** A missing record (or another agency's) shows inside the shell. */
export { ShellErrorBoundary as ErrorBoundary } from "~/components/ui/RouteError";

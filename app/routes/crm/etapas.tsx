import { Badge, Button, Card, Flex, IconButton, Text, TextField } from "@radix-ui/themes";
import { ArrowDown, ArrowUp, Trash2 } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { PageHeader } from "~/components/ui/PageHeader";
import { stageAddSchema, stageDeleteSchema, stageMoveSchema, stageSaveSchema } from "~/lib/crm/stage.schema";
import { CRM_PATH, STAGE_COLORS } from "~/lib/crm/stages";
import { listStages } from "~/lib/crm/deal.server";
import { addStage, canEditStages, deleteStage, moveStage, saveStage } from "~/lib/crm/stages.server";
import { malformed, parseForm } from "~/lib/kit/forms";
import { badRequest, conflict, forbidden, notFound } from "~/lib/platform/http";
import { getEnv } from "~/middleware/cloudflare";
import { getI18n } from "~/middleware/i18n";
import { requireModule, requireScope } from "~/middleware/session";
import type { Route } from "./+types/etapas";

export const middleware: Route.MiddlewareFunction[] = [requireModule("crm")];

/** /crm/etapas: the pipeline's stages in order with their kinds and counts. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const scope = requireScope(context, request);
  const stages = await listStages(scope);
  return {
    stages: stages.map((s) => ({ id: s.id, name: s.name, slug: s.slug, kind: s.kind, color: s.color, dealCount: s.dealCount, version: s.version })),
    canEdit: canEditStages(scope.role),
    documentTitle: getI18n(context).t("crm.stages.title"),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData ? `${loaderData.documentTitle} · CRM · Rota` : "Rota" }];

/** intent=save | add | move | delete (Admins): 400 bad input, 404 another agency's stage, 409 stale / not empty / fixed. */
export async function action({ context, request }: Route.ActionArgs) {
  const scope = requireScope(context, request);
  if (!canEditStages(scope.role)) return forbidden({ toast: { title: "records.delete.forbidden", variant: "destructive" as const } });
  const env = getEnv(context);
  const formData = await request.formData();
  const intent = formData.get("intent");
  const refused = (title: string, status: 400 | 409 = 409) => (status === 400 ? badRequest : conflict)({ toast: { title, variant: "destructive" as const } });
  if (intent === "save") {
    const s = parseForm(formData, stageSaveSchema);
    if (!s) return malformed();
    if (s.status !== "success") return badRequest({ result: s.reply() });
    const r = await saveStage(scope, env, s.value);
    if (!r.ok) {
      if (r.reason === "notFound") throw notFound();
      return refused("crm.board.stale");
    }
    return { toast: { title: "crm.stages.saved" } };
  }
  if (intent === "add") {
    const s = parseForm(formData, stageAddSchema);
    if (!s) return malformed();
    if (s.status !== "success") return badRequest({ result: s.reply() });
    const r = await addStage(scope, env, s.value);
    if (!r.ok) return refused("crm.stages.tooMany");
    return { toast: { title: "crm.stages.saved" } };
  }
  if (intent === "move") {
    const s = parseForm(formData, stageMoveSchema);
    if (!s || s.status !== "success") return malformed();
    const r = await moveStage(scope, env, s.value);
    if (!r.ok) {
      if (r.reason === "notFound") throw notFound();
      return refused("crm.errors.stage");
    }
    return { toast: { title: "crm.stages.saved" } };
  }
  if (intent === "delete") {
    const s = parseForm(formData, stageDeleteSchema);
    if (!s || s.status !== "success") return malformed();
    const r = await deleteStage(scope, env, s.value.stage);
    if (!r.ok) {
      if (r.reason === "notFound") throw notFound();
      return refused(r.reason === "notEmpty" ? "crm.stages.notEmpty" : "crm.errors.stage");
    }
    return { toast: { title: "crm.stages.deleted" } };
  }
  return malformed();
}

export default function StageSettings({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { stages, canEdit } = loaderData;
  const open = stages.filter((s) => s.kind === "open");
  const colorOptions = STAGE_COLORS.map((c) => (
    <option key={c} value={c}>
      {t(`crm.stages.colors.${c}`)}
    </option>
  ));
  return (
    <Flex direction="column" gap="4" maxWidth="820px" data-testid="crm-stages-page">
      <PageHeader title={t("crm.stages.title")} subtitle={t("crm.stages.subtitle")} trail={[{ label: t("menu.crm.title"), href: CRM_PATH }]} />
      <Flex direction="column" gap="2">
        {stages.map((s) => {
          const i = open.findIndex((o) => o.id === s.id);
          return (
            <Card key={`${s.id}-${s.version}`} data-testid={`crm-stage-${s.slug}`}>
              <Flex gap="2" align="center" wrap="wrap">
                <span aria-hidden style={{ width: 12, height: 12, borderRadius: 6, background: `var(--${s.color}-9)` }} />
                {canEdit ? (
                  <Form method="post" style={{ display: "flex", gap: "var(--space-2)", alignItems: "center", flex: "1 1 320px" }}>
                    <input type="hidden" name="stage" value={s.id} />
                    <input type="hidden" name="version" value={s.version} />
                    <TextField.Root name="name" defaultValue={s.name} maxLength={60} required aria-label={t("crm.stages.name")} style={{ flex: 1 }} />
                    <select name="color" defaultValue={s.color} className="native-select" aria-label={t("crm.stages.color")}>
                      {colorOptions}
                    </select>
                    <Button type="submit" name="intent" value="save" variant="soft">
                      {t("crm.deal.save")}
                    </Button>
                  </Form>
                ) : (
                  <Text weight="medium" style={{ flex: 1 }}>
                    {s.name}
                  </Text>
                )}
                <Text size="1" color="gray">
                  /crm/{s.slug} · {t("crm.board.count", { count: s.dealCount })}
                </Text>
                {s.kind === "open" ? (
                  canEdit && (
                    <Form method="post" style={{ display: "flex", gap: "var(--space-1)" }}>
                      <input type="hidden" name="stage" value={s.id} />
                      <IconButton type="submit" name="direction" value="up" variant="ghost" disabled={i === 0} aria-label={t("crm.stages.up", { name: s.name })}>
                        <ArrowUp size={14} aria-hidden />
                      </IconButton>
                      <IconButton type="submit" name="direction" value="down" variant="ghost" disabled={i === open.length - 1} aria-label={t("crm.stages.down", { name: s.name })}>
                        <ArrowDown size={14} aria-hidden />
                      </IconButton>
                      <input type="hidden" name="intent" value="move" />
                    </Form>
                  )
                ) : (
                  <Badge color={s.kind === "won" ? "green" : "red"}>
                    {t(`crm.stages.kinds.${s.kind}`)} · {t("crm.stages.fixed")}
                  </Badge>
                )}
                {canEdit && s.kind === "open" && s.dealCount === 0 && (
                  <Form method="post">
                    <input type="hidden" name="stage" value={s.id} />
                    <IconButton type="submit" name="intent" value="delete" variant="ghost" color="red" aria-label={t("crm.stages.delete", { name: s.name })}>
                      <Trash2 size={14} aria-hidden />
                    </IconButton>
                  </Form>
                )}
              </Flex>
            </Card>
          );
        })}
      </Flex>
      {canEdit && (
        <Card>
          <Form method="post" style={{ display: "flex", gap: "var(--space-2)", alignItems: "center", flexWrap: "wrap" }}>
            <TextField.Root name="name" maxLength={60} required placeholder={t("crm.stages.name")} aria-label={t("crm.stages.name")} style={{ flex: 1 }} data-testid="crm-stage-new-name" />
            <select name="color" defaultValue="gray" className="native-select" aria-label={t("crm.stages.color")}>
              {colorOptions}
            </select>
            <Button type="submit" name="intent" value="add">
              {t("crm.stages.add")}
            </Button>
          </Form>
        </Card>
      )}
    </Flex>
  );
}

export { ShellErrorBoundary as ErrorBoundary } from "~/components/ui/RouteError";

import { Button, Flex } from "@radix-ui/themes";
import { RotateCcw } from "lucide-react";
import { useTranslation } from "react-i18next";
import { data, Form, useNavigation } from "react-router";
import { MenuEditor } from "~/components/system/MenuEditor";
import { ConfirmDialog } from "~/components/ui/ConfirmDialog";
import { Notice } from "~/components/ui/Notice";
import { PageHeader } from "~/components/ui/PageHeader";
import { StaleNotice } from "~/components/kit/RecordNotices";
import { getAgencyLicence, saveLicence } from "~/lib/system/agencies.server";
import { clientIp } from "~/lib/platform/audit.server";
import { applyMenuEdit, menuChanges, resetMenu, validateMenuEdit, type Labels, type MenuEdit } from "~/lib/system/licence-edit";
import type { ToastMessage } from "~/lib/platform/toast";
import { isLanguage } from "~/locales";
import { notFound } from "~/lib/platform/http";
import { getI18n } from "~/middleware/i18n";
import { requireAgency, requireModule, requireRoles, requireScope } from "~/middleware/session";
import systemStyles from "~/styles/system.css?url";
import type { Route } from "./+types/menu-management";

export { ShellErrorBoundary as ErrorBoundary } from "~/components/ui/RouteError";

/** Spec §6: SuperAdmin and Admin, for the agency they work in. Menu management has no licence entry of its own: part of Sistema. */
export const middleware: Route.MiddlewareFunction[] = [requireModule("sistema"), requireRoles("SuperAdmin", "Admin")];

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: systemStyles }];

export async function loader({ context, request }: Route.LoaderArgs) {
  const viewer = requireAgency(context, request);
  const found = await getAgencyLicence(requireScope(context, request).db, viewer.agency.id);
  if (!found) throw notFound();
  return { modules: found.licence.modules, version: found.licence.version, title: getI18n(context).t("menus.title") };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: `${loaderData?.title ?? ""} · Rota` }];

const LABEL_FIELD = /^label\.([a-z0-9_.]{1,200})\.([a-z]{2})$/;

/** The menu edit a form posted: the order (depth first) and every label field. Anything else is ignored. */
function menuEditFrom(formData: FormData): MenuEdit | null {
  const order = formData.getAll("order");
  if (order.length > 500 || order.some((v) => typeof v !== "string")) return null;
  const labels: Record<string, Labels> = {};
  let count = 0;
  for (const [name, value] of formData) {
    if (!name.startsWith("label.")) continue;
    const m = LABEL_FIELD.exec(name);
    if (!m || typeof value !== "string" || !isLanguage(m[2]) || ++count > 1500) return null;
    (labels[m[1]!] ??= {})[m[2]] = value;
  }
  return { order: order as string[], labels };
}

export async function action({ context, request }: Route.ActionArgs) {
  const viewer = requireAgency(context, request);
  const { db } = requireScope(context, request);
  const found = await getAgencyLicence(db, viewer.agency.id);
  if (!found) throw notFound();
  const formData = await request.formData();
  const intent = formData.get("intent");
  const version = Number(formData.get("version"));
  if (intent !== "save" && intent !== "reset") return data({ formError: "validation.invalid" }, { status: 400 });
  if (!Number.isInteger(version)) return data({ formError: "validation.invalid" }, { status: 400 });

  let modules;
  if (intent === "reset") {
    modules = resetMenu(found.licence.modules);
  } else {
    const edit = menuEditFrom(formData);
    if (!edit) return data({ formError: "menus.invalid" }, { status: 400 });
    const problem = validateMenuEdit(found.licence.modules, edit);
    if (problem?.kind === "tooLong") {
      return data({ formError: "menus.fixErrors", fieldErrors: Object.fromEntries(problem.fields.map((f) => [f, ["validation.tooLong"]])) }, { status: 400 });
    }
    if (problem) return data({ formError: "menus.invalid" }, { status: 400 });
    modules = applyMenuEdit(found.licence.modules, edit);
  }
  const stale = () => data({ stale: true as const, toast: { title: "menus.stale", variant: "destructive" } satisfies ToastMessage }, { status: 409 });
  if (version !== found.licence.version) return stale();
  const saved = await saveLicence(db, {
    agencyId: viewer.agency.id,
    version,
    modules,
    changes: { ...menuChanges(found.licence.modules, modules), ...(intent === "reset" ? { menu: ["custom", "default"] } : {}) },
    actor: { userId: viewer.userId, ip: clientIp(request) },
  });
  if (!saved) return stale();
  const title = intent === "reset" ? "menus.resetDone" : "menus.saved";
  return { saved: true as const, toast: { title } satisfies ToastMessage };
}

export default function MenuManagement({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const ad = actionData as { stale?: true; formError?: string; fieldErrors?: Record<string, string[]> } | undefined;
  return (
    <Flex direction="column" gap="4">
      <PageHeader
        title={t("menus.title")}
        subtitle={t("menus.subtitle")}
        trail={[{ label: t("menu.sistema.title"), href: null }]}
        actions={
          <ConfirmDialog
            maxWidth="440px"
            trigger={
              <Button variant="soft" color="gray" disabled={busy} data-testid="menu-reset">
                <RotateCcw size={16} aria-hidden /> {t("menus.reset")}
              </Button>
            }
            title={t("menus.resetTitle")}
            description={t("menus.resetBody")}
            cancelLabel={t("common.cancel")}
            form={(actions) => (
              <Form method="post">
                <input type="hidden" name="intent" value="reset" />
                <input type="hidden" name="version" value={loaderData.version} />
                {actions}
              </Form>
            )}
            closeOnConfirm
            confirm={
              <Button type="submit" color="red" data-testid="menu-reset-confirm">
                {t("menus.resetConfirm")}
              </Button>
            }
          />
        }
      />
      {ad?.stale && <StaleNotice message={t("menus.stale")} reload={t("menus.reload")} />}
      {ad?.formError && (
        <Notice tone="error">{t(ad.formError as never)}</Notice>
      )}
      <Form method="post" data-testid="menu-form">
        <input type="hidden" name="intent" value="save" />
        <input type="hidden" name="version" value={loaderData.version} />
        <Flex direction="column" gap="4">
          <MenuEditor key={loaderData.version} modules={loaderData.modules} fieldErrors={ad?.fieldErrors} />
          <Flex gap="3">
            <Button type="submit" size="3" disabled={busy} data-testid="menu-save">
              {busy ? t("menus.saving") : t("menus.save")}
            </Button>
          </Flex>
        </Flex>
      </Form>
    </Flex>
  );
}

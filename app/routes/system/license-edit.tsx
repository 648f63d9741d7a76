import { Button, Card, Checkbox, Flex, Heading, Switch, Text } from "@radix-ui/themes";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { data, Form, Link, useNavigation } from "react-router";
import { z } from "zod";
import { NavIcon } from "~/components/shell/icons";
import { PageHeader } from "~/components/ui/PageHeader";
import { NativeSelect } from "~/components/ui/FormField";
import { StaleNotice } from "~/components/kit/RecordNotices";
import { Notice } from "~/components/ui/Notice";
import { getAgencyLicence, saveLicence } from "~/lib/system/agencies.server";
import { PLANS } from "~/lib/system/agency-form";
import { clientIp } from "~/lib/platform/audit.server";
import { formatDateTime } from "~/lib/platform/format";
import { applyEnabled, countEnabled, enabledChanges, licenceEntries, unknownIds, type LicenceEntry } from "~/lib/system/licence-edit";
import type { LicenceModules } from "~/lib/system/licence";
import { notifyAgencyAdminsIn } from "~/lib/system/system-notify.server";
import { displayNameOf, iconKey, type Translate } from "~/lib/shell/sidebar";
import type { ToastMessage } from "~/lib/platform/toast";
import { lookup } from "~/lib/platform/translate";
import { isLanguage } from "~/locales";
import { getEnv } from "~/middleware/cloudflare";
import { notFound } from "~/lib/platform/http";
import { getI18n } from "~/middleware/i18n";
import { requireModule, requireRoles, requireUserScope, requireViewer } from "~/middleware/session";
import systemStyles from "~/styles/system.css?url";
import type { Route } from "./+types/license-edit";

export { ShellErrorBoundary as ErrorBoundary } from "~/components/ui/RouteError";

/** Spec §6: the SuperAdmin edits any agency's licence (its id in the URL). */
export const middleware: Route.MiddlewareFunction[] = [requireModule("sistema", "license_management"), requireRoles("SuperAdmin")];

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: systemStyles }];

export async function loader({ context, request, params }: Route.LoaderArgs) {
  const viewer = requireViewer(context, request);
  const found = await getAgencyLicence(requireUserScope(context, request).db, params.agencyId);
  if (!found) throw notFound();
  return {
    ...found,
    ownAgency: viewer.agency?.id === found.agency.id,
    timeZone: viewer.agency?.timeZone ?? null,
    title: getI18n(context).t("licences.editTitle", { agency: found.agency.name }),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: `${loaderData?.title ?? ""} · Rota` }];

const schema = z.object({
  version: z.coerce.number().int().min(0),
  agencyVersion: z.coerce.number().int().min(1),
  plan: z.enum(PLANS),
  active: z.enum(["on", "true"]).optional(),
  enabled: z.array(z.string().max(200)).max(500),
});

export async function action({ context, request, params }: Route.ActionArgs) {
  const viewer = requireViewer(context, request);
  const { db } = requireUserScope(context, request);
  const found = await getAgencyLicence(db, params.agencyId);
  if (!found) throw notFound();
  const formData = await request.formData();
  const parsed = schema.safeParse({
    version: formData.get("version"),
    agencyVersion: formData.get("agencyVersion"),
    plan: formData.get("plan"),
    active: formData.get("active") ?? undefined,
    enabled: formData.getAll("enabled"),
  });
  if (!parsed.success) {
    const fieldErrors: Record<string, string[]> = {};
    for (const issue of parsed.error.issues) fieldErrors[String(issue.path[0] ?? "form")] = ["validation.invalid"];
    return data({ fieldErrors, formError: "validation.invalid" }, { status: 400 });
  }
  const input = parsed.data;
  const unknown = unknownIds(found.licence.modules, input.enabled);
  if (unknown.length > 0) return data({ fieldErrors: { enabled: ["licences.unknownModules"] }, formError: "licences.unknownModules" }, { status: 400 });

  const current = () => ({
    plan: found.agency.plan,
    active: found.agency.active,
    modules: countEnabled(found.licence.modules).modules,
    version: found.licence.version,
    updatedAt: found.licence.updatedAt,
  });
  const stale = () =>
    data({ stale: true as const, current: current(), toast: { title: "licences.stale", variant: "destructive" } satisfies ToastMessage }, { status: 409 });
  if (input.version !== found.licence.version || input.agencyVersion !== found.agency.version) return stale();

  const modules = applyEnabled(found.licence.modules, new Set(input.enabled));
  const active = input.active !== undefined;
  const changes: Record<string, [unknown, unknown]> = { ...enabledChanges(found.licence.modules, modules) };
  const agencyChanged = input.plan !== found.agency.plan || active !== found.agency.active;
  if (input.plan !== found.agency.plan) changes.plan = [found.agency.plan, input.plan];
  if (active !== found.agency.active) changes.active = [found.agency.active, active];

  const saved = await saveLicence(db, {
    agencyId: found.agency.id,
    version: input.version,
    modules,
    changes,
    agency: agencyChanged ? { version: input.agencyVersion, plan: input.plan, active } : undefined,
    actor: { userId: viewer.userId, ip: clientIp(request) },
  });
  if (!saved) {
    const fresh = await getAgencyLicence(db, found.agency.id);
    if (fresh) Object.assign(found, fresh);
    return stale();
  }
  if (Object.keys(changes).length > 0) {
    await notifyAgencyAdminsIn(getEnv(context), found.agency.id, {
      title: "licences.notifyTitle",
      message: "licences.notifyMessage",
      values: { agency: found.agency.name },
      link: "/dashboard",
    });
  }
  return { saved: true as const, toast: { title: "licences.saved" } satisfies ToastMessage };
}

type Stale = { stale: true; current: { plan: string; active: boolean; modules: number; version: number; updatedAt: string } };

export default function LicenceEdit({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const language = isLanguage(i18n.language) ? i18n.language : "pt";
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const { agency, licence, ownAgency, timeZone } = loaderData;
  const ad = actionData as (Partial<Stale> & { formError?: string; saved?: boolean }) | undefined;
  return (
    <Flex direction="column" gap="4" maxWidth="860px">
      <PageHeader
        title={t("licences.editTitle", { agency: agency.name })}
        subtitle={t("licences.editSubtitle")}
        trail={[
          { label: t("menu.sistema.title"), href: null },
          { label: t("licences.title"), href: "/sistema/license-management" },
        ]}
      />
      {ad?.stale && ad.current && (
        <StaleNotice
          message={t("licences.stale")}
          current={t("licences.staleCurrent", {
            plan: t(`licences.plans.${ad.current.plan}` as never, { defaultValue: ad.current.plan }) as string,
            status: ad.current.active ? t("licences.active") : t("licences.inactive"),
            modules: ad.current.modules,
            version: ad.current.version,
            when: ad.current.updatedAt ? formatDateTime(ad.current.updatedAt, language, timeZone) : "—",
          })}
          reload={t("licences.reload")}
        />
      )}
      {ad?.formError && !ad.stale && (
        <Notice tone="error">{t(ad.formError as never)}</Notice>
      )}
      {ownAgency && (
        <Notice tone="warning" role="none">{t("licences.ownAgencyWarning")}</Notice>
      )}
      {/* A new version from the server (after a save) starts the form afresh. */}
      <LicenceForm key={`${licence.version}-${agency.version}`} agency={agency} licence={licence} busy={busy} />
    </Flex>
  );
}

function LicenceForm({
  agency,
  licence,
  busy,
}: {
  agency: { plan: string; active: boolean; version: number };
  licence: { modules: LicenceModules; version: number };
  busy: boolean;
}) {
  const { t, i18n } = useTranslation();
  const language = isLanguage(i18n.language) ? i18n.language : "pt";
  const entries = useMemo(() => licenceEntries(licence.modules), [licence.modules]);
  const [enabled, setEnabled] = useState(() => new Set(entries.filter((e) => e.entry.enabled).map((e) => e.id)));
  const tr: Translate = (key) => lookup(i18n, key);
  const nameOf = (e: Pick<LicenceEntry, "entry" | "path">) => displayNameOf(e.entry, e.path, { language, t: tr });
  const byParent = useMemo(() => {
    const map = new Map<string, LicenceEntry[]>();
    for (const e of entries) {
      const parent = e.path.slice(0, -1).join(".");
      map.set(parent, [...(map.get(parent) ?? []), e]);
    }
    return map;
  }, [entries]);
  const toggle = (id: string, on: boolean) =>
    setEnabled((prev) => {
      const next = new Set(prev);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  const renderLevel = (parent: string, blockedBy: string | null): React.ReactNode => {
    const children = byParent.get(parent) ?? [];
    if (children.length === 0) return null;
    return (
      <ul className={parent ? undefined : "licence-tree"}>
        {children.map((e) => {
          const checked = enabled.has(e.id);
          const name = nameOf(e);
          const inputId = `lic-${e.id.replaceAll(".", "-")}`;
          const childBlockedBy = blockedBy ?? (checked ? null : name);
          return (
            <li key={e.id} data-blocked={blockedBy ? "true" : "false"}>
              <div className="licence-row">
                <Checkbox
                  id={inputId}
                  name={blockedBy ? undefined : "enabled"}
                  value={e.id}
                  checked={checked}
                  disabled={!!blockedBy}
                  onCheckedChange={(v) => toggle(e.id, v === true)}
                  data-testid={`licence-${e.id}`}
                />
                {/* A blocked entry keeps its own flag: it comes back when its parent does. */}
                {blockedBy && checked && <input type="hidden" name="enabled" value={e.id} />}
                <NavIcon icon={iconKey(e.entry.icon)} size={16} />
                <Text as="label" htmlFor={inputId} size="2" weight={e.depth === 0 ? "bold" : "regular"}>
                  {name}
                </Text>
                {blockedBy && (
                  <Text size="1" color="gray">
                    · {t("licences.blockedByParent", { parent: blockedBy })}
                  </Text>
                )}
              </div>
              {renderLevel(e.id, childBlockedBy)}
            </li>
          );
        })}
      </ul>
    );
  };

  const count = countEnabled(applyEnabled(licence.modules, enabled));
  return (
    <Form method="post" data-testid="licence-form">
      <input type="hidden" name="version" value={licence.version} />
      <input type="hidden" name="agencyVersion" value={agency.version} />
      <Flex direction="column" gap="4">
        <Card size="3">
          <Heading as="h2" size="4" mb="3">
            {t("licences.statusSection")}
          </Heading>
          <Flex direction="column" gap="3">
            <NativeSelect
              name="plan"
              label={t("licences.plan")}
              defaultValue={agency.plan}
              options={PLANS.map((p) => ({ value: p, label: t(`licences.plans.${p}`) }))}
            />
            <Text as="label" size="2">
              <Flex gap="2" align="center">
                <Switch name="active" defaultChecked={agency.active} data-testid="agency-active" />
                {t("licences.activeLabel")}
              </Flex>
            </Text>
            <Text size="1" color="gray">
              {t("licences.activeHint")}
            </Text>
          </Flex>
        </Card>
        <Card size="3">
          <Flex justify="between" align="baseline" wrap="wrap" gap="2" mb="1">
            <Heading as="h2" size="4">
              {t("licences.modulesSection")}
            </Heading>
            <Text size="2" color="gray" data-testid="licence-count">
              {t("licences.modulesCount", { enabled: count.modules, total: count.modulesTotal })} ·{" "}
              {t("licences.entriesCount", { enabled: count.entries, total: count.entriesTotal })}
            </Text>
          </Flex>
          <Text as="p" size="2" color="gray" mb="3">
            {t("licences.modulesHint")}
          </Text>
          {renderLevel("", null)}
        </Card>
        <Flex gap="3" wrap="wrap">
          <Button type="submit" size="3" disabled={busy} data-testid="save-licence">
            {busy ? t("licences.saving") : t("licences.save")}
          </Button>
          <Button asChild size="3" variant="soft" color="gray">
            <Link to="/sistema/license-management">{t("licences.backToList")}</Link>
          </Button>
        </Flex>
      </Flex>
    </Form>
  );
}

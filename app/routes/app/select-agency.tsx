import { Button, Card, Flex, Heading, Text, TextField } from "@radix-ui/themes";
import { Search } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Form, redirect, useSearchParams } from "react-router";
import { z } from "zod";
import { KeysetPager } from "~/components/kit/KeysetPager";
import { StatusBadge } from "~/components/ui/StatusBadge";
import { parseListQuery } from "~/lib/kit/list";
import { badRequest, notFound } from "~/lib/platform/http";
import { safeRedirect } from "~/lib/platform/redirect-target";
import { chooseAgency, listAgencyChoices } from "~/lib/system/agencies.server";
import { AGENCY_LIST } from "~/lib/system/agency-list";
import { requireRoles, requireUserScope, requireViewer } from "~/middleware/session";
import type { Route } from "./+types/select-agency";

export { ShellErrorBoundary as ErrorBoundary } from "~/components/ui/RouteError";

/** Only a SuperAdmin picks an agency; others go to /dashboard (spec §6). */
export const middleware: Route.MiddlewareFunction[] = [requireRoles("SuperAdmin")];

/** One keyset page of every agency (?q, ?after/?before, ?size), the redirect target kept. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const viewer = requireViewer(context, request);
  const query = parseListQuery(new URL(request.url).searchParams, AGENCY_LIST);
  const { agencies, page } = await listAgencyChoices(requireUserScope(context, request).db, query);
  return { query, page, total: page.total, agencies, currentAgencyId: viewer.agency?.id ?? null };
}

const schema = z.object({ agencyId: z.string().min(1).max(64), redirectTo: z.string().optional() });

export async function action({ context, request }: Route.ActionArgs) {
  const viewer = requireViewer(context, request);
  const parsed = schema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) return badRequest({ error: "invalid" });
  const chosen = await chooseAgency(requireUserScope(context, request), viewer.sessionId, parsed.data.agencyId);
  if (!chosen.ok) throw notFound();
  const to = safeRedirect(parsed.data.redirectTo);
  return redirect(to.startsWith("/selecionar-agencia") ? "/dashboard" : to);
}

export default function SelectAgency({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const redirectTo = params.get("redirectTo") ?? "/dashboard";
  const { agencies, query, page, currentAgencyId } = loaderData;
  return (
    <Flex direction="column" gap="4" maxWidth="720px" mx="auto">
      <div>
        <Heading as="h1" size="7" mb="1">
          {t("agencySelect.title")}
        </Heading>
        <Text color="gray">{t("agencySelect.subtitle")}</Text>
      </div>
      <Form method="get" role="search">
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <Flex gap="2">
          <TextField.Root name="q" defaultValue={query.q} placeholder={t("agencySelect.search")} aria-label={t("agencySelect.search")} style={{ flex: 1 }}>
            <TextField.Slot>
              <Search size={16} aria-hidden />
            </TextField.Slot>
          </TextField.Root>
          <Button type="submit" variant="soft">
            {t("agencySelect.searchButton")}
          </Button>
        </Flex>
      </Form>
      {agencies.length === 0 ? (
        <Card>
          <Text color="gray">{t("agencySelect.empty")}</Text>
        </Card>
      ) : (
        <Flex direction="column" gap="2" asChild>
          <ul style={{ listStyle: "none", padding: 0, margin: 0 }}>
            {agencies.map((a) => (
              <li key={a.id}>
                <Card>
                  <Flex justify="between" align="center" gap="3" wrap="wrap">
                    <div>
                      <Text as="p" weight="bold">
                        {a.name}{" "}
                        {a.id === currentAgencyId && <StatusBadge tone="accent">{t("agencySelect.current")}</StatusBadge>}{" "}
                        {!a.active && <StatusBadge tone="inactive">{t("agencySelect.inactive")}</StatusBadge>}
                      </Text>
                      <Text as="p" size="2" color="gray">
                        {[a.slug, [a.city, a.state].filter(Boolean).join(" / ")].filter(Boolean).join(" · ")}
                      </Text>
                    </div>
                    <Form method="post">
                      <input type="hidden" name="agencyId" value={a.id} />
                      <input type="hidden" name="redirectTo" value={redirectTo} />
                      <Button type="submit" aria-label={`${t("agencySelect.choose")}: ${a.name}`}>
                        {t("agencySelect.choose")}
                      </Button>
                    </Form>
                  </Flex>
                </Card>
              </li>
            ))}
          </ul>
        </Flex>
      )}
      <KeysetPager query={query} spec={AGENCY_LIST} page={page} extra={{ redirectTo: params.get("redirectTo") }} />
    </Flex>
  );
}

import { Badge, Button, Card, Flex, Heading, Text, TextField } from "@radix-ui/themes";
import { and, asc, count, eq, like, or, sql } from "drizzle-orm";
import { Search } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Form, Link, redirect, useSearchParams } from "react-router";
import { z } from "zod";
import { agency, session } from "~/db/schema";
import { getDb } from "~/middleware/cloudflare";
import { safeRedirect } from "~/lib/platform/redirect-target";
import { requireRoles, requireViewer } from "~/middleware/session";
import type { Route } from "./+types/select-agency";

export const PAGE_SIZE = 20;

/** Only a SuperAdmin picks an agency; others go to /dashboard (spec §6). */
export const middleware: Route.MiddlewareFunction[] = [requireRoles("SuperAdmin")];

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export async function loader({ context, request }: Route.LoaderArgs) {
  const viewer = requireViewer(context, request);
  const url = new URL(request.url);
  const q = (url.searchParams.get("q") ?? "").trim().slice(0, 100);
  const page = Math.max(1, Math.min(10_000, Number.parseInt(url.searchParams.get("page") ?? "1", 10) || 1));
  const db = getDb(context);
  const pattern = `%${escapeLike(q.toLowerCase())}%`;
  const where = q
    ? or(like(sql`lower(${agency.name})`, sql`${pattern} escape '\\'`), like(agency.slug, sql`${pattern} escape '\\'`))
    : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select({ id: agency.id, name: agency.name, slug: agency.slug, city: agency.city, state: agency.state, active: agency.active })
      .from(agency)
      .where(where)
      .orderBy(asc(agency.name), asc(agency.id))
      .limit(PAGE_SIZE)
      .offset((page - 1) * PAGE_SIZE),
    db.select({ n: count() }).from(agency).where(where),
  ]);
  return { q, page, total: total?.n ?? 0, pageSize: PAGE_SIZE, agencies: rows, currentAgencyId: viewer.agency?.id ?? null };
}

const schema = z.object({ agencyId: z.string().min(1).max(64), redirectTo: z.string().optional() });

export async function action({ context, request }: Route.ActionArgs) {
  const viewer = requireViewer(context, request);
  const parsed = schema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) return Response.json({ error: "invalid" }, { status: 400 });
  const db = getDb(context);
  const [target] = await db.select({ id: agency.id }).from(agency).where(eq(agency.id, parsed.data.agencyId));
  if (!target) throw new Response("Not found", { status: 404 });
  await db.update(session).set({ activeAgencyId: target.id, updatedAt: new Date() }).where(and(eq(session.id, viewer.sessionId), eq(session.userId, viewer.userId)));
  const to = safeRedirect(parsed.data.redirectTo);
  return redirect(to.startsWith("/selecionar-agencia") ? "/dashboard" : to);
}

export default function SelectAgency({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const redirectTo = params.get("redirectTo") ?? "/dashboard";
  const { agencies, q, page, total, pageSize, currentAgencyId } = loaderData;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const pageLink = (p: number) => `?${new URLSearchParams({ ...(q ? { q } : {}), page: String(p), redirectTo }).toString()}`;
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
          <TextField.Root name="q" defaultValue={q} placeholder={t("agencySelect.search")} aria-label={t("agencySelect.search")} style={{ flex: 1 }}>
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
                        {a.id === currentAgencyId && <Badge color="teal">{t("agencySelect.current")}</Badge>}{" "}
                        {!a.active && <Badge color="gray">{t("agencySelect.inactive")}</Badge>}
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
      {pages > 1 && (
        <Flex justify="between" align="center">
          {page > 1 ? <Link to={pageLink(page - 1)}>←</Link> : <span />}
          <Text size="2" color="gray">
            {page} / {pages}
          </Text>
          {page < pages ? <Link to={pageLink(page + 1)}>→</Link> : <span />}
        </Flex>
      )}
    </Flex>
  );
}

import { Button, Card, DropdownMenu, Flex, Heading, IconButton, Table, Text, VisuallyHidden } from "@radix-ui/themes";
import { History, MailPlus, MoreHorizontal } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { data, href, Link } from "react-router";
import { Breadcrumb } from "~/components/shell/Breadcrumb";
import { KeysetPager } from "~/components/kit/KeysetPager";
import { InviteDialog, MemberFilters, RowDialog, type DialogState } from "~/components/system/MemberDialogs";
import { StatusBadge } from "~/components/ui/StatusBadge";
import { isFiltered, parseListQuery } from "~/lib/kit/list";
import { malformed, msg, parseForm } from "~/lib/kit/forms";
import { formatDate, formatNumber } from "~/lib/platform/format";
import { conflict, notFound } from "~/lib/platform/http";
import { inviteMember, runRowAction, type MemberActor, type Refusal } from "~/lib/system/member-actions.server";
import { MEMBER_LIST, type MemberRow } from "~/lib/system/users";
import { inviteSchema, rowActionSchema } from "~/lib/system/users.schema";
import { listMembers } from "~/lib/system/users.server";
import { isLanguage, DEFAULT_LANGUAGE, type Language } from "~/locales";
import { getEnv, getMailer } from "~/middleware/cloudflare";
import { getI18n, getLocale } from "~/middleware/i18n";
import usersStyles from "~/styles/users.css?url";
import { requireAgency, requireModule, requireRoles, requireScope } from "~/middleware/session";
import type { Route } from "./+types/user-management";

export { ShellErrorBoundary as ErrorBoundary } from "~/components/ui/RouteError";

/** Spec §6: SuperAdmin (in the agency they picked) and Admin (their own agency). */
export const middleware: Route.MiddlewareFunction[] = [requireModule("sistema", "user_management"), requireRoles("SuperAdmin", "Admin")];

export async function loader({ context, request }: Route.LoaderArgs) {
  const viewer = requireAgency(context, request);
  const query = parseListQuery(new URL(request.url).searchParams, MEMBER_LIST);
  const { rows, page } = await listMembers(requireScope(context, request), query);
  const locale = getLocale(context);
  return {
    query,
    rows,
    page,
    agency: { name: viewer.agency.name, timeZone: viewer.agency.timeZone },
    viewerId: viewer.userId,
    inviteLanguage: (isLanguage(locale) ? locale : DEFAULT_LANGUAGE) as Language,
    now: new Date().toISOString(),
    documentTitle: getI18n(context).t("menu.sistema.user_management.title"),
  };
}

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: usersStyles }];

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData ? `${loaderData.documentTitle} · Rota` : "Rota" }];

const REFUSAL_KEY: Record<Exclude<Refusal, "not_found">, string> = {
  self: "users.errors.self",
  last_admin: "users.errors.lastAdmin",
  stale: "users.errors.stale",
  not_pending: "users.errors.notPending",
  email_taken: "users.errors.emailTaken",
};

/** Parses the intent and hands it to its handler (lib/system/member-actions.server.ts). */
export async function action({ context, request }: Route.ActionArgs) {
  const viewer = requireAgency(context, request);
  const actor: MemberActor = {
    scope: requireScope(context, request),
    name: viewer.name || viewer.email,
    agencyName: viewer.agency.name,
    origin: new URL(request.url).origin,
    mailer: getMailer(context),
    realtime: getEnv(context),
  };
  const formData = await request.formData();

  if (formData.get("intent") === "invite") {
    const submission = parseForm(formData, inviteSchema);
    if (!submission) return malformed();
    if (submission.status !== "success") return data({ form: "invite" as const, result: submission.reply() }, { status: 400 });
    const outcome = await inviteMember(actor, submission.value);
    if (!outcome.ok) return data({ form: "invite" as const, result: submission.reply({ fieldErrors: { email: [REFUSAL_KEY.email_taken] } }) }, { status: 400 });
    return { form: "invite" as const, result: submission.reply({ resetForm: true }), toast: outcome.toast };
  }

  const parsed = rowActionSchema.safeParse(Object.fromEntries(formData));
  if (!parsed.success) return data({ error: parsed.error.issues[0]?.message.startsWith("users.") ? parsed.error.issues[0].message : msg.invalid }, { status: 400 });
  const outcome = await runRowAction(actor, parsed.data);
  if (!outcome.ok) {
    if (outcome.reason === "not_found") throw notFound();
    return conflict({ error: REFUSAL_KEY[outcome.reason] });
  }
  return { ok: true, toast: outcome.toast };
}

export default function UserManagement({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const { query, rows, page, agency, viewerId, now } = loaderData;
  const language = isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
  const [dialog, setDialog] = useState<DialogState>(null);
  const title = t("menu.sistema.user_management.title");

  const expired = (row: MemberRow) => row.kind === "invitation" && !!row.expiresAt && row.expiresAt <= now;
  const statusBadge = (row: MemberRow) => {
    if (row.kind === "invitation") {
      const isExpired = expired(row);
      return <StatusBadge tone={isExpired ? "attention" : "info"}>{t(isExpired ? "users.statuses.expired" : "users.statuses.pending")}</StatusBadge>;
    }
    return <StatusBadge tone={row.status === "active" ? "active" : "inactive"}>{t(`users.statuses.${row.status === "active" ? "active" : "deactivated"}`)}</StatusBadge>;
  };
  const expiryNote = (row: MemberRow) =>
    row.kind === "invitation" && row.expiresAt ? (
      <Text size="1" color={expired(row) ? "orange" : "gray"}>
        {t(expired(row) ? "users.expiredOn" : "users.expiresOn", { date: formatDate(row.expiresAt, language, agency.timeZone) })}
      </Text>
    ) : null;

  const actions = (row: MemberRow) => {
    if (row.kind === "user" && row.id === viewerId) return null;
    const label = t("users.actionsFor", { name: row.name || row.email });
    return (
      <DropdownMenu.Root>
        <DropdownMenu.Trigger>
          <IconButton variant="ghost" color="gray" aria-label={label} data-testid="row-actions">
            <MoreHorizontal size={18} aria-hidden />
          </IconButton>
        </DropdownMenu.Trigger>
        <DropdownMenu.Content align="end">
          {row.kind === "user" ? (
            <>
              <DropdownMenu.Item onSelect={() => setDialog({ type: "changeRole", row })}>{t("users.changeRole")}</DropdownMenu.Item>
              {row.status === "active" ? (
                <DropdownMenu.Item color="red" onSelect={() => setDialog({ type: "deactivate", row })}>
                  {t("users.deactivate")}
                </DropdownMenu.Item>
              ) : (
                <DropdownMenu.Item onSelect={() => setDialog({ type: "reactivate", row })}>{t("users.reactivate")}</DropdownMenu.Item>
              )}
            </>
          ) : (
            <>
              <DropdownMenu.Item onSelect={() => setDialog({ type: "resend", row })}>{t("users.resend")}</DropdownMenu.Item>
              <DropdownMenu.Item color="red" onSelect={() => setDialog({ type: "revoke", row })}>
                {t("users.revoke")}
              </DropdownMenu.Item>
            </>
          )}
        </DropdownMenu.Content>
      </DropdownMenu.Root>
    );
  };

  const nameCell = (row: MemberRow) => (
    <Flex direction="column" gap="0" minWidth="0">
      <Text weight="medium" className="truncate">
        {row.name || row.email}
        {row.kind === "user" && row.id === viewerId && (
          <Text color="gray" weight="regular">
            {" "}
            ({t("users.you")})
          </Text>
        )}
      </Text>
      <Text size="1" color="gray" className="truncate">
        {row.email}
      </Text>
    </Flex>
  );

  return (
    <Flex direction="column" gap="4">
      <div>
        <Breadcrumb
          crumbs={[
            { label: t("screen.home"), href: "/dashboard" },
            { label: t("menu.sistema.title"), href: "/sistema" },
            { label: title, href: null },
          ]}
        />
        <Flex justify="between" align="end" gap="3" wrap="wrap" mt="2">
          <div>
            <Heading as="h1" size="7" mb="1">
              {title}
            </Heading>
            <Text color="gray" size="2">
              {t("users.subtitle", { agency: agency.name })}
            </Text>
          </div>
          <Flex gap="2" wrap="wrap">
            <Button asChild variant="soft" color="gray">
              <Link to={href("/sistema/auditoria")}>
                <History size={16} aria-hidden />
                {t("users.auditLink")}
              </Link>
            </Button>
            <Button onClick={() => setDialog({ type: "invite" })} data-testid="invite-open">
              <MailPlus size={16} aria-hidden />
              {t("users.invite")}
            </Button>
          </Flex>
        </Flex>
      </div>

      <MemberFilters query={query} />

      <Card size="1" className="users-list">
        {rows.length === 0 ? (
          <Flex direction="column" align="center" gap="2" py="6">
            <Text color="gray">{t("users.empty")}</Text>
            {isFiltered(query) && (
              <Button asChild variant="ghost">
                <Link to=".">{t("users.clearFilters")}</Link>
              </Button>
            )}
          </Flex>
        ) : (
          <>
            <Table.Root className="users-table" data-testid="users-table">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeaderCell>{t("users.name")}</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell>{t("users.role")}</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell>{t("users.status")}</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell width="64px">
                    <VisuallyHidden>{t("users.actions")}</VisuallyHidden>
                  </Table.ColumnHeaderCell>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {rows.map((row) => (
                  <Table.Row key={`${row.kind}-${row.id}`} align="center" data-testid="member-row" data-email={row.email}>
                    <Table.RowHeaderCell>{nameCell(row)}</Table.RowHeaderCell>
                    <Table.Cell>
                      <StatusBadge tone={row.role === "Admin" ? "accent" : "neutral"} testId="member-role">
                        {t(`roles.${row.role}`)}
                      </StatusBadge>
                    </Table.Cell>
                    <Table.Cell>
                      <Flex direction="column" gap="1" align="start">
                        {statusBadge(row)}
                        {expiryNote(row)}
                      </Flex>
                    </Table.Cell>
                    <Table.Cell justify="end">{actions(row)}</Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
            <ul className="users-cards" data-testid="users-cards">
              {rows.map((row) => (
                <li key={`${row.kind}-${row.id}`}>
                  <Flex justify="between" align="start" gap="3">
                    <Flex direction="column" gap="2" minWidth="0">
                      {nameCell(row)}
                      <Flex gap="2" wrap="wrap" align="start">
                        <StatusBadge tone={row.role === "Admin" ? "accent" : "neutral"}>
                          {t(`roles.${row.role}`)}
                        </StatusBadge>
                        {statusBadge(row)}
                      </Flex>
                      {expiryNote(row)}
                    </Flex>
                    {actions(row)}
                  </Flex>
                </li>
              ))}
            </ul>
          </>
        )}
      </Card>

      <Flex justify="between" align="center" gap="3" wrap="wrap">
        <Text size="2" color="gray" data-testid="users-total">
          {page.totalCapped ? t("list.totalCapped", { formatted: formatNumber(page.total, language) }) : t("users.total", { total: formatNumber(page.total, language) })}
        </Text>
      </Flex>
      <KeysetPager query={query} spec={MEMBER_LIST} page={page} />

      <InviteDialog open={dialog?.type === "invite"} onClose={() => setDialog(null)} defaultLanguage={loaderData.inviteLanguage} />
      {dialog && dialog.type !== "invite" && <RowDialog key={`${dialog.type}-${dialog.row.id}`} dialog={dialog} onClose={() => setDialog(null)} />}
    </Flex>
  );
}

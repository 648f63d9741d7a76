import { getFormProps, useForm } from "@conform-to/react";
import { AlertDialog, Badge, Button, Callout, Card, Dialog, DropdownMenu, Flex, Heading, IconButton, Select, Table, Text, TextField, VisuallyHidden } from "@radix-ui/themes";
import { CircleAlert, History, MailPlus, MoreHorizontal, Search } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { data, Form, href, Link, useFetcher, useSubmit } from "react-router";
import { z } from "zod";
import { Breadcrumb } from "~/components/shell/Breadcrumb";
import { FormField, useErrorText } from "~/components/ui/FormField";
import { clientIp } from "~/lib/platform/audit.server";
import { formatDate, formatNumber } from "~/lib/platform/format";
import { emailField, malformed, msg, parseForm, parseWithZod, requiredText } from "~/lib/kit/forms";
import { createInvitation, emailInUse, resendInvitation, revokeInvitation } from "~/lib/system/invitations.server";
import { getMailer } from "~/lib/platform/mail.server";
import type { ToastMessage } from "~/lib/platform/toast";
import { INVITE_ROLES, MEMBER_STATUSES, PAGE_SIZES, parseMemberQuery, type InviteRole, type MemberQuery, type MemberRow } from "~/lib/system/users";
import { changeMemberRole, listMembers, notifyMemberChange, setMemberActive, type MemberChange } from "~/lib/system/users.server";
import { isLanguage, LANGUAGES, DEFAULT_LANGUAGE, type Language } from "~/locales";
import { getDb, getEnv } from "~/middleware/cloudflare";
import { getI18n, getLocale } from "~/middleware/i18n";
import usersStyles from "~/styles/users.css?url";
import { requireAgency, requireModule, requireRoles } from "~/middleware/session";
import type { Route } from "./+types/user-management";

/** Spec §6: SuperAdmin (in the agency they picked) and Admin (their own agency). */
export const middleware: Route.MiddlewareFunction[] = [requireModule("sistema", "user_management"), requireRoles("SuperAdmin", "Admin")];

export const inviteSchema = z.object({
  intent: z.literal("invite"),
  email: emailField(),
  name: requiredText(120),
  role: z.enum(INVITE_ROLES, { error: "users.errors.role" }),
  locale: z.enum(LANGUAGES, { error: msg.invalid }),
});

const id = z.string({ error: msg.required }).trim().min(1, msg.required).max(64, msg.invalid);
const rowActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("changeRole"), userId: id, role: z.enum(INVITE_ROLES, { error: "users.errors.role" }), version: z.coerce.number().int().min(1) }),
  z.object({ intent: z.literal("deactivate"), userId: id }),
  z.object({ intent: z.literal("reactivate"), userId: id }),
  z.object({ intent: z.literal("resend"), invitationId: id }),
  z.object({ intent: z.literal("revoke"), invitationId: id }),
]);

export async function loader({ context, request }: Route.LoaderArgs) {
  const viewer = requireAgency(context, request);
  const query = parseMemberQuery(new URL(request.url).searchParams);
  const { rows, total } = await listMembers(getDb(context), viewer.agency.id, query);
  const locale = getLocale(context);
  return {
    query,
    rows,
    total,
    pages: Math.max(1, Math.ceil(total / query.size)),
    agency: { name: viewer.agency.name, timeZone: viewer.agency.timeZone },
    viewerId: viewer.userId,
    inviteLanguage: (isLanguage(locale) ? locale : DEFAULT_LANGUAGE) as Language,
    now: new Date().toISOString(),
    documentTitle: getI18n(context).t("menu.sistema.user_management.title"),
  };
}

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: usersStyles }];

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData ? `${loaderData.documentTitle} · Rota` : "Rota" }];

const REFUSAL_KEY = {
  self: "users.errors.self",
  last_admin: "users.errors.lastAdmin",
  stale: "users.errors.stale",
  not_pending: "users.errors.notPending",
  email_taken: "users.errors.emailTaken",
} as const;

function refused(reason: keyof typeof REFUSAL_KEY) {
  return data({ error: REFUSAL_KEY[reason] as string }, { status: 409 });
}

const notFound = () => data(null, { status: 404 });

export async function action({ context, request }: Route.ActionArgs) {
  const viewer = requireAgency(context, request);
  const db = getDb(context);
  const env = getEnv(context);
  const agencyId = viewer.agency.id;
  const ip = clientIp(request);
  const origin = new URL(request.url).origin;
  const formData = await request.formData();

  if (formData.get("intent") === "invite") {
    const submission = parseForm(formData, inviteSchema);
    if (!submission) return malformed();
    if (submission.status !== "success") return data({ form: "invite" as const, result: submission.reply() }, { status: 400 });
    const { email, name, role, locale } = submission.value;
    if (await emailInUse(db, email)) {
      return data({ form: "invite" as const, result: submission.reply({ fieldErrors: { email: ["users.errors.emailTaken"] } }) }, { status: 400 });
    }
    await createInvitation({ mailer: getMailer(context), agencyId, email, name, role, locale, invitedBy: viewer.userId, origin, agencyName: viewer.agency.name, ip });
    return {
      form: "invite" as const,
      result: submission.reply({ resetForm: true }),
      toast: { title: "users.toast.invited", values: { email } } satisfies ToastMessage,
    };
  }

  const parsed = rowActionSchema.safeParse(Object.fromEntries(formData));
  if (!parsed.success) return data({ error: parsed.error.issues[0]?.message.startsWith("users.") ? parsed.error.issues[0].message : msg.invalid }, { status: 400 });
  const input = parsed.data;
  const actorName = viewer.name || viewer.email;

  if (input.intent === "resend" || input.intent === "revoke") {
    const result =
      input.intent === "resend"
        ? await resendInvitation({ mailer: getMailer(context), agencyId, invitationId: input.invitationId, actorId: viewer.userId, origin, agencyName: viewer.agency.name, ip })
        : await revokeInvitation({ db, agencyId, invitationId: input.invitationId, actorId: viewer.userId, ip });
    if (!result.ok) return result.reason === "not_found" ? notFound() : refused(result.reason);
    return { ok: true, toast: { title: input.intent === "resend" ? "users.toast.resent" : "users.toast.revoked" } satisfies ToastMessage };
  }

  let result: MemberChange;
  if (input.intent === "changeRole") {
    result = await changeMemberRole({ db, agencyId, actorId: viewer.userId, userId: input.userId, role: input.role as InviteRole, version: input.version, ip });
  } else {
    result = await setMemberActive({ db, agencyId, actorId: viewer.userId, userId: input.userId, active: input.intent === "reactivate", ip });
  }
  if (!result.ok) return result.reason === "not_found" ? notFound() : refused(result.reason);
  if (!result.changed) return { ok: true, toast: { title: "users.toast.unchanged" } satisfies ToastMessage };
  const change = input.intent === "changeRole" ? "role" : input.intent === "deactivate" ? "deactivated" : "reactivated";
  await notifyMemberChange(env, { member: result.member, agencyId, agencyName: viewer.agency.name, actorName, change });
  const title = { role: "users.toast.roleChanged", deactivated: "users.toast.deactivated", reactivated: "users.toast.reactivated" }[change];
  return { ok: true, toast: { title } satisfies ToastMessage };
}

type ActionData = { ok?: boolean; error?: string; form?: "invite"; result?: Parameters<typeof useForm>[0]["lastResult"]; toast?: ToastMessage } | null;

type DialogState =
  | { type: "invite" }
  | { type: "changeRole" | "deactivate" | "reactivate"; row: MemberRow }
  | { type: "resend" | "revoke"; row: MemberRow }
  | null;

export default function UserManagement({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const { query, rows, total, pages, agency, viewerId, now } = loaderData;
  const language = isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
  const [dialog, setDialog] = useState<DialogState>(null);
  const title = t("menu.sistema.user_management.title");

  const expired = (row: MemberRow) => row.kind === "invitation" && !!row.expiresAt && row.expiresAt <= now;
  const statusBadge = (row: MemberRow) => {
    if (row.kind === "invitation") {
      const isExpired = expired(row);
      return <Badge color={isExpired ? "orange" : "blue"}>{t(isExpired ? "users.statuses.expired" : "users.statuses.pending")}</Badge>;
    }
    return <Badge color={row.status === "active" ? "green" : "gray"}>{t(`users.statuses.${row.status === "active" ? "active" : "deactivated"}`)}</Badge>;
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

  const from = total === 0 ? 0 : (query.page - 1) * query.size + 1;
  const to = Math.min(total, query.page * query.size);
  const pageLink = (page: number) => {
    const params = new URLSearchParams();
    if (query.q) params.set("q", query.q);
    if (query.role) params.set("role", query.role);
    if (query.status) params.set("status", query.status);
    if (query.size !== 20) params.set("size", String(query.size));
    if (page > 1) params.set("page", String(page));
    const s = params.toString();
    return s ? `?${s}` : ".";
  };

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

      <Filters query={query} />

      <Card size="1" className="users-list">
        {rows.length === 0 ? (
          <Flex direction="column" align="center" gap="2" py="6">
            <Text color="gray">{t("users.empty")}</Text>
            {(query.q || query.role || query.status) && (
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
                      <Badge variant="soft" color={row.role === "Admin" ? "teal" : "gray"} data-testid="member-role">
                        {t(`roles.${row.role}`)}
                      </Badge>
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
                        <Badge variant="soft" color={row.role === "Admin" ? "teal" : "gray"}>
                          {t(`roles.${row.role}`)}
                        </Badge>
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
        <Text size="2" color="gray" data-testid="users-range">
          {t("users.range", { from: formatNumber(from, language), to: formatNumber(to, language), total: formatNumber(total, language) })}
        </Text>
        <Flex align="center" gap="3">
          {query.page > 1 ? (
            <Button asChild variant="soft" size="1">
              <Link to={pageLink(query.page - 1)}>{t("users.previous")}</Link>
            </Button>
          ) : (
            <Button variant="soft" size="1" disabled>
              {t("users.previous")}
            </Button>
          )}
          <Text size="2">{t("users.pageOf", { page: query.page, pages })}</Text>
          {query.page < pages ? (
            <Button asChild variant="soft" size="1">
              <Link to={pageLink(query.page + 1)}>{t("users.next")}</Link>
            </Button>
          ) : (
            <Button variant="soft" size="1" disabled>
              {t("users.next")}
            </Button>
          )}
        </Flex>
      </Flex>

      <InviteDialog open={dialog?.type === "invite"} onClose={() => setDialog(null)} defaultLanguage={loaderData.inviteLanguage} />
      {dialog && dialog.type !== "invite" && <RowDialog key={`${dialog.type}-${dialog.row.id}`} dialog={dialog} onClose={() => setDialog(null)} />}
    </Flex>
  );
}

function Filters({ query }: { query: MemberQuery }) {
  const { t } = useTranslation();
  const submit = useSubmit();
  const form = useRef<HTMLFormElement>(null);
  const onChange = () => {
    // Radix Select updates its hidden input after this call: submit on the next tick.
    setTimeout(() => form.current && submit(form.current, { replace: true }), 0);
  };
  return (
    <Form method="get" role="search" ref={form} className="users-filters">
      <Flex gap="2" wrap="wrap" align="end" className="users-filter-row">
        <TextField.Root
          name="q"
          type="search"
          defaultValue={query.q}
          placeholder={t("users.searchLabel")}
          aria-label={t("users.searchLabel")}
          className="users-search"
          maxLength={100}
        >
          <TextField.Slot>
            <Search size={16} aria-hidden />
          </TextField.Slot>
        </TextField.Root>
        <Select.Root name="role" defaultValue={query.role || "all"} onValueChange={onChange}>
          <Select.Trigger aria-label={t("users.role")} data-testid="filter-role" />
          <Select.Content position="popper">
            <Select.Item value="all">{t("users.allRoles")}</Select.Item>
            {INVITE_ROLES.map((role) => (
              <Select.Item key={role} value={role}>
                {t(`roles.${role}`)}
              </Select.Item>
            ))}
          </Select.Content>
        </Select.Root>
        <Select.Root name="status" defaultValue={query.status || "all"} onValueChange={onChange}>
          <Select.Trigger aria-label={t("users.status")} data-testid="filter-status" />
          <Select.Content position="popper">
            <Select.Item value="all">{t("users.allStatuses")}</Select.Item>
            {MEMBER_STATUSES.map((status) => (
              <Select.Item key={status} value={status}>
                {t(`users.statuses.${status}`)}
              </Select.Item>
            ))}
          </Select.Content>
        </Select.Root>
        <Select.Root name="size" defaultValue={String(query.size)} onValueChange={onChange}>
          <Select.Trigger aria-label={t("users.pageSize")} data-testid="filter-size" />
          <Select.Content position="popper">
            {PAGE_SIZES.map((size) => (
              <Select.Item key={size} value={String(size)}>
                {t("users.pageSize")}: {size}
              </Select.Item>
            ))}
          </Select.Content>
        </Select.Root>
        <Button type="submit" variant="soft">
          {t("users.searchButton")}
        </Button>
      </Flex>
    </Form>
  );
}

function InviteDialog({ open, onClose, defaultLanguage }: { open: boolean; onClose: () => void; defaultLanguage: Language }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const fetcher = useFetcher<ActionData>({ key: "users-invite" });
  const busy = fetcher.state !== "idle";
  const result = fetcher.data?.form === "invite" ? fetcher.data.result : undefined;
  const [form, fields] = useForm({
    id: "invite-form",
    lastResult: result,
    defaultValue: { role: "Agente", locale: defaultLanguage },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: inviteSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const handled = useRef<unknown>(null);
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data?.toast && handled.current !== fetcher.data) {
      handled.current = fetcher.data;
      onClose();
    }
  }, [fetcher.state, fetcher.data, onClose]);
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && onClose()}>
      <Dialog.Content maxWidth="480px" aria-describedby="invite-hint">
        <Dialog.Title>{t("users.invite")}</Dialog.Title>
        <Dialog.Description size="2" color="gray" id="invite-hint" mb="4">
          {t("users.inviteHint")}
        </Dialog.Description>
        <fetcher.Form method="post" {...getFormProps(form)}>
          <input type="hidden" name="intent" value="invite" />
          <Flex direction="column" gap="3">
            <FormField field={fields.email} label={t("users.email")} type="email" autoComplete="off" autoFocus />
            <FormField field={fields.name} label={t("users.name")} autoComplete="off" />
            <SelectField name={fields.role.name} label={t("users.role")} defaultValue="Agente" error={errorText((fields.role.errors as string[] | undefined)?.[0])} testId="invite-role">
              {INVITE_ROLES.map((role) => (
                <Select.Item key={role} value={role}>
                  {t(`roles.${role}`)}
                </Select.Item>
              ))}
            </SelectField>
            <SelectField name={fields.locale.name} label={t("users.language")} defaultValue={defaultLanguage} error={errorText((fields.locale.errors as string[] | undefined)?.[0])} testId="invite-language">
              {LANGUAGES.map((lng) => (
                <Select.Item key={lng} value={lng}>
                  {t(`language.${lng}`)}
                </Select.Item>
              ))}
            </SelectField>
            <Flex gap="3" justify="end" mt="2">
              <Dialog.Close>
                <Button type="button" variant="soft" color="gray">
                  {t("common.cancel")}
                </Button>
              </Dialog.Close>
              <Button type="submit" disabled={busy} data-testid="invite-submit">
                {busy ? t("users.sending") : t("users.sendInvite")}
              </Button>
            </Flex>
          </Flex>
        </fetcher.Form>
      </Dialog.Content>
    </Dialog.Root>
  );
}

function SelectField({
  name,
  label,
  defaultValue,
  error,
  testId,
  children,
}: {
  name: string;
  label: string;
  defaultValue: string;
  error?: string;
  testId?: string;
  children: React.ReactNode;
}) {
  const labelId = `${name}-label`;
  return (
    <Flex direction="column" gap="1">
      <Text as="label" size="2" weight="medium" id={labelId}>
        {label}
      </Text>
      <Select.Root name={name} defaultValue={defaultValue} size="3">
        <Select.Trigger aria-labelledby={labelId} data-testid={testId} color={error ? "red" : undefined} />
        <Select.Content position="popper">{children}</Select.Content>
      </Select.Root>
      {error && (
        <Text size="1" color="red" role="alert">
          {error}
        </Text>
      )}
    </Flex>
  );
}

function RowDialog({ dialog, onClose }: { dialog: Exclude<DialogState, null | { type: "invite" }>; onClose: () => void }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const fetcher = useFetcher<ActionData>();
  const busy = fetcher.state !== "idle";
  const { row, type } = dialog;
  const who = row.name || row.email;
  const error = fetcher.state === "idle" ? errorText(fetcher.data?.error) : undefined;
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data?.ok) onClose();
  }, [fetcher.state, fetcher.data, onClose]);
  const idField = row.kind === "user" ? <input type="hidden" name="userId" value={row.id} /> : <input type="hidden" name="invitationId" value={row.id} />;
  const errorCallout = error && (
    <Callout.Root color="red" role="alert" mb="3">
      <Callout.Icon>
        <CircleAlert size={16} />
      </Callout.Icon>
      <Callout.Text>{error}</Callout.Text>
    </Callout.Root>
  );

  if (type === "changeRole") {
    return (
      <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
        <Dialog.Content maxWidth="440px">
          <Dialog.Title>{t("users.changeRole")}</Dialog.Title>
          <Dialog.Description size="2" color="gray" mb="4">
            {t("users.changeRoleHint", { name: who })}
          </Dialog.Description>
          {errorCallout}
          <fetcher.Form method="post">
            <input type="hidden" name="intent" value="changeRole" />
            {idField}
            <input type="hidden" name="version" value={row.version} />
            <SelectField name="role" label={t("users.newRole")} defaultValue={row.role === "SuperAdmin" ? "Admin" : row.role} testId="change-role">
              {INVITE_ROLES.map((role) => (
                <Select.Item key={role} value={role}>
                  {t(`roles.${role}`)}
                </Select.Item>
              ))}
            </SelectField>
            <Flex gap="3" justify="end" mt="4">
              <Dialog.Close>
                <Button type="button" variant="soft" color="gray">
                  {t("common.cancel")}
                </Button>
              </Dialog.Close>
              <Button type="submit" disabled={busy} data-testid="change-role-submit">
                {t("users.saveRole")}
              </Button>
            </Flex>
          </fetcher.Form>
        </Dialog.Content>
      </Dialog.Root>
    );
  }

  const texts = {
    deactivate: { title: t("users.deactivateTitle", { name: who }), body: t("users.deactivateBody"), confirm: t("users.deactivate"), danger: true },
    reactivate: {
      title: t("users.reactivateTitle", { name: who }),
      body: t("users.reactivateBody", { role: t(`roles.${row.role}`) }),
      confirm: t("users.reactivate"),
      danger: false,
    },
    resend: { title: t("users.resendTitle", { email: row.email }), body: t("users.resendBody"), confirm: t("users.resend"), danger: false },
    revoke: { title: t("users.revokeTitle", { email: row.email }), body: t("users.revokeBody"), confirm: t("users.revoke"), danger: true },
  }[type];
  return (
    <AlertDialog.Root open onOpenChange={(open) => !open && onClose()}>
      <AlertDialog.Content maxWidth="460px">
        <AlertDialog.Title>{texts.title}</AlertDialog.Title>
        <AlertDialog.Description size="2" mb="4">
          {texts.body}
        </AlertDialog.Description>
        {errorCallout}
        <fetcher.Form method="post">
          <input type="hidden" name="intent" value={type} />
          {idField}
          <Flex gap="3" justify="end">
            <AlertDialog.Cancel>
              <Button type="button" variant="soft" color="gray">
                {t("common.cancel")}
              </Button>
            </AlertDialog.Cancel>
            <Button type="submit" color={texts.danger ? "red" : undefined} disabled={busy} data-testid="confirm-action">
              {texts.confirm}
            </Button>
          </Flex>
        </fetcher.Form>
      </AlertDialog.Content>
    </AlertDialog.Root>
  );
}

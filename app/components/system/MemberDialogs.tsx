import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { useLazyForm } from "~/components/kit/lazy-form";
import { Button, Dialog, Flex, Select, Text, TextField } from "@radix-ui/themes";
import { Search } from "lucide-react";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Form, useFetcher, useSubmit } from "react-router";
import { ConfirmDialog } from "~/components/ui/ConfirmDialog";
import { FormField, useErrorText } from "~/components/ui/FormField";
import { Notice } from "~/components/ui/Notice";
import { PAGE_SIZES } from "~/lib/kit/list";
import type { ToastMessage } from "~/lib/platform/toast";
import { INVITE_ROLES, MEMBER_STATUSES, type MemberQuery, type MemberRow } from "~/lib/system/users";
import { LANGUAGES, type Language } from "~/locales";

/** The parts of Sistema → Gestão de Usuários: the list's filters, the invitation dialog and a row's dialogs. */

export type MemberActionData = { ok?: boolean; error?: string; form?: "invite"; result?: SubmissionResult<string[]>; toast?: ToastMessage } | null;
type ActionData = MemberActionData;

export type DialogState =
  | { type: "invite" }
  | { type: "changeRole" | "deactivate" | "reactivate"; row: MemberRow }
  | { type: "resend" | "revoke"; row: MemberRow }
  | null;

export function MemberFilters({ query }: { query: MemberQuery }) {
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
        <Select.Root name="role" defaultValue={query.filters.role ?? "all"} onValueChange={onChange}>
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
        <Select.Root name="status" defaultValue={query.filters.status ?? "all"} onValueChange={onChange}>
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

export function InviteDialog({ open, onClose, defaultLanguage }: { open: boolean; onClose: () => void; defaultLanguage: Language }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const fetcher = useFetcher<ActionData>({ key: "users-invite" });
  const busy = fetcher.state !== "idle";
  const result = fetcher.data?.form === "invite" ? fetcher.data.result : undefined;
  const [form, fields] = useLazyForm({
    id: "invite-form",
    lastResult: result,
    defaultValue: { role: "Agente", locale: defaultLanguage },
    loadSchema: () => import("~/lib/system/users.schema").then((m) => m.inviteSchema),
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

export function RowDialog({ dialog, onClose }: { dialog: Exclude<DialogState, null | { type: "invite" }>; onClose: () => void }) {
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
    <Notice tone="error" mb="3">
      {error}
    </Notice>
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
    <ConfirmDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={texts.title}
      description={texts.body}
      cancelLabel={t("common.cancel")}
      form={(actions) => (
        <fetcher.Form method="post">
          <input type="hidden" name="intent" value={type} />
          {idField}
          {actions}
        </fetcher.Form>
      )}
      confirm={
        <Button type="submit" color={texts.danger ? "red" : undefined} disabled={busy} data-testid="confirm-action">
          {texts.confirm}
        </Button>
      }
    >
      {error && (
        <Notice tone="error" mt="3">
          {error}
        </Notice>
      )}
    </ConfirmDialog>
  );
}

import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { useLazyForm } from "~/components/kit/lazy-form";
import { Avatar, Button, Flex, Select, Text } from "@radix-ui/themes";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { data, Form, useNavigation } from "react-router";
import { FormField, useErrorText } from "~/components/ui/FormField";
import { PageHeader } from "~/components/ui/PageHeader";
import { SectionCard } from "~/components/ui/SectionCard";
import { StatusBadge } from "~/components/ui/StatusBadge";
import { badRequest } from "~/lib/platform/http";
import { renameOwnProfile, saveOwnLocale, savedLocale, setOwnAvatar } from "~/lib/platform/profile.server";
import { initials } from "~/lib/platform/display";
import { checkImage, fileKey, IMAGE_CONTENT_TYPE } from "~/lib/platform/files.server";
import { malformed, parseForm } from "~/lib/kit/forms";
import { nameSchema, passwordSchema, preferencesSchema } from "~/lib/system/account.schema";
import { publicViewer } from "~/lib/platform/viewer";
import type { ToastMessage } from "~/lib/platform/toast";
import { getEnv } from "~/middleware/cloudflare";
import { getI18n, getLocale, serializeLanguageCookie } from "~/middleware/i18n";
import { notify } from "~/lib/platform/realtime.server";
import { applyLanguage, persistLanguage } from "~/lib/platform/language-sync";
import { isLanguage, LANGUAGES, type Language } from "~/locales";
import { getAuth, requireUserScope, requireViewer } from "~/middleware/session";
import type { Route } from "./+types/profile";

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData ? `${loaderData.documentTitle} · Rota` : "Rota" }];

export async function loader({ context, request }: Route.LoaderArgs) {
  const viewer = requireViewer(context, request);
  return {
    viewer: publicViewer(viewer),
    savedLocale: await savedLocale(requireUserScope(context, request)),
    documentTitle: getI18n(context).t("profile.title"),
  };
}

export async function action({ context, request }: Route.ActionArgs) {
  const viewer = requireViewer(context, request);
  const scope = requireUserScope(context, request);
  const formData = await request.formData();
  const intent = formData.get("intent");
  const agencyId = viewer.agency?.id ?? null;

  if (intent === "name") {
    const submission = parseForm(formData, nameSchema);
    if (!submission) return malformed();
    if (submission.status !== "success") return data({ form: "name" as const, result: submission.reply() }, { status: 400 });
    await renameOwnProfile(scope, submission.value.name);
    return { form: "name" as const, result: submission.reply(), ok: "profile.saved" as const, toast: { title: "profile.saved" } satisfies ToastMessage };
  }

  if (intent === "avatar" || intent === "removeAvatar") {
    const env = getEnv(context);
    let key: string | null = null;
    if (intent === "avatar") {
      const check = await checkImage(formData.get("avatar"));
      if (!check.ok) return data({ avatarError: check.error }, { status: 400 });
      key = fileKey(agencyId, "avatars", check.type);
      await env.FILES.put(key, check.bytes, { httpMetadata: { contentType: IMAGE_CONTENT_TYPE[check.type] } });
    }
    const previous = await setOwnAvatar(scope, key);
    if (previous && previous !== key) await env.FILES.delete(previous);
    const ok = intent === "avatar" ? ("profile.avatarSaved" as const) : ("profile.avatarRemoved" as const);
    return { ok, toast: { title: ok } satisfies ToastMessage };
  }

  if (intent === "password") {
    const submission = parseForm(formData, passwordSchema);
    if (!submission) return malformed();
    const hide = ["currentPassword", "newPassword", "confirm"];
    if (submission.status !== "success") return data({ form: "password" as const, result: submission.reply({ hideFields: hide }) }, { status: 400 });
    const auth = getAuth(context, request);
    try {
      const result = await auth.api.changePassword({
        body: { currentPassword: submission.value.currentPassword, newPassword: submission.value.newPassword, revokeOtherSessions: true },
        headers: request.headers,
        returnHeaders: true,
      });
      // better-auth revokes every session of the user and opens a new one here.
      // The user hears about it on every device (a security notice).
      const t = getI18n(context).getFixedT(getLocale(context));
      await notify(getEnv(context), {
        userId: viewer.userId,
        agencyId: viewer.agency?.id ?? null,
        title: t("notifications.passwordChangedTitle"),
        message: t("notifications.passwordChangedMessage"),
        link: "/perfil",
      });
      const headers = new Headers();
      for (const cookie of result.headers.getSetCookie()) headers.append("Set-Cookie", cookie);
      return data(
        {
          form: "password" as const,
          result: submission.reply({ resetForm: true }),
          ok: "profile.passwordChanged" as const,
          toast: { title: "profile.passwordChanged" } satisfies ToastMessage,
        },
        { headers },
      );
    } catch {
      return data({ form: "password" as const, result: submission.reply({ fieldErrors: { currentPassword: ["profile.wrongPassword"] }, hideFields: hide }) }, { status: 400 });
    }
  }

  if (intent === "preferences") {
    const parsed = preferencesSchema.safeParse(Object.fromEntries(formData));
    if (!parsed.success) return badRequest({ error: "invalid_language" as const });
    const { lng } = parsed.data;
    await saveOwnLocale(scope, lng);
    // The interface follows at once: the language cookie is the saved choice (mirrored in localStorage by the client).
    return data(
      { ok: "profile.preferencesSaved" as const, language: lng, toast: { title: "profile.preferencesSaved" } satisfies ToastMessage },
      { headers: { "Set-Cookie": serializeLanguageCookie(lng) } },
    );
  }

  return badRequest({ error: "invalid_intent" as const });
}

export default function Profile({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const errorText = useErrorText();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const { viewer } = loaderData;
  const ad = actionData as
    | {
        form?: "name" | "password";
        result?: SubmissionResult<string[]>;
        ok?: string;
        avatarError?: string;
        language?: Language;
      }
    | undefined;
  const applied = useRef<unknown>(null);
  useEffect(() => {
    // Saved preferences apply here at once (the action set the cookie and the data reloads) and reach the other tabs.
    if (ad?.language && applied.current !== ad) {
      applied.current = ad;
      persistLanguage(ad.language);
      void applyLanguage(i18n, ad.language);
    }
  }, [ad, i18n]);
  const currentLanguage: Language = isLanguage(i18n.language) ? i18n.language : "pt";
  const [nameForm, nameFields] = useLazyForm({
    id: "profile-name",
    lastResult: ad?.form === "name" ? ad.result : undefined,
    defaultValue: { name: viewer.name },
    loadSchema: () => import("~/lib/system/account.schema").then((m) => m.nameSchema),
    shouldValidate: "onBlur",
  });
  const [pwForm, pwFields] = useLazyForm({
    id: "profile-password",
    lastResult: ad?.form === "password" ? ad.result : undefined,
    loadSchema: () => import("~/lib/system/account.schema").then((m) => m.passwordSchema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  return (
    <Flex direction="column" gap="4" maxWidth="720px">
      <PageHeader title={t("profile.title")} subtitle={t("profile.subtitle")} />
      <SectionCard title={t("profile.personal")}>
        <Form method="post" {...getFormProps(nameForm)}>
          <input type="hidden" name="intent" value="name" />
          <Flex direction="column" gap="3">
            <FormField field={nameFields.name} label={t("profile.name")} autoComplete="name" />
            <Text size="2">
              {t("profile.email")}: <strong>{viewer.email}</strong> · {t("profile.role")}: <StatusBadge tone="accent">{t(`roles.${viewer.role}`)}</StatusBadge>
            </Text>
            <Flex>
              <Button type="submit" disabled={busy}>
                {t("profile.saveName")}
              </Button>
            </Flex>
          </Flex>
        </Form>
      </SectionCard>
      <SectionCard title={t("profile.avatar")}>
        <Flex gap="4" align="center" wrap="wrap">
          <Avatar size="6" radius="full" src={viewer.avatarUrl ?? undefined} fallback={initials(viewer.name)} />
          <Form method="post" encType="multipart/form-data">
            <input type="hidden" name="intent" value="avatar" />
            <Flex direction="column" gap="2">
              <input type="file" name="avatar" accept="image/png,image/jpeg,image/webp" aria-label={t("profile.avatar")} required />
              <Text size="1" color={ad?.avatarError ? "red" : "gray"} role={ad?.avatarError ? "alert" : undefined}>
                {ad?.avatarError ? errorText(ad.avatarError) : t("profile.avatarHint")}
              </Text>
              <Flex gap="2">
                <Button type="submit" disabled={busy}>
                  {t("profile.uploadAvatar")}
                </Button>
              </Flex>
            </Flex>
          </Form>
          {viewer.avatarUrl && (
            <Form method="post">
              <input type="hidden" name="intent" value="removeAvatar" />
              <Button type="submit" variant="soft" color="red" disabled={busy}>
                {t("profile.removeAvatar")}
              </Button>
            </Form>
          )}
        </Flex>
      </SectionCard>
      <SectionCard title={t("profile.password")} hint={t("profile.passwordHint")}>
        <Form method="post" {...getFormProps(pwForm)}>
          <input type="hidden" name="intent" value="password" />
          <Flex direction="column" gap="3">
            <FormField field={pwFields.currentPassword} label={t("profile.currentPassword")} type="password" autoComplete="current-password" />
            <FormField field={pwFields.newPassword} label={t("auth.newPassword")} type="password" autoComplete="new-password" />
            <FormField field={pwFields.confirm} label={t("auth.confirmPassword")} type="password" autoComplete="new-password" />
            <Flex>
              <Button type="submit" disabled={busy}>
                {t("profile.changePassword")}
              </Button>
            </Flex>
          </Flex>
        </Form>
      </SectionCard>
      <SectionCard id="preferencias" title={t("profile.preferences")} hint={t("profile.preferencesHint")}>
          <Form method="post" key={currentLanguage}>
            <input type="hidden" name="intent" value="preferences" />
            <Flex direction="column" gap="3" align="start">
              <Flex direction="column" gap="1">
                <Text as="label" size="2" weight="medium" id="preferences-language">
                  {t("profile.language")}
                </Text>
                <Select.Root name="lng" defaultValue={currentLanguage} size="3">
                  <Select.Trigger aria-labelledby="preferences-language" style={{ minWidth: 200 }} data-testid="preferences-language" />
                  <Select.Content position="popper">
                    {LANGUAGES.map((lng) => (
                      <Select.Item key={lng} value={lng}>
                        {t(`language.${lng}`)}
                      </Select.Item>
                    ))}
                  </Select.Content>
                </Select.Root>
              </Flex>
              <Button type="submit" disabled={busy} data-testid="preferences-save">
                {t("profile.savePreferences")}
              </Button>
            </Flex>
          </Form>
      </SectionCard>
    </Flex>
  );
}

export { ShellErrorBoundary as ErrorBoundary } from "~/components/ui/RouteError";

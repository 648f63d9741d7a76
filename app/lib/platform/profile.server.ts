/**
 * The signed-in user's own profile (/perfil): name, photo and saved language,
 * each change audited in the same batch.
 */
import { eq } from "drizzle-orm";
import { profile } from "~/db/schema";
import { auditInsert, changedFields } from "~/lib/platform/audit.server";
import type { UserScope } from "~/lib/platform/scope.server";
import { isLanguage, type Language } from "~/locales";

/** The user's saved interface language, if any. */
export async function savedLocale(scope: UserScope): Promise<Language | null> {
  const [p] = await scope.db.select({ locale: profile.locale }).from(profile).where(eq(profile.id, scope.userId));
  return isLanguage(p?.locale) ? p.locale : null;
}

type Fields = { name?: string; locale?: string | null; avatarKey?: string | null };

/** Writes the fields that changed with their audit row; nothing when none did. Returns the values before. */
async function updateOwnProfile(scope: UserScope, after: Fields, audit: (before: Required<Fields>) => Record<string, [unknown, unknown]>) {
  const [row] = await scope.db
    .select({ name: profile.name, locale: profile.locale, avatarKey: profile.avatarKey })
    .from(profile)
    .where(eq(profile.id, scope.userId));
  const before: Required<Fields> = { name: row?.name ?? "", locale: row?.locale ?? null, avatarKey: row?.avatarKey ?? null };
  const changes = audit(before);
  if (Object.keys(changes).length === 0) return before;
  await scope.db.batch([
    scope.db.update(profile).set(after).where(eq(profile.id, scope.userId)),
    auditInsert(scope.db, {
      agencyId: scope.agencyId,
      userId: scope.userId,
      entity: "profile",
      entityId: scope.userId,
      action: "update",
      changes,
      ip: scope.ip,
    }),
  ]);
  return before;
}

export async function renameOwnProfile(scope: UserScope, name: string): Promise<void> {
  await updateOwnProfile(scope, { name }, (before) => changedFields({ name: before.name }, { name }));
}

export async function saveOwnLocale(scope: UserScope, locale: Language): Promise<void> {
  await updateOwnProfile(scope, { locale }, (before) => changedFields({ locale: before.locale }, { locale }));
}

/** Sets (or, with null, removes) the photo's R2 key; returns the previous key so the caller can delete it. */
export async function setOwnAvatar(scope: UserScope, avatarKey: string | null): Promise<string | null> {
  const before = await updateOwnProfile(scope, { avatarKey }, (b) => ({ avatar: [b.avatarKey, avatarKey] }));
  return before.avatarKey;
}

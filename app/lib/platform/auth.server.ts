/**
 * better-auth, built once per isolate per D1 binding, origin and secret
 * (app/middleware/session.ts keeps the instances and hands each request's
 * reset-mail sender in around every call): e-mail + password on D1 through drizzle, node:crypto scrypt hashing, rate
 * limits stored in the database, cf-connecting-ip as the client address, and
 * trusted origins that follow the served address (localhost or 127.0.0.1 alike).
 */
import { eq } from "drizzle-orm";
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { v7 as uuidv7 } from "uuid";
import * as schema from "~/db/schema";
import type { Db } from "~/lib/platform/db.server";
import type { AppEnv } from "~/lib/platform/env.server";
import { hashPassword, verifyPassword } from "~/lib/platform/password.server";

export const SIGN_IN_RATE_LIMIT = { window: 10, max: 3 } as const;
export const RESET_TOKEN_TTL_SECONDS = 60 * 60;
export const SESSION_TTL_SECONDS = 60 * 60 * 24 * 7;
/** A session is extended (row and cookie) when it was last extended this long ago (better-auth's updateAge). */
export const SESSION_UPDATE_AGE_SECONDS = 60 * 60 * 24;

/** better-auth's own rule for a session due for its refresh (getSession's shouldBeUpdated). */
export function sessionRefreshDue(expiresAtMs: number, nowMs: number): boolean {
  return expiresAtMs - SESSION_TTL_SECONDS * 1000 + SESSION_UPDATE_AGE_SECONDS * 1000 <= nowMs;
}

export type ResetMail = { email: string; name: string; userId: string; token: string };

export function createAuth({
  db,
  env,
  origin,
  onResetPassword,
}: {
  db: Db;
  env: AppEnv;
  /** The origin the app is served at for this request. */
  origin: string;
  onResetPassword?: (mail: ResetMail) => Promise<void>;
}) {
  const https = origin.startsWith("https:");
  return betterAuth({
    appName: "Rota",
    baseURL: origin,
    basePath: "/api/auth",
    secret: env.BETTER_AUTH_SECRET,
    trustedOrigins: [origin],
    database: drizzleAdapter(db, { provider: "sqlite", schema }),
    emailAndPassword: {
      enabled: true,
      disableSignUp: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      password: { hash: hashPassword, verify: verifyPassword },
      resetPasswordTokenExpiresIn: RESET_TOKEN_TTL_SECONDS,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, token }) => {
        await onResetPassword?.({ email: user.email, name: user.name, userId: user.id, token });
      },
    },
    session: {
      expiresIn: SESSION_TTL_SECONDS,
      updateAge: SESSION_UPDATE_AGE_SECONDS,
      additionalFields: {
        activeAgencyId: { type: "string", required: false, input: false },
      },
    },
    rateLimit: {
      enabled: true,
      storage: "database",
      modelName: "rateLimit",
      window: 60,
      max: 100,
      customRules: {
        "/sign-in/email": SIGN_IN_RATE_LIMIT,
        "/request-password-reset": { window: 60, max: 5 },
        "/reset-password": { window: 60, max: 10 },
        "/change-password": { window: 60, max: 10 },
      },
    },
    advanced: {
      ipAddress: { ipAddressHeaders: ["cf-connecting-ip"] },
      useSecureCookies: https,
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax", secure: https, path: "/" },
      database: { generateId: () => uuidv7() },
    },
    databaseHooks: {
      session: {
        create: {
          // A deactivated profile cannot start a session (sign-in is refused).
          before: async (session) => {
            const [p] = await db
              .select({ active: schema.profile.active })
              .from(schema.profile)
              .where(eq(schema.profile.id, session.userId));
            if (!p?.active) return false;
          },
        },
      },
    },
    telemetry: { enabled: false },
  });
}

export type Auth = ReturnType<typeof createAuth>;

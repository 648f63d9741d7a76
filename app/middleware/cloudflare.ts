import { createContext, type RouterContextProvider } from "react-router";
import { createDb, type Db } from "~/lib/platform/db.server";
import { parseEnv, type AppEnv } from "~/lib/platform/env.server";
import type { Mailer } from "~/lib/platform/mail.server";

export type CloudflareBindings = { env: Env; ctx: ExecutionContext };

/** Set by workers/app.ts on every request (and by the test harness). */
export const cloudflareContext = createContext<CloudflareBindings>();
const dbContext = createContext<Db | null>(null);

type Ctx = Readonly<RouterContextProvider>;

export function getCloudflare(context: Ctx): CloudflareBindings {
  return context.get(cloudflareContext);
}

export function getEnv(context: Ctx): AppEnv {
  return parseEnv(context.get(cloudflareContext).env);
}

/** One drizzle instance per request. */
export function getDb(context: Ctx): Db {
  let db = context.get(dbContext);
  if (!db) {
    db = createDb(getEnv(context).DB);
    (context as RouterContextProvider).set(dbContext, db);
  }
  return db;
}

/** The mailer of a request: its database, the key that opens SMTP passwords, and its ExecutionContext. */
export function getMailer(context: Ctx): Mailer {
  const { ctx } = getCloudflare(context);
  return {
    db: getDb(context),
    encryptionKey: getEnv(context).DATA_ENCRYPTION_KEY,
    files: getEnv(context).FILES,
    waitUntil: ctx ? (promise) => ctx.waitUntil(promise) : undefined,
  };
}

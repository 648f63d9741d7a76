import { z } from "zod";

/**
 * The one accessor for bindings and secrets. A missing binding or secret fails
 * loudly on the first request of an isolate, not on the tenth.
 */
const binding = <T>(name: string) =>
  z.custom<T>((v) => v != null && typeof v === "object", { message: `binding ${name} is missing` });

const EnvSchema = z
  .object({
    APP_ENV: z.enum(["development", "test", "production"]).default("development"),
    DB: binding<D1Database>("DB"),
    FILES: binding<R2Bucket>("FILES"),
    Notifications: binding<DurableObjectNamespace>("Notifications"),
    /** The excursions' seat rooms (party/excursion-seats.ts): the app Worker only. */
    ExcursionSeats: binding<DurableObjectNamespace>("ExcursionSeats").optional(),
    Boards: binding<DurableObjectNamespace>("Boards").optional(),
    WEBHOOKS: binding<Fetcher>("WEBHOOKS").optional(),
    /** "on": talk to Asaas over the network outside production too (otherwise the local simulator answers). */
    ASAAS_NETWORK: z.string().optional(),
    BETTER_AUTH_SECRET: z.string().min(32).optional(),
    /** Key (base64, 32 bytes) for secrets stored in D1 such as SMTP passwords. */
    DATA_ENCRYPTION_KEY: z.string().min(32).optional(),
    BUILD_COMMIT: z.string().optional(),
    BUILD_DATE: z.string().optional(),
  })
  .superRefine((env, ctx) => {
    if (env.APP_ENV === "production") {
      for (const key of ["BETTER_AUTH_SECRET", "DATA_ENCRYPTION_KEY"] as const) {
        if (!env[key]) ctx.addIssue({ code: "custom", path: [key], message: `secret ${key} is required in production` });
      }
    }
  });

export type AppEnv = z.infer<typeof EnvSchema> & {
  BETTER_AUTH_SECRET: string;
  DATA_ENCRYPTION_KEY: string;
};

/** Local and test default secrets: never used when APP_ENV is production. */
const DEV_SECRET = "rota-local-development-secret-not-for-production-use";
/** Exported for the demo seed (scripts/seed/seed-payments.ts), which seals the demo Asaas key with it. */
export const DEV_KEY = "cm90YS1sb2NhbC1kZXYta2V5LTMyLWJ5dGVzLWxvbmchIQ==";

const cache = new WeakMap<object, AppEnv>();

export function parseEnv(raw: unknown): AppEnv {
  if (raw && typeof raw === "object" && cache.has(raw)) return cache.get(raw)!;
  const result = EnvSchema.safeParse(raw);
  if (!result.success) {
    throw new Error(`Invalid Worker environment: ${z.prettifyError(result.error)}`);
  }
  const env: AppEnv = {
    ...result.data,
    BETTER_AUTH_SECRET: result.data.BETTER_AUTH_SECRET ?? DEV_SECRET,
    DATA_ENCRYPTION_KEY: result.data.DATA_ENCRYPTION_KEY ?? DEV_KEY,
  };
  if (raw && typeof raw === "object") cache.set(raw, env);
  return env;
}

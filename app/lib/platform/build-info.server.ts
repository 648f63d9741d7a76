/**
 * What "Sobre o Sistema" shows, fixed when the app is built: the product's
 * version, the Worker's compatibility date and flags (from wrangler.toml, the
 * file the deployment uses), and the installed versions of the main components
 * (their own package.json files). Build commit, date and environment come from
 * the Worker's vars at run time (db/deploy.ts stamps them).
 *
 * Packages that do not export their package.json are read by path from
 * node_modules (Vite inlines the JSON at build time either way).
 */
import appPackage from "../../../package.json";
import wranglerToml from "../../../wrangler.toml?raw";
import radixThemesPackage from "../../../node_modules/@radix-ui/themes/package.json";
import betterAuthPackage from "../../../node_modules/better-auth/package.json";
import drizzlePackage from "../../../node_modules/drizzle-orm/package.json";
import partyserverPackage from "../../../node_modules/partyserver/package.json";
import i18nextPackage from "i18next/package.json";
import reactPackage from "react/package.json";
import reactRouterPackage from "react-router/package.json";
import type { AppEnv } from "~/lib/platform/env.server";

export type RuntimeInfo = { compatibilityDate: string | null; compatibilityFlags: string[] };

/** compatibility_date and compatibility_flags of the top level of a wrangler.toml. */
export function parseWranglerRuntime(toml: string): RuntimeInfo {
  // Only the top level: stop at the first [table].
  const top = toml.split(/^\s*\[/m)[0] ?? "";
  const date = /^\s*compatibility_date\s*=\s*"([^"]+)"/m.exec(top)?.[1] ?? null;
  const flagsText = /^\s*compatibility_flags\s*=\s*\[([^\]]*)\]/m.exec(top)?.[1] ?? "";
  const compatibilityFlags = [...flagsText.matchAll(/"([^"]+)"/g)].map((m) => m[1]!);
  return { compatibilityDate: date, compatibilityFlags };
}

export const COMPONENTS = [
  { name: "React", version: reactPackage.version },
  { name: "React Router", version: reactRouterPackage.version },
  { name: "drizzle-orm", version: drizzlePackage.version },
  { name: "better-auth", version: betterAuthPackage.version },
  { name: "partyserver", version: partyserverPackage.version },
  { name: "i18next", version: i18nextPackage.version },
  { name: "Radix Themes", version: radixThemesPackage.version },
] as const;

export function buildInfo(env: Pick<AppEnv, "APP_ENV" | "BUILD_COMMIT" | "BUILD_DATE">) {
  return {
    version: appPackage.version,
    commit: env.BUILD_COMMIT?.trim() || null,
    buildDate: env.BUILD_DATE?.trim() || null,
    environment: env.APP_ENV,
    runtime: parseWranglerRuntime(wranglerToml),
    components: COMPONENTS.map((c) => ({ ...c })),
  };
}

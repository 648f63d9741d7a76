/**
 * Every route module rendered inside the shell (under routes/app/layout.tsx in
 * app/routes.ts) exports an ErrorBoundary, so a failure shows inside the shell in
 * the user's language instead of replacing it with the root's page. Resource
 * routes (no default export: CSV exports, redirects) render nothing and must not
 * get one: React Router would then treat them as pages.
 */
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { describe, expect, it } from "vitest";
import routes from "~/routes";

const SHELL_LAYOUT = "routes/app/layout.tsx";

function find(entries: RouteConfigEntry[], file: string): RouteConfigEntry | undefined {
  for (const entry of entries) {
    if (entry.file === file) return entry;
    const inside = entry.children && find(entry.children, file);
    if (inside) return inside;
  }
  return undefined;
}

function files(entries: RouteConfigEntry[]): string[] {
  return entries.flatMap((e) => [e.file, ...(e.children ? files(e.children) : [])]);
}

const RENDERS = /export\s+default\b/;
const EXPORTS_BOUNDARY = /export\s+(?:async\s+)?function\s+ErrorBoundary\b|export\s+const\s+ErrorBoundary\b|export\s*\{[^}]*\bErrorBoundary\b[^}]*\}/;

describe("route modules inside the shell", () => {
  const layout = find(routes, SHELL_LAYOUT);
  const modules = [...new Set(files(layout?.children ?? []))];

  it("are found in app/routes.ts", () => {
    expect(layout).toBeDefined();
    expect(modules.length).toBeGreaterThan(10);
  });

  const source = (file: string) => readFileSync(resolve("app", file), "utf8");

  it("each export an ErrorBoundary when they render", () => {
    const missing = modules.filter((file) => RENDERS.test(source(file)) && !EXPORTS_BOUNDARY.test(source(file)));
    expect(missing, `without an ErrorBoundary: ${missing.join(", ")}`).toEqual([]);
  });

  it("never give a resource route a boundary (it would become a page)", () => {
    const pages = modules.filter((file) => !RENDERS.test(source(file)) && EXPORTS_BOUNDARY.test(source(file)));
    expect(pages).toEqual([]);
  });

  it("the check itself tells a module without one", () => {
    expect(EXPORTS_BOUNDARY.test('export { ShellErrorBoundary as ErrorBoundary } from "~/components/ui/RouteError";')).toBe(true);
    expect(EXPORTS_BOUNDARY.test("export default function Screen() {}")).toBe(false);
  });
});

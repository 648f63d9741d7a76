/**
 * The layer rules of eslint.config.js fire: each fixture below is linted as if it
 * were a file at the given path, and must be refused (or allowed) by the rule named.
 */
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

const eslint = new ESLint({ cwd: process.cwd() });

async function messages(code: string, filePath: string) {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((m) => `${m.ruleId}: ${m.message}`);
}

const restricted = (list: string[]) => list.filter((m) => /no-restricted-(imports|syntax)/.test(m));

describe("layer lint rules", () => {
  it("routes may not import drizzle, the schema or the database module", async () => {
    for (const line of [
      `import { eq } from "drizzle-orm";`,
      `import { client } from "~/db/schema";`,
      `import { createDb } from "~/lib/platform/db.server";`,
      `import { getDb } from "~/middleware/cloudflare";`,
    ]) {
      const found = restricted(await messages(`${line}\nexport const x = [${line.match(/\{ (\w+)/)![1]}];\n`, "app/routes/registers/example.tsx"));
      expect(found.length, line).toBeGreaterThan(0);
    }
  });

  it("routes may not touch env.DB", async () => {
    const found = restricted(await messages(`export function f(env: { DB: unknown }) { return env.DB; }\n`, "app/routes/example.ts"));
    expect(found.some((m) => m.includes("never touch the database"))).toBe(true);
  });

  it("routes may not answer a hand-made Not found", async () => {
    const found = restricted(await messages(`export function f() { throw new Response("Not found", { status: 404 }); }\n`, "app/routes/example.ts"));
    expect(found.some((m) => m.includes("notFound()"))).toBe(true);
  });

  it("app/lib may not import middleware", async () => {
    const found = restricted(await messages(`import { requireAgency } from "~/middleware/session";\nexport const x = requireAgency;\n`, "app/lib/registers/example.server.ts"));
    expect(found.some((m) => m.includes("never imports middleware"))).toBe(true);
  });

  it("app code imports with ~/ only (route type modules aside)", async () => {
    const rel = restricted(await messages(`import { x } from "../lib/kit/list";\nexport const y = x;\n`, "app/routes/example.ts"));
    expect(rel.some((m) => m.includes("one import style"))).toBe(true);
    const types = restricted(await messages(`import type { Route } from "./+types/example";\nexport type R = Route.LoaderArgs;\n`, "app/routes/example.ts"));
    expect(types).toEqual([]);
  });

  it("app/lib/platform imports a sibling as ./name.ts (plain Node loads it); nowhere else", async () => {
    const sibling = `import { bytesToBase64 } from "./base64.ts";\nexport const y = bytesToBase64;\n`;
    expect(restricted(await messages(sibling, "app/lib/platform/example.server.ts"))).toEqual([]);
    expect(restricted(await messages(sibling, "app/lib/finance/example.server.ts")).some((m) => m.includes("one import style"))).toBe(true);
    for (const spec of ["./base64", "../kit/list.ts", "./sub/dir.ts"]) {
      const found = restricted(await messages(`import { x } from "${spec}";\nexport const y = x;\n`, "app/lib/platform/example.server.ts"));
      expect(found.some((m) => m.includes("one import style")), spec).toBe(true);
    }
  });

  it("routes and components use Notice and ConfirmDialog, not Radix's Callout or AlertDialog", async () => {
    for (const [name, wrapper] of [
      ["Callout", "Notice"],
      ["AlertDialog", "ConfirmDialog"],
    ]) {
      const code = `import { Flex, ${name} } from "@radix-ui/themes";\nexport const x = [Flex, ${name}];\n`;
      for (const path of ["app/routes/registers/example.tsx", "app/components/kit/Example.tsx"]) {
        const found = restricted(await messages(code, path));
        expect(found.some((m) => m.includes(wrapper)), `${name} in ${path}`).toBe(true);
      }
      // The wrappers are built on them, and the other rules still hold there.
      expect(restricted(await messages(code, "app/components/ui/Example.tsx")), name).toEqual([]);
    }
    expect(restricted(await messages(`import { Flex } from "@radix-ui/themes";\nexport const x = Flex;\n`, "app/routes/example.tsx"))).toEqual([]);
    const db = restricted(await messages(`import { eq } from "drizzle-orm";\nexport const x = eq;\n`, "app/components/ui/Example.tsx"));
    expect(db.length).toBeGreaterThan(0);
  });

  it("allows what the layers allow", async () => {
    expect(restricted(await messages(`import { requireScope } from "~/middleware/session";\nexport const x = requireScope;\n`, "app/routes/example.ts"))).toEqual([]);
    expect(restricted(await messages(`import { eq } from "drizzle-orm";\nexport const x = eq;\n`, "app/lib/registers/example.server.ts"))).toEqual([]);
  });
});

import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

/**
 * The layers (docs/decisions/0008-where-code-lives.md), enforced:
 * - app/ imports app code one way, `~/…` (route type modules `./+types/…` aside);
 * - app/lib never imports middleware (domain code receives a Scope, it does not fetch one);
 * - routes and components never reach the database: no drizzle, no schema, no getDb, no env.DB;
 * - routes and components use the UI wrappers (Notice, ConfirmDialog), not Radix's Callout or AlertDialog:
 *   only app/components/ui builds on those.
 * tests/unit/lint-rules.test.ts shows each rule firing.
 */
const importStyle = {
  // Relative specifiers, except the route type modules and files outside the code (package.json, wrangler.toml).
  regex: "^\\.{1,2}/(?!\\+types/)(?!.*(\\.json|\\.toml\\?raw)$)",
  message: "Import app code as ~/… (one import style); only ./+types/… is relative.",
};
// app/lib/platform's primitives are also loaded by plain Node (the seed, the bench): there a
// sibling is imported as `./name.ts`, which Node resolves and `~/…` is not
// (tests/unit/node-scripts.test.ts loads those graphs under Node).
const platformImportStyle = {
  ...importStyle,
  regex: "^\\.{1,2}/(?!\\+types/)(?!.*(\\.json|\\.toml\\?raw)$)(?!(?<=^\\./)[\\w-]+(\\.server)?\\.ts$)",
  message: "Import app code as ~/… (one import style); only ./+types/… is relative, and in app/lib/platform a sibling as ./name.ts.",
};
const noMiddleware = {
  group: ["~/middleware", "~/middleware/*"],
  message: "app/lib never imports middleware: take a Scope (or what you need) as an argument.",
};
const noDatabase = {
  group: ["drizzle-orm", "drizzle-orm/*", "~/db", "~/db/*", "~/lib/platform/db.server"],
  message: "Routes and components never touch the database: call a domain function in app/lib/<domain>/*.server.ts with the Scope.",
};
// The product's composite UI pieces live in app/components/ui (decision 0001); routes and components use them.
const noRawCallout = {
  name: "@radix-ui/themes",
  importNames: ["Callout"],
  message: "Use Notice from ~/components/ui/Notice (tone error/warning/success/info): one notice, one set of roles and icons.",
};
const noRawAlertDialog = {
  name: "@radix-ui/themes",
  importNames: ["AlertDialog"],
  message: "Use ConfirmDialog from ~/components/ui/ConfirmDialog to ask before an irreversible action.",
};
const noGetDb = {
  name: "~/middleware/cloudflare",
  importNames: ["getDb"],
  message: "Routes never touch the database: requireScope(context, request) and a domain function.",
};

export default tseslint.config(
  {
    ignores: [
      "build/**",
      ".react-router/**",
      "**/.wrangler/**",
      "node_modules/**",
      "playwright-report/**",
      "test-results/**",
      "bench/results/**",
      "db/migrations/**",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "no-console": ["error", { allow: ["warn", "error"] }],
    },
  },
  {
    files: ["app/**/*.{ts,tsx}"],
    rules: { "@typescript-eslint/no-restricted-imports": ["error", { patterns: [importStyle] }] },
  },
  {
    files: ["app/lib/**/*.{ts,tsx}"],
    ignores: ["app/lib/**/*.test.{ts,tsx}"],
    rules: { "@typescript-eslint/no-restricted-imports": ["error", { patterns: [importStyle, noMiddleware] }] },
  },
  {
    files: ["app/lib/platform/*.ts"],
    ignores: ["app/lib/platform/*.test.ts"],
    rules: { "@typescript-eslint/no-restricted-imports": ["error", { patterns: [platformImportStyle, noMiddleware] }] },
  },
  {
    files: ["app/routes/**/*.{ts,tsx}", "app/components/**/*.{ts,tsx}", "app/root.tsx"],
    rules: {
      "@typescript-eslint/no-restricted-imports": ["error", { paths: [noGetDb, noRawCallout, noRawAlertDialog], patterns: [importStyle, noDatabase] }],
      "no-restricted-syntax": [
        "error",
        { selector: "MemberExpression[property.name='DB']", message: noDatabase.message },
        { selector: "NewExpression[callee.name='Response'] > Literal[value=/^Not found$/i]", message: "Throw notFound() from ~/lib/platform/http (one error model)." },
      ],
    },
  },
  {
    // The wrappers themselves: the database rules stand, Callout and AlertDialog are theirs to use.
    files: ["app/components/ui/**/*.{ts,tsx}"],
    rules: { "@typescript-eslint/no-restricted-imports": ["error", { paths: [noGetDb], patterns: [importStyle, noDatabase] }] },
  },
  {
    files: ["**/*.d.ts"],
    rules: {
      "@typescript-eslint/triple-slash-reference": "off",
      "@typescript-eslint/consistent-type-imports": "off",
      "@typescript-eslint/no-empty-object-type": "off",
    },
  },
  {
    files: ["scripts/**/*.ts", "tests/**/*.ts"],
    rules: { "no-console": "off" },
  },
);

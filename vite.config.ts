import { cloudflare } from "@cloudflare/vite-plugin";
import { reactRouter } from "@react-router/dev/vite";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import ts from "typescript";
import { defineConfig, type Plugin } from "vite";

type SchemaFile = { path: string; code: string; source: ts.SourceFile; removed: Set<ts.Statement>; dropped: Set<string> };

const declaredNames = (statement: ts.Statement, source: ts.SourceFile): string[] =>
  ts.isVariableStatement(statement)
    ? statement.declarationList.declarations.map((d) => d.name.getText(source))
    : ts.isFunctionDeclaration(statement) && statement.name
      ? [statement.name.text]
      : [];

/** Which top-level statements of every schema module go, as one fixpoint over all of them (imports cross modules). */
function analyseSchema(dir: string): Map<string, SchemaFile> {
  const files = new Map<string, SchemaFile>();
  for (const name of readdirSync(dir)) {
    if (!name.endsWith(".ts") || name.endsWith(".test.ts")) continue;
    const path = join(dir, name);
    const code = readFileSync(path, "utf8");
    files.set(name.replace(/\.ts$/, ""), { path, code, source: ts.createSourceFile(path, code, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS), removed: new Set(), dropped: new Set() });
  }
  const calls = (node: ts.Node): boolean => {
    if (ts.isArrowFunction(node) || ts.isFunctionExpression(node)) return false;
    if (ts.isCallExpression(node) || ts.isNewExpression(node) || ts.isTaggedTemplateExpression(node)) return true;
    return ts.forEachChild(node, calls) ?? false;
  };
  const refersTo = (node: ts.Node, names: Set<string>): boolean =>
    (ts.isIdentifier(node) && names.has(node.text)) || (ts.forEachChild(node, (child) => refersTo(child, names)) ?? false);
  for (const file of files.values()) {
    for (const statement of file.source.statements) {
      const effectful =
        ts.isExpressionStatement(statement) ||
        (ts.isVariableStatement(statement) && statement.declarationList.declarations.some((d) => d.initializer && calls(d.initializer)));
      if (!effectful) continue;
      file.removed.add(statement);
      for (const name of declaredNames(statement, file.source)) file.dropped.add(name);
    }
  }
  for (let changed = true; changed; ) {
    changed = false;
    for (const file of files.values()) {
      // Names this module imports from another schema module that dropped them.
      const gone = new Set(file.dropped);
      for (const statement of file.source.statements) {
        if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
        const from = /^~\/db\/schema\/([\w-]+)$/.exec(statement.moduleSpecifier.text)?.[1];
        const named = statement.importClause?.namedBindings;
        if (!from || !files.has(from) || !named || !ts.isNamedImports(named)) continue;
        for (const e of named.elements) if (files.get(from)!.dropped.has((e.propertyName ?? e.name).text)) gone.add(e.name.text);
      }
      for (const statement of file.source.statements) {
        if (file.removed.has(statement)) continue;
        if (!ts.isVariableStatement(statement) && !ts.isFunctionDeclaration(statement)) continue;
        if (!refersTo(statement, gone)) continue;
        file.removed.add(statement);
        for (const name of declaredNames(statement, file.source)) file.dropped.add(name);
        changed = true;
      }
    }
  }
  return files;
}

/**
 * The browser gets the schema's constants, never its tables. Client code imports
 * enumerations from the drizzle schema (`PARTY_KINDS` from ~/db/schema/registers…);
 * the tables beside them are top-level `sqliteTable(...)` calls that no bundler can
 * prove free of effects, so every form and list used to carry drizzle (~15 kB gzip).
 * In the client build only, each app/db/schema module keeps its types, functions and
 * constants whose value calls nothing (outside function bodies), and drops every
 * other top-level statement (tables, indexes, relations), whatever refers to one
 * (across the schema modules), and the imports left unused. Importing a table from
 * client code then fails the build with a missing export, loudly. The server build
 * is untouched.
 */
function clientSchemaValues(): Plugin {
  const SCHEMA = /\/app\/db\/schema\/([\w-]+)\.ts$/;
  let files: Map<string, SchemaFile> | null = null;
  return {
    name: "rota:client-schema-values",
    enforce: "pre",
    applyToEnvironment: (environment) => environment.name === "client",
    buildStart() {
      files = null;
    },
    transform(code, id) {
      const key = SCHEMA.exec(id.split("?")[0]!)?.[1];
      if (!key) return null;
      const dir = join(import.meta.dirname, "app", "db", "schema");
      files ??= analyseSchema(dir);
      // A schema module changed since the analysis (the dev server): analyse again.
      if (files.get(key)?.code !== code) files = analyseSchema(dir);
      const file = files.get(key);
      if (!file || file.code !== code) return null;
      const { source, removed } = file;
      if (removed.size === 0) return null;
      const used = new Set<string>();
      const collect = (node: ts.Node): void => {
        if (ts.isIdentifier(node)) used.add(node.text);
        ts.forEachChild(node, collect);
      };
      for (const statement of source.statements) {
        if (!removed.has(statement) && !ts.isImportDeclaration(statement) && !ts.isTypeAliasDeclaration(statement) && !ts.isInterfaceDeclaration(statement)) collect(statement);
      }
      const edits = new Map<ts.Statement, string>();
      for (const statement of source.statements) {
        if (removed.has(statement)) edits.set(statement, "");
        if (!ts.isImportDeclaration(statement)) continue;
        const clause = statement.importClause;
        if (!clause || clause.isTypeOnly) continue;
        const bindings = clause.namedBindings;
        const keptDefault = clause.name && used.has(clause.name.text) ? clause.name.text : null;
        if (bindings && ts.isNamespaceImport(bindings)) {
          if (!used.has(bindings.name.text) && !keptDefault) edits.set(statement, "");
          continue;
        }
        const keptNamed = (bindings?.elements ?? []).filter((e) => !e.isTypeOnly && used.has(e.name.text)).map((e) => e.getText(source));
        const parts = [keptDefault, keptNamed.length > 0 ? `{ ${keptNamed.join(", ")} }` : null].filter(Boolean).join(", ");
        edits.set(statement, parts ? `import ${parts} from ${statement.moduleSpecifier.getText(source)};` : "");
      }
      let out = "";
      let at = 0;
      for (const statement of source.statements) {
        if (!edits.has(statement)) continue;
        out += code.slice(at, statement.getStart(source)) + edits.get(statement)!;
        at = statement.getEnd();
      }
      return { code: out + code.slice(at), map: null };
    },
  };
}

export default defineConfig({
  plugins: [
    clientSchemaValues(),
    cloudflare({
      viteEnvironment: { name: "ssr" },
      // ROTA_STATE_DIR lets the e2e suite run on its own fresh local state.
      persistState: { path: process.env.ROTA_STATE_DIR ?? ".wrangler/state" },
      auxiliaryWorkers: [{ configPath: "./workers/webhooks.wrangler.toml" }],
    }),
    reactRouter(),
  ],
  resolve: { tsconfigPaths: true },
  environments: { rota_webhooks: { build: { outDir: "build/rota_webhooks" } } },
  preview: { host: "0.0.0.0" },
});

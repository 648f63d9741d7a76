/**
 * Deploys Rota to Cloudflare (`npm run deploy`, ARCHITECTURE §2): builds, applies
 * the D1 migrations to the remote database, then deploys the webhooks Worker and
 * the app Worker from the build output, stamped with BUILD_COMMIT and BUILD_DATE.
 * Run `node scripts/deploy.ts --help` for the one-time account setup.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const USAGE = `Usage: npm run deploy [-- options]    (node scripts/deploy.ts [options])

Builds the app, applies the D1 migrations to the remote database and deploys both
Workers: "rota-webhooks" (build/rota_webhooks/wrangler.json) and "rota"
(build/server/wrangler.json), with APP_ENV=production and the vars BUILD_COMMIT
(git rev-parse HEAD) and BUILD_DATE (now, ISO 8601).

Options:
  --dry-run     build and bundle both Workers (wrangler deploy --dry-run into
                build/dry-run/), no login, no migrations, nothing uploaded
  --skip-build  deploy the existing build/ instead of running react-router build
  -h, --help    show this help

Login: \`npx wrangler login\`, or set CLOUDFLARE_API_TOKEN (and CLOUDFLARE_ACCOUNT_ID).

Secrets: APP_ENV=production requires BETTER_AUTH_SECRET and DATA_ENCRYPTION_KEY on
the "rota" Worker. Either set them once with
  npx wrangler secret put BETTER_AUTH_SECRET -c build/server/wrangler.json
  npx wrangler secret put DATA_ENCRYPTION_KEY -c build/server/wrangler.json
or export both variables when running this command: they are then uploaded with
the deployment (wrangler deploy --secrets-file). Generate them with
  openssl rand -base64 32

One-time account setup (the names come from wrangler.toml):
  npx wrangler d1 create rota            put its database_id into wrangler.toml and
                                         workers/webhooks.wrangler.toml
  npx wrangler r2 bucket create rota-files
  npx wrangler queues create rota-webhook-events
The first deployment also bootstraps the two Workers' mutual bindings: the app
is deployed once without its WEBHOOKS service binding, then the webhooks Worker
(which binds the app's Notifications Durable Object), then the app again.
`;

const root = join(import.meta.dirname, "..");
const wranglerBin = join(root, "node_modules", ".bin", "wrangler");
const APP_CONFIG = join("build", "server", "wrangler.json");
const WEBHOOKS_CONFIG = join("build", "rota_webhooks", "wrangler.json");
const PLACEHOLDER_DATABASE_ID = "00000000-0000-4000-8000-000000000001";
const REQUIRED_SECRETS = ["BETTER_AUTH_SECRET", "DATA_ENCRYPTION_KEY"] as const;

class DeployError extends Error {}

function fail(message: string): never {
  throw new DeployError(message);
}

/** Runs wrangler with the output shown; a failure stops the deployment. */
function wrangler(args: string[], what: string) {
  console.log(`\n▶ ${what}\n  wrangler ${args.join(" ")}`);
  const res = spawnSync(wranglerBin, args, { cwd: root, stdio: "inherit" });
  if (res.status !== 0) fail(`${what} failed (wrangler exited with ${res.status ?? res.signal}).`);
}

/** Runs wrangler quietly and reports whether it succeeded, with its stdout. */
function wranglerQuiet(args: string[]): { ok: boolean; stdout: string } {
  const res = spawnSync(wranglerBin, args, { cwd: root, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
  return { ok: res.status === 0, stdout: res.stdout ?? "" };
}

function git(args: string[]): string {
  try {
    return execFileSync("git", args, { cwd: root, encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim();
  } catch {
    return "";
  }
}

type DeployConfig = { name?: string; d1_databases?: { binding: string; database_id?: string }[]; services?: unknown[] };
const readConfig = (path: string) => JSON.parse(readFileSync(join(root, path), "utf8")) as DeployConfig;

function checkLogin() {
  if (process.env.CLOUDFLARE_API_TOKEN) return;
  // --json exits non-zero when not authenticated (plain whoami exits 0).
  if (!wranglerQuiet(["whoami", "--json"]).ok) {
    fail(
      "Not logged in to Cloudflare: CLOUDFLARE_API_TOKEN is not set and `wrangler whoami` reports no login.\n" +
        "Run `npx wrangler login`, or set CLOUDFLARE_API_TOKEN (and CLOUDFLARE_ACCOUNT_ID), then try again.",
    );
  }
}

function checkDatabaseIds(dryRun: boolean) {
  for (const path of [APP_CONFIG, WEBHOOKS_CONFIG]) {
    const db = readConfig(path).d1_databases?.find((d) => d.binding === "DB");
    if (db?.database_id && db.database_id !== PLACEHOLDER_DATABASE_ID) continue;
    const message =
      `${path} uses the local placeholder D1 database id. Create the database (npx wrangler d1 create rota) ` +
      "and put its database_id into wrangler.toml and workers/webhooks.wrangler.toml.";
    if (dryRun) console.warn(`warning: ${message}`);
    else fail(message);
  }
}

/** Secrets to upload with the app, or null when they are already set on the Worker. */
function secretsFromEnv(dryRun: boolean): Record<string, string> | null {
  const present = REQUIRED_SECRETS.filter((k) => process.env[k]);
  if (present.length === REQUIRED_SECRETS.length) {
    return Object.fromEntries(REQUIRED_SECRETS.map((k) => [k, process.env[k]!]));
  }
  if (present.length > 0) fail(`Set both ${REQUIRED_SECRETS.join(" and ")}, or neither (to keep the Worker's secrets).`);
  if (dryRun) return null;
  const listed = wranglerQuiet(["secret", "list", "-c", APP_CONFIG, "--format", "json"]);
  let names: string[] = [];
  try {
    names = (JSON.parse(listed.stdout) as { name: string }[]).map((s) => s.name);
  } catch {
    // not JSON: the Worker does not exist yet, or the listing failed
  }
  const missing = REQUIRED_SECRETS.filter((k) => !names.includes(k));
  if (!listed.ok || missing.length > 0) {
    fail(
      `The "rota" Worker lacks the secret(s) ${missing.join(", ")} that APP_ENV=production requires.\n` +
        `Export ${REQUIRED_SECRETS.join(" and ")} for this command (e.g. \`openssl rand -base64 32\`), ` +
        "or set them with `npx wrangler secret put NAME -c build/server/wrangler.json`.",
    );
  }
  return null;
}

function main(argv: string[]) {
  const known = new Set(["--dry-run", "--skip-build", "--help", "-h"]);
  const unknown = argv.filter((a) => !known.has(a));
  if (argv.includes("--help") || argv.includes("-h")) {
    console.log(USAGE);
    return;
  }
  if (unknown.length > 0) {
    console.error(`Unknown option(s): ${unknown.join(" ")}\n`);
    console.error(USAGE);
    process.exitCode = 2;
    return;
  }
  const dryRun = argv.includes("--dry-run");

  if (!dryRun) checkLogin();

  const commit = git(["rev-parse", "HEAD"]);
  if (!commit) fail("Could not read the git commit (git rev-parse HEAD).");
  if (git(["status", "--porcelain"]) !== "") console.warn("warning: the working tree has uncommitted changes.");
  const date = new Date().toISOString();

  if (argv.includes("--skip-build")) {
    if (!existsSync(join(root, APP_CONFIG)) || !existsSync(join(root, WEBHOOKS_CONFIG))) {
      fail("No build found: run without --skip-build.");
    }
  } else {
    console.log("▶ Building (react-router build)");
    const res = spawnSync(join(root, "node_modules", ".bin", "react-router"), ["build"], { cwd: root, stdio: "inherit" });
    if (res.status !== 0) fail("The build failed.");
  }

  checkDatabaseIds(dryRun);
  const secrets = secretsFromEnv(dryRun);

  const vars = ["APP_ENV:production", `BUILD_COMMIT:${commit}`, `BUILD_DATE:${date}`].flatMap((v) => ["--var", v]);
  const message = ["--message", `Rota ${commit.slice(0, 12)} (${date})`];

  const tmp = mkdtempSync(join(tmpdir(), "rota-deploy-"));
  try {
    let secretArgs: string[] = [];
    if (secrets && !dryRun) {
      const file = join(tmp, "secrets.json");
      writeFileSync(file, JSON.stringify(secrets), { mode: 0o600 });
      secretArgs = ["--secrets-file", file];
    }

    if (dryRun) {
      wrangler(["deploy", "--dry-run", "--outdir", "build/dry-run/webhooks", "-c", WEBHOOKS_CONFIG, ...vars], "Bundle the webhooks Worker");
      wrangler(["deploy", "--dry-run", "--outdir", "build/dry-run/app", "-c", APP_CONFIG, ...vars], "Bundle the app Worker");
      console.log(`\nDry run done (commit ${commit.slice(0, 12)}): nothing was uploaded.`);
      return;
    }

    wrangler(["d1", "migrations", "apply", "DB", "--remote", "-c", "wrangler.toml"], "Apply D1 migrations to the remote database");

    const webhooksName = readConfig(WEBHOOKS_CONFIG).name ?? "rota-webhooks";
    if (!wranglerQuiet(["deployments", "list", "--name", webhooksName, "--json"]).ok) {
      // First deployment: the app's WEBHOOKS service binding needs the webhooks
      // Worker, whose Notifications binding needs the app. Break the cycle.
      const bootstrap = join("build", "server", "wrangler.bootstrap.json");
      const config = readConfig(APP_CONFIG) as Record<string, unknown>;
      delete config.services;
      writeFileSync(join(root, bootstrap), JSON.stringify(config));
      try {
        wrangler(
          ["deploy", "-c", bootstrap, ...vars, ...message, ...secretArgs],
          `Bootstrap the app Worker (no ${webhooksName} Worker yet)`,
        );
      } finally {
        rmSync(join(root, bootstrap), { force: true });
      }
    }

    wrangler(["deploy", "-c", WEBHOOKS_CONFIG, ...vars, ...message], "Deploy the webhooks Worker");
    wrangler(["deploy", "-c", APP_CONFIG, ...vars, ...message, ...secretArgs], "Deploy the app Worker");
    console.log(`\nDeployed commit ${commit.slice(0, 12)} (${date}).`);
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

try {
  main(process.argv.slice(2));
} catch (error) {
  if (!(error instanceof DeployError)) throw error;
  console.error(`\ndeploy: ${error.message}`);
  process.exitCode = 1;
}

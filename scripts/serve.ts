/**
 * Serves the built app on workerd (both Workers, local D1/R2/DO/Queue) at
 * http://localhost:$PORT (default 8787).
 */
import { spawn } from "node:child_process";
import { join } from "node:path";

const root = join(import.meta.dirname, "..");
const port = process.env.PORT ?? "8787";
const child = spawn(join(root, "node_modules", ".bin", "vite"), ["preview", "--port", port, "--strictPort"], {
  cwd: root,
  stdio: "inherit",
  env: { CLOUDFLARE_CF_FETCH_ENABLED: "false", ...process.env },
});
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => child.kill(signal));
child.on("exit", (code) => process.exit(code ?? 0));

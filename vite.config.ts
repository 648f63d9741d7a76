import { cloudflare } from "@cloudflare/vite-plugin";
import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [
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

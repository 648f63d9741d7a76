import { cloudflare } from "@cloudflare/vite-plugin";
import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [
    cloudflare({
      viteEnvironment: { name: "ssr" },
      auxiliaryWorkers: [{ configPath: "./workers/webhooks.wrangler.toml" }],
    }),
    reactRouter(),
  ],
  resolve: { tsconfigPaths: true },
  environments: { rota_webhooks: { build: { outDir: "build/rota_webhooks" } } },
  preview: { host: "0.0.0.0" },
});

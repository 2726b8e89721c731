import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { ConfigError, loadPublicConfig } from "../../packages/shared/src/config.ts";

const envFile = resolve(import.meta.dirname, "../../.env");
if (existsSync(envFile)) process.loadEnvFile(envFile);

function readSiteConfig() {
  try {
    return loadPublicConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  // Public configuration is baked into the static build: the browser never
  // sees server-only values because they are not in this schema.
  define: { __SITE_CONFIG__: JSON.stringify(readSiteConfig()) },
  build: { assetsInlineLimit: 0 },
});

import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { ConfigError, loadPublicConfig } from "@bakery/shared/config";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

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
  build: {
    assetsInlineLimit: 0,
    // Kept for the build step that writes the parse-time scripts, which may load the app's
    // lazy chunks (build-steps/inline-page-scripts.ts); it removes it from the client build.
    manifest: true,
    rolldownOptions: {
      output: {
        // Every page starts with the framework and the site's shell (layout, small UI, SEO,
        // attribution); as two files instead of ~18 tiny ones, the first visit on a phone
        // makes a handful of requests, not two dozen (docs/performance.md). Only modules in
        // the static graph of an entry are grouped, so lazy code stays lazy.
        codeSplitting: {
          groups: [
            {
              name: "framework",
              tags: ["$initial"],
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|cookie|set-cookie-parser|turbo-stream)[\\/]/,
              priority: 2,
            },
            {
              name: "shell",
              tags: ["$initial"],
              test: /[\\/]app[\\/](ui|seo|site-config|layout[\\/](site-layout|top-bar|site-footer|book-demo-link)|features[\\/](attribution|api[\\/](id-token-source|api-errors)))|node_modules[\\/]lucide-react[\\/]/,
              priority: 1,
            },
          ],
        },
      },
    },
  },
});

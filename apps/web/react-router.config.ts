import type { Config } from "@react-router/dev/config";
import { publicRoutePaths } from "./app/public-routes.ts";

// No runtime rendering server: every public route is prerendered to HTML at
// build time and hydrates into the SPA; dynamic routes use the SPA fallback.
export default {
  ssr: false,
  prerender: [...publicRoutePaths, "/sitemap.xml", "/robots.txt", "/manifest.webmanifest"],
} satisfies Config;

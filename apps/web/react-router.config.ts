import type { Config } from "@react-router/dev/config";
import { publicRoutePaths } from "./app/public-routes.ts";

// No runtime rendering server: every public route is prerendered to HTML at
// build time and hydrates into the SPA; dynamic routes use the SPA fallback.
export default {
  ssr: false,
  // The browser tests build with their own configuration into their own folder.
  buildDirectory: process.env.WEB_BUILD_OUT ?? "build",
  prerender: [...publicRoutePaths, "/sitemap.xml", "/robots.txt", "/manifest.webmanifest"],
} satisfies Config;

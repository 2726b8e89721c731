import { defineConfig } from "vitest/config";

// Unit tests live beside the code; the API's integration tests have their own
// project config (database and emulator set-up). Browser tests are Playwright's.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "web",
          root: "apps/web",
          include: ["app/**/*.test.ts", "build-steps/**/*.test.ts"],
          environment: "node",
        },
        define: { __SITE_CONFIG__: "globalThis.__SITE_CONFIG__" },
      },
      { test: { name: "shared", root: "packages/shared", include: ["src/**/*.test.ts"] } },
      { test: { name: "content", root: "packages/content", include: ["src/**/*.test.ts"] } },
      {
        test: { name: "scripts", root: "scripts", include: ["**/*.test.ts"], testTimeout: 60_000 },
      },
      "apps/api/vitest.config.ts",
      "apps/api/vitest.serial.config.ts",
    ],
  },
});

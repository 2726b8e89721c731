import { defineConfig } from "@playwright/test";
import { e2eOrigin } from "./e2e/support/e2e-env.ts";
import { CHROMIUM_FLAGS, chromiumPath } from "./scripts/chromium.ts";

export default defineConfig({
  testDir: "e2e",
  fullyParallel: true,
  workers: 2,
  forbidOnly: Boolean(process.env.CI),
  retries: process.env.CI ? 1 : 0,
  reporter: [["list"]],
  // Twice Playwright's default: this machine's speed changes up to 3× from day to day, and
  // a journey that took 14 s alone took over 30 s beside the other worker on a slow day. A
  // limit here stops a hung test; it is not a speed check (benchmarks measure speed).
  timeout: 60_000,
  use: {
    baseURL: e2eOrigin,
    // A trace records every action's DOM and screen: on two cores it took as much as the tests
    // themselves, and starved pages into timeouts. It is kept for a failed test's retry (CI
    // retries once); locally, `npx playwright test --trace on` records one.
    trace: "on-first-retry",
    launchOptions: {
      executablePath: chromiumPath(),
      args: CHROMIUM_FLAGS,
    },
  },
  projects: [
    { name: "desktop", use: { browserName: "chromium", viewport: { width: 1280, height: 800 } } },
    {
      name: "phone",
      use: {
        browserName: "chromium",
        viewport: { width: 390, height: 844 },
        isMobile: true,
        hasTouch: true,
      },
    },
  ],
  webServer: {
    command: "node e2e/support/start-e2e-server.ts",
    url: `${e2eOrigin}/api/health`,
    reuseExistingServer: !process.env.CI,
    timeout: 180_000,
    stdout: "pipe",
  },
});

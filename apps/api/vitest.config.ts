import { configDefaults, defineProject } from "vitest/config";

// The API's tests: unit tests, HTTP integration tests (PGlite always, plus real
// Postgres when TEST_DATABASE_URL is set), CLI tests (child processes) and one
// Auth-emulator test that runs only when FIREBASE_AUTH_EMULATOR_HOST is set.
// Files run in parallel; `*.serial.test.ts` run one at a time after everything else
// (vitest.serial.config.ts).
export default defineProject({
  test: {
    name: "api",
    root: import.meta.dirname,
    include: ["src/**/*.test.ts"],
    exclude: [...configDefaults.exclude, "src/**/*.serial.test.ts"],
    environment: "node",
    env: { NODE_ENV: "test" },
    // PGlite's first start (initdb) takes a few seconds on a small machine.
    // The CLI tests start Node processes that each open the database: slow on a busy 2-core machine.
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});

/**
 * `npm test`: every check the project has, in the order a failure is cheapest
 * to find: lint, dependency advisories, types, unit and API integration tests, then browser tests
 * against the built site. Ends with one "N passed, N failed" line.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const reports = mkdtempSync(join(tmpdir(), "bakery-test-"));
const vitestReport = join(reports, "vitest.json");
const playwrightReport = join(reports, "playwright.json");

function run(
  title: string,
  command: string,
  args: string[],
  env: Record<string, string> = {},
): boolean {
  console.log(`\n▶ ${title}`);
  const result = spawnSync(command, args, { stdio: "inherit", env: { ...process.env, ...env } });
  return result.status === 0;
}

const steps: Array<{ title: string; ok: boolean }> = [];
const step = (title: string, ok: boolean) => steps.push({ title, ok });

step("lint and format (Biome)", run("Lint and format", "npx", ["biome", "check", "."]));
step(
  "no high or critical dependency advisories (npm audit; reported above when the registry refuses the check)",
  run("Dependency advisories", process.execPath, ["scripts/audit-dependencies.ts"]),
);
step("types (TypeScript)", run("Types", process.execPath, ["scripts/typecheck.ts"]));
step(
  "unit and API integration tests (Vitest)",
  run("Unit and API integration tests", "npx", [
    "vitest",
    "run",
    "--reporter=default",
    "--reporter=json",
    `--outputFile.json=${vitestReport}`,
  ]),
);
step(
  "production build within size budgets",
  run("Production build", "npm", ["run", "build"]) &&
    run("Size budgets", process.execPath, ["scripts/check-size-budgets.ts"]),
);
step(
  "built pages match their structure's snapshot (to update: node scripts/check-built-pages.ts --update)",
  run("Built pages", process.execPath, ["scripts/check-built-pages.ts"]),
);
step(
  "browser tests (Playwright, Chromium)",
  run("Browser tests", "npx", ["playwright", "test", "--reporter=list,json"], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport,
  }),
);

function readJson(path: string): Record<string, unknown> | undefined {
  try {
    return JSON.parse(readFileSync(path, "utf8"));
  } catch {
    return undefined;
  }
}

const vitest = readJson(vitestReport) as
  | { numPassedTests?: number; numFailedTests?: number }
  | undefined;
const playwright = readJson(playwrightReport) as
  | { stats?: { expected?: number; unexpected?: number; flaky?: number; skipped?: number } }
  | undefined;
const passed =
  (vitest?.numPassedTests ?? 0) +
  (playwright?.stats?.expected ?? 0) +
  (playwright?.stats?.flaky ?? 0);
const failedTests = (vitest?.numFailedTests ?? 0) + (playwright?.stats?.unexpected ?? 0);
const failedSteps = steps.filter((s) => !s.ok);

console.log("\nSummary:");
for (const { title, ok } of steps) console.log(`  ${ok ? "✓" : "✗"} ${title}`);
// A step that failed without a failing test (lint, types, a crash) still counts as a failure.
const failed = failedTests + (failedTests === 0 ? failedSteps.length : 0);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failedSteps.length === 0 && passed > 0 ? 0 : 1);

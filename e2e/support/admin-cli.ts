import { execFile } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { e2eAuthEmulatorHost, e2eDataDir, e2eSiteEnv } from "./e2e-env.ts";

const repoRoot = join(import.meta.dirname, "../..");

/**
 * Runs `npx rise-admin <args>` against the browser-test server's database
 * (through the server's shared socket) and returns what it printed.
 */
export async function runAdmin(...args: string[]): Promise<string> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [join(repoRoot, "apps/api/src/admin/cli.ts"), ...args],
    {
      cwd: repoRoot,
      env: {
        ...process.env,
        ...e2eSiteEnv,
        DATA_DIR: e2eDataDir,
        FIREBASE_AUTH_EMULATOR_HOST: e2eAuthEmulatorHost,
      },
    },
  );
  return stdout;
}

/** Stores a content page through the operator CLI, as an operator would. */
export function putContentPage(handle: string, markdown: string, title: string): Promise<string> {
  const file = join(mkdtempSync(join(tmpdir(), "e2e-page-")), "page.md");
  writeFileSync(file, markdown);
  return runAdmin("pages", "put", handle, file, "--title", title);
}

/** A content page the tests may open once storeSamplePage has stored it. */
export const samplePageHandle = "opening-hours";
export const samplePagePath = `/page/${samplePageHandle}`;
export const samplePageTitle = "Opening hours";

let sampleStored: Promise<string> | undefined;
/**
 * Stores the page at samplePagePath (once per worker): the server answers the address of a
 * page that doesn't exist with 404 before the app runs, so a test of the app's content page
 * needs one that exists.
 */
export function storeSamplePage(): Promise<string> {
  sampleStored ??= putContentPage(
    samplePageHandle,
    "We bake every day from 6 am.\n",
    samplePageTitle,
  );
  return sampleStored;
}

import { putContentPageWithCli, runAdminCli } from "@bakery/api/test-support/admin-cli";
import { e2eAuthEmulatorHost, e2eDataDir, e2eSiteEnv } from "./e2e-env.ts";

/** The browser-test server's database and identity provider, as the operator CLI reaches them. */
const cliEnv = () => ({
  ...process.env,
  ...e2eSiteEnv,
  DATA_DIR: e2eDataDir,
  FIREBASE_AUTH_EMULATOR_HOST: e2eAuthEmulatorHost,
});

/**
 * Runs `npx rise-admin <args>` against the browser-test server's database
 * (through the server's shared socket) and returns what it printed.
 */
export function runAdmin(...args: string[]): Promise<string> {
  return runAdminCli(args, cliEnv());
}

/** Stores a content page through the operator CLI, as an operator would. */
export function putContentPage(handle: string, markdown: string, title: string): Promise<string> {
  return putContentPageWithCli({ handle, title, markdown }, cliEnv());
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

import { execFile } from "node:child_process";
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

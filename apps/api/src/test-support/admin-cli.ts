import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";

const cli = join(import.meta.dirname, "../admin/cli.ts");
const repoRoot = join(import.meta.dirname, "../../../..");

/**
 * Runs the operator CLI (`npx rise-admin <args>`) as an operator would, in a child process
 * with `env` (DATA_DIR names the database: a running server's, which the CLI reaches through
 * that server's socket), and returns what it printed. Rejects when it exits with an error.
 * Asynchronous on purpose: the server it talks to may run in this very process.
 */
export async function runAdminCli(args: readonly string[], env: NodeJS.ProcessEnv) {
  const { stdout } = await promisify(execFile)(process.execPath, [cli, ...args], {
    cwd: repoRoot,
    env,
  });
  return stdout;
}

/** Stores a content page through the operator CLI (`pages put`), from a Markdown file. */
export async function putContentPageWithCli(
  page: { handle: string; title: string; markdown: string },
  env: NodeJS.ProcessEnv,
): Promise<string> {
  const folder = mkdtempSync(join(tmpdir(), "bakery-page-"));
  const file = join(folder, `${page.handle}.md`);
  try {
    writeFileSync(file, page.markdown);
    return await runAdminCli(["pages", "put", page.handle, file, "--title", page.title], env);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

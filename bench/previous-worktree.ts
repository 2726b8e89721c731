/**
 * The previous release's code, ready to run: checked out in a temporary git worktree (one per
 * commit, reused while it is there), its dependencies installed from the machine's npm cache
 * and its site built, each step skipped when a stamp says it was done for this commit.
 */
import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { createWriteStream, existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { git } from "./git-state.ts";

/** Outside the repository, so no tool of this one (tests, lint, typecheck) walks into it. */
export const previousWorktreeRoot = join(tmpdir(), "bakery-bench-previous");

export interface PreviousWorktree {
  dir: string;
  sha: string;
  /** Removes the worktree (and its node_modules and build). */
  remove(): void;
}

/** `git worktree add --detach` at `sha`, or the worktree already there for it. */
export function checkOutPrevious(
  repo: string,
  sha: string,
  log: (message: string) => void,
): PreviousWorktree {
  const dir = join(previousWorktreeRoot, sha);
  const registered = git(repo, ["worktree", "list", "--porcelain"])
    .split("\n")
    .some((line) => line === `worktree ${dir}`);
  if (registered && existsSync(dir) && git(dir, ["rev-parse", "HEAD"]) === sha) {
    log(`reusing the worktree at ${dir}`);
  } else {
    if (registered || existsSync(dir)) {
      rmSync(dir, { recursive: true, force: true });
      git(repo, ["worktree", "prune"]);
    }
    log(`checking out ${sha.slice(0, 7)} in a worktree at ${dir}`);
    git(repo, ["worktree", "add", "--detach", dir, sha]);
  }
  return {
    dir,
    sha,
    remove: () => {
      git(repo, ["worktree", "remove", "--force", dir]);
    },
  };
}

/** Node 24 (this process's) first on PATH, for npm and everything npm starts. */
export function node24Env(): NodeJS.ProcessEnv {
  const path = [dirname(process.execPath), process.env.PATH].filter(Boolean).join(":");
  return { ...process.env, PATH: path };
}

/** Runs a command in `cwd`, its output in `logFile`; fails with the log's last lines. */
function runLogged(command: string, args: string[], cwd: string, logFile: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const out = createWriteStream(logFile);
    const child = spawn(command, args, {
      cwd,
      env: node24Env(),
      stdio: ["ignore", "pipe", "pipe"],
    });
    child.stdout.pipe(out, { end: false });
    child.stderr.pipe(out, { end: false });
    child.on("error", reject);
    child.on("close", (code) => {
      out.end(() => {
        if (code === 0) return resolve();
        const tail = readFileSync(logFile, "utf8").split("\n").slice(-30).join("\n");
        reject(new Error(`${command} ${args.join(" ")} failed in ${cwd} (exit ${code}):\n${tail}`));
      });
    });
  });
}

/** A step done once per worktree state: `key` says what it was done for. */
async function stamped(
  stamp: string,
  key: string,
  done: () => boolean,
  step: () => Promise<void>,
): Promise<boolean> {
  if (done() && existsSync(stamp) && readFileSync(stamp, "utf8") === key) return false;
  rmSync(stamp, { force: true });
  await step();
  writeFileSync(stamp, key);
  return true;
}

/** `npm ci` (offline-first: the machine's npm cache), then `npm run build`, in the worktree. */
export async function installAndBuild(
  worktree: PreviousWorktree,
  log: (message: string) => void,
): Promise<void> {
  const { dir } = worktree;
  const lock = createHash("sha256")
    .update(readFileSync(join(dir, "package-lock.json")))
    .digest("hex");
  const started = Date.now();
  const installed = await stamped(
    join(dir, "node_modules/.bench-installed"),
    lock,
    () => existsSync(join(dir, "node_modules")),
    async () => {
      log(`installing ${worktree.sha.slice(0, 7)}'s dependencies (npm ci)`);
      await runLogged(
        "npm",
        ["ci", "--prefer-offline", "--no-audit", "--no-fund"],
        dir,
        join(dir, ".bench-npm-ci.log"),
      );
    },
  );
  if (!installed) log("its dependencies are installed already");
  const built = await stamped(
    join(dir, "apps/web/build/.bench-built"),
    `${worktree.sha} ${lock}`,
    () => existsSync(join(dir, "apps/web/build/client/index.html")),
    async () => {
      log(`building ${worktree.sha.slice(0, 7)} (npm run build)`);
      await runLogged("npm", ["run", "build"], dir, join(dir, ".bench-build.log"));
    },
  );
  if (!built) log("its build is there already");
  log(`previous release ready in ${Math.round((Date.now() - started) / 1000)} s`);
}

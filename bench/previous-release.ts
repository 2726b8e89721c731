/**
 * `--against`: the previous release chosen, checked out, installed and built
 * (previous-worktree.ts), then its server started (release-server.ts) beside the current one.
 */

import { builtSiteConfig } from "./bench-server.ts";
import { type CommitState, choosePreviousCommit } from "./git-state.ts";
import { checkOutPrevious, installAndBuild, type PreviousWorktree } from "./previous-worktree.ts";
import { type ReleaseServer, startReleaseServer } from "./release-server.ts";
import type { BenchResults, PreviousRelease } from "./report.ts";

export interface PreparedPrevious {
  release: PreviousRelease;
  worktree: PreviousWorktree;
}

export async function preparePrevious(options: {
  repo: string;
  ref: string;
  latest: Partial<BenchResults>;
  current: CommitState;
  log: (message: string) => void;
}): Promise<PreparedPrevious> {
  const { log } = options;
  const release = choosePreviousCommit(options.repo, options.ref, options.latest);
  log(`comparing with ${release.sha.slice(0, 7)} (${release.sha}): ${release.why}`);
  if (release.sha === options.current.sha) {
    log(
      options.current.dirty
        ? "that is HEAD: the comparison shows the uncommitted changes only"
        : "that is HEAD, with no changes: both columns measure the same code",
    );
  }
  const worktree = checkOutPrevious(options.repo, release.sha, log);
  await installAndBuild(worktree, log);
  return { release, worktree };
}

export async function startPrevious(
  prepared: PreparedPrevious,
  emulatorHost: string,
  log: (message: string) => void,
): Promise<ReleaseServer> {
  const server = await startReleaseServer({
    dir: prepared.worktree.dir,
    name: "the previous release",
    emulatorHost,
    siteUrl: builtSiteConfig.SITE_URL,
  });
  log(`previous release (${prepared.release.sha.slice(0, 7)}) at ${server.origin}`);
  return server;
}

/** Removes the worktree unless asked to keep it for the next run. */
export function cleanUpPrevious(
  prepared: PreparedPrevious | undefined,
  keep: boolean,
  log: (message: string) => void,
) {
  if (!prepared) return;
  if (keep) {
    log(`kept the previous release's worktree at ${prepared.worktree.dir}`);
    return;
  }
  try {
    prepared.worktree.remove();
  } catch (error) {
    log(`could not remove ${prepared.worktree.dir}: ${(error as Error).message}`);
  }
}

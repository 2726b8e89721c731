/** The commit a run measures, and the commit it is compared with (`--against`). */
import { spawnSync } from "node:child_process";

export interface CommitState {
  /** Full sha of HEAD. */
  sha: string;
  /** Whether the working tree had uncommitted changes (the run measured those too). */
  dirty: boolean;
}

export function git(cwd: string, args: string[]): string {
  const result = spawnSync("git", args, { cwd, encoding: "utf8" });
  if (result.status !== 0) {
    throw new Error(`git ${args.join(" ")} failed: ${result.stderr.trim() || result.status}`);
  }
  return result.stdout.trim();
}

export function currentCommit(repo: string): CommitState {
  return {
    sha: git(repo, ["rev-parse", "HEAD"]),
    dirty: git(repo, ["status", "--porcelain"]) !== "",
  };
}

export interface PreviousChoice {
  /** What was asked for (a ref), or how the default was found. */
  ref: string;
  sha: string;
  /** Why this commit, for the log. */
  why: string;
}

/**
 * The commit to compare with: `ref` when given, else the commit the last saved results were
 * measured on, else (results from before they named their commit) the parent of the last
 * commit that changed them: the code those results were measured on.
 */
export function choosePreviousCommit(
  repo: string,
  ref: string,
  latest: { commit?: CommitState },
): PreviousChoice {
  if (ref !== "") {
    return {
      ref,
      sha: git(repo, ["rev-parse", "--verify", `${ref}^{commit}`]),
      why: `given with --against ${ref}`,
    };
  }
  if (latest.commit?.sha) {
    const sha = git(repo, ["rev-parse", "--verify", `${latest.commit.sha}^{commit}`]);
    return {
      ref: sha,
      sha,
      why: `the commit bench/results/latest.json was measured on${latest.commit.dirty ? " (with uncommitted changes then, which this comparison leaves out)" : ""}`,
    };
  }
  const changed = git(repo, ["log", "-1", "--format=%H", "--", "bench/results/latest.json"]);
  if (!changed) throw new Error("no commit has bench/results/latest.json: give --against <ref>");
  const sha = git(repo, ["rev-parse", "--verify", `${changed}^`]);
  return {
    ref: `${changed.slice(0, 7)}^`,
    sha,
    why: `bench/results/latest.json names no commit: the parent of ${changed.slice(0, 7)}, the last commit that changed it`,
  };
}

import { existsSync, mkdirSync, readFileSync, rmSync, watch, writeFileSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { e2eDataDir } from "./e2e-env.ts";

/**
 * The privacy policy is one page for the whole run, read by several specs in parallel
 * workers. A test that edits it (page-editor.spec.ts) and one that needs it as seeded
 * (legal-pages.spec.ts, "an unedited legal page…") each hold this lock while they run, so one
 * never sees the other's edit. The lock is a folder (made atomically, or not at all) beside
 * the run's database, holding its owner's process id: a lock left by a worker that died is
 * taken over; a wait ends when the folder goes (a file-system event, not a timer).
 */
const lockDir = join(dirname(e2eDataDir), "privacy-policy.lock");
const ownerFile = join(lockDir, "owner");

function tryToTake(): boolean {
  try {
    mkdirSync(lockDir, { recursive: false });
    writeFileSync(ownerFile, String(process.pid));
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    if (ownerIsGone()) rmSync(lockDir, { recursive: true, force: true });
    return false;
  }
}

function ownerIsGone(): boolean {
  let owner: number;
  try {
    owner = Number(readFileSync(ownerFile, "utf8"));
  } catch {
    // Made but not yet written: its owner is alive and writing.
    return false;
  }
  if (!Number.isInteger(owner) || owner <= 0) return true;
  try {
    process.kill(owner, 0);
    return false;
  } catch {
    return true;
  }
}

/** Resolves when the lock folder is removed (at once if it is gone already). */
function lockReleased(): Promise<void> {
  return new Promise((resolve) => {
    const watcher = watch(dirname(lockDir), (_event, name) => {
      if (name === basename(lockDir) && !existsSync(lockDir)) done();
    });
    const done = () => {
      watcher.close();
      resolve();
    };
    // Gone between the failed take and the watch, or left by a worker that died.
    if (!existsSync(lockDir) || ownerIsGone()) done();
  });
}

/** Runs `work` with the privacy policy to itself, then lets the next test have it. */
export async function withPrivacyPolicy<T>(work: () => Promise<T>): Promise<T> {
  mkdirSync(dirname(lockDir), { recursive: true });
  while (!tryToTake()) await lockReleased();
  try {
    return await work();
  } finally {
    rmSync(lockDir, { recursive: true, force: true });
  }
}

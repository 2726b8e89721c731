/**
 * Starts the Firebase Auth emulator (firebase-tools, a dev dependency) on a
 * chosen port and waits until it answers. Used by `npm start` and the
 * browser tests; in production there is no emulator.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";

export type AuthEmulator = { host: string; stop: () => Promise<void> };

const require = createRequire(import.meta.url);

/** True when something answers HTTP at `url` within a second. */
export async function answers(url: string): Promise<boolean> {
  try {
    await fetch(url, { signal: AbortSignal.timeout(1000) });
    return true;
  } catch {
    return false;
  }
}

export async function startAuthEmulator({
  port = 9099,
  projectId = "demo-bakery",
  quiet = false,
  /** How long to wait for it to answer (a busy machine may need more than a minute). */
  timeoutMs = 60_000,
} = {}): Promise<AuthEmulator> {
  const host = `127.0.0.1:${port}`;
  if (await answers(`http://${host}/`)) {
    throw new Error(
      `Port ${port} is already in use: is another Auth emulator running? Stop it or pick another port.`,
    );
  }
  // Its own working folder and config, so its ports and debug log stay out of the repo.
  const workDir = mkdtempSync(join(tmpdir(), "bakery-auth-emulator-"));
  const config = {
    emulators: {
      auth: { host: "127.0.0.1", port },
      hub: { host: "127.0.0.1", port: port + 1 },
      logging: { host: "127.0.0.1", port: port + 2 },
      ui: { enabled: false },
      singleProjectMode: true,
    },
  };
  writeFileSync(join(workDir, "firebase.json"), JSON.stringify(config));
  const firebaseCli = require.resolve("firebase-tools/lib/bin/firebase.js");
  const child: ChildProcess = spawn(
    process.execPath,
    [
      firebaseCli,
      "emulators:start",
      "--only",
      "auth",
      "--project",
      projectId,
      "--config",
      join(workDir, "firebase.json"),
    ],
    {
      cwd: workDir,
      stdio: quiet ? "ignore" : ["ignore", "inherit", "inherit"],
      env: { ...process.env, CI: "true" },
    },
  );
  const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));

  const deadline = Date.now() + timeoutMs;
  while (!(await answers(`http://${host}/`))) {
    if (child.exitCode !== null)
      throw new Error(`The Auth emulator exited with code ${child.exitCode}`);
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`The Auth emulator did not start within ${timeoutMs / 1000} s`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }

  return {
    host,
    stop: async () => {
      if (child.exitCode !== null) return;
      child.kill("SIGINT");
      const timer = setTimeout(() => child.kill("SIGKILL"), 5000);
      await exited;
      clearTimeout(timer);
    },
  };
}

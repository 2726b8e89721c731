/**
 * The real server as operators run it, `node apps/api/src/main.ts`, in a child process: for
 * tests that send it signals or measure its memory apart from the test's own.
 */
import { type ChildProcess, execFile, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { freePort } from "./free-port.ts";

const MAIN = path.resolve(import.meta.dirname, "../main.ts");

export interface ApiServerProcess {
  origin: string;
  port: number;
  pid: number;
  /** The embedded database's folder (deleted by stop() unless the caller passed DATA_DIR). */
  dataDir: string;
  /** SIGTERM, then the exit code (null if it had to be killed after 15 s). */
  stop(): Promise<number | null>;
}

/**
 * `node apps/api/src/main.ts` on a free port with a fresh embedded database (demo pages and
 * links seeded), rate limits raised out of the way, and no .env (NODE_ENV=test). `env`
 * overrides any of that.
 */
export async function startApiServerProcess(
  env: Record<string, string> = {},
): Promise<ApiServerProcess> {
  const ownsDataDir = env.DATA_DIR === undefined;
  const dataDir = env.DATA_DIR ?? mkdtempSync(path.join(tmpdir(), "bakery-api-"));
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, [MAIN], {
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: "test",
      HOST: "127.0.0.1",
      PORT: String(port),
      DATA_DIR: dataDir,
      DB_SOCKET_PORT: "0",
      WEB_BUILD_DIR: path.join(dataDir, "no-site"),
      LOG_LEVEL: "error",
      // Nothing listens there unless the caller starts an emulator: /me then answers 401.
      FIREBASE_AUTH_EMULATOR_HOST: "127.0.0.1:1",
      RATE_LIMIT_REDIRECT_PER_MINUTE: "100000000",
      RATE_LIMIT_EVENTS_PER_MINUTE: "100000000",
      ...env,
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
  const origin = `http://127.0.0.1:${port}`;
  const cleanUp = () => {
    if (ownsDataDir) rmSync(dataDir, { recursive: true, force: true });
  };

  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) {
      cleanUp();
      throw new Error(`the API server exited with code ${child.exitCode} before it was ready`);
    }
    const ready = await fetch(`${origin}/api/ready`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) break;
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      cleanUp();
      throw new Error("the API server did not become ready within 120 s");
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }

  let stopped: Promise<number | null> | undefined;
  return {
    origin,
    port,
    pid: child.pid as number,
    dataDir,
    stop: () => {
      stopped ??= (async () => {
        child.kill("SIGTERM");
        const killer = setTimeout(() => child.kill("SIGKILL"), 15_000);
        const code = await exited;
        clearTimeout(killer);
        cleanUp();
        return code;
      })();
      return stopped;
    },
  };
}

/**
 * Resident memory of a process, in bytes (Linux and macOS `ps`). Asynchronous, so that reading
 * it in the middle of a load run does not stall the load generator in this process.
 */
export async function residentBytes(pid: number): Promise<number> {
  const kilobytes = await new Promise<number>((resolve, reject) =>
    execFile("ps", ["-o", "rss=", "-p", String(pid)], (error, stdout) =>
      error ? reject(error) : resolve(Number(stdout.trim())),
    ),
  );
  return kilobytes * 1024;
}

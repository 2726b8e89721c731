/**
 * The previous release's own production server, started through its own entry point (node on
 * its apps/api/src/main.ts, in its worktree) with the settings the bench gives the current one:
 * a throw-away embedded database seeded with the demo data, rate limits raised, LOG_LEVEL=warn.
 * Nothing of its code is loaded into this process.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort } from "@bakery/api/test-support/free-port";
import { benchServerEnv, relaxedRateLimits } from "./bench-server.ts";
import { node24Env } from "./previous-worktree.ts";

export interface PreviousServer {
  /** http://127.0.0.1:port */
  origin: string;
  /** Its site's files, for the record. */
  webBuildDir: string;
  close(): Promise<void>;
}

const READY_TIMEOUT_MS = 180_000;

/** The RATE_LIMIT_* names the previous release's configuration reads. */
function previousRateLimitNames(dir: string): string[] {
  const sourceDir = join(dir, "apps/api/src");
  const files = readdirSync(sourceDir, { recursive: true, encoding: "utf8" }).filter(
    (file) => file.endsWith(".ts") && !file.endsWith(".test.ts"),
  );
  const names = new Set<string>();
  for (const file of files) {
    for (const match of readFileSync(join(sourceDir, file), "utf8").matchAll(
      /\bRATE_LIMIT_[A-Z0-9_]+/g,
    )) {
      names.add(match[0]);
    }
  }
  return [...names];
}

/** Keeps the last lines a process wrote, to say why it stopped. */
function keepTail(child: ChildProcess): () => string {
  let tail = "";
  const keep = (chunk: Buffer) => {
    tail = (tail + chunk.toString()).slice(-4000);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  return () => tail;
}

async function waitUntilServing(origin: string, child: ChildProcess, tail: () => string) {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`the previous release's server stopped:\n${tail()}`);
    const ok = await fetch(`${origin}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the previous release's server did not answer within 3 minutes:\n${tail()}`);
}

export async function startPreviousServer(options: {
  dir: string;
  emulatorHost: string;
}): Promise<PreviousServer> {
  const dataDir = mkdtempSync(join(tmpdir(), "bakery-bench-previous-data-"));
  const port = await freePort();
  const webBuildDir = join(options.dir, "apps/web/build/client");
  const env: NodeJS.ProcessEnv = {
    ...node24Env(),
    ...benchServerEnv({ port, dataDir, webBuildDir, emulatorHost: options.emulatorHost }),
    ...relaxedRateLimits(previousRateLimitNames(options.dir)),
  };
  delete env.DATABASE_URL;
  const child = spawn(process.execPath, [join(options.dir, "apps/api/src/main.ts")], {
    cwd: options.dir,
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  const tail = keepTail(child);
  // The watchdog (or any other exit) must not leave the server running behind the bench.
  const stopOnExit = () => {
    child.kill("SIGKILL");
    rmSync(dataDir, { recursive: true, force: true });
  };
  process.once("exit", stopOnExit);
  const origin = `http://127.0.0.1:${port}`;
  const stopped = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const close = async () => {
    process.off("exit", stopOnExit);
    if (child.exitCode === null && child.signalCode === null) {
      child.kill("SIGTERM");
      // Its own shutdown gives up after 10 s; past that, it is stopped outright.
      const timer = setTimeout(() => child.kill("SIGKILL"), 15_000);
      await stopped;
      clearTimeout(timer);
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitUntilServing(origin, child, tail);
  } catch (error) {
    await close();
    throw error;
  }
  return { origin, webBuildDir, close };
}

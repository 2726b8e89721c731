/**
 * A checkout's own production server (the current code's, or the previous release's in its
 * worktree), started through its own entry point (node on its apps/api/src/main.ts) in a process
 * of its own, with the same settings for both: a throw-away embedded database seeded with the
 * demo data, rate limits raised, LOG_LEVEL=warn. Nothing of its code is loaded into the bench's
 * process: a server there would share the process with the bench's own work (the load
 * generator's thread, the bare baseline server, the results), and measured 0.73× the same code
 * run as a process of its own.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort } from "@bakery/api/test-support/free-port";
import { node24Env } from "./previous-worktree.ts";

export interface ReleaseServer {
  /** http://127.0.0.1:port */
  origin: string;
  /** Its throw-away data directory, which the admin CLI reaches the database through. */
  dataDir: string;
  /** Its site's files, for the record. */
  webBuildDir: string;
  close(): Promise<void>;
}

const READY_TIMEOUT_MS = 180_000;

/**
 * Every RATE_LIMIT_* setting among `names`, raised so a load test from one address measures the
 * server rather than its per-client limiter. Time windows are left alone.
 */
function relaxedRateLimits(names: Iterable<string>): Record<string, string> {
  const env: Record<string, string> = {};
  for (const name of names) {
    if (!name.startsWith("RATE_LIMIT_") || /WINDOW|_MS$|SECONDS$|MINUTES$|TTL/.test(name)) continue;
    env[name] = /ENABLED$/.test(name) ? "false" : "1000000000";
  }
  return env;
}

/**
 * The settings a measured server runs with, the current release's and the previous one's alike:
 * loopback, its own throw-away embedded database, the Auth emulator, quiet logs, and the address
 * the build was made with: with another, the API's copy of a content page (its links to the site)
 * would differ from the prerendered one, and the page would sanitize and lay it out again.
 */
function benchServerEnv(options: {
  port: number;
  dataDir: string;
  webBuildDir: string;
  emulatorHost: string;
  siteUrl: string;
}): Record<string, string> {
  return {
    HOST: "127.0.0.1",
    PORT: String(options.port),
    DATA_DIR: options.dataDir,
    DB_SOCKET_PORT: "0",
    WEB_BUILD_DIR: options.webBuildDir,
    FIREBASE_PROJECT_ID: "demo-bakery",
    FIREBASE_AUTH_EMULATOR_HOST: options.emulatorHost,
    LOG_LEVEL: "warn",
    SITE_URL: options.siteUrl,
  };
}

/** The RATE_LIMIT_* names the configuration of the checkout in `dir` reads. */
function rateLimitNamesOf(dir: string): string[] {
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

async function waitUntilServing(
  origin: string,
  child: ChildProcess,
  tail: () => string,
  name: string,
) {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`${name}'s server stopped:\n${tail()}`);
    const ok = await fetch(`${origin}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${name}'s server did not answer within 3 minutes:\n${tail()}`);
}

export async function startReleaseServer(options: {
  /** The checkout's root. */
  dir: string;
  /** What errors call it: "the current code", "the previous release". */
  name: string;
  emulatorHost: string;
  /** The address the current build was made with (bench-server.ts, builtSiteConfig). */
  siteUrl: string;
}): Promise<ReleaseServer> {
  const dataDir = mkdtempSync(join(tmpdir(), "bakery-bench-data-"));
  const port = await freePort();
  const webBuildDir = join(options.dir, "apps/web/build/client");
  const env: NodeJS.ProcessEnv = {
    ...node24Env(),
    ...benchServerEnv({
      port,
      dataDir,
      webBuildDir,
      emulatorHost: options.emulatorHost,
      siteUrl: options.siteUrl,
    }),
    ...relaxedRateLimits(rateLimitNamesOf(options.dir)),
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
    await waitUntilServing(origin, child, tail, options.name);
  } catch (error) {
    await close();
    throw error;
  }
  return { origin, dataDir, webBuildDir, close };
}

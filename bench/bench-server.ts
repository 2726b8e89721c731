/**
 * The servers a benchmark run measures: the web build (rebuilt when its sources
 * are newer), the real local server on a free port with a throw-away database,
 * and, for /api/me, the Auth emulator.
 */
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { createServer } from "node:net";
import { join } from "node:path";
import { createDemoUsers } from "@bakery/api/demo-users";
import { putContentPageWithCli } from "@bakery/api/test-support/admin-cli";
import { freePort } from "@bakery/api/test-support/free-port";
import { loadPublicConfig } from "@bakery/shared/config";
import { type AuthEmulator, startAuthEmulator } from "../scripts/auth-emulator.ts";
import { startReleaseServer } from "./release-server.ts";

export const repoRoot = join(import.meta.dirname, "..");
export const webBuildDir = join(repoRoot, "apps/web/build/client");
/** The site's public configuration, as `npm run build` (ensureWebBuild) bakes it into the pages. */
export const builtSiteConfig = loadPublicConfig(process.env);

function newestMtime(path: string): number {
  const info = statSync(path);
  if (!info.isDirectory()) return info.mtimeMs;
  let newest = info.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

/**
 * The address the build in apps/web/build/client was made for, from its home page's canonical
 * link (`npm start` with another PORT builds for another one).
 */
function builtFor(index: string): string | undefined {
  return /<link rel="canonical" href="([^"]*)"/.exec(readFileSync(index, "utf8"))?.[1];
}

/**
 * Builds the site unless apps/web/build/client is newer than everything it is built from and
 * was built for the address the servers are given (builtSiteConfig.SITE_URL): with another, the
 * API's copy of a legal page (its links to the site) differs from the prerendered one, and the
 * page lays the API's out again, late.
 */
export function ensureWebBuild(force = false): void {
  const index = join(webBuildDir, "index.html");
  const web = join(repoRoot, "apps/web");
  const sources = [
    join(web, "app"),
    join(web, "public"),
    join(web, "vite.config.ts"),
    join(web, "react-router.config.ts"),
    join(repoRoot, "packages/shared/src"),
  ];
  const stale =
    force ||
    !existsSync(index) ||
    sources.some((source) => newestMtime(source) > statSync(index).mtimeMs) ||
    builtFor(index) !== new URL("/", builtSiteConfig.SITE_URL).href;
  if (!stale) return;
  console.log("Building the web app (npm run build)…");
  const result = spawnSync("npm", ["run", "build"], {
    cwd: repoRoot,
    stdio: ["ignore", "ignore", "inherit"],
  });
  if (result.status !== 0) throw new Error("npm run build failed");
}

export interface BenchServer {
  /** http://127.0.0.1:port */
  origin: string;
  dataDir: string;
  /** Stores a content page through the operator CLI, as an operator would. */
  putContentPage(page: { handle: string; title: string; markdown: string }): Promise<void>;
  close(): Promise<void>;
}

/**
 * The current code's server (site + API), as `npm start` runs it, in a process of its own with a
 * fresh seeded database: started the way the previous release's is (release-server.ts).
 */
export async function startBenchServer(options: { emulatorHost: string }): Promise<BenchServer> {
  const server = await startReleaseServer({
    dir: repoRoot,
    name: "the current code",
    emulatorHost: options.emulatorHost,
    siteUrl: builtSiteConfig.SITE_URL,
  });
  return {
    origin: server.origin,
    dataDir: server.dataDir,
    putContentPage: async (page) => {
      await putContentPageWithCli(page, { ...process.env, DATA_DIR: server.dataDir });
    },
    close: () => server.close(),
  };
}

/**
 * A port for the Auth emulator whose neighbours (its hub and logging ports) are free too:
 * the site build's own when it is free (a page can then sign in), else any.
 */
export async function freeEmulatorPort(): Promise<number> {
  const sitePort = Number(builtSiteConfig.FIREBASE_AUTH_EMULATOR_HOST?.split(":")[1]);
  if (
    sitePort &&
    (await isFree(sitePort)) &&
    (await isFree(sitePort + 1)) &&
    (await isFree(sitePort + 2))
  ) {
    return sitePort;
  }
  for (;;) {
    const port = await freePort();
    if ((await isFree(port + 1)) && (await isFree(port + 2))) return port;
  }
}

/**
 * Starts the Auth emulator on `port` and creates the demo users in it. Slow to start on a
 * busy machine, so the benchmark starts it early and waits for it only when needed.
 */
export async function startBenchEmulator(port: number): Promise<AuthEmulator> {
  const emulator = await startAuthEmulator({ port, quiet: true, timeoutMs: 240_000 });
  try {
    await createDemoUsers({ projectId: "demo-bakery", emulatorHost: emulator.host });
  } catch (error) {
    await emulator.stop();
    throw error;
  }
  return emulator;
}

function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once("error", () => resolve(false));
    server.listen(port, "127.0.0.1", () => server.close(() => resolve(true)));
  });
}

/**
 * The browser tests' server (Playwright's webServer): builds the site with the
 * test configuration, starts the Auth emulator and the real server with a
 * fresh embedded database, plus a second server whose build has a live-chat
 * provider configured.
 */
import { spawnSync } from "node:child_process";
import { rmSync } from "node:fs";
import { join } from "node:path";
import { startLocalServer } from "@bakery/api/local-server";
import { startAuthEmulator } from "../../scripts/auth-emulator.ts";
import {
  e2eAuthEmulatorHost,
  e2eChatDataDir,
  e2eChatPort,
  e2eChatSiteEnv,
  e2eDataDir,
  e2ePort,
  e2eSiteEnv,
} from "./e2e-env.ts";

const repoRoot = join(import.meta.dirname, "../..");

function buildSite(outDir: string, env: Record<string, string>) {
  const result = spawnSync("npx", ["react-router", "build"], {
    cwd: join(repoRoot, "apps/web"),
    stdio: ["ignore", "ignore", "inherit"],
    env: { ...process.env, ...env, WEB_BUILD_OUT: outDir },
  });
  if (result.status !== 0) throw new Error(`The site build into ${outDir} failed`);
  return join(repoRoot, "apps/web", outDir, "client");
}

// Per port, like everything else here, so two runs never rebuild each other's site.
const siteDir = buildSite(`build-e2e-${e2ePort}`, e2eSiteEnv);
const chatSiteDir = buildSite(`build-e2e-${e2ePort}-chat`, e2eChatSiteEnv);

rmSync(e2eDataDir, { recursive: true, force: true });
rmSync(e2eChatDataDir, { recursive: true, force: true });

const emulator = await startAuthEmulator({
  port: Number(e2eAuthEmulatorHost.split(":")[1]),
  quiet: true,
});

const serverEnv = (
  port: number,
  dataDir: string,
  webBuildDir: string,
  siteEnv: Record<string, string>,
) => ({
  ...process.env,
  ...siteEnv,
  PORT: String(port),
  HOST: "127.0.0.1",
  DATA_DIR: dataDir,
  WEB_BUILD_DIR: webBuildDir,
  DB_SOCKET_PORT: "0",
  FIREBASE_AUTH_EMULATOR_HOST: e2eAuthEmulatorHost,
  LOG_LEVEL: "warn",
  // Every browser test is the one client 127.0.0.1: the landings and bookings of a whole run
  // must not meet the per-client limit, which the API's own tests check.
  RATE_LIMIT_EVENTS_PER_MINUTE: "10000",
});

// The chat server first: Playwright starts the tests once the main server answers its health
// check, and a run whose first test is a chat test must find its server listening too.
const chatServer = await startLocalServer({
  env: serverEnv(e2eChatPort, e2eChatDataDir, chatSiteDir, e2eChatSiteEnv),
  handleSignals: false,
});
const servers = [
  chatServer,
  await startLocalServer({
    env: serverEnv(e2ePort, e2eDataDir, siteDir, e2eSiteEnv),
    handleSignals: false,
  }),
];

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, async () => {
    await Promise.allSettled(servers.map((server) => server.close()));
    await emulator.stop();
    process.exit(0);
  });
}

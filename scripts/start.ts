/**
 * `npm start`: the whole site on one local server.
 *   1. builds the web app (skipped when apps/web has no React Router config yet, or
 *      with SKIP_WEB_BUILD=1 to reuse the last build),
 *   2. starts the Firebase Auth emulator (local mode only; an emulator already
 *      answering on FIREBASE_AUTH_EMULATOR_HOST is reused and left running),
 *   3. runs the server (apps/api/src/main.ts): site + API, seeded demo data.
 * Ctrl-C stops the server gracefully, then the emulator it started.
 */
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { loadDotEnv, loadServerConfigOrExit } from "@bakery/api/config";
import { startLocalServer } from "@bakery/api/local-server";
import { LOCAL_AUTH_EMULATOR_HOST } from "@bakery/shared/config";
import { type AuthEmulator, answers, startAuthEmulator } from "./auth-emulator.ts";

const root = path.resolve(import.meta.dirname, "..");

loadDotEnv();
const config = loadServerConfigOrExit();

function buildWebApp(): void {
  const webDir = path.join(root, "apps/web");
  const hasRouterConfig = ["react-router.config.ts", "react-router.config.js"].some((file) =>
    existsSync(path.join(webDir, file)),
  );
  if (process.env.SKIP_WEB_BUILD === "1") {
    console.log("Skipping the web build (SKIP_WEB_BUILD=1).");
    return;
  }
  if (!hasRouterConfig) {
    console.log("Skipping the web build: apps/web has no react-router config yet.");
    return;
  }
  console.log("Building the web app…");
  const result = spawnSync("npm", ["run", "build"], { cwd: root, stdio: "inherit" });
  if (result.status !== 0) {
    console.error("The web build failed; fix it or run with SKIP_WEB_BUILD=1.");
    process.exit(result.status ?? 1);
  }
}

async function ensureEmulator(): Promise<AuthEmulator | undefined> {
  if (config.mode !== "local") return undefined;
  const host = config.FIREBASE_AUTH_EMULATOR_HOST ?? LOCAL_AUTH_EMULATOR_HOST;
  if (await answers(`http://${host}/`)) {
    console.log(`Using the Auth emulator already running at ${host}.`);
    return undefined;
  }
  const port = Number(host.split(":")[1]);
  console.log(`Starting the Firebase Auth emulator on port ${port}…`);
  return startAuthEmulator({ port, projectId: config.FIREBASE_PROJECT_ID, quiet: true });
}

buildWebApp();
let emulator: AuthEmulator | undefined;
try {
  emulator = await ensureEmulator();
  await startLocalServer({ onShutdown: () => emulator?.stop() });
} catch (error) {
  await emulator?.stop();
  console.error(`Could not start: ${(error as Error).message ?? error}`);
  process.exit(1);
}

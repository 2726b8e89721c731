import type { AddressInfo } from "node:net";
import { LOCAL_AUTH_EMULATOR_HOST } from "@bakery/shared/config";
import { identityAccounts } from "./auth/identity-accounts.ts";
import {
  createEmulatorVerifier,
  createProductionVerifier,
  type IdTokenVerifier,
} from "./auth/verify-id-token.ts";
import { loadDotEnv, loadServerConfigOrExit, type ServerConfig } from "./config.ts";
import { createContentPageStore } from "./content-pages/content-page-store.ts";
import { describeDatabase } from "./db/database-identity.ts";
import {
  lockDataDir,
  pgliteDir,
  type SharedDatabaseSocket,
  shareOverSocket,
} from "./db/local-data-dir.ts";
import { type DatabaseHandle, openDatabase } from "./db/open-database.ts";
import { schedulePruning } from "./funnel/retention.ts";
import { listenHttp } from "./http/server.ts";
import { createRateLimiter } from "./limits/rate-limiter.ts";
import { createLocalApp } from "./local-app.ts";
import { createLogger } from "./logger.ts";
import { DEMO_LINKS, DEMO_PASSWORD, DEMO_USERS } from "./seed/demo-data.ts";
import { seedDemoMarketing } from "./seed/demo-marketing.ts";
import { createDemoUsers } from "./seed/demo-users.ts";
import { seedLocalDatabase } from "./seed/local-seed.ts";
import { createShortLinkStore } from "./short-links/short-link-store.ts";
import { createSiteHandler } from "./site/serve-site.ts";

/**
 * The one local server: the built web app and the API (under API_BASE_URL's path,
 * "/api" by default) on one port. `npm start` (scripts/start.ts) builds the app and
 * starts the Auth emulator first; `node apps/api/src/main.ts` runs just this.
 */

export interface LocalServer {
  url: string;
  port: number;
  close(): Promise<void>;
}

export interface StartOptions {
  env?: Record<string, string | undefined>;
  /** Runs last during shutdown (scripts/start.ts stops the emulator here). */
  onShutdown?: () => Promise<void> | void;
  /** Exit the process on SIGINT/SIGTERM (default true). */
  handleSignals?: boolean;
}

export async function startLocalServer(options: StartOptions = {}): Promise<LocalServer> {
  const config = loadServerConfigOrExit(options.env ?? process.env);
  const logger = createLogger(config.LOG_LEVEL, { pretty: config.LOG_PRETTY });
  const cleanups: Array<() => Promise<void> | void> = [];
  const cleanUp = async () => {
    for (const step of cleanups.reverse()) {
      try {
        await step();
      } catch (error) {
        logger.error({ err: error }, "shutdown step failed");
      }
    }
  };

  try {
    const { database, socket } = await openServerDatabase(config, cleanups);
    const verifier = createVerifier(config);
    if (verifier.close) cleanups.push(() => verifier.close?.());

    if (config.mode === "local") await seedLocal(config, database, logger);

    // Marketing data past its retention period goes now and daily (decision 0023); stopped
    // before the database closes, so a prune under way finishes first.
    const pruning = schedulePruning({
      db: database.db,
      logger,
      retentionDays: config.ATTRIBUTION_RETENTION_DAYS,
    });
    cleanups.push(() => pruning.stop());

    // Closed after the HTTP server (cleanups run in reverse) and before the database, so
    // the clicks and counts of the last requests reach the database.
    const limiter = createRateLimiter({ db: database.db, logger, config });
    cleanups.push(() => limiter.close());
    const shortLinks = createShortLinkStore({ db: database.db, logger, config });
    cleanups.push(() => shortLinks.close());
    const contentPages = createContentPageStore({ db: database.db, config });
    // Every file of the build compressed before the first request, rather than during the
    // first visits after a start.
    const site = createSiteHandler({ root: config.WEB_BUILD_DIR });
    await site.prepareAll();
    const app = createLocalApp({
      site,
      db: database.db,
      ping: database.ping,
      verifier,
      identity: identityAccounts(config),
      limiter,
      shortLinks,
      contentPages,
      config,
      logger,
    });

    const http = await listenHttp(app, { hostname: config.HOST, port: config.PORT });
    const port = (http.server.address() as AddressInfo).port;
    const url = `http://${config.HOST === "0.0.0.0" ? "localhost" : config.HOST}:${port}`;
    // Stop accepting, answer requests already received, then close the database.
    cleanups.push(() => http.close());
    printBanner(config, url, socket);

    let closing: Promise<void> | undefined;
    const close = () => {
      closing ??= (async () => {
        logger.info("shutting down");
        await cleanUp();
        await options.onShutdown?.();
      })();
      return closing;
    };
    if (options.handleSignals ?? true) {
      for (const signal of ["SIGINT", "SIGTERM"] as const) {
        process.once(signal, () => {
          // A second Ctrl-C, or a hung request, must not keep the process alive forever.
          setTimeout(() => process.exit(1), 10_000).unref();
          close().then(
            () => process.exit(0),
            () => process.exit(1),
          );
        });
      }
    }
    return { url, port, close };
  } catch (error) {
    await cleanUp();
    await options.onShutdown?.();
    throw error;
  }
}

async function openServerDatabase(
  config: ServerConfig,
  cleanups: Array<() => Promise<void> | void>,
): Promise<{ database: DatabaseHandle; socket?: SharedDatabaseSocket }> {
  if (config.DATABASE_URL) {
    const database = await openDatabase({ url: config.DATABASE_URL });
    cleanups.push(() => database.close());
    return { database };
  }
  const lock = lockDataDir(await ensureDir(config.DATA_DIR));
  if (!lock.acquired) {
    throw new Error(
      `another process (pid ${lock.heldBy}) is using ${config.DATA_DIR}; stop it or set DATA_DIR`,
    );
  }
  cleanups.push(() => lock.release());
  const database = await openDatabase({ dataDir: pgliteDir(config.DATA_DIR) });
  cleanups.push(() => database.close());
  const pglite = database.pglite;
  if (!pglite) throw new Error("expected an embedded database");
  let socket: SharedDatabaseSocket;
  try {
    socket = await shareOverSocket(pglite, config.DATA_DIR, config.DB_SOCKET_PORT);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EADDRINUSE") throw error;
    // The CLI finds the port in db-socket.json, so any free port will do.
    socket = await shareOverSocket(pglite, config.DATA_DIR, 0);
  }
  cleanups.push(() => socket.stop());
  return { database, socket };
}

async function ensureDir(dir: string): Promise<string> {
  const { mkdir } = await import("node:fs/promises");
  await mkdir(dir, { recursive: true });
  return dir;
}

function createVerifier(config: ServerConfig): IdTokenVerifier {
  if (config.mode === "production") {
    return createProductionVerifier({ projectId: config.FIREBASE_PROJECT_ID });
  }
  return createEmulatorVerifier({
    projectId: config.FIREBASE_PROJECT_ID,
    emulatorHost: config.FIREBASE_AUTH_EMULATOR_HOST ?? LOCAL_AUTH_EMULATOR_HOST,
  });
}

async function seedLocal(
  config: ServerConfig,
  database: DatabaseHandle,
  logger: ReturnType<typeof createLogger>,
) {
  await seedLocalDatabase(database.db, config, logger);
  await seedDemoMarketing(database.db, logger);
  try {
    await createDemoUsers({
      projectId: config.FIREBASE_PROJECT_ID,
      emulatorHost: config.FIREBASE_AUTH_EMULATOR_HOST ?? LOCAL_AUTH_EMULATOR_HOST,
    });
  } catch (error) {
    // The site and public API still work without the emulator; only sign-in doesn't.
    logger.warn(
      { err: error },
      `could not create demo users: is the Auth emulator running on ${config.FIREBASE_AUTH_EMULATOR_HOST}?`,
    );
  }
}

function printBanner(config: ServerConfig, url: string, socket?: SharedDatabaseSocket) {
  const lines = [
    "",
    `  Bakery site running at ${url}`,
    `  API:       ${url}${config.apiBasePath}  (try ${url}${config.apiBasePath}/health)`,
    `  Database:  ${describeDatabase(config)}${socket ? ` (shared with the admin CLI on 127.0.0.1:${socket.port})` : ""}`,
    `  Identity:  ${config.mode === "local" ? `Auth emulator at ${config.FIREBASE_AUTH_EMULATOR_HOST} (project ${config.FIREBASE_PROJECT_ID})` : `Firebase project ${config.FIREBASE_PROJECT_ID}`}`,
  ];
  if (config.mode === "local") {
    lines.push("", `  Demo accounts (password ${DEMO_PASSWORD}):`);
    for (const user of DEMO_USERS) {
      const role = user.role ? `, ${user.role} (reads ${url}/dashboard)` : "";
      lines.push(`    ${user.email.padEnd(28)} status ${user.status}${role}`);
    }
    lines.push("", "  Demo short links:");
    for (const link of DEMO_LINKS) {
      lines.push(
        `    ${url}/to/${link.cat}/${link.id}${link.signInRequired ? "  (sign-in required)" : ""}`,
      );
    }
  }
  lines.push("", "  Admin: npx rise-admin --help", "  Stop:  Ctrl-C", "");
  process.stdout.write(`${lines.join("\n")}\n`);
}

if (import.meta.main) {
  loadDotEnv();
  startLocalServer().catch((error: unknown) => {
    process.stderr.write(`Could not start the server: ${(error as Error).message ?? error}\n`);
    process.exit(1);
  });
}

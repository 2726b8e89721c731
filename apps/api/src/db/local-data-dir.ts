import { readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import { PGLiteSocketServer } from "@electric-sql/pglite-socket";
import { oneUnitOfWorkAtATime } from "./shared-session.ts";

/**
 * PGlite lets only one process open a data folder. The local server therefore holds a
 * lock file for as long as it runs and shares its database with the admin CLI over the
 * Postgres wire protocol on loopback; the CLI reads where from db-socket.json. When no
 * server runs, the CLI takes the lock itself and opens the folder directly.
 */

export const pgliteDir = (dataDir: string) => path.join(dataDir, "pglite");
const lockFile = (dataDir: string) => path.join(dataDir, "pglite.lock");
const socketFile = (dataDir: string) => path.join(dataDir, "db-socket.json");

export type DataDirLock = { acquired: true; release(): void } | { acquired: false; heldBy: number };

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Takes the data folder's lock, clearing a lock left behind by a process that died. */
export function lockDataDir(dataDir: string): DataDirLock {
  const file = lockFile(dataDir);
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      writeFileSync(file, JSON.stringify({ pid: process.pid }), { flag: "wx" });
      return {
        acquired: true,
        release: () => {
          rmSync(file, { force: true });
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
    const pid = readPid(file);
    if (pid !== undefined && pid !== process.pid && isAlive(pid)) {
      return { acquired: false, heldBy: pid };
    }
    rmSync(file, { force: true }); // stale: its owner is gone
  }
  throw new Error(`could not lock ${file}`);
}

function readPid(file: string): number | undefined {
  try {
    const pid = (JSON.parse(readFileSync(file, "utf8")) as { pid?: unknown }).pid;
    return typeof pid === "number" ? pid : undefined;
  } catch {
    return undefined;
  }
}

export interface SocketInfo {
  pid: number;
  host: string;
  port: number;
}

/** The running server's socket, if the server that wrote it is still alive. */
export function readSocketInfo(dataDir: string): SocketInfo | undefined {
  try {
    const info = JSON.parse(readFileSync(socketFile(dataDir), "utf8")) as SocketInfo;
    return typeof info.port === "number" && isAlive(info.pid) ? info : undefined;
  } catch {
    return undefined;
  }
}

/** A postgres:// URL for a PGlite socket (PGlite ignores the user and password). */
export const socketUrl = (info: SocketInfo) =>
  `postgres://postgres@${info.host}:${info.port}/postgres?sslmode=disable`;

export interface SharedDatabaseSocket {
  port: number;
  stop(): Promise<void>;
}

/** Serves `pglite` on 127.0.0.1:`port` (0 = any free port) and records it in db-socket.json. */
export async function shareOverSocket(
  pglite: PGlite,
  dataDir: string,
  port: number,
): Promise<SharedDatabaseSocket> {
  const host = "127.0.0.1"; // loopback only: the socket has no authentication
  const server = new PGLiteSocketServer({
    // So the server's own queries never land in the middle of a CLI's (shared-session.ts).
    db: oneUnitOfWorkAtATime(pglite),
    host,
    port,
    maxConnections: 4,
  });
  let actualPort = port;
  server.addEventListener("listening", (event) => {
    actualPort = (event as CustomEvent<{ port: number }>).detail.port;
  });
  await server.start();
  const info: SocketInfo = { pid: process.pid, host, port: actualPort };
  writeFileSync(socketFile(dataDir), `${JSON.stringify(info)}\n`);
  return {
    port: actualPort,
    stop: async () => {
      rmSync(socketFile(dataDir), { force: true });
      await server.stop();
    },
  };
}

import { mkdirSync } from "node:fs";
import type { ServerConfig } from "../config.ts";
import { lockDataDir, pgliteDir, readSocketInfo, socketUrl } from "../db/local-data-dir.ts";
import { type DatabaseHandle, openDatabase } from "../db/open-database.ts";
import { CommandError } from "./cli-errors.ts";

/**
 * The CLI's way into the database:
 *  - DATABASE_URL set: connect to it directly;
 *  - a local server is running on DATA_DIR: go through the socket it shares;
 *  - otherwise: take the data folder's lock and open PGlite directly.
 */
export async function openAdminDatabase(config: ServerConfig): Promise<DatabaseHandle> {
  if (config.DATABASE_URL) return openDatabase({ url: config.DATABASE_URL, poolSize: 1 });

  mkdirSync(config.DATA_DIR, { recursive: true });
  const lock = lockDataDir(config.DATA_DIR);
  if (lock.acquired) {
    try {
      const handle = await openDatabase({ dataDir: pgliteDir(config.DATA_DIR) });
      return {
        ...handle,
        close: async () => {
          try {
            await handle.close();
          } finally {
            lock.release();
          }
        },
      };
    } catch (error) {
      lock.release();
      throw error;
    }
  }

  const socket = readSocketInfo(config.DATA_DIR);
  if (!socket || socket.pid !== lock.heldBy) {
    throw new CommandError(
      `the database in ${config.DATA_DIR} is in use by process ${lock.heldBy}, which is not sharing it (yet); try again in a moment`,
    );
  }
  // The server already applied migrations; don't run them through the shared socket.
  return openDatabase({ url: socketUrl(socket), migrate: false, poolSize: 1 });
}

import { mkdirSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePostgres } from "drizzle-orm/postgres-js";
import { migrate as migratePostgres } from "drizzle-orm/postgres-js/migrator";
import postgres from "postgres";
import { callersDeadline } from "./database-availability.ts";
import { DatabaseConnectionError } from "./database-identity.ts";
import { schema } from "./schema.ts";

/** Whichever driver is underneath, queries are written once against this type. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

/**
 * The handle inside `db.transaction(…)`: what a function takes when its writes must commit or
 * roll back together with its caller's (a change and its activity entry).
 */
export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

export interface DatabaseHandle {
  db: Database;
  /** "pglite": embedded in this process; "postgres": a real server (or a running dev server's PGlite socket). */
  kind: "pglite" | "postgres";
  /** The embedded instance, so the local server can share it over a socket. */
  pglite?: PGlite;
  /** Throws if the database can't answer a trivial query. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export const MIGRATIONS_FOLDER = path.resolve(import.meta.dirname, "../../drizzle");

/** Arbitrary constant: serialises migrations when several instances start at once. */
const MIGRATION_LOCK_ID = 728_341_905;

export type OpenDatabaseOptions =
  | {
      url: string;
      migrate?: boolean;
      poolSize?: number;
      /** How long the driver waits to finish connecting (tests of a hung server set it past any deadline). */
      connectTimeoutSeconds?: number;
    }
  | { dataDir: string | "memory"; migrate?: boolean };

/**
 * DATABASE_URL → postgres.js pool; otherwise PGlite in a folder (or in memory for tests).
 * Migrations from apps/api/drizzle/ are applied unless `migrate: false`.
 */
export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  if ("url" in options) {
    try {
      return await openPostgres(
        options.url,
        options.migrate ?? true,
        options.poolSize,
        options.connectTimeoutSeconds,
      );
    } catch (error) {
      throw new DatabaseConnectionError(options.url, error);
    }
  }
  return openPglite(options.dataDir, options.migrate ?? true);
}

async function openPostgres(
  url: string,
  migrate: boolean,
  poolSize = 10,
  connectTimeoutSeconds = 10,
): Promise<DatabaseHandle> {
  if (migrate) await migratePostgresWithLock(url);
  const client = postgres(url, {
    max: poolSize,
    onnotice: () => {},
    // Lets a serverless function's idle connections go instead of exhausting the server.
    idle_timeout: 30,
    connect_timeout: connectTimeoutSeconds,
    // Dead connections (server restarted, failover) are replaced on the next query. The
    // default pause between failed connection attempts grows to 20 s during an outage,
    // which would delay recovery that long after the server is back; half a second at most.
    backoff: (attempt: number) => Math.min(0.05 * 2 ** attempt, 0.5),
  });
  const db = commitWithinDeadline(drizzlePostgres({ client, schema }));
  return {
    db,
    kind: "postgres",
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: () => client.end({ timeout: 5 }),
  };
}

/**
 * Drizzle's migrator is not safe against two instances migrating at the same moment,
 * so each instance takes a session advisory lock on its own single connection first.
 */
async function migratePostgresWithLock(url: string): Promise<void> {
  const client = postgres(url, { max: 1, onnotice: () => {}, connect_timeout: 10 });
  try {
    await client`select pg_advisory_lock(${MIGRATION_LOCK_ID})`;
    await migratePostgres(drizzlePostgres({ client }), { migrationsFolder: MIGRATIONS_FOLDER });
    await client`select pg_advisory_unlock(${MIGRATION_LOCK_ID})`;
  } finally {
    await client.end({ timeout: 5 });
  }
}

async function openPglite(dataDir: string, migrate: boolean): Promise<DatabaseHandle> {
  if (dataDir !== "memory") mkdirSync(dataDir, { recursive: true });
  const pglite = await PGlite.create(dataDir === "memory" ? {} : { dataDir });
  const db = commitWithinDeadline(drizzlePglite({ client: pglite, schema }));
  if (migrate) await migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER });
  return {
    db,
    kind: "pglite",
    pglite,
    ping: async () => {
      if (pglite.closed) throw new Error("database is closed");
      await pglite.query("select 1");
    },
    close: async () => {
      if (!pglite.closed) await pglite.close();
    },
  };
}

/**
 * A transaction begun under a deadline (withDeadline) commits only while its caller still
 * waits: once the deadline has passed, the request has been answered 503 ("try again"), and the
 * transaction rolls back when its work is done instead of committing late. An operator told a
 * save did not go through can save again without meeting their own change as a colleague's;
 * a webhook's sender retries a delivery that is then stored once. The deadline is read where
 * the transaction is begun, in its caller's async context: the driver may run the work later,
 * from its own queue.
 */
function commitWithinDeadline<D extends Database>(db: D): D {
  const begin = db.transaction.bind(db);
  const transaction: Database["transaction"] = (work, config) => {
    const deadline = callersDeadline();
    return begin(async (tx) => {
      const result = await work(tx);
      deadline.throwIfPassed();
      return result;
    }, config);
  };
  db.transaction = transaction;
  return db;
}

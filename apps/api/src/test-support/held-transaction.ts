import { sql } from "drizzle-orm";
import type { Database, Transaction } from "../db/open-database.ts";

/**
 * Runs `work` in a transaction and holds it open, uncommitted, until `commit()`: a write in
 * progress for a concurrent one to meet. Resolves once `work` is done; rejects if it fails.
 */
export async function holdTransaction(
  db: Database,
  work: (tx: Transaction) => Promise<unknown>,
): Promise<{ commit: () => Promise<void> }> {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let worked = () => {};
  const workedYet = new Promise<void>((resolve) => {
    worked = resolve;
  });
  const transaction = db.transaction(async (tx) => {
    await work(tx);
    worked();
    await released;
  });
  await Promise.race([workedYet, transaction]);
  return {
    commit: async () => {
      release();
      await transaction;
    },
  };
}

/** How many of the database's connections wait for a lock another holds (PostgreSQL only). */
export async function connectionsWaitingForLocks(db: Database): Promise<number> {
  const rows = await db.execute<{ waiting: number }>(
    sql`select count(*)::int as waiting from pg_stat_activity
      where datname = current_database() and wait_event_type = 'Lock'`,
  );
  // postgres.js answers the rows as an array.
  return (rows as unknown as Array<{ waiting: number }>)[0]?.waiting ?? 0;
}

/**
 * How many of the database's other connections are inside a transaction (PostgreSQL only):
 * 0 once every write begun has committed or rolled back.
 */
export async function connectionsInTransaction(db: Database): Promise<number> {
  const rows = await db.execute<{ open: number }>(
    sql`select count(*)::int as open from pg_stat_activity
      where datname = current_database() and pid <> pg_backend_pid() and xact_start is not null`,
  );
  return (rows as unknown as Array<{ open: number }>)[0]?.open ?? 0;
}

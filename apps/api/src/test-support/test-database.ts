import { sql } from "drizzle-orm";
import postgres from "postgres";
import { type DatabaseHandle, openDatabase } from "../db/open-database.ts";

/**
 * The database backends the integration suite runs against. Test files run in parallel, so
 * a file that writes to Postgres without clearing it first can ask for its own database
 * (`postgresDatabase`, created on first use next to TEST_DATABASE_URL's).
 */
export function testBackends(
  options: { postgresDatabase?: string } = {},
): Array<{ name: string; open: () => Promise<DatabaseHandle> }> {
  const backends = [{ name: "pglite", open: () => openDatabase({ dataDir: "memory" }) }];
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    backends.push({
      name: "postgres",
      open: async () => {
        const databaseUrl = options.postgresDatabase
          ? await ensureTestDatabase(url, options.postgresDatabase)
          : url;
        return openDatabase({ url: databaseUrl, poolSize: 4 });
      },
    });
  }
  return backends;
}

/** Creates database `name` on TEST_DATABASE_URL's server if it is missing; returns its URL. */
export async function ensureTestDatabase(url: string, name: string): Promise<string> {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`bad test database name ${name}`);
  const client = postgres(url, { max: 1, onnotice: () => {} });
  try {
    const [exists] = await client`select 1 from pg_database where datname = ${name}`;
    if (!exists) {
      await client.unsafe(`create database "${name}"`).catch((error: { code?: string }) => {
        if (error.code !== "42P04") throw error; // created meanwhile by another run
      });
    }
  } finally {
    await client.end({ timeout: 5 });
  }
  const databaseUrl = new URL(url);
  databaseUrl.pathname = `/${name}`;
  return databaseUrl.toString();
}

export async function clearTables(handle: DatabaseHandle): Promise<void> {
  await handle.db.execute(
    sql`truncate content_pages, short_links, profiles, seed_runs, conversion_events, rate_limits, landing_counts, short_link_clicks_by_day`,
  );
}

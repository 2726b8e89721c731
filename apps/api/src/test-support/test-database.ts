import { getTableName, sql } from "drizzle-orm";
import postgres from "postgres";
import { type DatabaseHandle, openDatabase } from "../db/open-database.ts";
import { schema } from "../db/schema.ts";

/**
 * The database backends the integration suite runs against. Test files run in parallel, so
 * a file that writes to Postgres without clearing it first can ask for its own database
 * (`postgresDatabase`, created on first use next to TEST_DATABASE_URL's and named after it).
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

/**
 * Creates database `<url's database>_<suffix>` on `url`'s server if it is missing; returns its
 * URL. Named after the given database, so runs that each have their own TEST_DATABASE_URL on
 * one server never share (and never migrate) each other's per-file databases.
 */
export async function ensureTestDatabase(url: string, suffix: string): Promise<string> {
  const databaseUrl = new URL(url);
  const name = `${databaseUrl.pathname.slice(1)}_${suffix}`;
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
  databaseUrl.pathname = `/${name}`;
  return databaseUrl.toString();
}

/** Every table of the schema, so a table added there is cleared without a list to keep. */
const everyTable = sql.join(
  Object.values(schema).map((table) => sql.identifier(getTableName(table))),
  sql`, `,
);

export async function clearTables(handle: DatabaseHandle): Promise<void> {
  await handle.db.execute(sql`truncate ${everyTable}`);
}

/**
 * Applies the migrations to DATABASE_URL and exits: the one-off step before new API
 * instances start (compose.yaml's `migrate` service; a release step on other platforms).
 * Instances also migrate at start, under an advisory lock, so this is for speed and for
 * seeing a failed migration on its own rather than as instances that won't start.
 */
import { loadDotEnv } from "../config.ts";
import { describeDatabase } from "./database-identity.ts";
import { openDatabase } from "./open-database.ts";

loadDotEnv();
const url = process.env.DATABASE_URL;
if (!url) {
  process.stderr.write("DATABASE_URL: required (the PostgreSQL server to migrate)\n");
  process.exit(1);
}
process.stderr.write(`database: ${describeDatabase({ DATABASE_URL: url, DATA_DIR: "" })}\n`);
try {
  const database = await openDatabase({ url, poolSize: 1 });
  await database.close();
  process.stderr.write("migrations applied\n");
} catch (error) {
  process.stderr.write(`${(error as Error).message}\n`);
  process.exit(1);
}

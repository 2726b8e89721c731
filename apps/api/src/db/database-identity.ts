import path from "node:path";

/**
 * How an operator is told which database a process uses: the URL without its password,
 * or the embedded folder. Said before anything is written, so a forgotten DATABASE_URL
 * on a deploy box shows up as "embedded" instead of a silent local write.
 */
export function describeDatabase(config: { DATABASE_URL?: string; DATA_DIR: string }): string {
  if (!config.DATABASE_URL) return `embedded, ${displayPath(config.DATA_DIR)}/`;
  const url = new URL(config.DATABASE_URL);
  if (url.password === "") return config.DATABASE_URL;
  url.password = "";
  // URL keeps "user:@host" after clearing the password; drop the stray colon too.
  return `${url.href.replace(/:@/, "@")} (password hidden)`;
}

/** Relative to the working folder when inside it, else absolute. */
export function displayPath(dir: string): string {
  const relative = path.relative(process.cwd(), dir);
  return relative === "" ? "." : relative.startsWith("..") ? dir : relative;
}

/** host:port of a postgres:// URL, for an error that must not print the password. */
export function databaseHost(url: string): string {
  const parsed = new URL(url);
  return `${parsed.hostname}:${parsed.port || "5432"}`;
}

/** Thrown when DATABASE_URL's server can't be reached or refuses us. */
export class DatabaseConnectionError extends Error {
  constructor(url: string, cause: unknown) {
    super(
      `could not connect to the database in DATABASE_URL (host ${databaseHost(url)}): ${(cause as Error).message ?? String(cause)}`,
      { cause },
    );
    this.name = "DatabaseConnectionError";
  }
}

import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll } from "vitest";
import { type CliIo, runCli } from "../admin/run-cli.ts";
import { pgliteDir } from "../db/local-data-dir.ts";
import { type Database, openDatabase } from "../db/open-database.ts";

/**
 * The operator CLI run in this process, as `npx rise-admin …` would run, on an embedded
 * database in a folder of the suite's own (`name`-…), made before its tests and removed after.
 */
export function inProcessCli(name: string) {
  let dataDir = "";
  beforeAll(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), `${name}-`));
  });
  afterAll(() => {
    rmSync(dataDir, { recursive: true, force: true });
  });
  const env = () => ({
    NODE_ENV: "test",
    DATA_DIR: dataDir,
    SITE_URL: "https://www.example.com",
    MY_AREA_URL: "https://my.example.com",
    COMPANY_NAME: "Test Bakery Co.",
  });
  return {
    /** Runs `rise-admin <args>`; the exit code and what it printed. */
    async cli(...args: string[]) {
      const printed: string[] = [];
      const io: CliIo = {
        out: (line) => printed.push(line),
        err: (line) => printed.push(line),
        interactive: false,
        ask: async () => "",
      };
      const code = await runCli(args, env(), io);
      return { code, printed: printed.join("\n") };
    },
    /** Reads the CLI's database between commands: it is the CLI's to open, one at a time. */
    async read<Result>(query: (db: Database) => Promise<Result>): Promise<Result> {
      const handle = await openDatabase({ dataDir: pgliteDir(dataDir), migrate: false });
      try {
        return await query(handle.db);
      } finally {
        await handle.close();
      }
    },
    /** Writes a file `fileName` for a command to read; its path. */
    file(fileName: string, text: string): string {
      const where = path.join(dataDir, fileName);
      writeFileSync(where, text);
      return where;
    },
  };
}

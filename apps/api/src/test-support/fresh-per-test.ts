import { afterAll, afterEach, beforeAll, beforeEach } from "vitest";
import type { ApiDeps } from "../api-deps.ts";
import type { DatabaseHandle } from "../db/open-database.ts";
import { clearTables } from "./test-database.ts";
import { startTestServer, type TestServer } from "./test-server.ts";

type Seed = (handle: DatabaseHandle) => Promise<unknown>;

function opened(handle: DatabaseHandle | undefined): DatabaseHandle {
  if (!handle) throw new Error("the test database opens in the suite's beforeAll");
  return handle;
}

/**
 * Registers a suite's database hooks: opened once before its tests, emptied (then `seed`ed)
 * before each test, closed after them all. Read `.handle` in tests and later hooks.
 */
export function emptyDatabasePerTest(
  open: () => Promise<DatabaseHandle>,
  seed?: Seed,
): { readonly handle: DatabaseHandle } {
  let handle: DatabaseHandle | undefined;
  beforeAll(async () => {
    handle = await open();
  });
  afterAll(async () => {
    await handle?.close();
  });
  beforeEach(async () => {
    await clearTables(opened(handle));
    await seed?.(opened(handle));
  });
  return {
    get handle() {
      return opened(handle);
    },
  };
}

/**
 * emptyDatabasePerTest plus a fresh API instance per test (startTestServer), so what an
 * instance counts in memory (rate limits, clicks) starts at zero in every test.
 */
export function freshTestServerPerTest(
  open: () => Promise<DatabaseHandle>,
  options: { seed?: Seed; overrides?: Partial<ApiDeps> } = {},
): { readonly handle: DatabaseHandle; readonly server: TestServer } {
  const database = emptyDatabasePerTest(open, options.seed);
  let server: TestServer | undefined;
  beforeEach(async () => {
    server = await startTestServer(database.handle, options.overrides);
  });
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });
  return {
    get handle() {
      return database.handle;
    },
    get server() {
      if (!server) throw new Error("the test server runs only during a test");
      return server;
    },
  };
}

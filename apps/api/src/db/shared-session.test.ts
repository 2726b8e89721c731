import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  pgliteDir,
  type SharedDatabaseSocket,
  shareOverSocket,
  socketUrl,
} from "./local-data-dir.ts";
import { type DatabaseHandle, openDatabase } from "./open-database.ts";
import { oneUnitOfWorkAtATime } from "./shared-session.ts";

/** The server's own queries and a CLI's, on one embedded database shared over the socket. */
describe("the embedded database shared over the socket", () => {
  let dataDir: string;
  let server: DatabaseHandle;
  let socket: SharedDatabaseSocket;
  let client: DatabaseHandle;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), "bakery-shared-session-"));
    server = await openDatabase({ dataDir: pgliteDir(dataDir) });
    await server.db.execute(sql`create table notes (id int primary key, body text)`);
    socket = await shareOverSocket(
      server.pglite as NonNullable<DatabaseHandle["pglite"]>,
      dataDir,
      0,
    );
    client = await openDatabase({
      url: socketUrl({ pid: process.pid, host: "127.0.0.1", port: socket.port }),
      migrate: false,
      poolSize: 1,
    });
  });
  afterAll(async () => {
    await client?.close();
    await socket?.stop();
    await server?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** Keeps the server's side busy with queries of its own until the returned stop(). */
  function busyServer() {
    let running = true;
    let count = 0;
    const loop = (async () => {
      while (running) {
        await server.db.execute(sql`select ${count} as n`);
        count++;
        await new Promise((resolve) => setImmediate(resolve));
      }
    })();
    return async () => {
      running = false;
      await loop;
      return count;
    };
  }

  it("never lets the server's queries replace a client's prepared statement", async () => {
    const stop = busyServer();
    const answers: unknown[] = [];
    for (let i = 0; i < 15; i++) {
      answers.push(await client.db.execute(sql`select ${i}::int + ${1}::int as n`));
    }
    expect(await stop()).toBeGreaterThan(0);
    expect(answers).toHaveLength(15);
  });

  it("keeps the server's writes out of a client's open transaction", async () => {
    let serverWrite: Promise<unknown> | undefined;
    await expect(
      client.db.transaction(async (tx) => {
        await tx.execute(sql`insert into notes values (1, 'from the client')`);
        // While the client's transaction is open, the server writes too (then() starts it:
        // Drizzle runs a query only once asked for its result). Its insert is queued for
        // PGlite before the client's next query reaches the socket, so without the client
        // holding the session it would run first, inside this transaction.
        serverWrite = server.db
          .execute(sql`insert into notes values (2, 'from the server')`)
          .then((result) => result);
        const seen = JSON.stringify(await tx.execute(sql`select id from notes order by id`));
        expect(seen).toContain('"id":1');
        expect(seen).not.toContain('"id":2');
        throw new Error("roll back");
      }),
    ).rejects.toThrow("roll back");
    await serverWrite;
    const rows = JSON.stringify(await server.db.execute(sql`select id from notes order by id`));
    // The server's insert waited for the client's transaction, and survived its rollback.
    expect(rows).toContain('"id":2');
    expect(rows).not.toContain('"id":1');
  });
});

describe("oneUnitOfWorkAtATime", () => {
  it("lets go as soon as a client disconnects", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "bakery-shared-session-"));
    const server = await openDatabase({ dataDir: pgliteDir(dataDir) });
    const pglite = server.pglite as NonNullable<DatabaseHandle["pglite"]>;
    const socket = await shareOverSocket(pglite, dataDir, 0);
    try {
      const url = socketUrl({ pid: process.pid, host: "127.0.0.1", port: socket.port });
      const client = await openDatabase({ url, migrate: false, poolSize: 1 });
      await client.db.execute(sql`select 1`);
      await client.close();
      const started = performance.now();
      await pglite.query("select 1");
      expect(performance.now() - started).toBeLessThan(500);
    } finally {
      await socket.stop();
      await server.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it("lets go of a client that stops halfway through a unit of work", async () => {
    const handle = await openDatabase({ dataDir: "memory", migrate: false });
    try {
      const pglite = handle.pglite as NonNullable<DatabaseHandle["pglite"]>;
      const view = oneUnitOfWorkAtATime(pglite, 200);
      // A Parse message with no Sync after it: the unit of work never ends.
      const query = Buffer.from("select 1\0");
      const parse = Buffer.concat([
        Buffer.from("P"),
        Buffer.from([0, 0, 0, 4 + 1 + query.length + 2]),
        Buffer.from("\0"),
        query,
        Buffer.from([0, 0]),
      ]);
      await view.runExclusive(() =>
        view.execProtocolRawStream(new Uint8Array(parse), { onRawData: () => {} }),
      );
      expect(view.isInTransaction()).toBe(true);

      const started = performance.now();
      await pglite.query("select 1");
      expect(performance.now() - started).toBeGreaterThanOrEqual(150);
      expect(view.isInTransaction()).toBe(false);
    } finally {
      await handle.close();
    }
  });
});

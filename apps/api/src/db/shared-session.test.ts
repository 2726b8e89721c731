import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
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
  /** Runs one wire-protocol message from a socket client through the view, as the socket server does. */
  function send(view: PGlite, message: Buffer) {
    return view.runExclusive(() =>
      view.execProtocolRawStream(new Uint8Array(message), { onRawData: () => {} }),
    );
  }

  /** A Parse message with no Sync after it: the unit of work it starts never ends by itself. */
  function parseWithoutSync() {
    const query = Buffer.from("select 1\0");
    return Buffer.concat([
      Buffer.from("P"),
      Buffer.from([0, 0, 0, 4 + 1 + query.length + 2]),
      Buffer.from("\0"),
      query,
      Buffer.from([0, 0]),
    ]);
  }

  /** A simple-protocol Query message. */
  function simpleQuery(text: string) {
    const body = Buffer.from(`${text}\0`);
    return Buffer.concat([Buffer.from("Q"), Buffer.from([0, 0, 0, 4 + body.length]), body]);
  }

  /** The Terminate message a client sends as it disconnects. */
  const terminate = Buffer.from([0x58, 0, 0, 0, 4]);

  it("lets go as soon as a client disconnects", async () => {
    const handle = await openDatabase({ dataDir: "memory", migrate: false });
    try {
      const pglite = handle.pglite as NonNullable<DatabaseHandle["pglite"]>;
      // Abandoning takes an hour here, so only the disconnect itself can let go.
      const view = oneUnitOfWorkAtATime(pglite, 3_600_000);
      await send(view, simpleQuery("begin"));
      expect(view.isInTransaction()).toBe(true);

      await send(view, terminate);
      // The server's own query gets PGlite's lock (the client's transaction is left to it).
      expect(await pglite.query("rollback")).toBeDefined();
      expect(view.isInTransaction()).toBe(false);
    } finally {
      await handle.close();
    }
  });

  it("lets go of a client that stops halfway through a unit of work", async () => {
    const handle = await openDatabase({ dataDir: "memory", migrate: false });
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    try {
      const pglite = handle.pglite as NonNullable<DatabaseHandle["pglite"]>;
      const view = oneUnitOfWorkAtATime(pglite, 200);
      await send(view, parseWithoutSync());
      expect(view.isInTransaction()).toBe(true);

      // Silence short of the limit keeps the client's unit of work; reaching it ends it.
      vi.advanceTimersByTime(199);
      expect(view.isInTransaction()).toBe(true);
      vi.advanceTimersByTime(1);
      expect(view.isInTransaction()).toBe(false);
      expect(await pglite.query("select 1 as n")).toMatchObject({ rows: [{ n: 1 }] });
    } finally {
      // Fires a timer left by a failed assertion above, so close() gets PGlite's lock.
      vi.runOnlyPendingTimers();
      vi.useRealTimers();
      await handle.close();
    }
  });
});

import { sum } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, openDatabase } from "../db/open-database.ts";
import { rateLimits } from "../db/schema.ts";
import { silentLogger } from "../logger.ts";
import { testConfig } from "../test-support/test-server.ts";
import { ROWS_PER_STATEMENT } from "./rate-limit-store.ts";
import { createRateLimiter } from "./rate-limiter.ts";

describe("createRateLimiter", () => {
  let handle: DatabaseHandle;
  // Near the real time: each sync also deletes the windows the database's clock says ended.
  const minute = Date.now() - (Date.now() % 60_000);
  let time = minute + 50_000;
  const limiter = () =>
    createRateLimiter({
      db: handle.db,
      logger: silentLogger,
      config: testConfig,
      syncEveryMs: 3_600_000,
      now: () => time,
    });

  beforeAll(async () => {
    handle = await openDatabase({ dataDir: "memory" });
  });
  afterAll(async () => {
    await handle?.close();
  });

  it("allows perMinute requests per client and window, then says how long to wait", async () => {
    const limits = limiter();
    time = minute + 50_000; // 10 s left in the window
    expect(limits.hit("redirect", "a", 2)).toEqual({ allowed: true });
    expect(limits.hit("redirect", "a", 2)).toEqual({ allowed: true });
    expect(limits.hit("redirect", "a", 2)).toEqual({ allowed: false, retryAfterSeconds: 10 });
    time = minute + 59_500;
    expect(limits.hit("redirect", "a", 2)).toEqual({ allowed: false, retryAfterSeconds: 1 });
    // Other clients and other buckets count apart.
    expect(limits.hit("redirect", "b", 2)).toEqual({ allowed: true });
    expect(limits.hit("events", "a", 2)).toEqual({ allowed: true });
    // A new window starts afresh.
    time = minute + 60_000;
    expect(limits.hit("redirect", "a", 2)).toEqual({ allowed: true });
    await limits.close();
  });

  it("adds its counts to the shared rows, once each, and takes the totals back", async () => {
    await handle.db.delete(rateLimits);
    time = minute + 120_000;
    const first = limiter();
    const second = limiter();
    for (let i = 0; i < 3; i++) first.hit("redirect", "c", 5);
    second.hit("redirect", "c", 5);
    await first.sync();
    await second.sync();
    await first.sync(); // nothing new: nothing added twice
    const [row] = await handle.db.select().from(rateLimits);
    expect(row).toMatchObject({ bucket: "redirect", client: "c", count: 4 });
    expect(row?.windowStart.getTime()).toBe(minute + 120_000);
    // `second` now knows of `first`'s three: one more is the fifth, the next is over.
    expect(second.hit("redirect", "c", 5)).toEqual({ allowed: true });
    expect(second.hit("redirect", "c", 5).allowed).toBe(false);
    await first.close();
    await second.close();
  });

  it("sends each count once when a later statement of a sync fails", async () => {
    await handle.db.delete(rateLimits);
    time = minute + 180_000;
    // More clients than one statement takes, so a sync is two upserts; the second one fails.
    let inserts = 0;
    let failSecond = true;
    const db = new Proxy(handle.db, {
      get(target, property, receiver) {
        if (property !== "insert") return Reflect.get(target, property, receiver);
        return (...args: Parameters<typeof target.insert>) => {
          inserts += 1;
          if (failSecond && inserts === 2) throw new Error("connection lost");
          return target.insert(...args);
        };
      },
    });
    const limits = createRateLimiter({
      db,
      logger: silentLogger,
      config: testConfig,
      syncEveryMs: 3_600_000,
      now: () => time,
    });
    const clients = ROWS_PER_STATEMENT + 10;
    for (let i = 0; i < clients; i++) limits.hit("events", `client-${i}`, 5);

    await limits.sync();
    expect(inserts).toBe(2);
    const [afterFailure] = await handle.db
      .select({ total: sum(rateLimits.count) })
      .from(rateLimits);
    expect(Number(afterFailure?.total)).toBe(ROWS_PER_STATEMENT);

    failSecond = false;
    await limits.sync();
    // Only the ten that did not land went again, and every client's one request counts once.
    expect(inserts).toBe(3);
    const rows = await handle.db.select().from(rateLimits);
    expect(rows).toHaveLength(clients);
    expect(rows.every((row) => row.count === 1)).toBe(true);
    await limits.close();
  });
});

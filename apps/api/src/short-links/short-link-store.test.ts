import { describe, expect, it } from "vitest";
import { DatabaseTimeoutError } from "../db/database-availability.ts";
import { shortLinkClicksByDay } from "../db/schema.ts";
import { silentLogger } from "../logger.ts";
import { emptyDatabasePerTest } from "../test-support/fresh-per-test.ts";
import { testBackends } from "../test-support/test-database.ts";
import { testConfig } from "../test-support/test-server.ts";
import { addShortLinkCounts, findShortLink, putShortLink } from "./short-link-queries.ts";
import { createShortLinkStore } from "./short-link-store.ts";

describe.each(testBackends({ postgresDatabase: "short_link_store" }))(
  "short-link store against $name",
  ({ open }) => {
    const fresh = emptyDatabasePerTest(open, async (handle) => {
      for (const id of ["spring", "summer"]) {
        await putShortLink(handle.db, {
          cat: "promo",
          id,
          target: "/book-demo",
          signInRequired: false,
        });
      }
    });
    // Long intervals: these tests flush by hand.
    const store = (db = fresh.handle.db) =>
      createShortLinkStore({ db, logger: silentLogger, config: testConfig, flushEveryMs: 60_000 });
    const clicks = async (id: string) =>
      (await findShortLink(fresh.handle.db, "promo", id))?.clicks;
    const byDay = () =>
      fresh.handle.db
        .select({
          id: shortLinkClicksByDay.id,
          clicks: shortLinkClicksByDay.clicks,
          scans: shortLinkClicksByDay.scans,
        })
        .from(shortLinkClicksByDay)
        .orderBy(shortLinkClicksByDay.id);

    it("counts clicks in memory and adds them up in one write per flush", async () => {
      const first = store();
      const second = store();
      for (let i = 0; i < 5; i++) await first.countClick("promo", "spring");
      await first.countClick("promo", "summer");
      await second.countClick("promo", "spring");
      expect(await clicks("spring")).toBe(0);

      await Promise.all([first.flush(), second.flush()]);
      expect(await clicks("spring")).toBe(6);
      expect(await clicks("summer")).toBe(1);
      expect((await findShortLink(fresh.handle.db, "promo", "spring"))?.lastClickAt).toBeInstanceOf(
        Date,
      );
      // Nothing is written twice.
      await first.flush();
      expect(await clicks("spring")).toBe(6);
      await first.close();
      await second.close();
    });

    it("counts scans apart from clicks, in the total and in the day's row", async () => {
      const links = store();
      await links.countScan("promo", "spring");
      await links.countClick("promo", "spring");
      await links.countScan("promo", "spring");
      await links.countScan("promo", "summer");
      await links.flush();
      const spring = await findShortLink(fresh.handle.db, "promo", "spring");
      expect(spring).toMatchObject({ clicks: 1, scans: 2 });
      expect(spring?.lastClickAt).toBeInstanceOf(Date);
      // A day with scans only has its row too (clicks + scans > 0).
      await links.countScan("promo", "summer");
      await links.flush();
      expect(await findShortLink(fresh.handle.db, "promo", "summer")).toMatchObject({
        clicks: 0,
        scans: 2,
      });
      expect(await byDay()).toEqual([
        { id: "spring", clicks: 1, scans: 2 },
        { id: "summer", clicks: 0, scans: 2 },
      ]);
      await links.close();
    });

    it("writes the last clicks when closed", async () => {
      const links = store();
      await links.countClick("promo", "spring");
      await links.countClick("promo", "spring");
      await links.close();
      expect(await clicks("spring")).toBe(2);
    });

    it("keeps the clicks of a failed write for the next flush", async () => {
      let down = true;
      const flaky = new Proxy(fresh.handle.db, {
        get: (target, property, receiver) => {
          if (down && property === "transaction") {
            return () => Promise.reject(Object.assign(new Error("down"), { code: "ECONNREFUSED" }));
          }
          return Reflect.get(target, property, receiver);
        },
      });
      const links = store(flaky);
      await links.countClick("promo", "spring");
      await expect(links.flush()).rejects.toThrow("down");
      await links.countClick("promo", "spring");
      down = false;
      await links.flush();
      expect(await clicks("spring")).toBe(2);
      await links.close();
    });

    it("gives up the clicks of a write that timed out, which may still land", async () => {
      let hung = true;
      const slow = new Proxy(fresh.handle.db, {
        get: (target, property, receiver) => {
          if (hung && property === "transaction") return () => new Promise(() => {});
          return Reflect.get(target, property, receiver);
        },
      });
      const links = createShortLinkStore({
        db: slow,
        logger: silentLogger,
        config: { ...testConfig, DATABASE_TIMEOUT_MS: 50 },
        flushEveryMs: 60_000,
      });
      await links.countClick("promo", "spring");
      await expect(links.flush()).rejects.toThrow(DatabaseTimeoutError);
      hung = false;
      await links.countClick("promo", "spring");
      await links.flush();
      expect(await clicks("spring")).toBe(1);
      await links.close();
    });

    it("adds a flush's counts all or none, also over more than one statement", async () => {
      // A thousand links per statement: spring and 999 links that no longer exist in the
      // first, and in the second a count the column cannot hold, so that statement fails.
      const ghosts = Array.from({ length: 999 }, (_, i) => ({
        cat: "promo",
        id: `gone-${i}`,
        clicks: 1,
        scans: 0,
      }));
      const counts = [
        { cat: "promo", id: "spring", clicks: 3, scans: 0 },
        ...ghosts,
        { cat: "promo", id: "summer", clicks: 2 ** 31, scans: 0 },
      ];
      await expect(addShortLinkCounts(fresh.handle.db, counts)).rejects.toThrow();
      expect(await clicks("spring")).toBe(0);
      expect(await byDay()).toEqual([]);

      await addShortLinkCounts(fresh.handle.db, counts.slice(0, -1));
      expect(await clicks("spring")).toBe(3);
    });

    it("reuses a link it read for a short while, and never keeps a miss", async () => {
      const links = createShortLinkStore({
        db: fresh.handle.db,
        logger: silentLogger,
        config: testConfig,
        cacheMs: 60_000,
        flushEveryMs: 60_000,
      });
      expect(await links.find("promo", "spring")).toEqual({
        target: "/book-demo",
        signInRequired: false,
        movedTo: null,
        expiresAt: null,
        fallback: null,
      });
      await putShortLink(fresh.handle.db, {
        cat: "promo",
        id: "spring",
        target: "/pricing",
        signInRequired: true,
      });
      expect((await links.find("promo", "spring"))?.target).toBe("/book-demo");

      expect(await links.find("promo", "autumn")).toBeUndefined();
      await putShortLink(fresh.handle.db, {
        cat: "promo",
        id: "autumn",
        target: "/pricing",
        signInRequired: false,
      });
      expect((await links.find("promo", "autumn"))?.target).toBe("/pricing");
      await links.close();
    });
  },
);

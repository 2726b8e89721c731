import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { activityEntries } from "../db/schema.ts";
import { emptyDatabasePerTest } from "../test-support/fresh-per-test.ts";
import { testBackends } from "../test-support/test-database.ts";
import { cliActor, recordActivity } from "./record-activity.ts";

/** The database itself keeps the activity log append-only (migration 0009), on both backends. */
describe.each(testBackends({ postgresDatabase: "append_only" }))(
  "the activity log on $name",
  ({ open }) => {
    const database = emptyDatabasePerTest(open);

    async function oneEntry(): Promise<number> {
      await database.handle.db.transaction((tx) =>
        recordActivity(tx, cliActor(), {
          kind: "link.created",
          subject: "promo/spring",
          before: null,
          after: { link: "promo/spring" },
        }),
      );
      const [entry] = await database.handle.db.select().from(activityEntries);
      if (!entry) throw new Error("the entry was not recorded");
      return entry.id;
    }

    it("takes new entries", async () => {
      await oneEntry();
      expect(await database.handle.db.$count(activityEntries)).toBe(1);
    });

    it("refuses to change an entry", async () => {
      const id = await oneEntry();
      await expect(
        database.handle.db
          .update(activityEntries)
          .set({ actor: "someone else" })
          .where(eq(activityEntries.id, id)),
      ).rejects.toThrow();
      const [entry] = await database.handle.db.select().from(activityEntries);
      expect(entry?.actor).toMatch(/^CLI on /);
    });

    it("refuses to delete an entry", async () => {
      const id = await oneEntry();
      await expect(
        database.handle.db.delete(activityEntries).where(eq(activityEntries.id, id)),
      ).rejects.toThrow();
      expect(await database.handle.db.$count(activityEntries)).toBe(1);
    });
  },
);

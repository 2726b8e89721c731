import { describe, expect, it } from "vitest";
import { emptyDatabasePerTest } from "../test-support/fresh-per-test.ts";
import { testBackends } from "../test-support/test-database.ts";
import { DatabaseTimeoutError, withDeadline } from "./database-availability.ts";
import { seedRuns } from "./schema.ts";

/**
 * A transaction begun under withDeadline commits only while its caller still waits for it
 * (open-database.ts): the caller that gave up answered 503, "it did not happen".
 */
describe.each(testBackends({ postgresDatabase: "commit_within_deadline" }))(
  "transactions under a deadline, against $name",
  ({ open }) => {
    const database = emptyDatabasePerTest(open);
    const names = async () =>
      (await database.handle.db.select().from(seedRuns)).map(({ name }) => name);

    /** A transaction that writes `name`, then waits until the test lets it finish. */
    function heldWrite(name: string) {
      let finish = () => {};
      const finished = new Promise<void>((resolve) => {
        finish = resolve;
      });
      let transaction: Promise<unknown> = Promise.resolve();
      const begin = () => {
        transaction = database.handle.db.transaction(async (tx) => {
          await tx.insert(seedRuns).values({ name });
          await finished;
        });
        return transaction;
      };
      return { begin, finish, settled: () => transaction };
    }

    it("rolls back, once its work is done, a transaction whose caller's deadline passed", async () => {
      const write = heldWrite("late");
      await expect(withDeadline(write.begin, 50)).rejects.toBeInstanceOf(DatabaseTimeoutError);
      write.finish();
      await expect(write.settled()).rejects.toBeInstanceOf(DatabaseTimeoutError);
      expect(await names()).toEqual([]);
    });

    it("commits a transaction done within its deadline, and one begun without any", async () => {
      const write = heldWrite("in time");
      const answer = withDeadline(write.begin, 60_000);
      write.finish();
      await answer;
      await database.handle.db.transaction((tx) => tx.insert(seedRuns).values({ name: "free" }));
      expect((await names()).toSorted()).toEqual(["free", "in time"]);
    });
  },
);

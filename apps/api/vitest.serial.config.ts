import { defineProject } from "vitest/config";

// Tests that must have the machine, or the Postgres server, to themselves: stopping the
// database cluster, shutting a server down mid-burst, and the load run. One file at a
// time, and only after every other project's files have finished (a higher groupOrder),
// so stopping Postgres can't break another file's tests.
export default defineProject({
  test: {
    name: "api-serial",
    root: import.meta.dirname,
    include: ["src/**/*.serial.test.ts"],
    environment: "node",
    env: { NODE_ENV: "test" },
    fileParallelism: false,
    sequence: { groupOrder: 1 },
    testTimeout: 60_000,
    hookTimeout: 150_000,
  },
});

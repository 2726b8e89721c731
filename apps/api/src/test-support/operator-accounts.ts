import type { DatabaseHandle } from "../db/open-database.ts";
import { profiles } from "../db/schema.ts";
import { fakeToken } from "./test-server.ts";

/** Two operators and a signed-in baker who is not one, as the back office's tests use them. */
export const ann = fakeToken("op-1", "ann@example.com");
export const bob = fakeToken("op-2", "bob@example.com");
export const baker = fakeToken("baker-1");

/** Stores ann's, bob's and the baker's profiles, so their tokens are who they say. */
export const seedBackOfficeAccounts = (handle: DatabaseHandle) =>
  handle.db.insert(profiles).values([
    { uid: "op-1", email: "ann@example.com", status: "active", role: "operator" },
    { uid: "op-2", email: "bob@example.com", status: "active", role: "operator" },
    { uid: "baker-1", email: "baker-1@example.com", status: "active" },
  ]);

/** The one operator the funnel's and the webhooks' tests read the reports as. */
export const operator = fakeToken("op-1");

/** Stores the profile of `operator`, with the operator role. */
export const seedOperator = (handle: DatabaseHandle) =>
  handle.db
    .insert(profiles)
    .values({ uid: "op-1", email: "op-1@example.com", status: "active", role: "operator" });

/**
 * The API the funnel-flood bench measures (bench/funnel-flood.ts), in a process of its own: a
 * report that holds the server's event loop then shows in the health check's answer time, not
 * in the bench's own clock. The real API app on 127.0.0.1 (startTestServer, as the operators'
 * reports bench serves it), a fresh in-memory embedded database holding only the demo operator,
 * the events rate limit raised so one address can send the flood. Sends its parent
 * `{ url, eventsPerMinute }` over IPC and runs until the parent disconnects.
 *
 *   spawned by funnel-flood.ts: node bench/funnel-flood-server.ts (with an IPC channel)
 */
import { DEMO_USERS } from "@bakery/api/demo-data";
import { testBackends } from "@bakery/api/test-support/test-database";
import { startTestServer, testConfig } from "@bakery/api/test-support/test-server";

/** Far above the flood's pace, so the limiter counts the beacons without refusing any. */
const EVENTS_PER_MINUTE = 1_000_000;

export interface FloodServerReady {
  url: string;
  eventsPerMinute: number;
}

const operator = DEMO_USERS.find((user) => user.role === "operator");
const backend = testBackends()[0];
if (!operator || !backend) throw new Error("no demo operator or embedded database");
if (!process.send) throw new Error("start this from bench/funnel-flood.ts (needs an IPC channel)");

const handle = await backend.open();
if (!handle.pglite) throw new Error("expected an embedded database");
await handle.pglite.query(
  "insert into profiles (uid, email, status, role) values ($1, $2, 'active', 'operator')",
  [operator.uid, operator.email],
);
const server = await startTestServer(handle, {
  config: { ...testConfig, RATE_LIMIT_EVENTS_PER_MINUTE: EVENTS_PER_MINUTE },
});
process.once("disconnect", () => {
  void server
    .close()
    .then(() => handle.close())
    .finally(() => process.exit(0));
});
const ready: FloodServerReady = { url: server.url, eventsPerMinute: EVENTS_PER_MINUTE };
process.send(ready);

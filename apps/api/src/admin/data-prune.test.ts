import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { MS_PER_DAY, utcDay } from "@bakery/shared/admin-contract";
import { afterAll, describe, expect, it } from "vitest";
import { pgliteDir } from "../db/local-data-dir.ts";
import { type Database, type DatabaseHandle, openDatabase } from "../db/open-database.ts";
import {
  attributionNames,
  campaignLandingCounts,
  checkoutSessions,
  demoBookings,
  landingCounts,
  shortLinkClicksByDay,
  visitReferences,
} from "../db/schema.ts";
import { addLandingCounts } from "../funnel/landings.ts";
import { putShortLink } from "../short-links/short-link-queries.ts";
import { runAdminCli } from "../test-support/admin-cli.ts";
import { clearTables, ensureTestDatabase } from "../test-support/test-database.ts";

/** `rise-admin data prune`, run as operators run it, on the embedded database and on PostgreSQL. */

const workDir = mkdtempSync(path.join(tmpdir(), "bakery-prune-"));
afterAll(() => rmSync(workDir, { recursive: true, force: true }));

const baseEnv = {
  PATH: process.env.PATH,
  HOME: process.env.HOME,
  NODE_ENV: "test",
  SITE_URL: "https://www.example.com",
  MY_AREA_URL: "https://my.example.com",
  COMPANY_NAME: "Test Bakery Co.",
};

interface Backend {
  name: string;
  /** The CLI's environment and a way to open the same database from the test. */
  prepare(): Promise<{ env: NodeJS.ProcessEnv; open: () => Promise<DatabaseHandle> }>;
}

const backends: Backend[] = [
  {
    name: "the embedded database",
    async prepare() {
      const dataDir = path.join(workDir, "data");
      return {
        env: { ...baseEnv, DATA_DIR: dataDir },
        open: () => openDatabase({ dataDir: pgliteDir(dataDir) }),
      };
    },
  },
];
const postgresUrl = process.env.TEST_DATABASE_URL;
if (postgresUrl) {
  backends.push({
    name: "PostgreSQL",
    async prepare() {
      const url = await ensureTestDatabase(postgresUrl, "data_prune");
      return {
        env: { ...baseEnv, DATA_DIR: path.join(workDir, "unused"), DATABASE_URL: url },
        open: () => openDatabase({ url, poolSize: 1 }),
      };
    },
  });
}

const daysAgo = (days: number) => utcDay(new Date(Date.now() - days * MS_PER_DAY));
const timeDaysAgo = (days: number) => new Date(Date.now() - days * MS_PER_DAY);

/** Rows 500, 200 and 10 days old in every table the prune looks at. */
async function seedAges(db: Database) {
  await putShortLink(db, { cat: "promo", id: "spring", target: "/", signInRequired: false });
  const ages = [500, 200, 10];
  await addLandingCounts(
    db,
    ages.map((age) => ({
      day: daysAgo(age),
      source: "fb",
      medium: "cpc",
      campaign: `campaign-${age}`,
      landing: "/",
      count: 1,
    })),
  );
  await db.insert(demoBookings).values(
    ages.map((age) => ({
      invitee: `https://api.calendly.com/scheduled_events/e${age}/invitees/i${age}`,
      day: daysAgo(age),
      confirmed: true,
    })),
  );
  await db.insert(checkoutSessions).values([
    ...ages.map((age) => ({
      session: `cs_paid_${age}`,
      day: daysAgo(age),
      paidAt: timeDaysAgo(age),
      createdAt: timeDaysAgo(age),
    })),
    // Never paid: judged by when it was stored.
    { session: "cs_unpaid_500", createdAt: timeDaysAgo(500) },
    { session: "cs_unpaid_10", createdAt: timeDaysAgo(10) },
  ]);
  await db.insert(visitReferences).values(
    ages.map((age) => ({
      ref: `ref${age}`.padEnd(22, "x"),
      source: "fb",
      medium: "cpc",
      campaign: `campaign-${age}`,
      createdAt: timeDaysAgo(age),
    })),
  );
  await db.insert(attributionNames).values([
    ...ages.map((age) => ({
      dimension: "campaign",
      name: `campaign-${age}`,
      firstDay: daysAgo(age),
    })),
    // First brought long ago, and still in the counts kept: it stays.
    { dimension: "source", name: "fb", firstDay: daysAgo(500) },
  ]);
  await db
    .insert(shortLinkClicksByDay)
    .values(ages.map((age) => ({ cat: "promo", id: "spring", day: daysAgo(age), clicks: 1 })));
}

async function remaining(db: Database) {
  const days = (rows: Array<{ day: string | null }>) => rows.map((row) => row.day).sort();
  return {
    landingCounts: days(await db.select().from(landingCounts)),
    campaignLandingCounts: days(await db.select().from(campaignLandingCounts)),
    demoBookings: days(await db.select().from(demoBookings)),
    checkoutSessions: (await db.select().from(checkoutSessions)).map((row) => row.session).sort(),
    visitReferences: (await db.select().from(visitReferences)).map((row) => row.ref).sort(),
    attributionNames: (await db.select().from(attributionNames)).map((row) => row.name).sort(),
    shortLinkClicksByDay: days(await db.select().from(shortLinkClicksByDay)),
  };
}

describe.each(backends)("rise-admin data prune on $name", (backend) => {
  it("removes what is older than the retention period, by day or by when it was stored, and nothing on a dry run", async () => {
    const { env, open } = await backend.prepare();
    const seeded = await open();
    try {
      await clearTables(seeded);
      await seedAges(seeded.db);
    } finally {
      // The embedded database is the CLI's to open: one process at a time.
      await seeded.close();
    }
    const read = async () => {
      const handle = await open();
      try {
        return await remaining(handle.db);
      } finally {
        await handle.close();
      }
    };
    const before = await read();
    expect(before.checkoutSessions).toHaveLength(5);

    const dryRun = await runAdminCli(["data", "prune", "--dry-run"], env);
    expect(dryRun).toMatch(/^Dry run:/);
    expect(dryRun).toContain(`Removed the marketing data from before ${daysAgo(400)}`);
    expect(dryRun).toMatch(/^landings by page\s+1$/m);
    expect(await read()).toEqual(before);

    // By default, ATTRIBUTION_RETENTION_DAYS (400 days).
    const pruned = JSON.parse(await runAdminCli(["data", "prune", "--json"], env));
    expect(pruned).toEqual({
      retentionDays: 400,
      before: daysAgo(400),
      removed: {
        landingCounts: 1,
        campaignLandingCounts: 1,
        demoBookings: 1,
        checkoutSessions: 2,
        visitReferences: 1,
        attributionNames: 1,
        shortLinkClicksByDay: 1,
      },
    });

    const shorter = await runAdminCli(["data", "prune", "--days", "100"], env);
    expect(shorter).toContain(`Removed the marketing data from before ${daysAgo(100)}`);
    expect(shorter).toMatch(/^checkout sessions\s+1$/m);

    expect(await read()).toEqual({
      landingCounts: [daysAgo(10)],
      campaignLandingCounts: [daysAgo(10)],
      demoBookings: [daysAgo(10)],
      checkoutSessions: ["cs_paid_10", "cs_unpaid_10"],
      visitReferences: ["ref10".padEnd(22, "x")],
      // "fb" is older than any kept day, but kept landings still carry it.
      attributionNames: ["campaign-10", "fb"],
      shortLinkClicksByDay: [daysAgo(10)],
    });
  });

  it("refuses a period shorter than the server may keep, before opening the database", async () => {
    const { env } = await backend.prepare();
    await expect(runAdminCli(["data", "prune", "--days", "7"], env)).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringMatching(/--days "7" must be a whole number of days from 31 to 3650/),
    });
  });
});

import { MS_PER_DAY, utcDay } from "@bakery/shared/admin-contract";
import { and, eq, sql } from "drizzle-orm";
import type { Logger } from "pino";
import type { Database } from "../db/open-database.ts";
import {
  attributionNames,
  checkoutSessions,
  demoBookings,
  seedRuns,
  shortLinkClicksByDay,
  shortLinks,
} from "../db/schema.ts";
import { attributionDimensions } from "../funnel/attribution-budget.ts";
import { addLandingCounts, type LandingCount } from "../funnel/landings.ts";
import { upsertProfile } from "../profiles/profile-queries.ts";
import { DEMO_LINKS, DEMO_USERS } from "./demo-data.ts";

const SEED_NAME = "local-demo-marketing-v1";
/** How far back the demo funnel goes. */
export const DEMO_MARKETING_DAYS = 28;

/** Where demo visits come from: a daily number of landings on a weekday, and how they convert. */
const DEMO_SOURCES = [
  {
    source: "sms",
    medium: "text",
    campaign: "spring",
    landing: "/book-demo",
    perDay: 14,
    books: 0.12,
    buys: 0.03,
  },
  {
    source: "fb",
    medium: "cpc",
    campaign: "spring",
    landing: "/",
    perDay: 40,
    books: 0.05,
    buys: 0.012,
  },
  {
    source: "google",
    medium: "cpc",
    campaign: "bakery-software",
    landing: "/pricing",
    perDay: 25,
    books: 0.07,
    buys: 0.025,
  },
  {
    source: "newsletter",
    medium: "email",
    campaign: "march-news",
    landing: "/",
    perDay: 9,
    books: 0.09,
    buys: 0.02,
  },
  {
    source: "google.com",
    medium: "",
    campaign: "",
    landing: "/",
    perDay: 30,
    books: 0.03,
    buys: 0.01,
  },
  {
    source: "instagram.com",
    medium: "",
    campaign: "",
    landing: "/pricing",
    perDay: 6,
    books: 0.02,
    buys: 0,
  },
] as const;

/** The public demo links' daily clicks on a weekday. */
const DEMO_LINK_CLICKS = DEMO_LINKS.filter((link) => !link.signInRequired).map(({ cat, id }) => ({
  cat,
  id,
  perDay: 12,
}));

/** Deterministic "randomness", so every newcomer's dashboard looks the same. */
function pseudoRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1_664_525 + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

/** The demo campaigns' names, registered as first brought on the first day seeded. */
function seededNames(midnight: number): Array<typeof attributionNames.$inferInsert> {
  const firstDay = utcDay(new Date(midnight - DEMO_MARKETING_DAYS * MS_PER_DAY));
  const names = new Map<string, typeof attributionNames.$inferInsert>();
  for (const visit of DEMO_SOURCES) {
    for (const dimension of attributionDimensions) {
      const name = visit[dimension];
      if (name !== "") names.set(`${dimension}:${name}`, { dimension, name, firstDay });
    }
  }
  return [...names.values()];
}

/**
 * A few weeks of plausible landings, booked demos, paid checkouts and short-link clicks for
 * the demo campaigns, ending yesterday, so the operator's dashboard is alive on the first
 * start. The demos are confirmed by the scheduling provider, so they count whichever way
 * bookings are counted, and the campaigns' names are registered as the landings' own. Also gives the demo operator their role in a database seeded before
 * roles existed. Runs once per database (seed_runs); returns false if it had already run.
 */
export async function seedDemoMarketing(
  db: Database,
  logger: Logger,
  today: Date = new Date(),
): Promise<boolean> {
  const [done] = await db.select().from(seedRuns).where(eq(seedRuns.name, SEED_NAME));
  if (done) return false;

  const random = pseudoRandom(17);
  const midnight = Date.parse(`${utcDay(today)}T00:00:00Z`);
  const landings: LandingCount[] = [];
  const bookings: Array<typeof demoBookings.$inferInsert> = [];
  const checkouts: Array<typeof checkoutSessions.$inferInsert> = [];
  const clicks: Array<typeof shortLinkClicksByDay.$inferInsert> = [];
  for (let back = DEMO_MARKETING_DAYS; back >= 1; back--) {
    const start = midnight - back * MS_PER_DAY;
    const day = utcDay(new Date(start));
    const weekday = new Date(start).getUTCDay();
    // Bakers read their phones early in the week and not much at weekends.
    const busy = weekday === 0 || weekday === 6 ? 0.45 : weekday <= 2 ? 1.2 : 1;
    const vary = (perDay: number) => Math.round(perDay * busy * (0.7 + random() * 0.6));
    for (const visit of DEMO_SOURCES) {
      const count = vary(visit.perDay);
      if (count === 0) continue;
      landings.push({ day, ...visit, count });
      const names = { source: visit.source, medium: visit.medium, campaign: visit.campaign };
      for (const [kind, rate] of [
        ["booking", visit.books],
        ["checkout", visit.buys],
      ] as const) {
        for (let i = 0; i < count; i++) {
          if (random() >= rate) continue;
          const at = new Date(start + Math.floor(random() * MS_PER_DAY));
          const seedId = `demo-seed-${bookings.length + checkouts.length + 1}`;
          const times = { createdAt: at, updatedAt: at };
          if (kind === "booking") {
            bookings.push({
              invitee: `https://api.calendly.com/scheduled_events/${seedId}/invitees/${seedId}`,
              day,
              ...names,
              attributedBy: "reference",
              landing: visit.landing,
              confirmed: true,
              ...times,
            });
          } else {
            checkouts.push({ session: `cs_${seedId}`, day, ...names, paidAt: at, ...times });
          }
        }
      }
    }
    for (const link of DEMO_LINK_CLICKS) {
      const count = vary(link.perDay);
      if (count > 0) clicks.push({ cat: link.cat, id: link.id, day, clicks: count });
    }
  }

  await db.transaction(async (tx) => {
    for (const user of DEMO_USERS) {
      if (user.role) await upsertProfile(tx, { uid: user.uid, email: user.email, role: user.role });
    }
    await addLandingCounts(tx, landings);
    await tx.insert(attributionNames).values(seededNames(midnight)).onConflictDoNothing();
    if (bookings.length > 0) await tx.insert(demoBookings).values(bookings).onConflictDoNothing();
    if (checkouts.length > 0) {
      await tx.insert(checkoutSessions).values(checkouts).onConflictDoNothing();
    }
    for (const link of DEMO_LINK_CLICKS) {
      const days = clicks.filter((row) => row.cat === link.cat && row.id === link.id);
      const total = days.reduce((sum, row) => sum + row.clicks, 0);
      // Only while the demo link is still there: an operator may have removed it.
      const updated = await tx
        .update(shortLinks)
        .set({
          clicks: sql`${shortLinks.clicks} + ${total}`,
          lastClickAt: sql`coalesce(${shortLinks.lastClickAt}, ${new Date(midnight - MS_PER_DAY / 3).toISOString()}::timestamptz)`,
        })
        .where(and(eq(shortLinks.cat, link.cat), eq(shortLinks.id, link.id)))
        .returning({ cat: shortLinks.cat });
      if (updated.length > 0)
        await tx.insert(shortLinkClicksByDay).values(days).onConflictDoNothing();
    }
    await tx.insert(seedRuns).values({ name: SEED_NAME }).onConflictDoNothing();
  });
  logger.info(
    { days: DEMO_MARKETING_DAYS, landings: landings.reduce((sum, row) => sum + row.count, 0) },
    "demo marketing data seeded",
  );
  return true;
}

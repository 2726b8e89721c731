/**
 * The sections of `npm run bench` other than the pages (pages-bench.ts): each measures the
 * servers it is given and returns its part of latest.json. `previous`, where a section takes one,
 * is the previous release's server, measured in the same rounds (`--against`); the sections under
 * load start servers of their own from it (api-throughput.ts).
 */
import { DEMO_LINKS, DEMO_PASSWORD, DEMO_USERS, demoLinkTarget } from "@bakery/api/demo-data";
import type { AuthEmulator } from "../scripts/auth-emulator.ts";
import { ADMIN_BENCH_DAYS, ADMIN_BENCH_LANDINGS, measureAdminReports } from "./admin-reports.ts";
import { demoIdToken, measureApi, type Release, type RunningServer } from "./api-throughput.ts";
import { type BenchServer, builtSiteConfig } from "./bench-server.ts";
import {
  FLOOD_CONCURRENCY,
  FLOOD_LANDINGS,
  HEALTH_CHECK_GAP_MS,
  measureFunnelFlood,
} from "./funnel-flood.ts";
import type { BenchResults } from "./report.ts";
import { flags, routes, runs } from "./run-flags.ts";
import { DEMO_LINK, measureShortLinkTimings, measureSignedInLink } from "./short-link-timing.ts";
import { measureWidgetTimings } from "./widget-timing.ts";

export const log = (message: string) => console.log(`[bench] ${message}`);
const now = () => new Date().toISOString();

/** The previous release's server, when comparing. */
export interface Previous {
  origin: string;
  sha: string;
  /** Starts another server of either release, for the sections under load (api-throughput.ts). */
  startServer(release: Release): Promise<RunningServer>;
}

/** A content page an operator might add: a title, and a few screens of text. */
const benchPage = {
  handle: "opening-hours",
  title: "Opening hours",
  markdown: "## Every day\n\nWe bake from 6 am and open the shop at 7 am.\n\n".repeat(12),
};

export async function benchShortLinks(
  server: BenchServer,
  emulatorStarting: Promise<AuthEmulator> | undefined,
): Promise<BenchResults["shortLinks"]> {
  const linkRuns = flags.quick ? 1 : 3;
  await server.putContentPage(benchPage);
  log(`short link time to target, ${linkRuns} run(s) each way`);
  const results = await measureShortLinkTimings({
    origin: server.origin,
    link: DEMO_LINK.path,
    targetPath: DEMO_LINK.target,
    unknownLink: { link: "/to/promo/no-such-link", message: "This link doesn't exist" },
    missingPage: { link: "/page/no-such-page", message: "Page not found" },
    contentPage: { link: `/page/${benchPage.handle}`, message: benchPage.title },
    runs: linkRuns,
  });
  const emulator = await emulatorStarting?.catch(() => undefined);
  if (emulator && emulator.host === builtSiteConfig.FIREBASE_AUTH_EMULATOR_HOST) {
    log(`a link behind sign-in, signed in, ${linkRuns} run(s)`);
    const user = DEMO_USERS.find((candidate) => candidate.status === "active" && !candidate.role);
    const link = DEMO_LINKS.find((candidate) => candidate.signInRequired);
    if (!user || !link) throw new Error("no active demo user or link behind sign-in to measure");
    results.signedInLink = await measureSignedInLink({
      origin: server.origin,
      link: `/to/${link.cat}/${link.id}`,
      target: demoLinkTarget(link.target, builtSiteConfig.MY_AREA_URL),
      email: user.email,
      password: DEMO_PASSWORD,
      runs: linkRuns,
    });
  } else {
    log(
      `a link behind sign-in, signed in: skipped (the site's build talks to the Auth emulator at ${builtSiteConfig.FIREBASE_AUTH_EMULATOR_HOST}, which ${emulator ? "was in use" : "did not start"})`,
    );
  }
  return { measuredAt: now(), settings: { runs: linkRuns }, results };
}

export async function benchWidgets(
  server: BenchServer,
  previous: Previous | undefined,
): Promise<BenchResults["widgets"]> {
  log(`time to widget, ${runs} run(s) per route${previous ? " on each server" : ""}`);
  return {
    measuredAt: now(),
    settings: { runs, ...(previous && { previous: previous.sha }) },
    results: await measureWidgetTimings({
      origin: server.origin,
      previousOrigin: previous?.origin,
      runs,
      routes,
    }),
  };
}

/** Short rounds, each server in turn: with a previous release, 2 s rounds, twice as many. */
function loadSettings(previous: Previous | undefined) {
  const rounds = flags.quick ? 1 : 3;
  const durationSeconds = flags.quick ? 2 : 4;
  return {
    connections: 64,
    durationSeconds: previous ? Math.max(2, durationSeconds / 2) : durationSeconds,
    rounds: previous ? rounds * 2 : rounds,
  };
}

const fresh = "; both releases' servers started for it, the current code's again halfway";

export async function benchApi(
  server: BenchServer,
  emulator: AuthEmulator,
  previous: Previous | undefined,
): Promise<BenchResults["api"]> {
  const user = DEMO_USERS.find((candidate) => candidate.status === "active") ?? DEMO_USERS[0];
  if (!user) throw new Error("no demo user to sign in");
  const token = await demoIdToken(emulator.host, user.email, DEMO_PASSWORD);
  const settings = loadSettings(previous);
  log(
    `API load: ${settings.rounds} round(s) × ${settings.durationSeconds} s per server and endpoint, ${settings.connections} connections${previous ? fresh : ""}`,
  );
  const results = await measureApi({
    servers: previous ? { start: previous.startServer } : { origin: server.origin },
    ...settings,
    endpoints: [
      { name: "GET /api/p/privacy-policy", path: "/api/p/privacy-policy", hasTarget: true },
      {
        name: "GET /api/redirect/promo/spring",
        path: "/api/redirect/promo/spring",
        hasTarget: true,
      },
      {
        name: "GET /api/me (signed in)",
        path: "/api/me",
        headers: { Authorization: `Bearer ${token}` },
        hasTarget: false,
      },
    ],
  });
  return {
    measuredAt: now(),
    settings: { ...settings, ...(previous && { previous: previous.sha }) },
    results,
  };
}

/** The prerendered landing page as our server sends it, plain and brotli. */
export async function benchStatic(
  server: BenchServer,
  previous: Previous | undefined,
): Promise<BenchResults["staticPages"]> {
  const settings = loadSettings(previous);
  log(
    `static pages under load: ${settings.rounds} round(s) × ${settings.durationSeconds} s per server and variant, ${settings.connections} connections${previous ? fresh : ""}`,
  );
  const results = await measureApi({
    servers: previous ? { start: previous.startServer } : { origin: server.origin },
    ...settings,
    endpoints: [
      { name: "GET / (uncompressed)", path: "/", hasTarget: true },
      {
        name: "GET / (brotli)",
        path: "/",
        headers: { "Accept-Encoding": "br, gzip" },
        hasTarget: true,
      },
    ],
  });
  return {
    measuredAt: now(),
    settings: { ...settings, ...(previous && { previous: previous.sha }) },
    results,
  };
}

export async function benchAdminReports(): Promise<BenchResults["adminReports"]> {
  const requests = flags.quick ? 50 : 300;
  log(
    `operators' reports: seeding ${ADMIN_BENCH_LANDINGS.toLocaleString("en-US")} landings, then ${requests} requests per report`,
  );
  const { data, results } = await measureAdminReports({ requests });
  return { measuredAt: now(), settings: { days: ADMIN_BENCH_DAYS, requests }, data, results };
}

export async function benchFunnelFlood(): Promise<BenchResults["funnelFlood"]> {
  const requestsPerRange = flags.quick ? 2 : 5;
  log(
    `funnel under a flood: ${FLOOD_LANDINGS.toLocaleString("en-US")} landing beacons under distinct campaign names, then ${requestsPerRange} report requests per range`,
  );
  const { data, results, eventsPerMinute } = await measureFunnelFlood({ requestsPerRange });
  return {
    measuredAt: now(),
    settings: {
      landings: FLOOD_LANDINGS,
      concurrency: FLOOD_CONCURRENCY,
      requestsPerRange,
      healthCheckGapMs: HEALTH_CHECK_GAP_MS,
      eventsPerMinute,
    },
    data,
    results,
  };
}

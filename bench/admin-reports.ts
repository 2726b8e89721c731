/**
 * The operators' funnel report over a large volume: 1,000,000 landings in 90 days from
 * 30 campaigns, each reaching visitors through 2 of 5 sources (an ad runs on a channel or
 * two) and landing on any of 8 pages, every day: 43,200 daily count rows with the page,
 * 5,400 per campaign and source; plus 40,000 conversions. Seeded into the embedded database
 * (PGlite, in memory) here and nowhere else. The real API app answers over loopback HTTP;
 * requests go one at a time, as a person's dashboard sends them, after a warm-up. The
 * operator's token is a test token (test-support's fake verifier): the time measured is
 * the route's, its operator check included, without Firebase's signature check.
 */

import { clearTables, testBackends } from "@bakery/api/test-support/test-database";
import { fakeToken, startTestServer } from "@bakery/api/test-support/test-server";
import { MS_PER_DAY, utcDay } from "@bakery/shared/admin-contract";

export const ADMIN_BENCH_LANDINGS = 1_000_000;
export const ADMIN_BENCH_DAYS = 90;
/** Demos booked (three in four) and checkouts paid, spread evenly over the days. */
const ADMIN_BENCH_CONVERSIONS = 40_000;
const CAMPAIGNS = 30;
const PAGES = 8;
const SOURCES = 5;
/** How many of the sources each campaign runs on. */
const SOURCES_PER_CAMPAIGN = 2;

export interface AdminReportTiming {
  name: string;
  path: string;
  requests: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

export interface AdminBenchData {
  landings: number;
  landingRows: number;
  conversions: number;
}

/** The value below which `share` of the sorted `values` fall (nearest rank). */
function percentile(sorted: number[], share: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)] ?? Number.NaN;
}

const day = (offset: number) => utcDay(new Date(Date.UTC(2026, 0, 1) + offset * MS_PER_DAY));

export async function measureAdminReports(options: { requests: number }): Promise<{
  data: AdminBenchData;
  results: AdminReportTiming[];
}> {
  const backend = testBackends()[0];
  if (!backend) throw new Error("no embedded database");
  const handle = await backend.open();
  const pglite = handle.pglite;
  if (!pglite) throw new Error("expected an embedded database");
  try {
    await clearTables(handle);
    const rows = ADMIN_BENCH_DAYS * CAMPAIGNS * PAGES * SOURCES_PER_CAMPAIGN;
    const base = Math.floor(ADMIN_BENCH_LANDINGS / rows);
    const extra = ADMIN_BENCH_LANDINGS - base * rows;
    // Every combination every day; the first `extra` rows get one landing more, so the
    // total is exactly ADMIN_BENCH_LANDINGS.
    await pglite.exec(`
      insert into landing_counts (day, source, medium, campaign, landing, count)
      select day, source, medium, campaign, landing,
             ${base} + case when row_number() over () <= ${extra} then 1 else 0 end
      from (
        select (date '${day(0)}' + d) as day, 'source-' || ((c + k) % ${SOURCES} + 1) as source,
               'medium-' || (((c + k) % ${SOURCES} + 1) % 3) as medium,
               'campaign-' || c as campaign, '/page-' || p as landing
        from generate_series(0, ${ADMIN_BENCH_DAYS - 1}) d, generate_series(1, ${CAMPAIGNS}) c,
             generate_series(1, ${PAGES}) p, generate_series(0, ${SOURCES_PER_CAMPAIGN - 1}) k
      ) combinations;
      create temporary table bench_conversions as
      select i, (date '${day(0)}' + (i * ${ADMIN_BENCH_DAYS}) / ${ADMIN_BENCH_CONVERSIONS + 1}) as day,
             'source-' || ((i % ${CAMPAIGNS} + 1 + i % ${SOURCES_PER_CAMPAIGN}) % ${SOURCES} + 1) as source,
             'medium-' || (((i % ${CAMPAIGNS} + 1 + i % ${SOURCES_PER_CAMPAIGN}) % ${SOURCES} + 1) % 3) as medium,
             'campaign-' || (i % ${CAMPAIGNS} + 1) as campaign, '/page-' || (i % ${PAGES} + 1) as landing
      from generate_series(1, ${ADMIN_BENCH_CONVERSIONS}) i;
      insert into campaign_landing_counts (day, source, medium, campaign, count)
      select day, source, medium, campaign, sum(count) from landing_counts
      group by day, source, medium, campaign;
      insert into demo_bookings (invitee, day, source, medium, campaign, attributed_by, landing, confirmed)
      select 'https://api.calendly.com/scheduled_events/bench/invitees/' || i, day, source, medium,
             campaign, 'reference', landing, true
      from bench_conversions where i % 4 <> 0;
      insert into checkout_sessions (session, day, source, medium, campaign, paid_at)
      select 'cs_bench_' || i, day, source, medium, campaign, day::timestamptz
      from bench_conversions where i % 4 = 0;
      insert into profiles (uid, email, status, role)
      values ('bench-operator', 'bench-operator@example.com', 'active', 'operator');
      analyze;`);
    const counted = await pglite.query<{ landings: number; rows: number; conversions: number }>(
      `select (select sum(count)::int from landing_counts) as landings,
              (select count(*)::int from landing_counts) as rows,
              (select count(*)::int from demo_bookings)
                + (select count(*)::int from checkout_sessions) as conversions`,
    );
    const [totals] = counted.rows;
    if (totals?.landings !== ADMIN_BENCH_LANDINGS) {
      throw new Error(`seeded ${totals?.landings} landings, not ${ADMIN_BENCH_LANDINGS}`);
    }

    const server = await startTestServer(handle);
    try {
      const headers = { Authorization: `Bearer ${fakeToken("bench-operator")}` };
      const range = `from=${day(0)}&to=${day(ADMIN_BENCH_DAYS - 1)}`;
      const endpoints = [
        { name: "GET /api/admin/funnel (90 days, by campaign)", path: `/admin/funnel?${range}` },
        {
          name: "GET /api/admin/funnel (90 days, by source)",
          path: `/admin/funnel?${range}&by=source`,
        },
        { name: "GET /api/admin/links (90 days)", path: `/admin/links?${range}` },
      ];
      const results: AdminReportTiming[] = [];
      for (const endpoint of endpoints) {
        const once = async () => {
          const started = performance.now();
          const response = await fetch(`${server.url}${endpoint.path}`, { headers });
          await response.arrayBuffer();
          if (response.status !== 200) throw new Error(`${endpoint.name}: ${response.status}`);
          return performance.now() - started;
        };
        for (let i = 0; i < 10; i++) await once();
        const times: number[] = [];
        for (let i = 0; i < options.requests; i++) times.push(await once());
        times.sort((a, b) => a - b);
        results.push({
          name: endpoint.name,
          path: `/api${endpoint.path}`,
          requests: options.requests,
          p50: percentile(times, 0.5),
          p95: percentile(times, 0.95),
          p99: percentile(times, 0.99),
          max: times.at(-1) ?? Number.NaN,
        });
      }
      return {
        data: {
          landings: totals.landings,
          landingRows: totals.rows,
          conversions: totals.conversions,
        },
        results,
      };
    } finally {
      await server.close();
    }
  } finally {
    await handle.close();
  }
}

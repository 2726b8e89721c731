import { placeholdersFromConfig, renderPageSource } from "@bakery/content/render-page";
import { readSeedPageSource } from "@bakery/content/seed-page-files";
import { SEED_PAGES } from "@bakery/content/seed-pages";
import { eq } from "drizzle-orm";
import type { Logger } from "pino";
import type { ServerConfig } from "../config.ts";
import { putContentPage } from "../content-pages/content-page-queries.ts";
import type { Database } from "../db/open-database.ts";
import { profiles, seedRuns } from "../db/schema.ts";
import { prepareLinkTarget } from "../short-links/prepare-link-target.ts";
import { putShortLink } from "../short-links/short-link-queries.ts";
import { DEMO_LINKS, DEMO_USERS, demoLinkTarget } from "./demo-data.ts";

const SEED_NAME = "local-demo-v1";

/** Who the pages' first revisions name: the seed is no one's edit. */
const SEED_AUTHOR = { name: "local demo seed", uid: null };

/**
 * Fills a fresh local database with the legal pages, demo links and demo profiles.
 * Runs once per database (recorded in seed_runs), so operator edits made later with
 * the admin CLI are never overwritten by a restart. Returns false if it had already run.
 */
export async function seedLocalDatabase(
  db: Database,
  config: ServerConfig,
  logger: Logger,
): Promise<boolean> {
  const [done] = await db.select().from(seedRuns).where(eq(seedRuns.name, SEED_NAME));
  if (done) return false;

  // Render everything first, so a bad file or target leaves the database untouched.
  const placeholders = placeholdersFromConfig(config);
  const pages = await Promise.all(
    SEED_PAGES.map(async (page) => {
      const source = await readSeedPageSource(page);
      return {
        handle: page.handle,
        title: page.title,
        subtitle: page.subtitle,
        format: "markdown" as const,
        source,
        html: renderPageSource(source, "markdown", placeholders),
      };
    }),
  );
  const policy = { siteOrigin: config.siteOrigin, allowedHosts: config.redirectAllowedHosts };
  const links = DEMO_LINKS.map((link) => {
    const target = demoLinkTarget(link.target, config.MY_AREA_URL);
    const prepared = prepareLinkTarget(target, link.utm, policy);
    if (!prepared.ok) throw new Error(`demo link ${link.cat}/${link.id}: ${prepared.reason}`);
    return {
      cat: link.cat,
      id: link.id,
      target: prepared.target,
      signInRequired: link.signInRequired,
      utmSource: "source" in link.utm ? link.utm.source : null,
      utmMedium: "medium" in link.utm ? link.utm.medium : null,
      utmCampaign: "campaign" in link.utm ? link.utm.campaign : null,
    };
  });

  await db.transaction(async (tx) => {
    for (const page of pages) await putContentPage(tx, page, SEED_AUTHOR);
    for (const link of links) await putShortLink(tx, link);
    for (const user of DEMO_USERS) {
      await tx.insert(profiles).values(user).onConflictDoNothing();
    }
    await tx.insert(seedRuns).values({ name: SEED_NAME }).onConflictDoNothing();
  });
  logger.info({ pages: pages.length, links: links.length }, "local demo data seeded");
  return true;
}

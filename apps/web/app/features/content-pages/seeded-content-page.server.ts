import privacyPolicySource from "@bakery/content/pages/privacy-policy.md?raw";
import termsOfServiceSource from "@bakery/content/pages/terms-of-service.md?raw";
// The same renderer and page list the API seeds its database with, so the prerendered
// text is what GET /api/p/:handle answers until an operator edits the page.
import { placeholdersFromConfig, renderPageSource } from "@bakery/content/render-page";
import { SEED_PAGES } from "@bakery/content/seed-pages";
import type { ContentPage } from "@bakery/shared/api-contract";
import { siteConfig } from "#app/site-config.ts";
import type { LegalHandle } from "./content-page-view.tsx";

const sources: Record<LegalHandle, string> = {
  "privacy-policy": privacyPolicySource,
  "terms-of-service": termsOfServiceSource,
};

/**
 * A legal page as the API serves it after seeding, rendered at build time (prerendering
 * only: the browser never loads this module). The page shows it at once and refreshes it
 * from the API once the app runs, so an operator's edit still shows.
 */
export function seededContentPage(handle: LegalHandle): ContentPage {
  const page = SEED_PAGES.find((candidate) => candidate.handle === handle);
  if (!page) throw new Error(`no seeded page "${handle}"`);
  return {
    title: page.title,
    subtitle: page.subtitle,
    content: renderPageSource(sources[handle], "markdown", placeholdersFromConfig(siteConfig)),
  };
}

import { OperatorDashboard } from "#app/features/dashboard/operator-dashboard.tsx";
import { BackOfficeNav } from "#app/layout/back-office-nav.tsx";
import { OperatorOnly } from "#app/layout/operator-only.tsx";
import { pageMeta } from "#app/seo/page-meta.ts";
import { siteConfig } from "#app/site-config.ts";

export const meta = () =>
  pageMeta({
    title: "Marketing dashboard",
    description: `How ${siteConfig.PRODUCT_NAME}'s campaigns and short links are doing.`,
    canonicalPath: "/dashboard",
    // For the team only: never in search results, never prerendered, not in the sitemap.
    noindex: true,
  });

/**
 * The team's marketing dashboard (issue 17): rendered in the browser only, from the SPA
 * fallback, as its own chunk, so no public page carries its code.
 */
export default function Dashboard() {
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-10 sm:px-6 md:py-14">
      <h1 className="font-semibold text-3xl text-ink sm:text-4xl">Marketing dashboard</h1>
      <OperatorOnly>
        <BackOfficeNav current="dashboard" />
        <OperatorDashboard />
      </OperatorOnly>
    </div>
  );
}

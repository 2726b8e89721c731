import { ActivityLog } from "#app/features/dashboard/activity-log.tsx";
import { BackOfficeNav } from "#app/layout/back-office-nav.tsx";
import { OperatorOnly } from "#app/layout/operator-only.tsx";
import { pageMeta } from "#app/seo/page-meta.ts";

export const meta = () =>
  pageMeta({
    title: "Activity",
    description: "Every change the team made to the short links, who made it and when.",
    canonicalPath: "/dashboard/activity",
    // For the team only, like the dashboard: never in search results, never prerendered.
    noindex: true,
  });

/**
 * The team's activity log (issue 41): every change, from the browser or the CLI, newest
 * first. Rendered in the browser only, from the SPA fallback, as its own chunk.
 */
export default function DashboardActivity() {
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-10 sm:px-6 md:py-14">
      <h1 className="font-semibold text-3xl text-ink sm:text-4xl">Activity</h1>
      <OperatorOnly>
        <BackOfficeNav current="activity" />
        <ActivityLog />
      </OperatorOnly>
    </div>
  );
}

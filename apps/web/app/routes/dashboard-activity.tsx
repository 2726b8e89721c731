import { ActivityLog } from "#app/features/dashboard/activity-log.tsx";
import { BackOfficeFrame, backOfficeMeta } from "#app/features/dashboard/back-office-frame.tsx";

export const meta = () =>
  backOfficeMeta({
    title: "Activity",
    description:
      "Every change the team made to the short links, the site's pages and the team, who made it and when.",
    canonicalPath: "/dashboard/activity",
  });

/**
 * The team's activity log (issue 41): every change, from the browser or the CLI, newest
 * first. Rendered in the browser only, from the SPA fallback, as its own chunk.
 */
export default function DashboardActivity() {
  return (
    <BackOfficeFrame heading="Activity" current="activity">
      <ActivityLog />
    </BackOfficeFrame>
  );
}

import { BackOfficeFrame, backOfficeMeta } from "#app/features/dashboard/back-office-frame.tsx";
import { OperatorDashboard } from "#app/features/dashboard/operator-dashboard.tsx";
import { siteConfig } from "#app/site-config.ts";

export const meta = () =>
  backOfficeMeta({
    title: "Marketing dashboard",
    description: `How ${siteConfig.PRODUCT_NAME}'s campaigns and short links are doing.`,
    canonicalPath: "/dashboard",
  });

/**
 * The team's marketing dashboard (issue 17): rendered in the browser only, from the SPA
 * fallback, as its own chunk, so no public page carries its code.
 */
export default function Dashboard() {
  return (
    <BackOfficeFrame heading="Marketing dashboard" current="dashboard">
      <OperatorDashboard />
    </BackOfficeFrame>
  );
}

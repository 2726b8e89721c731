import { useAuth } from "#app/features/auth/auth-context.tsx";
import { BackOfficeFrame, backOfficeMeta } from "#app/features/dashboard/back-office-frame.tsx";
import { TeamScreen } from "#app/features/dashboard/team-screen.tsx";
import { myAreaHome } from "#app/lib/my-area-home.ts";
import { siteConfig } from "#app/site-config.ts";

export const meta = () =>
  backOfficeMeta({
    title: "Team",
    description: `Who runs ${siteConfig.PRODUCT_NAME}'s back office, and giving a colleague access.`,
    canonicalPath: "/dashboard/team",
  });

/**
 * The team (issue 41): who has the operator role, giving it to a colleague by e-mail and
 * taking it away. Rendered in the browser only, from the SPA fallback, as its own chunk.
 */
export default function DashboardTeam() {
  const { state } = useAuth();
  return (
    <BackOfficeFrame heading="Team" current="team">
      <p className="max-w-3xl text-cocoa">
        Operators see the dashboard and the activity log, make short links, edit the site's pages,
        and give or take this role. Every change here is in the activity log.
      </p>
      <TeamScreen
        yourEmail={state?.kind === "signed-in" ? state.email : null}
        accountHome={myAreaHome(siteConfig.MY_AREA_URL)}
      />
    </BackOfficeFrame>
  );
}

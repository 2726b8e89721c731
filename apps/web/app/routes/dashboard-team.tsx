import { useAuth } from "#app/features/auth/auth-context.tsx";
import { TeamScreen } from "#app/features/dashboard/team-screen.tsx";
import { BackOfficeNav } from "#app/layout/back-office-nav.tsx";
import { OperatorOnly } from "#app/layout/operator-only.tsx";
import { myAreaHome } from "#app/lib/my-area-home.ts";
import { pageMeta } from "#app/seo/page-meta.ts";
import { siteConfig } from "#app/site-config.ts";

export const meta = () =>
  pageMeta({
    title: "Team",
    description: `Who runs ${siteConfig.PRODUCT_NAME}'s back office, and giving a colleague access.`,
    canonicalPath: "/dashboard/team",
    // For the team only, like the dashboard: never in search results, never prerendered.
    noindex: true,
  });

/**
 * The team (issue 41): who has the operator role, giving it to a colleague by e-mail and
 * taking it away. Rendered in the browser only, from the SPA fallback, as its own chunk.
 */
export default function DashboardTeam() {
  const { state } = useAuth();
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-10 sm:px-6 md:py-14">
      <h1 className="font-semibold text-3xl text-ink sm:text-4xl">Team</h1>
      <OperatorOnly>
        <BackOfficeNav current="team" />
        <p className="max-w-3xl text-cocoa">
          Operators see the dashboard and the activity log, make short links, edit the site's pages,
          and give or take this role. Every change here is in the activity log.
        </p>
        <TeamScreen
          yourEmail={state?.kind === "signed-in" ? state.email : null}
          accountHome={myAreaHome(siteConfig.MY_AREA_URL)}
        />
      </OperatorOnly>
    </div>
  );
}

import { PageList } from "#app/features/dashboard/page-list.tsx";
import { BackOfficeNav } from "#app/layout/back-office-nav.tsx";
import { OperatorOnly } from "#app/layout/operator-only.tsx";
import { pageMeta } from "#app/seo/page-meta.ts";

export const meta = () =>
  pageMeta({
    title: "Pages",
    description: "The site's content pages, for the team to edit.",
    canonicalPath: "/dashboard/pages",
    // For the team only, like the dashboard: never in search results, never prerendered.
    noindex: true,
  });

/**
 * The content pages the team edits (issue 41). Rendered in the browser only, from the SPA
 * fallback, as its own chunk.
 */
export default function DashboardPages() {
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-10 sm:px-6 md:py-14">
      <h1 className="font-semibold text-3xl text-ink sm:text-4xl">Pages</h1>
      <OperatorOnly>
        <BackOfficeNav current="pages" />
        <PageList />
      </OperatorOnly>
    </div>
  );
}

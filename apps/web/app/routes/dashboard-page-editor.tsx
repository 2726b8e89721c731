import { useParams } from "react-router";
import { PageEditor } from "#app/features/dashboard/page-editor.tsx";
import { BackOfficeNav } from "#app/layout/back-office-nav.tsx";
import { OperatorOnly } from "#app/layout/operator-only.tsx";
import { pageMeta } from "#app/seo/page-meta.ts";
import type { Route } from "./+types/dashboard-page-editor";

export const meta = ({ params }: Route.MetaArgs) =>
  pageMeta({
    title: `Edit ${params.handle}`,
    description: "The page editor, with a live preview and the page's history.",
    canonicalPath: `/dashboard/pages/${params.handle}`,
    // For the team only, like the dashboard: never in search results, never prerendered.
    noindex: true,
  });

/**
 * One content page's editor (issue 41), by handle. Rendered in the browser only, from the
 * SPA fallback, as its own chunk. Keyed by the handle: a rename opens the page at its new
 * handle afresh.
 */
export default function DashboardPageEditor() {
  const { handle = "" } = useParams();
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-10 sm:px-6 md:py-14">
      <h1 className="break-all font-semibold text-3xl text-ink sm:text-4xl">Page: {handle}</h1>
      <OperatorOnly>
        <BackOfficeNav current="pages" />
        <PageEditor key={handle} handle={handle} />
      </OperatorOnly>
    </div>
  );
}

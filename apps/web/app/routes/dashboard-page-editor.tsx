import { useParams } from "react-router";
import { BackOfficeFrame, backOfficeMeta } from "#app/features/dashboard/back-office-frame.tsx";
import { PageEditor } from "#app/features/dashboard/page-editor.tsx";
import type { Route } from "./+types/dashboard-page-editor";

export const meta = ({ params }: Route.MetaArgs) =>
  backOfficeMeta({
    title: `Edit ${params.handle}`,
    description: "The page editor, with a live preview and the page's history.",
    canonicalPath: `/dashboard/pages/${params.handle}`,
  });

/**
 * One content page's editor (issue 41), by handle. Rendered in the browser only, from the
 * SPA fallback, as its own chunk. Keyed by the handle: a rename opens the page at its new
 * handle afresh.
 */
export default function DashboardPageEditor() {
  const { handle = "" } = useParams();
  return (
    <BackOfficeFrame heading={`Page: ${handle}`} current="pages" breakHeading>
      <PageEditor key={handle} handle={handle} />
    </BackOfficeFrame>
  );
}

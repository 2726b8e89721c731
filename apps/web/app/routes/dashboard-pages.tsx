import { BackOfficeFrame, backOfficeMeta } from "#app/features/dashboard/back-office-frame.tsx";
import { PageList } from "#app/features/dashboard/page-list.tsx";

export const meta = () =>
  backOfficeMeta({
    title: "Pages",
    description: "The site's content pages, for the team to edit.",
    canonicalPath: "/dashboard/pages",
  });

/**
 * The content pages the team edits (issue 41). Rendered in the browser only, from the SPA
 * fallback, as its own chunk.
 */
export default function DashboardPages() {
  return (
    <BackOfficeFrame heading="Pages" current="pages">
      <PageList />
    </BackOfficeFrame>
  );
}

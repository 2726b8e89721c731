import { PageNotFound, pageNotFoundTitle } from "#app/features/content-pages/page-not-found.tsx";
import { pageMeta } from "#app/seo/page-meta.ts";

export const meta = () =>
  pageMeta({
    title: pageNotFoundTitle,
    description: "A page of the site that doesn't exist.",
    canonicalPath: "/",
    noindex: true,
  });

/**
 * The page for a content page that doesn't exist, prerendered with no app at all
 * (build-steps/app-free-pages.ts): the server answers it with 404 at the page's own address
 * (apps/api/src/content-pages/content-page-navigation.ts), so the visitor reads what
 * happened at the first paint, with or without JavaScript.
 */
export default function PageNotFoundPage() {
  return <PageNotFound />;
}

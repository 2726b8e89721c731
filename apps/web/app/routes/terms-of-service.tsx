import { isLegalPageTemplate, LegalPage } from "#app/features/content-pages/content-page-view.tsx";
import { seededContentPage } from "#app/features/content-pages/seeded-content-page.server.ts";
import { pageMeta } from "#app/seo/page-meta.ts";
import type { Route } from "./+types/terms-of-service";

export const meta = () =>
  pageMeta({
    title: "Terms of Service",
    description: "The terms that apply when you use our bakery management platform and website.",
    canonicalPath: "/terms-of-service",
  });

// Runs at build time: the prerendered page carries the text (its LCP), not a placeholder; the
// template the Node server writes the stored page into carries none (decision 29).
export const loader = ({ request }: Route.LoaderArgs) => ({
  page: isLegalPageTemplate("terms-of-service", request.url)
    ? null
    : seededContentPage("terms-of-service"),
});

export default function TermsOfService({ loaderData }: Route.ComponentProps) {
  return (
    <LegalPage handle="terms-of-service" title="Terms of Service" prerendered={loaderData.page} />
  );
}

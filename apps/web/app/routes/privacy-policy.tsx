import { isLegalPageTemplate, LegalPage } from "#app/features/content-pages/content-page-view.tsx";
import { seededContentPage } from "#app/features/content-pages/seeded-content-page.server.ts";
import { pageMeta } from "#app/seo/page-meta.ts";
import type { Route } from "./+types/privacy-policy";

export const meta = () =>
  pageMeta({
    title: "Privacy Policy",
    description: "How we collect, use and protect information about bakeries and their customers.",
    canonicalPath: "/privacy-policy",
  });

// Runs at build time: the prerendered page carries the text (its LCP), not a placeholder; the
// template the Node server writes the stored page into carries none (decision 29).
export const loader = ({ request }: Route.LoaderArgs) => ({
  page: isLegalPageTemplate("privacy-policy", request.url)
    ? null
    : seededContentPage("privacy-policy"),
});

export default function PrivacyPolicy({ loaderData }: Route.ComponentProps) {
  return <LegalPage handle="privacy-policy" title="Privacy Policy" prerendered={loaderData.page} />;
}

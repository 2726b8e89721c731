import { ContentPageView } from "../features/content-pages/content-page-view.tsx";
import { pageMeta } from "../seo/page-meta.ts";

export const meta = () =>
  pageMeta({
    title: "Terms of Service",
    description: "The terms that apply when you use our bakery management platform and website.",
    canonicalPath: "/terms-of-service",
  });

export default function TermsOfService() {
  return <ContentPageView handle="terms-of-service" fallbackTitle="Terms of Service" />;
}

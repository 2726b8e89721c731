import { ContentPageView } from "../features/content-pages/content-page-view.tsx";
import { pageMeta } from "../seo/page-meta.ts";

export const meta = () =>
  pageMeta({
    title: "Privacy Policy",
    description: "How we collect, use and protect information about bakeries and their customers.",
    canonicalPath: "/privacy-policy",
  });

export default function PrivacyPolicy() {
  return <ContentPageView handle="privacy-policy" fallbackTitle="Privacy Policy" />;
}

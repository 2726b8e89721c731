import { pageMeta } from "../seo/page-meta.ts";
import { siteConfig } from "../site-config.ts";

export const meta = () =>
  pageMeta({
    title: "Sign in",
    description: `Sign in to your ${siteConfig.PRODUCT_NAME} account.`,
    canonicalPath: "/login",
    noindex: true,
  });

export default function Login() {
  return (
    <div className="mx-auto flex max-w-md flex-col gap-4 px-4 py-16">
      <h1 className="font-semibold text-4xl text-ink">Sign in</h1>
      <p className="text-cocoa">Sign in to continue to your bakery's account.</p>
    </div>
  );
}

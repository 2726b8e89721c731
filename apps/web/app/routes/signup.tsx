import { useEffect, useState } from "react";
import { browserAttribution } from "../features/attribution/browser-attribution.ts";
import { clientReferenceId } from "../features/attribution/client-reference-id.ts";
import { StripePricingTable } from "../features/signup/stripe-pricing-table.tsx";
import { pageMeta } from "../seo/page-meta.ts";
import { siteConfig } from "../site-config.ts";

export const meta = () =>
  pageMeta({
    title: "Sign up",
    description:
      "Choose your plan and start running your bakery on one platform. No long-term contracts.",
    canonicalPath: "/signup",
  });

export default function Signup() {
  // The source is known only in the browser (storage), so the table is added
  // after hydration, once, with its reference id already set.
  const [reference, setReference] = useState<{ id: string | undefined }>();
  useEffect(() => setReference({ id: clientReferenceId(browserAttribution().attribution) }), []);
  return (
    <div className="mx-auto max-w-5xl px-4 py-12 sm:px-6 md:py-16 lg:px-8">
      <h1 className="text-center font-semibold text-4xl text-ink sm:text-5xl">{`Start with ${siteConfig.PRODUCT_NAME}`}</h1>
      <p className="mx-auto mt-4 max-w-2xl text-center text-cocoa text-lg">
        Pick the plan that fits your bakery. You can change or cancel any time: no long-term
        contracts and no cancellation fees.
      </p>
      <div className="mt-10 min-h-[480px]">
        {reference && <StripePricingTable clientReferenceId={reference.id} />}
      </div>
    </div>
  );
}

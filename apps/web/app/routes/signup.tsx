import { useEffect } from "react";
import { mountPricingTable, pricingTableSlotId } from "#app/features/signup/pricing-table.ts";
import { pageMeta } from "#app/seo/page-meta.ts";
import { siteConfig } from "#app/site-config.ts";
import { ShownWhenFailed, ShownWhenSlow } from "#app/ui/announced-when-shown.tsx";
import { EmbedLoadingInFlow } from "#app/ui/embed-progress.tsx";
import { ParseTimeSlot } from "#app/ui/parse-time-slot.tsx";

export const meta = () =>
  pageMeta({
    title: "Sign up",
    description:
      "Choose your plan and start running your bakery on one platform. No long-term contracts.",
    canonicalPath: "/signup",
  });

const bookDemoLink = (
  <a href="/book-demo" className="font-semibold text-brand-700 underline">
    book a demo
  </a>
);

export default function Signup() {
  // The prerendered page starts the table from an inline script; an in-app visit starts it here.
  useEffect(() => {
    const slot = document.getElementById(pricingTableSlotId);
    if (slot) mountPricingTable(slot);
  }, []);
  return (
    <div className="mx-auto max-w-5xl px-4 py-12 sm:px-6 md:py-16 lg:px-8">
      <h1 className="text-center font-semibold text-4xl text-ink sm:text-5xl">{`Start with ${siteConfig.PRODUCT_NAME}`}</h1>
      <p className="mx-auto mt-4 max-w-2xl text-center text-cocoa text-lg">
        Pick the plan that fits your bakery. You can change or cancel any time: no long-term
        contracts and no cancellation fees.
      </p>
      <div className="mt-10 min-h-[480px]">
        <ParseTimeSlot
          id={pricingTableSlotId}
          script="pricing-table"
          data={{
            "data-pricing-table-id": siteConfig.STRIPE_PRICING_TABLE_ID,
            "data-publishable-key": siteConfig.STRIPE_PUBLISHABLE_KEY,
          }}
        />
        <EmbedLoadingInFlow label="Loading the plans">Loading the plans…</EmbedLoadingInFlow>
        <ShownWhenSlow>
          <p className="rounded-2xl bg-white p-6 text-cocoa shadow-card">
            The plans are taking longer than usual to load. Keep waiting, reload the page, or{" "}
            {bookDemoLink} and we will set you up.
          </p>
        </ShownWhenSlow>
        <ShownWhenFailed>
          <p className="rounded-2xl bg-white p-6 text-cocoa shadow-card">
            The plans could not be loaded. Check your connection and reload the page, or{" "}
            {bookDemoLink} and we will set you up.
          </p>
        </ShownWhenFailed>
        {/* Like every "needs JavaScript" word on the site, CSS alone decides (`noscript:`). */}
        <p className="hidden rounded-2xl bg-white p-6 text-cocoa shadow-card noscript:block">
          The plans need JavaScript to show. Turn it on and reload the page, or {bookDemoLink} and
          we will set you up.
        </p>
      </div>
    </div>
  );
}

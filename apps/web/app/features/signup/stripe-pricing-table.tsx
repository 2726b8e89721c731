import { createElement, useEffect, useState } from "react";
import { siteConfig } from "../../site-config.ts";

const pricingTableScript = "https://js.stripe.com/v3/pricing-table.js";

/**
 * The payment provider's pricing table. Its script is added on this page
 * only, after hydration, so no other page pays for it.
 */
export function StripePricingTable({ clientReferenceId }: { clientReferenceId?: string }) {
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (document.querySelector(`script[src="${pricingTableScript}"]`)) return;
    const script = document.createElement("script");
    script.src = pricingTableScript;
    script.async = true;
    script.onerror = () => setFailed(true);
    document.head.append(script);
  }, []);

  if (failed) {
    return (
      <p role="alert" className="rounded-2xl bg-white p-6 text-cocoa shadow-card">
        The plans could not be loaded. Check your connection and reload the page, or{" "}
        <a href="/book-demo" className="font-semibold text-brand-700 underline">
          book a demo
        </a>{" "}
        and we will set you up.
      </p>
    );
  }

  return createElement("stripe-pricing-table", {
    "pricing-table-id": siteConfig.STRIPE_PRICING_TABLE_ID,
    "publishable-key": siteConfig.STRIPE_PUBLISHABLE_KEY,
    ...(clientReferenceId ? { "client-reference-id": clientReferenceId } : {}),
  });
}

import type { MetaDescriptor } from "react-router";
import { monthlyPrice } from "#app/marketing/pricing.ts";
import { absoluteUrl, siteConfig } from "#app/site-config.ts";

/** JSON-LD for search engines: who we are and what the software costs. */
export function organizationAndOfferJsonLd(): MetaDescriptor {
  return {
    "script:ld+json": {
      "@context": "https://schema.org",
      "@graph": [
        {
          "@type": "Organization",
          name: siteConfig.COMPANY_NAME,
          url: absoluteUrl("/"),
          logo: absoluteUrl(siteConfig.LOGO_URL),
          email: siteConfig.CONTACT_EMAIL,
          address: siteConfig.COMPANY_ADDRESS,
          sameAs: [siteConfig.SOCIAL_INSTAGRAM_URL, siteConfig.SOCIAL_FACEBOOK_URL],
        },
        {
          "@type": "SoftwareApplication",
          name: siteConfig.PRODUCT_NAME,
          applicationCategory: "BusinessApplication",
          operatingSystem: "Web, iOS, Android",
          offers: {
            "@type": "Offer",
            price: String(monthlyPrice.amount),
            priceCurrency: monthlyPrice.currency,
            priceSpecification: {
              "@type": "UnitPriceSpecification",
              price: String(monthlyPrice.amount),
              priceCurrency: monthlyPrice.currency,
              unitCode: "MON",
            },
            url: absoluteUrl("/pricing"),
          },
        },
      ],
    },
  };
}

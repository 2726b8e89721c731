import { ChatButton } from "#app/features/sales-chat/chat-button.tsx";
import { CakeQuoteForm } from "#app/marketing/cake-quote-form.tsx";
import { ClosingCta } from "#app/marketing/closing-cta.tsx";
import { FeatureSection } from "#app/marketing/feature-section.tsx";
import { Hero } from "#app/marketing/hero.tsx";
import { landingSections } from "#app/marketing/landing-sections.ts";
import { StatsPanel } from "#app/marketing/stats-panel.tsx";
import { TestimonialCarousel } from "#app/marketing/testimonial-carousel.tsx";
import { pageMeta } from "#app/seo/page-meta.ts";
import { organizationAndOfferJsonLd } from "#app/seo/structured-data.ts";
import { siteConfig } from "#app/site-config.ts";

// "/" and "/saas" both render this page; "/" is the canonical URL of both.
export const meta = () => [
  ...pageMeta({
    // Under 60 characters, so search results show it whole.
    title: `${siteConfig.PRODUCT_NAME}: bakery software for custom orders and delivery`,
    description:
      "Instant custom cake quotes, an online shop with lead times, a one-click baking plan and delivery, in one platform built for bakeries. $500/month flat.",
    canonicalPath: "/",
  }),
  organizationAndOfferJsonLd(),
];

export default function Landing() {
  return (
    <>
      <Hero />
      <div className="divide-y divide-brand-100">
        {landingSections.map((section, index) => (
          <FeatureSection key={section.id} section={section} flipped={index % 2 === 1}>
            {section.id === "custom-cakes" ? <CakeQuoteForm /> : null}
          </FeatureSection>
        ))}
      </div>
      <StatsPanel />
      <TestimonialCarousel />
      <ClosingCta />
      <ChatButton />
    </>
  );
}

import Check from "lucide-react/icons/check";
import { BookDemoLink } from "#app/layout/book-demo-link.tsx";
import { featureBlurbs } from "#app/marketing/feature-blurbs.ts";
import { convenienceFee, monthlyPrice, priceTerms } from "#app/marketing/pricing.ts";
import { SavingsCalculator } from "#app/marketing/savings-calculator.tsx";
import { pageMeta } from "#app/seo/page-meta.ts";
import { organizationAndOfferJsonLd } from "#app/seo/structured-data.ts";

export const meta = () => [
  ...pageMeta({
    title: "Pricing",
    description:
      "One plan with everything included: $500/month flat, no long-term contracts and no cancellation fees. Point of sale, online shop, custom quotes, kitchen and delivery.",
    canonicalPath: "/pricing",
  }),
  organizationAndOfferJsonLd(),
];

export default function Pricing() {
  return (
    <>
      <section aria-labelledby="pricing-title" className="bg-gradient-to-b from-brand-50 to-cream">
        <div className="mx-auto grid max-w-7xl grid-cols-1 items-start gap-10 px-4 py-14 sm:px-6 md:py-20 lg:grid-cols-[1.2fr_1fr] lg:px-8">
          <div className="flex flex-col gap-5">
            <p className="font-semibold text-brand-700 text-sm uppercase tracking-wider">Pricing</p>
            <h1 id="pricing-title" className="font-semibold text-4xl text-ink sm:text-5xl">
              One simple price. Everything included.
            </h1>
            <p className="max-w-xl text-cocoa text-lg leading-relaxed">
              Every bakery gets every feature, from custom quotes to delivery. No tiers to outgrow,
              no add-ons to unlock.
            </p>
          </div>
          <div className="rounded-3xl bg-white p-8 shadow-card ring-1 ring-brand-900/5">
            <p className="flex items-baseline gap-2 text-ink">
              <span className="font-display font-semibold text-6xl">{`$${monthlyPrice.amount}`}</span>
              <span className="text-cocoa text-lg">/month, flat</span>
            </p>
            <ul className="mt-6 flex flex-col gap-2">
              {priceTerms.map((term) => (
                <li key={term} className="flex items-center gap-2 text-ink">
                  <Check aria-hidden="true" className="size-5 text-brand-700" />
                  {term}
                </li>
              ))}
            </ul>
            <div className="mt-6 rounded-2xl bg-flour p-5">
              <h2 className="font-sans font-semibold text-base text-ink tracking-normal">
                Convenience fee
              </h2>
              <ul className="mt-2 flex list-disc flex-col gap-1.5 pl-5 text-cocoa text-sm">
                {convenienceFee.notes.map((note) => (
                  <li key={note}>{note}</li>
                ))}
              </ul>
            </div>
            <BookDemoLink size="lg" className="mt-6 w-full" />
          </div>
        </div>
      </section>
      <SavingsCalculator />
      <section
        aria-labelledby="features-title"
        className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8"
      >
        <h2 id="features-title" className="font-semibold text-3xl text-ink sm:text-4xl">
          Everything your bakery needs, included
        </h2>
        <ul className="mt-10 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {featureBlurbs.map((feature) => (
            <li
              key={feature.title}
              className="rounded-2xl bg-white p-6 shadow-card ring-1 ring-brand-900/5"
            >
              <h3 className="flex items-center gap-2 font-sans font-semibold text-ink text-lg tracking-normal">
                <Check aria-hidden="true" className="size-5 shrink-0 text-brand-700" />
                {feature.title}
              </h3>
              <p className="mt-2 text-cocoa">{feature.desc}</p>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}

import { siteConfig } from "#app/site-config.ts";

/** One flat price (spec §9). */
export const monthlyPrice = { amount: 500, currency: "USD", period: "month" } as const;

export const priceTerms = [
  "No long-term contracts",
  "No cancellation fees",
  "Every feature included",
];

/** The convenience fee a bakery's customers pay on online orders (spec §9). */
export const convenienceFee = {
  percent: 1,
  minimumDollars: 2,
  minimumOrderDollars: 10,
  notes: [
    "Your customers pay a 1% convenience fee ($2.00 minimum) on online orders of $10 or more.",
    "Online orders under $10 carry no fee.",
    "In-store and phone orders never carry a convenience fee.",
  ],
} as const;

export type PlanId = "starter" | "professional" | "premium" | "one";

/** The payment provider's plan ids, from build-time configuration. */
export const pricingPlanIds: Record<PlanId, string> = {
  starter: siteConfig.PLAN_STARTER_ID,
  professional: siteConfig.PLAN_PROFESSIONAL_ID,
  premium: siteConfig.PLAN_PREMIUM_ID,
  one: siteConfig.PLAN_ONE_ID,
};

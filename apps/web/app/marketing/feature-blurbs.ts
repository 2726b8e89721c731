export type FeatureBlurb = { title: string; desc: string };

/** Everything included in the one plan (spec §2 Pricing, facts from §9). */
export const featureBlurbs: FeatureBlurb[] = [
  {
    title: "Point of sale",
    desc: "Ring up walk-in customers on the same system that runs your online orders.",
  },
  {
    title: "SEO website",
    desc: "A fast, search-friendly bakery website with your menu, hours and reviews.",
  },
  {
    title: "Online menu",
    desc: "Sell standard cakes and desserts online with lead times and blocked days.",
  },
  {
    title: "Catering",
    desc: "Take catering orders with per-person pricing, minimums and delivery windows.",
  },
  { title: "Classes", desc: "Sell seats in decorating and baking classes with capacity limits." },
  {
    title: "AI photo tags",
    desc: "Upload cake photos and let AI tag them by style, colour and occasion.",
  },
  {
    title: "Expiring invoices",
    desc: "Quotes and invoices expire on the date you set, so your calendar stays honest.",
  },
  {
    title: "Automatic balance collection",
    desc: "Remaining balances are collected automatically 7 days before pickup or delivery.",
  },
  { title: "Tips", desc: "Tip presets at checkout raise tips by 5–7% on average." },
  {
    title: "Fee pass-through",
    desc: "Pass card processing costs to customers as a clear convenience fee.",
  },
  {
    title: "Policy display",
    desc: "Show your deposit, cancellation and allergen policies before customers pay.",
  },
  {
    title: "Capital",
    desc: "Access up to $250,000 in funding for ovens, vans or a second location.",
  },
  {
    title: "Staff logins",
    desc: "Separate logins for owners, managers, clerks and kitchen staff, each with tailored permissions.",
  },
  { title: "Order edits", desc: "Edit any order and the new balance is charged automatically." },
  {
    title: "Baking plan",
    desc: "One click turns the day's orders into a baking plan by item and size.",
  },
  {
    title: "Order tracking",
    desc: "Track every order from baked to decorated, boxed and picked up.",
  },
  {
    title: "CRM",
    desc: "Every customer's orders, notes, birthdays and preferences in one profile.",
  },
  {
    title: "Review requests",
    desc: "Ask happy customers for a review at the right moment, automatically.",
  },
  { title: "Text campaigns", desc: "Up to 2,000 marketing text messages a month included." },
  {
    title: "In-app chat",
    desc: "Chat with customers next to their order instead of across five inboxes.",
  },
  {
    title: "Phone answering system",
    desc: "1000 minutes a month included to answer calls and take orders; then 5¢ a minute.",
  },
  {
    title: "Delivery rules",
    desc: "Set delivery zones, fees, minimums and time windows your way.",
  },
  {
    title: "Delivery planner",
    desc: "Plan routes for the day and print a slip for every delivery.",
  },
  {
    title: "Calendar sync",
    desc: "Orders flow into Google or Apple Calendar as soon as they are placed.",
  },
  {
    title: "Reports",
    desc: "Sales, products, taxes and staff reports, ready for your accountant.",
  },
];

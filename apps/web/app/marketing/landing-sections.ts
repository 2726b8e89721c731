export type PitchPoint = { title: string; text: string };

export type LandingSection = {
  id: string;
  eyebrow: string;
  title: string;
  intro: string;
  points: PitchPoint[];
  illustration: { file: string; alt: string; width: number; height: number };
};

/** The six pitch areas of the landing page (spec §1), in page order. */
export const landingSections: LandingSection[] = [
  {
    id: "custom-cakes",
    eyebrow: "Custom quotes",
    title: "Custom Cakes & Treats",
    intro:
      "Turn every custom request into a paid order without the back-and-forth. Customers describe their cake, see a price and pay a deposit in minutes.",
    points: [
      {
        title: "AI instant quotes",
        text: "Your prices, sizes and add-ons turn a request into an accurate quote the moment it arrives.",
      },
      {
        title: "Guided design chat",
        text: "A friendly chat walks customers through flavours, tiers, colours and inspiration photos.",
      },
      {
        title: "Deposits, add-ons and balances, automated",
        text: "Collect the deposit up front, charge add-ons as they come, and take the balance automatically before pickup.",
      },
    ],
    illustration: {
      file: "illustrations/custom-cakes.svg",
      alt: "A design chat with a cake sketch, an instant quote of $185 and a paid deposit",
      width: 640,
      height: 480,
    },
  },
  {
    id: "online-shop",
    eyebrow: "Online shop",
    title: "Standard Cakes & Desserts",
    intro:
      "An online shop built for bakeries, not t-shirts. It knows how long things take to bake and what you can still make this week.",
    points: [
      {
        title: "Lead times",
        text: "Each item carries its own lead time, so nobody orders a wedding cake for tomorrow.",
      },
      {
        title: "Blocked days",
        text: "Close the shop for holidays, full weeks or days off in one click.",
      },
      {
        title: "Inventory by date",
        text: "Sell 40 pies for Thanksgiving Wednesday and not one more.",
      },
      {
        title: "AI menu updates",
        text: "Describe a new item or paste last season's menu; the menu writes itself.",
      },
    ],
    illustration: {
      file: "illustrations/online-shop.svg",
      alt: "An online bakery menu with product tiles and a pickup calendar with blocked days",
      width: 640,
      height: 480,
    },
  },
  {
    id: "back-office",
    eyebrow: "Back office",
    title: "Back Office",
    intro:
      "Every order, every change and every conversation in one place, in sync with the calendar you already use.",
    points: [
      {
        title: "Order calendar sync",
        text: "Orders appear on your Google or Apple calendar the moment they are placed.",
      },
      {
        title: "Order edits that charge themselves",
        text: "Change an order and the new balance is charged automatically. No awkward payment calls.",
      },
      {
        title: "In-app chat",
        text: "Talk to customers next to their order, with the whole history at hand.",
      },
    ],
    illustration: {
      file: "illustrations/back-office.svg",
      alt: "An order calendar with coloured orders and a notice that a balance was charged automatically",
      width: 640,
      height: 480,
    },
  },
  {
    id: "kitchen",
    eyebrow: "Kitchen",
    title: "Kitchen",
    intro: "Give your bakers one plan for the day instead of a pile of tickets.",
    points: [
      {
        title: "One-click baking plan",
        text: "Every order for the day rolled into what to bake, by item and size.",
      },
      {
        title: "Order photos and details",
        text: "Inspiration photos and notes travel with the order to the bench.",
      },
      { title: "Progress tracking", text: "See what is baked, decorated and boxed at a glance." },
    ],
    illustration: {
      file: "illustrations/kitchen.svg",
      alt: "A baking plan grouped by item with progress bars and an order photo",
      width: 640,
      height: 480,
    },
  },
  {
    id: "delivery",
    eyebrow: "Delivery",
    title: "Delivery",
    intro: "Delivery adds 10–20% in sales for most bakeries. We make it simple to offer.",
    points: [
      {
        title: "Delivery pricing at checkout",
        text: "Fees by distance or zone, calculated as the customer checks out.",
      },
      {
        title: "Delivery planner with printable slips",
        text: "Plan the day's route and print a slip for every box.",
      },
      {
        title: "Delivery provider integrations",
        text: "Hand orders to on-demand couriers when your own drivers are busy.",
      },
    ],
    illustration: {
      file: "illustrations/delivery.svg",
      alt: "A delivery route with three stops, a delivery fee at checkout and a printable slip",
      width: 640,
      height: 480,
    },
  },
  {
    id: "growth",
    eyebrow: "Growth",
    title: "Growth",
    intro: "Get found, get reviewed and get customers coming back.",
    points: [
      {
        title: "SEO website",
        text: "A fast bakery website that ranks for the cakes you sell in your town.",
      },
      {
        title: "Review requests",
        text: "Happy customers are asked for a review at the perfect moment.",
      },
      {
        title: "Personalised text campaigns",
        text: "Birthday reminders and seasonal specials, sent by text to the right people.",
      },
    ],
    illustration: {
      file: "illustrations/growth.svg",
      alt: "A bakery website with five-star reviews, a text campaign and a rising sales chart",
      width: 640,
      height: 480,
    },
  },
];

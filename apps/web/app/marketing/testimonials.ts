import { mediaUrl } from "#app/site-config.ts";

export type Testimonial = {
  /** The business id; the logo image path is built from it. */
  id: string;
  bizName: string;
  /** The owner's first name. */
  name: string;
  text: string;
  link?: string;
};

export const testimonials: Testimonial[] = [
  {
    id: "sugar-bloom",
    bizName: "Sugar Bloom Bakery",
    name: "Maria",
    text: "Custom cake requests used to eat my evenings. Now customers design their cake in the chat, get a quote on the spot and pay the deposit before I even see the order. Our sales grew 20% in six months.",
    link: "https://example.com/sugar-bloom",
  },
  {
    id: "golden-crumb",
    bizName: "The Golden Crumb",
    name: "Devon",
    text: "The baking plan is the first thing my team opens every morning. One click and everyone knows exactly what to bake, for which order, and by when. No more sticky notes on the oven.",
  },
  {
    id: "maple-and-rye",
    bizName: "Maple & Rye Patisserie",
    name: "Priya",
    text: "Turning on delivery added real sales from week one. Delivery fees are priced at checkout, the route is planned for us, and the drivers get printed slips. It just runs.",
    link: "https://example.com/maple-and-rye",
  },
];

export function testimonialLogoUrl(testimonial: Pick<Testimonial, "id">): string {
  return mediaUrl(`logos/${testimonial.id}.svg`);
}

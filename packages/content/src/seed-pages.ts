/**
 * The content pages a fresh database starts with: the API seeds them from pages/*.md and
 * the web app prerenders the same text, so both show one page until an operator edits it.
 */
export const SEED_PAGES = [
  {
    handle: "privacy-policy",
    file: "privacy-policy.md",
    title: "Privacy Policy",
    subtitle: "How we collect, use and protect information about you and your bakery",
  },
  {
    handle: "terms-of-service",
    file: "terms-of-service.md",
    title: "Terms of Service",
    subtitle: "The agreement that governs your use of our bakery-management software",
  },
] as const;

export type SeedPage = (typeof SEED_PAGES)[number];

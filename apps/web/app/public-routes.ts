/** Paths prerendered to HTML and listed in the sitemap (the indexable pages). */
export const indexedRoutePaths = [
  "/",
  "/book-demo",
  "/pricing",
  "/signup",
  "/privacy-policy",
  "/terms-of-service",
  "/login",
] as const;

/** Every prerendered page: indexable ones plus those kept out of search results. */
export const publicRoutePaths = [...indexedRoutePaths, "/saas"] as const;

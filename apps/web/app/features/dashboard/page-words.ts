/**
 * How soon visitors read a change: browsers and CDNs may keep a page's answer for a minute
 * (`max-age=60`, apps/api/src/content-pages/content-page-routes.ts), so that is what the editor promises.
 */
export const CACHE_WINDOW_WORDS = "Visitors see it within about a minute.";

/** When a page or one of its versions was saved, in the reader's own time and words. */
export const whenFormat = new Intl.DateTimeFormat(undefined, {
  dateStyle: "medium",
  timeStyle: "short",
});

/** Who made a change, in words: "by ops@…", or nothing when no one is known. */
export function byWhom(by: { name: string } | null): string {
  return by ? `by ${by.name}` : "";
}

import { browserAttribution } from "#app/features/attribution/browser-attribution.ts";
import type { SessionAttribution } from "#app/features/attribution/capture-attribution.ts";
import { bookDemoNoteParam } from "./book-demo-note.ts";
import { schedulingEmbedUrl } from "./scheduling-embed-url.ts";

/** The box the frame goes in; it carries the scheduling page's address in data-scheduling-url. */
export const schedulingFrameSlotId = "scheduling-frame";
export const schedulingFrameTitle = "Book a demo: pick a time";
export const schedulingFrameClass = "absolute inset-0 size-full";
/** The link that replaces the spinner when the frame is slow. */
export const schedulingFallbackLinkId = "scheduling-fallback-link";

/** After this long without the frame loading, a direct link replaces the spinner. */
const fallbackAfterMs = 15_000;

/**
 * The frame's address for this visit: the embed options, the prefill and note from the page's
 * query, and the query's utm parameters or else the visit's live source (the attribution
 * capture has usually moved them from the query into storage by now).
 */
export function schedulingFrameUrl(
  schedulingUrl: string,
  page: Pick<Location, "search" | "hostname">,
  saved: SessionAttribution | undefined,
): string {
  const query = new URLSearchParams(page.search);
  return schedulingEmbedUrl(
    schedulingUrl,
    { name: query.get("name"), email: query.get("email"), note: query.get(bookDemoNoteParam) },
    {
      utm_source: query.get("utm_source") ?? saved?.utms,
      utm_medium: query.get("utm_medium") ?? saved?.utmm,
      utm_campaign: query.get("utm_campaign") ?? saved?.utmc,
    },
    page.hostname,
  );
}

/**
 * Puts the scheduling frame in its slot, once: while the page is parsed (so the browser
 * requests it at once), or when the app shows the page itself. Its progress is kept on the
 * slot (data-state: loading, loaded, slow), where the page's CSS shows the spinner or the
 * fallback link, with or without the app.
 */
export function mountSchedulingFrame(slot: HTMLElement): void {
  const schedulingUrl = slot.dataset.schedulingUrl;
  if (!schedulingUrl || slot.querySelector("iframe")) return;
  const src = schedulingFrameUrl(schedulingUrl, window.location, browserAttribution().attribution);
  const frame = document.createElement("iframe");
  frame.title = schedulingFrameTitle;
  frame.className = schedulingFrameClass;
  frame.src = src;
  frame.addEventListener("load", () => {
    slot.dataset.state = "loaded";
  });
  slot.dataset.state = "loading";
  window.setTimeout(() => {
    if (slot.dataset.state === "loading") slot.dataset.state = "slow";
  }, fallbackAfterMs);
  document.getElementById(schedulingFallbackLinkId)?.setAttribute("href", src);
  slot.prepend(frame);
}

import { browserAttribution } from "#app/lib/attribution/browser-attribution.ts";
import type { SessionAttribution } from "#app/lib/attribution/capture-attribution.ts";
import { siteConfig } from "#app/site-config.ts";
import { markSlowIfStillLoading } from "#app/ui/slot-progress.ts";
import { bookDemoNoteParam } from "./book-demo-note.ts";
import { listenForBookedDemo, reportBookedDemo } from "./report-booked-demo.ts";
import { schedulingEmbedUrl } from "./scheduling-embed-url.ts";

/** The box the frame goes in. */
export const schedulingFrameSlotId = "scheduling-frame";
export const schedulingFrameTitle = "Book a demo: pick a time";
export const schedulingFrameClass = "absolute inset-0 size-full";
/**
 * Marks the links that open the scheduling page itself, in a new tab: the way on when the frame
 * is slow, or shows an error page (its host blocked or unreachable, which a page cannot see in
 * a frame of another origin). The frame's script gives them the frame's own address.
 */
export const schedulingPageLinkAttribute = "data-scheduling-page-link";

/** Marks the frame while it waits in the head for its slot. */
const startedInHead = "data-started-in-head";

/**
 * The frame's address for this visit: the embed options, the prefill and note from the page's
 * query, and the visit's source: the query's campaign link when it is still there (storage could
 * not keep it), else the visit's live source (the attribution capture has usually moved it from
 * the query into storage by now) with its reference, which the scheduling page passes back in
 * the booking's tracking (decision 0022).
 */
export function schedulingFrameUrl(
  schedulingUrl: string,
  page: Pick<Location, "search" | "hostname">,
  saved: SessionAttribution | undefined,
): string {
  const query = new URLSearchParams(page.search);
  // Whole, like the capture takes a campaign link: mixed with the saved source it would credit
  // names nobody used.
  const source = query.has("utm_source")
    ? {
        utms: query.get("utm_source"),
        utmm: query.get("utm_medium"),
        utmc: query.get("utm_campaign"),
      }
    : saved;
  return schedulingEmbedUrl(
    schedulingUrl,
    { name: query.get("name"), email: query.get("email"), note: query.get(bookDemoNoteParam) },
    source,
    page.hostname,
  );
}

/** The slot a frame is in, once it is in one. */
function slotOf(frame: HTMLIFrameElement): HTMLElement | undefined {
  const parent = frame.parentElement;
  return parent?.id === schedulingFrameSlotId ? parent : undefined;
}

/**
 * The frame for this visit, requested as soon as it is connected. Its progress follows it: it
 * marks itself loaded, and after 15 s without loading turns its slot's state to "slow". It reports a booking made in it (issue 5), once, for as
 * long as it is on the page: this is the one listener, whether the app runs or not.
 */
function createSchedulingFrame(): HTMLIFrameElement {
  const frame = document.createElement("iframe");
  frame.title = schedulingFrameTitle;
  frame.className = schedulingFrameClass;
  frame.src = schedulingFrameUrl(siteConfig.SCHEDULING_URL, window.location, browserAttribution());
  frame.addEventListener("load", () => {
    frame.dataset.loaded = "";
    const slot = slotOf(frame);
    if (slot) slot.dataset.state = "loaded";
  });
  markSlowIfStillLoading(() => slotOf(frame));
  const stopListening = listenForBookedDemo(window, siteConfig.SCHEDULING_URL, (message) => {
    if (frame.isConnected) reportBookedDemo(message);
    else stopListening();
  });
  return frame;
}

/**
 * Requests the frame from the page's head, before the render-blocking stylesheet: a script
 * there runs as soon as the parser reaches it, while one in the body waits for the style sheets
 * above it (HTML spec). The frame waits in the head, unrendered, until the slot's script moves
 * it into place with `moveBefore`, which keeps its document. Where `moveBefore` is missing a
 * move would load the frame again, so the slot's script creates it in place instead.
 */
export function startSchedulingFrameInHead(): void {
  if (!("moveBefore" in Element.prototype)) return;
  const frame = createSchedulingFrame();
  frame.setAttribute(startedInHead, "");
  document.head.append(frame);
}

/**
 * Puts the scheduling frame in its slot, once: while the page is parsed (the frame started in
 * the head, or a new one), or when the app shows the page itself. Its progress is kept on the
 * slot (data-state: loading, loaded, slow), where the page's CSS shows the spinner or the
 * fallback link, with or without the app; the links to the scheduling page get the frame's
 * address.
 */
export function mountSchedulingFrame(slot: HTMLElement): void {
  if (slot.querySelector("iframe")) return;
  const started = document.head.querySelector<HTMLIFrameElement>(`iframe[${startedInHead}]`);
  if (started) {
    started.removeAttribute(startedInHead);
    slot.moveBefore(started, slot.firstChild);
  }
  const frame = started ?? slot.insertBefore(createSchedulingFrame(), slot.firstChild);
  slot.dataset.state = frame.dataset.loaded === undefined ? "loading" : "loaded";
  // While the page is parsed the links after the slot are not there yet.
  const pointLinks = () => {
    for (const link of document.querySelectorAll(`a[${schedulingPageLinkAttribute}]`)) {
      link.setAttribute("href", frame.src);
    }
  };
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", pointLinks, { once: true });
  } else {
    pointLinks();
  }
}

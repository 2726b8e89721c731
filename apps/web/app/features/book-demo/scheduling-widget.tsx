import { useEffect } from "react";
import { siteConfig } from "#app/site-config.ts";
import { EmbedWaitCovers } from "#app/ui/embed-progress.tsx";
import { ParseTimeSlot } from "#app/ui/parse-time-slot.tsx";
import { schedulingEmbedUrl } from "./scheduling-embed-url.ts";
import {
  mountSchedulingFrame,
  schedulingFrameClass,
  schedulingFrameSlotId,
  schedulingFrameTitle,
  schedulingPageLinkAttribute,
} from "./scheduling-frame.ts";

/**
 * The embedded scheduling page, 700 px high, with a spinner until it loads, a way on (announced)
 * if it takes too long, and a link to the page itself under it. The frame's
 * address depends on the visitor's query and saved source, so scripts inline in the page
 * create it during parse (scheduling-frame.ts), and with it the listener that reports a
 * booking; when the app shows this page itself (an in-app navigation) the same code runs from
 * an effect. Without JavaScript the page shows the frame with the embed options only.
 */
export function SchedulingWidget() {
  useEffect(() => {
    const slot = document.getElementById(schedulingFrameSlotId);
    if (slot) mountSchedulingFrame(slot);
  }, []);

  return (
    <div>
      <div className="relative h-[700px] overflow-hidden rounded-2xl bg-white shadow-card ring-1 ring-brand-900/5">
        <noscript>
          <iframe
            src={schedulingEmbedUrl(siteConfig.SCHEDULING_URL, {}, {})}
            title={schedulingFrameTitle}
            className={schedulingFrameClass}
          />
        </noscript>
        <ParseTimeSlot
          id={schedulingFrameSlotId}
          script="scheduling-frame"
          className="absolute inset-0 noscript:hidden"
        />
        <EmbedWaitCovers
          tone="light"
          label="Loading the scheduling calendar"
          loading="Loading available times…"
          slow="The calendar is taking longer than usual to load."
          wayOn={<SchedulingPageLink>Open the scheduling page in a new tab</SchedulingPageLink>}
        />
      </div>
      {/* Always there: a blocked or unreachable scheduling host shows an error page in the
        frame, which this page cannot see, so the spinner's fallback never comes. */}
      <p className="mt-3 text-center text-cocoa text-sm">
        Calendar not showing?{" "}
        <SchedulingPageLink>Open the calendar in a new tab</SchedulingPageLink>
      </p>
    </div>
  );
}

/**
 * The scheduling page itself, in a new tab. The frame's script gives it the visitor's full
 * scheduling address (prefill, source); without the script it opens the plain page.
 */
function SchedulingPageLink({ children }: { children: string }) {
  return (
    <a
      href={siteConfig.SCHEDULING_URL}
      {...{ [schedulingPageLinkAttribute]: "" }}
      suppressHydrationWarning
      target="_blank"
      rel="noopener"
      className="font-semibold text-brand-700 underline underline-offset-4"
    >
      {children}
    </a>
  );
}

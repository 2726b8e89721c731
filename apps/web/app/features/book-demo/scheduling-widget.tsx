import { useEffect, useState } from "react";
import { useSearchParams } from "react-router";
import { siteConfig } from "../../site-config.ts";
import { browserAttribution } from "../attribution/browser-attribution.ts";
import { listenForBookedDemo, reportBookedDemo } from "./report-booked-demo.ts";
import { schedulingEmbedUrl } from "./scheduling-embed-url.ts";

/** After this long without the frame loading, a direct link replaces the spinner. */
const fallbackAfterMs = 15_000;

/**
 * The embedded scheduling page, 700 px high. The frame is created after
 * hydration (its address depends on the visitor's query, which a prerendered
 * page cannot know), and a spinner holds its place until the frame loads.
 */
export function SchedulingWidget() {
  const [searchParams] = useSearchParams();
  const [src, setSrc] = useState<string>();
  const [state, setState] = useState<"loading" | "loaded" | "slow">("loading");

  useEffect(() => {
    // The page's own utm parameters win; otherwise the visit's saved source.
    const saved = browserAttribution().attribution;
    setSrc(
      schedulingEmbedUrl(
        siteConfig.SCHEDULING_URL,
        { name: searchParams.get("name"), email: searchParams.get("email") },
        {
          utm_source: searchParams.get("utm_source") ?? saved?.utms,
          utm_medium: searchParams.get("utm_medium") ?? saved?.utmm,
          utm_campaign: searchParams.get("utm_campaign") ?? saved?.utmc,
        },
        window.location.hostname,
      ),
    );
  }, [searchParams]);

  // A booking made in the frame is counted, with the visit's attribution (issue 5).
  useEffect(() => listenForBookedDemo(window, siteConfig.SCHEDULING_URL, reportBookedDemo), []);

  useEffect(() => {
    if (state !== "loading") return;
    const timer = window.setTimeout(() => setState("slow"), fallbackAfterMs);
    return () => window.clearTimeout(timer);
  }, [state]);

  return (
    <div className="relative h-[700px] overflow-hidden rounded-2xl bg-white shadow-card ring-1 ring-brand-900/5">
      {src && (
        <iframe
          src={src}
          title="Book a demo: pick a time"
          onLoad={() => setState("loaded")}
          className="absolute inset-0 size-full"
        />
      )}
      {state !== "loaded" && (
        <div className="absolute inset-0 flex flex-col items-center justify-center gap-4 bg-white px-6 text-center">
          {state === "loading" ? (
            <>
              <span
                role="progressbar"
                aria-label="Loading the scheduling calendar"
                className="size-12 animate-spin rounded-full border-4 border-brand-100 border-t-brand-700 motion-reduce:animate-none"
              />
              <p className="text-cocoa">Loading available times…</p>
            </>
          ) : (
            <>
              <p className="max-w-sm text-cocoa">
                The calendar is taking longer than usual to load.
              </p>
              <a
                href={src ?? siteConfig.SCHEDULING_URL}
                target="_blank"
                rel="noopener"
                className="font-semibold text-brand-700 underline underline-offset-4"
              >
                Open the scheduling page in a new tab
              </a>
            </>
          )}
        </div>
      )}
    </div>
  );
}

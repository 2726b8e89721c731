/**
 * Time from tapping a short link to the target page's first paint, both ways:
 *   - server 302: the navigation to /to/:cat/:id is answered with a redirect;
 *   - page flow: the link's page loads, a script in its head asks /api/redirect, then goes.
 * The page flow is forced by sending the first request with a link-preview user
 * agent (the server then serves the SPA page, as it does for anything unusual).
 * Phone conditions as Lighthouse's DevTools throttling (phone-browser.ts); a cold
 * browser context every run.
 */
import type { Browser } from "@playwright/test";
import { launchPhoneBrowser, openPhonePage, paintAndLoad } from "./phone-browser.ts";
import { median } from "./stats.ts";

export interface FlowTiming {
  /** ms from starting the navigation to the target's first contentful paint. */
  toTargetFcp: number;
  /** ms from starting the navigation to the target's load event. */
  toTargetLoad: number;
  /** Requests the browser made before the target's load event. */
  requests: number;
}

export interface ShortLinkTimings {
  link: string;
  runs: number;
  serverRedirect: FlowTiming;
  pageFlow: FlowTiming;
}

const PREVIEW_USER_AGENT = "Mozilla/5.0 (compatible; bench-link-preview-bot/1.0)";

async function once(
  browser: Browser,
  url: string,
  targetPath: string,
  forcePageFlow: boolean,
): Promise<FlowTiming> {
  const page = await openPhonePage(browser);
  try {
    let requests = 0;
    page.on("request", () => {
      requests++;
    });
    // Both ways go through the same interception, so its cost cancels out.
    await page.route(url, (route) =>
      route.continue(
        forcePageFlow
          ? { headers: { ...route.request().headers(), "user-agent": PREVIEW_USER_AGENT } }
          : {},
      ),
    );
    const started = Date.now();
    await page.goto(url, { waitUntil: "commit" });
    await page.waitForURL((current) => current.pathname === targetPath, { waitUntil: "load" });
    const marks = await paintAndLoad(page);
    return {
      toTargetFcp: marks.timeOrigin + marks.firstPaint - started,
      toTargetLoad: marks.timeOrigin + marks.load - started,
      requests,
    };
  } finally {
    await page.context().close();
  }
}

export async function measureShortLinkTimings(options: {
  origin: string;
  link: string;
  targetPath: string;
  runs: number;
}): Promise<ShortLinkTimings> {
  const browser = await launchPhoneBrowser();
  const url = `${options.origin}${options.link}`;
  const server: FlowTiming[] = [];
  const pageFlow: FlowTiming[] = [];
  try {
    for (let run = 0; run < options.runs; run++) {
      // Alternate the order so drift during the run hits both ways alike.
      const order = run % 2 === 0 ? [false, true] : [true, false];
      for (const force of order) {
        const timing = await once(browser, url, options.targetPath, force);
        (force ? pageFlow : server).push(timing);
      }
    }
  } finally {
    await browser.close();
  }
  const summary = (timings: FlowTiming[]): FlowTiming => ({
    toTargetFcp: median(timings.map((timing) => timing.toTargetFcp)),
    toTargetLoad: median(timings.map((timing) => timing.toTargetLoad)),
    requests: median(timings.map((timing) => timing.requests)),
  });
  return {
    link: options.link,
    runs: options.runs,
    serverRedirect: summary(server),
    pageFlow: summary(pageFlow),
  };
}

/**
 * Time from tapping a short link to the target page's first paint, both ways:
 *   - server 302: the navigation to /to/:cat/:id is answered with a redirect;
 *   - page flow: the SPA page loads, its JavaScript asks /api/redirect, then goes.
 * The page flow is forced by sending the first request with a link-preview user
 * agent (the server then serves the SPA page, as it does for anything unusual).
 * Phone conditions as Lighthouse's DevTools throttling: 562.5 ms request latency,
 * 1.47 Mbps down, 675 kbps up, CPU 4x slower; a cold browser context every run.
 */
import { type BrowserContext, chromium } from "@playwright/test";
import { CHROME_FLAGS, chromePath } from "./lighthouse-pages.ts";
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
/** A phone's browser (headless Chromium's own user agent says "HeadlessChrome", a bot). */
const PHONE_USER_AGENT =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Mobile Safari/537.36";

async function throttle(context: BrowserContext) {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 562.5,
    downloadThroughput: (1474.56 * 1024) / 8,
    uploadThroughput: (675 * 1024) / 8,
  });
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  return page;
}

async function once(
  browser: Awaited<ReturnType<typeof chromium.launch>>,
  url: string,
  targetPath: string,
  forcePageFlow: boolean,
): Promise<FlowTiming> {
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    isMobile: true,
    hasTouch: true,
    userAgent: PHONE_USER_AGENT,
  });
  try {
    await context.route(
      (candidate) => candidate.hostname !== "127.0.0.1",
      (route) => route.abort("blockedbyclient"),
    );
    const page = await throttle(context);
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
    const marks = await page.evaluate(async () => {
      const fcp = await new Promise<number>((resolve) => {
        const existing = performance.getEntriesByName("first-contentful-paint")[0];
        if (existing) return resolve(existing.startTime);
        new PerformanceObserver((list) => {
          const entry = list.getEntriesByName("first-contentful-paint")[0];
          if (entry) resolve(entry.startTime);
        }).observe({ type: "paint", buffered: true });
      });
      const [navigation] = performance.getEntriesByType(
        "navigation",
      ) as PerformanceNavigationTiming[];
      return {
        fcp: performance.timeOrigin + fcp,
        load: performance.timeOrigin + (navigation?.loadEventStart ?? Number.NaN),
      };
    });
    return {
      toTargetFcp: marks.fcp - started,
      toTargetLoad: marks.load - started,
      requests,
    };
  } finally {
    await context.close();
  }
}

export async function measureShortLinkTimings(options: {
  origin: string;
  link: string;
  targetPath: string;
  runs: number;
}): Promise<ShortLinkTimings> {
  const browser = await chromium.launch({
    executablePath: chromePath(),
    args: CHROME_FLAGS.filter((flag) => !flag.startsWith("--headless")),
  });
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

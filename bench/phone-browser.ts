/**
 * A phone on a slow link, as Lighthouse's DevTools throttling preset: 562.5 ms request
 * latency, 1.47 Mbps down, 675 kbps up, CPU 4x slower, 390 px wide. Used by the
 * timings measured in a real Chromium (short links, time to widget); nothing leaves
 * the machine: requests to other hosts are answered by `thirdParty` or aborted.
 */
import { type Browser, chromium, type Page, type Route } from "@playwright/test";
import { chromiumPath } from "../scripts/chromium.ts";
import { LIGHTHOUSE_FLAGS } from "./lighthouse-pages.ts";

/** A phone's browser (headless Chromium's own user agent says "HeadlessChrome", a bot). */
export const PHONE_USER_AGENT =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Mobile Safari/537.36";

export const PHONE_VIEWPORT = { width: 390, height: 844 };

/** Lighthouse's slow 4G, as DevTools' Network.emulateNetworkConditions takes it (bytes/s). */
export const PHONE_NETWORK = {
  latency: 562.5,
  downloadThroughput: (1474.56 * 1024) / 8,
  uploadThroughput: (675 * 1024) / 8,
};

export function launchPhoneBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath(),
    args: LIGHTHOUSE_FLAGS.filter((flag) => !flag.startsWith("--headless")),
  });
}

/**
 * A page in a fresh (cold) context, throttled. Close it with `page.context().close()`.
 * `thirdParty` answers requests to any host but 127.0.0.1 (default: abort them).
 */
export async function openPhonePage(
  browser: Browser,
  thirdParty: (route: Route) => Promise<void> = (route) => route.abort("blockedbyclient"),
): Promise<Page> {
  const context = await browser.newContext({
    viewport: PHONE_VIEWPORT,
    isMobile: true,
    hasTouch: true,
    userAgent: PHONE_USER_AGENT,
  });
  await context.route((url) => url.hostname !== "127.0.0.1", thirdParty);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", { offline: false, ...PHONE_NETWORK });
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  return page;
}

export interface PaintAndLoad {
  /** performance.timeOrigin: ms since the epoch when the page's navigation started. */
  timeOrigin: number;
  /** The following in ms after timeOrigin: the document's last byte, */
  documentArrived: number;
  /** its first contentful paint (waited for), */
  firstPaint: number;
  /** its largest contentful paint so far (NaN if none), */
  largestPaint: number;
  /** and its load event (NaN before it). */
  load: number;
}

/**
 * In the page: its paints and load, waiting for the first paint if it has not come yet. Runs as
 * the page's code (passed as source, so it refers to nothing outside itself).
 */
export async function readPaintAndLoad(): Promise<PaintAndLoad> {
  const firstPaint = await new Promise<number>((resolve) => {
    new PerformanceObserver((list) => {
      const entry = list.getEntriesByName("first-contentful-paint")[0];
      if (entry) resolve(entry.startTime);
    }).observe({ type: "paint", buffered: true });
  });
  // Buffered entries are in the observer's records as soon as it observes: nothing to wait for.
  const largest = new PerformanceObserver(() => {});
  largest.observe({ type: "largest-contentful-paint", buffered: true });
  const largestPaint = largest.takeRecords().at(-1)?.startTime ?? Number.NaN;
  largest.disconnect();
  const [navigation] = performance.getEntriesByType("navigation") as PerformanceNavigationTiming[];
  return {
    timeOrigin: performance.timeOrigin,
    documentArrived: navigation?.responseEnd ?? Number.NaN,
    firstPaint,
    largestPaint,
    load: navigation?.loadEventStart || Number.NaN,
  };
}

/** The current page's paints and load (readPaintAndLoad). */
export function paintAndLoad(page: Page): Promise<PaintAndLoad> {
  return page.evaluate(readPaintAndLoad);
}

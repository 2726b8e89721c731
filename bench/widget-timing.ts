/**
 * Time to widget: how soon a phone on a slow link gets what each conversion page is for.
 * For /, /book-demo, /signup and /login: when the document arrived, the first paint, the
 * largest paint (what starting the app sooner must not delay), the load event, when the app's
 * first script was requested, when the app had hydrated (entry.client marks
 * <html data-hydrated>), and when the widget was requested (the
 * scheduling frame on /book-demo, the payment provider's pricing-table script on /signup).
 * In Chromium with Lighthouse's DevTools mobile preset (phone-browser.ts), a cold browser
 * context each run, third-party hosts stubbed; the median of each figure is kept.
 */
import type { Browser, Request, Route } from "@playwright/test";
import { launchPhoneBrowser, openPhonePage, paintAndLoad } from "./phone-browser.ts";
import { median } from "./stats.ts";

/** The routes measured and, where there is one, the request that starts their widget. */
export const WIDGET_ROUTES: readonly { route: string; widget?: { name: string; host: string } }[] =
  [
    { route: "/" },
    { route: "/book-demo", widget: { name: "scheduling frame", host: "calendly.com" } },
    { route: "/signup", widget: { name: "pricing-table script", host: "js.stripe.com" } },
    { route: "/login" },
  ];

export interface WidgetTiming {
  route: string;
  /** What the widget is, when the route has one. */
  widget?: string;
  /** ms after the navigation started; NaN where the route has no such moment. */
  documentArrived: number;
  firstPaint: number;
  largestPaint: number;
  load: number;
  appScriptRequested: number;
  hydrated: number;
  widgetRequested: number;
}

export interface WidgetTimings {
  runs: number;
  /** The medians of each figure, per route. */
  results: (WidgetTiming & {
    widgetPerDocument: number;
    appScriptPerFirstPaint: number;
    hydratedPerFirstPaint: number;
  })[];
}

// Third parties answer at once with a stand-in, so only our own requests meet the slow link.
function stubThirdParty(route: Route): Promise<void> {
  const { hostname } = new URL(route.request().url());
  if (hostname === "calendly.com") {
    return route.fulfill({
      contentType: "text/html",
      body: "<!doctype html><title>Booking</title>",
    });
  }
  if (hostname === "js.stripe.com")
    return route.fulfill({ contentType: "text/javascript", body: "" });
  return route.abort("blockedbyclient");
}

const HYDRATED_AT = "__benchHydratedAt";
const isAppScript = (url: URL) =>
  url.hostname === "127.0.0.1" &&
  url.pathname.startsWith("/assets/") &&
  url.pathname.endsWith(".js");

async function once(
  browser: Browser,
  origin: string,
  { route, widget }: (typeof WIDGET_ROUTES)[number],
): Promise<WidgetTiming> {
  const page = await openPhonePage(browser, stubThirdParty);
  try {
    // The moment of hydration, as a promise the page keeps: awaiting it once costs the page
    // nothing, where polling for it (waitForFunction) runs script on every frame while the
    // page hydrates, on a CPU slowed 4x.
    await page.addInitScript((mark) => {
      (window as unknown as Record<string, Promise<number>>)[mark] = new Promise((resolve) => {
        new MutationObserver((_, observer) => {
          if (!document.documentElement.hasAttribute("data-hydrated")) return;
          resolve(performance.now());
          observer.disconnect();
        }).observe(document, {
          attributes: true,
          attributeFilter: ["data-hydrated"],
          subtree: true,
        });
      });
    }, HYDRATED_AT);
    const requests: Request[] = [];
    page.on("request", (request) => requests.push(request));
    const widgetRequest = widget
      ? page.waitForRequest((request) => new URL(request.url()).hostname === widget.host)
      : undefined;
    await page.goto(`${origin}${route}`, { waitUntil: "load" });
    const hydrated = await page.evaluate(
      (mark) => (window as unknown as Record<string, Promise<number>>)[mark],
      HYDRATED_AT,
    );
    await widgetRequest;
    const marks = await paintAndLoad(page);
    // The browser's own clock for when each request started, against the page's time origin.
    const requestedAt = async (request: Request | undefined) => {
      if (!request) return Number.NaN;
      await request.response();
      return request.timing().startTime - marks.timeOrigin;
    };
    const appScripts = requests.filter((request) => isAppScript(new URL(request.url())));
    const appScriptTimes = await Promise.all(appScripts.map(requestedAt));
    return {
      route,
      widget: widget?.name,
      documentArrived: marks.documentArrived,
      firstPaint: marks.firstPaint,
      largestPaint: marks.largestPaint,
      load: marks.load,
      appScriptRequested: Math.min(...appScriptTimes),
      hydrated: hydrated ?? Number.NaN,
      widgetRequested: await requestedAt(await widgetRequest),
    };
  } finally {
    await page.context().close();
  }
}

/**
 * One unthrottled visit per route first: the server compresses each file on its first
 * request, a wait no visitor of a warm server or a CDN has.
 */
async function warmUp(browser: Browser, origin: string, routes: readonly string[]) {
  const context = await browser.newContext();
  await context.route((url) => url.hostname !== "127.0.0.1", stubThirdParty);
  const page = await context.newPage();
  for (const route of routes) {
    await page.goto(`${origin}${route}`, { waitUntil: "load" });
    await page.waitForSelector("html[data-hydrated]", { state: "attached" });
  }
  await context.close();
}

export async function measureWidgetTimings(options: {
  origin: string;
  runs: number;
  routes?: readonly string[];
}): Promise<WidgetTimings> {
  const measured = WIDGET_ROUTES.filter(({ route }) => options.routes?.includes(route) ?? true);
  const browser = await launchPhoneBrowser();
  const timings = new Map<string, WidgetTiming[]>();
  try {
    await warmUp(
      browser,
      options.origin,
      measured.map(({ route }) => route),
    );
    for (let run = 0; run < options.runs; run++) {
      for (const route of measured) {
        timings.set(route.route, [
          ...(timings.get(route.route) ?? []),
          await once(browser, options.origin, route),
        ]);
      }
    }
  } finally {
    await browser.close();
  }
  return {
    runs: options.runs,
    results: measured.map(({ route, widget }) => {
      const runs = timings.get(route) ?? [];
      const middle = (key: keyof Omit<WidgetTiming, "route" | "widget">) =>
        median(runs.map((timing) => timing[key]));
      const timing: WidgetTiming = {
        route,
        widget: widget?.name,
        documentArrived: middle("documentArrived"),
        firstPaint: middle("firstPaint"),
        largestPaint: middle("largestPaint"),
        load: middle("load"),
        appScriptRequested: middle("appScriptRequested"),
        hydrated: middle("hydrated"),
        widgetRequested: middle("widgetRequested"),
      };
      return {
        ...timing,
        widgetPerDocument: timing.widgetRequested / timing.documentArrived,
        appScriptPerFirstPaint: timing.appScriptRequested / timing.firstPaint,
        hydratedPerFirstPaint: timing.hydrated / timing.firstPaint,
      };
    }),
  };
}

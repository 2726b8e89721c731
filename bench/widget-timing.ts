/**
 * Time to widget: how soon a phone on a slow link gets what each conversion page is for.
 * For /, /book-demo, /signup and /login: when the document arrived, the first paint, the
 * largest paint (what starting the app sooner must not delay), the load event, when the app's
 * first script was requested, when the app had hydrated (entry.client marks
 * <html data-hydrated>), and when the widget was requested (the
 * scheduling frame on /book-demo, the payment provider's pricing-table script on /signup).
 * On those and /pricing: the app's longest main-thread task from the navigation until 2 s after
 * hydration, and how many of its tasks took over 50 ms (long-tasks.ts).
 * What the app's own script running decides (the first paint, the app's script requested,
 * hydrated and its tasks) is read in a visit of its own through a browser as a visitor has it
 * (visitor-browser.ts); the rest (the document, the load, the widget, which needs the third
 * parties stubbed) in a visit through Playwright, which also gives the first paint, hydration and
 * the longest task under DevTools' Runtime domain (as in Lighthouse), reported beside them.
 * In Chromium with Lighthouse's DevTools mobile preset (phone-browser.ts), a cold browser
 * context each run, third-party hosts stubbed; the median of each figure is kept. With a
 * previous release to compare with, each route is loaded from both servers in every run, the
 * order alternating.
 */
import type { Browser, Request, Route } from "@playwright/test";
import {
  LONG_TASKS_KEY,
  longTasksBefore,
  longTasksUntil,
  observeLongTasks,
  watchLongTasks,
} from "./long-tasks.ts";
import {
  launchPhoneBrowser,
  openPhonePage,
  paintAndLoad,
  readPaintAndLoad,
} from "./phone-browser.ts";
import { median, spread } from "./stats.ts";
import { VisitorBrowser } from "./visitor-browser.ts";

/** The routes measured and, where there is one, the request that starts their widget. */
export const WIDGET_ROUTES: readonly { route: string; widget?: { name: string; host: string } }[] =
  [
    { route: "/" },
    { route: "/book-demo", widget: { name: "scheduling frame", host: "calendly.com" } },
    { route: "/pricing" },
    { route: "/signup", widget: { name: "pricing-table script", host: "js.stripe.com" } },
    { route: "/login" },
  ];

/** How long after hydration the long tasks are still counted. */
export const LONG_TASK_WINDOW_AFTER_HYDRATION_MS = 2000;

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
  /** The first paint and hydration as Playwright's (and Lighthouse's) DevTools session sees them. */
  firstPaintUnderDevTools: number;
  hydratedUnderDevTools: number;
  /**
   * The app's longest main-thread task until 2 s after hydration, in ms (0: none over 50 ms):
   * a task in which the site's own scripts ran (long-tasks.ts), in a browser as a visitor has it.
   */
  longestTask: number;
  /** How many of the app's tasks took over 50 ms in that time. */
  longTasks: number;
  /** The longest task of any kind in that time, the page's own parsing and painting included. */
  longestTaskOfAnyKind: number;
  /** The app's longest task as Playwright's (and Lighthouse's) DevTools session sees it. */
  longestTaskUnderDevTools: number;
}

export type TimingKey = keyof Omit<WidgetTiming, "route" | "widget">;

export type WidgetRow = WidgetTiming & {
  widgetPerDocument: number;
  appScriptPerFirstPaint: number;
  hydratedPerFirstPaint: number;
  hydratedPerFirstPaintUnderDevTools: number;
  /** Each figure's largest minus smallest over the runs. */
  spread?: Partial<Record<TimingKey, number>>;
};

export interface WidgetTimings {
  runs: number;
  /** The medians of each figure, per route. */
  results: WidgetRow[];
  /** The previous release's, measured in the same runs (`--against`). */
  previous?: WidgetRow[];
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

/**
 * In the page, before its own scripts: keeps, under `mark`, a promise of the moment the app
 * marks <html data-hydrated>. Runs as the page's code (passed as source).
 */
function keepHydrationTime(mark: string): void {
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
}

/** Source that calls `fn` with `arg` in the page. */
const callInPage = <A>(fn: (arg: A) => unknown, arg: A) =>
  `(${fn.toString()})(${JSON.stringify(arg)})`;

/** In the page: when the first of the site's own scripts (/assets/….js) was requested. */
function firstAppScriptRequested(): number {
  const starts = (performance.getEntriesByType("resource") as PerformanceResourceTiming[])
    .filter(({ name }) => {
      const url = new URL(name);
      return (
        url.origin === location.origin &&
        url.pathname.startsWith("/assets/") &&
        url.pathname.endsWith(".js")
      );
    })
    .map(({ startTime }) => startTime);
  return starts.length > 0 ? Math.min(...starts) : Number.NaN;
}

/**
 * The first paint, the app's script requested, hydration and the app's long tasks in one visit
 * through a browser as a visitor has it (visitor-browser.ts): the same throttled phone, the same
 * observers, none of DevTools' script domains on.
 */
async function visitorOnce(
  browser: VisitorBrowser,
  origin: string,
  route: string,
): Promise<Pick<WidgetTiming, VisitorKey>> {
  const page = await browser.openPage(
    `${callInPage(keepHydrationTime, HYDRATED_AT)};${callInPage(observeLongTasks, LONG_TASKS_KEY)}`,
  );
  try {
    await page.goto(`${origin}${route}`);
    const hydrated = await page.evaluate<number | null>(`window[${JSON.stringify(HYDRATED_AT)}]`);
    const tasks = await page.evaluate<Awaited<ReturnType<typeof longTasksBefore>>>(
      callInPage(longTasksBefore, {
        key: LONG_TASKS_KEY,
        end: (hydrated ?? Number.NaN) + LONG_TASK_WINDOW_AFTER_HYDRATION_MS,
      }),
    );
    const marks = await page.evaluate<Awaited<ReturnType<typeof readPaintAndLoad>>>(
      callInPage(readPaintAndLoad, undefined),
    );
    return {
      firstPaint: marks.firstPaint,
      appScriptRequested: await page.evaluate<number>(
        callInPage(firstAppScriptRequested, undefined),
      ),
      hydrated: hydrated ?? Number.NaN,
      longestTask: tasks.longest,
      longTasks: tasks.count,
      longestTaskOfAnyKind: tasks.longestOfAnyKind,
    };
  } finally {
    await page.close();
  }
}

type PlaywrightTiming = Omit<WidgetTiming, VisitorKey>;
type VisitorKey =
  | "firstPaint"
  | "appScriptRequested"
  | "hydrated"
  | "longestTask"
  | "longTasks"
  | "longestTaskOfAnyKind";

async function once(
  browser: Browser,
  origin: string,
  { route, widget }: (typeof WIDGET_ROUTES)[number],
): Promise<PlaywrightTiming> {
  const page = await openPhonePage(browser, stubThirdParty);
  try {
    // The moment of hydration, as a promise the page keeps: awaiting it once costs the page
    // nothing, where polling for it (waitForFunction) runs script on every frame while the
    // page hydrates, on a CPU slowed 4x.
    await page.addInitScript(keepHydrationTime, HYDRATED_AT);
    const widgetRequest = widget
      ? page.waitForRequest((request) => new URL(request.url()).hostname === widget.host)
      : undefined;
    await watchLongTasks(page);
    await page.goto(`${origin}${route}`, { waitUntil: "load" });
    const hydrated = await page.evaluate(
      (mark) => (window as unknown as Record<string, Promise<number>>)[mark],
      HYDRATED_AT,
    );
    await widgetRequest;
    const longTasks = await longTasksUntil(
      page,
      (hydrated ?? Number.NaN) + LONG_TASK_WINDOW_AFTER_HYDRATION_MS,
    );
    const marks = await paintAndLoad(page);
    // The browser's own clock for when each request started, against the page's time origin.
    const requestedAt = async (request: Request | undefined) => {
      if (!request) return Number.NaN;
      await request.response();
      return request.timing().startTime - marks.timeOrigin;
    };
    return {
      route,
      widget: widget?.name,
      documentArrived: marks.documentArrived,
      largestPaint: marks.largestPaint,
      load: marks.load,
      widgetRequested: await requestedAt(await widgetRequest),
      firstPaintUnderDevTools: marks.firstPaint,
      hydratedUnderDevTools: hydrated ?? Number.NaN,
      longestTaskUnderDevTools: longTasks.longest,
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

/** Per server, the runs of each route. */
type Measured = Map<string, WidgetTiming[]>;

export async function measureWidgetTimings(options: {
  origin: string;
  /** The previous release's server, measured in the same runs. */
  previousOrigin?: string;
  runs: number;
  routes?: readonly string[];
}): Promise<WidgetTimings> {
  const measured = WIDGET_ROUTES.filter(({ route }) => options.routes?.includes(route) ?? true);
  const origins = [options.origin, options.previousOrigin].filter(
    (origin): origin is string => origin !== undefined,
  );
  const timings = new Map<string, Measured>(origins.map((origin) => [origin, new Map()]));
  const browser = await launchPhoneBrowser();
  const visitorBrowser = VisitorBrowser.launch();
  try {
    for (const origin of origins) {
      await warmUp(
        browser,
        origin,
        measured.map(({ route }) => route),
      );
    }
    for (let run = 0; run < options.runs; run++) {
      for (const [index, route] of measured.entries()) {
        const order = (run + index) % 2 === 0 ? origins : [...origins].reverse();
        for (const origin of order) {
          const runs = timings.get(origin) as Measured;
          const timing: WidgetTiming = {
            ...(await once(browser, origin, route)),
            ...(await visitorOnce(visitorBrowser, origin, route.route)),
          };
          runs.set(route.route, [...(runs.get(route.route) ?? []), timing]);
        }
      }
    }
  } finally {
    await browser.close();
    await visitorBrowser.close();
  }
  const rows = (origin: string) => measured.map((route) => rowOf(route, timings.get(origin)));
  return {
    runs: options.runs,
    results: rows(options.origin),
    ...(options.previousOrigin && { previous: rows(options.previousOrigin) }),
  };
}

const TIMING_KEYS: TimingKey[] = [
  "documentArrived",
  "firstPaint",
  "largestPaint",
  "load",
  "appScriptRequested",
  "hydrated",
  "widgetRequested",
  "firstPaintUnderDevTools",
  "hydratedUnderDevTools",
  "longestTask",
  "longTasks",
  "longestTaskOfAnyKind",
  "longestTaskUnderDevTools",
];

/** The median of each figure over a route's runs, its ratios and each figure's spread. */
function rowOf(
  { route, widget }: (typeof WIDGET_ROUTES)[number],
  measured: Measured | undefined,
): WidgetRow {
  const runs = measured?.get(route) ?? [];
  const values = (key: TimingKey) => runs.map((timing) => timing[key]);
  const middle = Object.fromEntries(TIMING_KEYS.map((key) => [key, median(values(key))])) as Record<
    TimingKey,
    number
  >;
  const timing: WidgetTiming = { route, widget: widget?.name, ...middle };
  return {
    ...timing,
    widgetPerDocument: timing.widgetRequested / timing.documentArrived,
    appScriptPerFirstPaint: timing.appScriptRequested / timing.firstPaint,
    hydratedPerFirstPaint: timing.hydrated / timing.firstPaint,
    hydratedPerFirstPaintUnderDevTools:
      timing.hydratedUnderDevTools / timing.firstPaintUnderDevTools,
    spread: Object.fromEntries(TIMING_KEYS.map((key) => [key, spread(values(key))])),
  };
}

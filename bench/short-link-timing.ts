/**
 * Time from tapping a short link to the target page's first paint, both ways:
 *   - server 302: the navigation to /to/:cat/:id is answered with a redirect;
 *   - page flow: the link's page loads, a script in its head asks /api/redirect, then goes.
 * The page flow is forced by answering the first request with the short links' page, as a
 * static host does: the request goes on to that page's file, unseen by the page, which keeps
 * the link's address.
 *
 * And for a link that does not exist, the time until the visitor reads so: the server's
 * 404 page (the message in its HTML) against the page flow (the link's page asks
 * /api/redirect, then the app shows the message). The same for a content page that does not
 * exist: the server's 404 page against a static host's (the SPA fallback, whose app asks
 * /api/p, then shows the message).
 * And a link behind sign-in opened by a signed-in visitor (measureSignedInLink).
 * Phone conditions as Lighthouse's DevTools throttling (phone-browser.ts); a cold
 * browser context every run.
 */

import { DEMO_LINKS } from "@bakery/api/demo-data";
import { SPA_FALLBACK_FILE } from "@bakery/shared/build-files";
import type { Browser, Page, Response } from "@playwright/test";
import { launchPhoneBrowser, openPhonePage, paintAndLoad } from "./phone-browser.ts";
import { median } from "./stats.ts";

/** The public link the bench server's seeded database holds, and where it leads. */
const publicLink = DEMO_LINKS.find((link) => !link.signInRequired);
if (!publicLink) throw new Error("no public demo link to measure");
export const DEMO_LINK = {
  path: `/to/${publicLink.cat}/${publicLink.id}`,
  target: publicLink.target,
};

export interface FlowTiming {
  /** ms from starting the navigation to the target's first contentful paint. */
  toTargetFcp: number;
  /** ms from starting the navigation to the target's load event. */
  toTargetLoad: number;
  /** Requests the browser made before the target's load event. */
  requests: number;
}

export interface MessageTiming {
  /** ms from starting the navigation until the message is on screen. */
  toMessage: number;
  /** The document's HTTP status. */
  status: number;
  /** Requests the browser made until then. */
  requests: number;
}

/** An address that leads nowhere, answered both ways. */
export interface MessageTimings {
  link: string;
  serverPage: MessageTiming;
  pageFlow: MessageTiming;
}

/**
 * A link behind sign-in opened by a signed-in visitor: the server cannot see the session (it
 * lives in the browser, decision 5), so the link's page waits for the app, the identity SDK
 * restoring the session, `GET /api/me` (decision 12) and `GET /api/redirect`, then goes.
 */
export interface SignedInLinkTiming {
  link: string;
  pageFlow: FlowTiming;
}

export interface ShortLinkTimings {
  link: string;
  runs: number;
  serverRedirect: FlowTiming;
  pageFlow: FlowTiming;
  /** Absent from results measured before it was, or when the Auth emulator could not be used. */
  signedInLink?: SignedInLinkTiming;
  /** Absent from results measured before it was. */
  unknownLink?: MessageTimings;
  /** A content page that does not exist; absent from results measured before it was. */
  missingPage?: MessageTimings;
  /** A content page that exists; absent from results measured before it was. */
  contentPage?: MessageTimings;
}

/**
 * Where the server gives the prerendered page a static host serves at an address, by the kind of
 * address. The link's page is the same for every link; the server answers a known link with it
 * to any request no person made (here a link preview's), where its file's own address
 * (/to/_/_/index.html) is sent on to the page's address.
 */
const pageFlowAnswers = {
  shortLink: {
    path: DEMO_LINK.path,
    headers: { "user-agent": "Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)" },
  },
  contentPage: { path: `/${SPA_FALLBACK_FILE}`, headers: {} },
} as const;
type PageFlow = keyof typeof pageFlowAnswers;

/** What a measurement gets once the link's navigation has committed. */
interface Opened {
  page: Page;
  /** Date.now() when the navigation started. */
  started: number;
  response: Response | null;
  /** The requests the page has made so far. */
  requests: () => number;
}

/**
 * Opens `url` on a cold, throttled phone page, `forcePageFlow` making the server serve the
 * page a static host would (`pageFlow`), and measures it with `measure`. Both ways go through
 * the same interception, so its cost cancels out.
 */
async function openLink<T>(
  browser: Browser,
  url: string,
  pageFlow: PageFlow,
  forcePageFlow: boolean,
  measure: (opened: Opened) => Promise<T>,
  beforeOpening?: (page: Page) => Promise<unknown>,
): Promise<T> {
  const page = await openPhonePage(browser);
  try {
    let requests = 0;
    page.on("request", () => {
      requests++;
    });
    await beforeOpening?.(page);
    const answer = pageFlowAnswers[pageFlow];
    const staticHostPage = new URL(answer.path, url).href;
    await page.route(url, (route) =>
      route.continue(
        forcePageFlow
          ? { url: staticHostPage, headers: { ...route.request().headers(), ...answer.headers } }
          : {},
      ),
    );
    const started = Date.now();
    const response = await page.goto(url, { waitUntil: "commit" });
    return await measure({ page, started, response, requests: () => requests });
  } finally {
    await page.context().close();
  }
}

/** Waits for the browser to arrive where `isTarget` says and load, then times it from `started`. */
async function arrival(
  { page, started, requests }: Pick<Opened, "page" | "started" | "requests">,
  isTarget: (url: URL) => boolean,
): Promise<FlowTiming> {
  await page.waitForURL(isTarget, { waitUntil: "load", timeout: 60_000 });
  const marks = await paintAndLoad(page);
  return {
    toTargetFcp: marks.timeOrigin + marks.firstPaint - started,
    toTargetLoad: marks.timeOrigin + marks.load - started,
    requests: requests(),
  };
}

function once(
  browser: Browser,
  url: string,
  targetPath: string,
  forcePageFlow: boolean,
): Promise<FlowTiming> {
  return openLink(browser, url, "shortLink", forcePageFlow, (opened) =>
    arrival(opened, (current) => current.pathname === targetPath),
  );
}

/**
 * Until the heading `message` is on screen: the later of the page's first paint and the
 * moment the heading was inserted (a heading in the HTML is painted with the page; one
 * the app renders, a frame after it is inserted, which this leaves out for both ways).
 */
function onceToMessage(
  browser: Browser,
  url: string,
  message: string,
  pageFlow: PageFlow,
  forcePageFlow: boolean,
): Promise<MessageTiming> {
  const watchForMessage = (page: Page) =>
    page.addInitScript((text) => {
      const seen = () => [...document.querySelectorAll("h1")].some((h1) => h1.textContent === text);
      new MutationObserver((_, observer) => {
        if (!seen()) return;
        Object.assign(window, { benchMessageAt: performance.now() });
        observer.disconnect();
      }).observe(document, { childList: true, subtree: true, characterData: true });
    }, message);
  return openLink(
    browser,
    url,
    pageFlow,
    forcePageFlow,
    async ({ page, started, response, requests }) => {
      await page.waitForFunction(() => "benchMessageAt" in window, undefined, { timeout: 60_000 });
      const marks = await paintAndLoad(page);
      const insertedAt = await page.evaluate(
        () => (window as unknown as { benchMessageAt: number }).benchMessageAt,
      );
      return {
        toMessage: marks.timeOrigin + Math.max(marks.firstPaint, insertedAt) - started,
        status: response?.status() ?? 0,
        requests: requests(),
      };
    },
    watchForMessage,
  );
}

/** Runs `measure` both ways, alternating the order so drift during the run hits both alike. */
async function bothWays<T>(runs: number, measure: (forcePageFlow: boolean) => Promise<T>) {
  const server: T[] = [];
  const pageFlow: T[] = [];
  for (let run = 0; run < runs; run++) {
    const order = run % 2 === 0 ? [false, true] : [true, false];
    for (const force of order) (force ? pageFlow : server).push(await measure(force));
  }
  return { server, pageFlow };
}

const messageSummary = (timings: MessageTiming[]): MessageTiming => ({
  toMessage: median(timings.map((timing) => timing.toMessage)),
  status: median(timings.map((timing) => timing.status)),
  requests: median(timings.map((timing) => timing.requests)),
});

/** The time until the visitor reads what `address` shows (that it leads nowhere, or a page), both ways. */
async function toMessageBothWays(
  browser: Browser,
  origin: string,
  address: { link: string; message: string },
  pageFlow: PageFlow,
  runs: number,
): Promise<MessageTimings> {
  const url = `${origin}${address.link}`;
  const toMessage = await bothWays(runs, (force) =>
    onceToMessage(browser, url, address.message, pageFlow, force),
  );
  return {
    link: address.link,
    serverPage: messageSummary(toMessage.server),
    pageFlow: messageSummary(toMessage.pageFlow),
  };
}

const flowSummary = (timings: FlowTiming[]): FlowTiming => ({
  toTargetFcp: median(timings.map((timing) => timing.toTargetFcp)),
  toTargetLoad: median(timings.map((timing) => timing.toTargetLoad)),
  requests: median(timings.map((timing) => timing.requests)),
});

/**
 * Signs in through /login on a cold, throttled phone page (the my-area host answered by a
 * stub), then opens `link` and measures until `target`'s first paint and load. The site's
 * build must talk to the Auth emulator the server verifies tokens with.
 */
export async function measureSignedInLink(options: {
  origin: string;
  link: string;
  /** Where the link leads, e.g. https://my.example.com/billing. */
  target: string;
  email: string;
  password: string;
  runs: number;
}): Promise<SignedInLinkTiming> {
  const targetOrigin = new URL(options.target).origin;
  const browser = await launchPhoneBrowser();
  try {
    const timings: FlowTiming[] = [];
    for (let run = 0; run < options.runs; run++) {
      const page = await openPhonePage(browser, (route) =>
        new URL(route.request().url()).origin === targetOrigin
          ? route.fulfill({
              contentType: "text/html",
              body: '<!doctype html><html lang="en"><title>My area</title><h1>My area</h1></html>',
            })
          : route.abort("blockedbyclient"),
      );
      try {
        await page.goto(`${options.origin}/login`);
        await page.getByLabel("Email", { exact: true }).fill(options.email);
        await page.getByLabel("Password", { exact: true }).fill(options.password);
        await page.getByRole("button", { name: "Sign in", exact: true }).click();
        await page.waitForURL((url) => url.origin === targetOrigin, { timeout: 60_000 });
        let requests = 0;
        page.on("request", () => {
          requests++;
        });
        const started = Date.now();
        await page.goto(`${options.origin}${options.link}`, { waitUntil: "commit" });
        timings.push(
          await arrival(
            { page, started, requests: () => requests },
            (url) => url.href === options.target,
          ),
        );
      } finally {
        await page.context().close();
      }
    }
    return { link: options.link, pageFlow: flowSummary(timings) };
  } finally {
    await browser.close();
  }
}

export async function measureShortLinkTimings(options: {
  origin: string;
  link: string;
  targetPath: string;
  /** A link that does not exist, and the heading that says so. */
  unknownLink: { link: string; message: string };
  /** A content page that does not exist, and the heading that says so. */
  missingPage: { link: string; message: string };
  /** A content page that exists, and its title. */
  contentPage: { link: string; message: string };
  runs: number;
}): Promise<ShortLinkTimings> {
  const browser = await launchPhoneBrowser();
  try {
    const url = `${options.origin}${options.link}`;
    const toTarget = await bothWays(options.runs, (force) =>
      once(browser, url, options.targetPath, force),
    );
    const { origin, runs } = options;
    return {
      link: options.link,
      runs,
      serverRedirect: flowSummary(toTarget.server),
      pageFlow: flowSummary(toTarget.pageFlow),
      unknownLink: await toMessageBothWays(browser, origin, options.unknownLink, "shortLink", runs),
      missingPage: await toMessageBothWays(
        browser,
        origin,
        options.missingPage,
        "contentPage",
        runs,
      ),
      contentPage: await toMessageBothWays(
        browser,
        origin,
        options.contentPage,
        "contentPage",
        runs,
      ),
    };
  } finally {
    await browser.close();
  }
}

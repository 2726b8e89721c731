import AxeBuilder from "@axe-core/playwright";
import { test as base, type ConsoleMessage, expect, type Page } from "@playwright/test";

/** Third-party hosts the site embeds; stubbed at the network level in every test. */
export const thirdPartyStubs = {
  scheduling: "https://calendly.com/**",
  stripeScript: "https://js.stripe.com/**",
  video: "https://www.youtube-nocookie.com/**",
  crisp: "https://client.crisp.chat/**",
} as const;

const stubPage = (title: string) =>
  `<!doctype html><html lang="en"><head><title>${title}</title></head><body><p>${title}</p></body></html>`;

// A stand-in for the payment provider's element: it records its attributes
// so tests can read what the page gave it.
const stripeStubScript = `customElements.define("stripe-pricing-table", class extends HTMLElement {
  connectedCallback() { this.innerHTML = "<p data-testid=stripe-stub>Plans for " + this.getAttribute("pricing-table-id") + "</p>"; }
});`;

const crispStubScript = `window.__crispLoaded = true;
window.$crisp.push = function (command) { (window.__crispCommands ||= []).push(command); return Array.prototype.push.call(this, command); };
for (const command of window.$crisp) (window.__crispCommands ||= []).push(command);`;

type Fixtures = {
  /** Requests the page sent to hosts other than ours. */
  externalRequests: string[];
  /**
   * Content-Security-Policy violations seen in any page or frame of the test's
   * browser context. Automatic: a test with any violation fails at teardown,
   * so the policy and the site can never drift apart unnoticed.
   */
  cspViolations: CspViolations;
};

type CspViolations = {
  seen: string[];
  /**
   * For a test that feeds the browser hostile markup on purpose: violations
   * matching `pattern` are the policy doing its job, not a fault of the site.
   */
  allow(pattern: RegExp): void;
};

type CspWindow = Window & {
  __cspViolations?: string[];
  __reportCspViolation?: (violation: string) => void;
};

export const test = base.extend<Fixtures>({
  externalRequests: async ({ context }, use) => {
    const requests: string[] = [];
    await context.route(
      (url) => url.hostname !== "127.0.0.1" && url.hostname !== "localhost",
      async (route) => {
        const url = route.request().url();
        requests.push(url);
        const host = new URL(url).hostname;
        if (host === "calendly.com")
          return route.fulfill({ contentType: "text/html", body: stubPage("Scheduling stub") });
        if (host === "www.youtube-nocookie.com")
          return route.fulfill({ contentType: "text/html", body: stubPage("Video stub") });
        if (host === "js.stripe.com")
          return route.fulfill({ contentType: "text/javascript", body: stripeStubScript });
        if (host === "client.crisp.chat")
          return route.fulfill({ contentType: "text/javascript", body: crispStubScript });
        return route.abort("blockedbyclient");
      },
    );
    await use(requests);
  },
  cspViolations: [
    async ({ context }, use) => {
      const violations: string[] = [];
      const allowed: RegExp[] = [];
      // Reported to the test at once, so a violation just before a navigation still counts.
      await context.exposeBinding("__reportCspViolation", (_source, violation: string) => {
        violations.push(violation);
      });
      await context.addInitScript(() => {
        const cspWindow = window as CspWindow;
        cspWindow.__cspViolations = [];
        window.addEventListener(
          "securitypolicyviolation",
          (event) => {
            const where = event.sourceFile ? ` at ${event.sourceFile}:${event.lineNumber}` : "";
            const violation = `${event.effectiveDirective} blocked ${event.blockedURI || "(inline)"} on ${event.documentURI}${where}`;
            cspWindow.__cspViolations?.push(violation);
            cspWindow.__reportCspViolation?.(violation);
          },
          true,
        );
      });
      const onConsole = (message: ConsoleMessage) => {
        if (message.text().includes("Content Security Policy")) {
          violations.push(`console: ${message.text()}`);
        }
      };
      context.on("console", onConsole);
      await use({ seen: violations, allow: (pattern) => allowed.push(pattern) });
      context.off("console", onConsole);
      for (const open of context.pages()) {
        const recorded = await open
          .evaluate(() => (window as CspWindow).__cspViolations ?? [])
          .catch(() => []);
        violations.push(...recorded);
      }
      const unexpected = violations.filter(
        (text) => !allowed.some((pattern) => pattern.test(text)),
      );
      expect([...new Set(unexpected)], "Content-Security-Policy violations").toEqual([]);
    },
    { auto: true },
  ],
  page: async ({ page, externalRequests }, use) => {
    void externalRequests;
    // The app boots after the page's first paint (docs/decisions/0010): a test that
    // navigates then acts on the page with the app running, as a visitor a moment later would.
    const goto = page.goto.bind(page);
    const reload = page.reload.bind(page);
    page.goto = async (...args) => {
      const response = await goto(...args);
      await waitForHydration(page);
      return response;
    };
    page.reload = async (...args) => {
      const response = await reload(...args);
      await waitForHydration(page);
      return response;
    };
    await use(page);
  },
});

export { expect };

/**
 * Resolves once the page's app has hydrated (entry.client.tsx marks <html data-hydrated>);
 * at once on pages the app does not run (another host's, a stub).
 */
export async function waitForHydration(page: Page) {
  await page.waitForFunction(
    () =>
      !("__reactRouterContext" in window) || document.documentElement.hasAttribute("data-hydrated"),
    undefined,
    { timeout: 15_000 },
  );
}

/**
 * Time a scan gets on top of its test's. axe-core visits every element and opens a page of
 * its own to gather the frames' results; on two loaded cores one scan of a full screen took
 * 20–30 s, which is the scanner's cost, not the page's, and was failing tests that had done
 * everything they check.
 */
const A11Y_SCAN_MS = 30_000;

/** Fails on serious or critical accessibility violations, listing them. */
export async function expectNoSeriousA11yViolations(page: Page) {
  const info = base.info();
  info.setTimeout(info.timeout + A11Y_SCAN_MS);
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map(
      (violation) =>
        `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(" ")).join(", ")})`,
    );
  expect(serious, serious.join("\n")).toEqual([]);
}

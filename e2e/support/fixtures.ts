import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type Page } from "@playwright/test";

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
  page: async ({ page, externalRequests }, use) => {
    void externalRequests;
    await use(page);
  },
});

export { expect };

/** Fails on serious or critical accessibility violations, listing them. */
export async function expectNoSeriousA11yViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map(
      (violation) =>
        `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(" ")).join(", ")})`,
    );
  expect(serious, serious.join("\n")).toEqual([]);
}

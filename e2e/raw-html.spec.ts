import { expect, test } from "@playwright/test";
import { e2eOrigin } from "./support/e2e-env.ts";

// What a crawler or a visitor without JavaScript receives: the first byte
// must already hold each page's heading and main copy.
const pages = [
  {
    path: "/",
    h1: "Run your whole bakery from one place",
    copy: [
      "Custom Cakes &amp; Treats",
      "Trusted by the top tech-forward bakeries",
      "Upgrade your Bakery",
    ],
  },
  {
    path: "/saas",
    h1: "Run your whole bakery from one place",
    copy: ["Standard Cakes &amp; Desserts"],
  },
  {
    path: "/book-demo",
    h1: "Book a Demo",
    copy: ["Pick a time that suits you", "Loading available times"],
  },
  {
    path: "/pricing",
    h1: "One simple price. Everything included.",
    copy: ["$500", "No cancellation fees", "Phone answering system"],
  },
  { path: "/signup", h1: "Start with Rise", copy: ["no long-term contracts"] },
  // The legal pages carry their text, rendered at build time from packages/content/pages/*.md.
  { path: "/privacy-policy", h1: "Privacy Policy", copy: ["<h2>1. Who this policy covers</h2>"] },
  { path: "/terms-of-service", h1: "Terms of Service", copy: ["<h2>1. The Services</h2>"] },
  { path: "/login", h1: "Sign in", copy: [] },
];

test.describe("prerendered HTML", () => {
  test.skip(({ isMobile }) => isMobile, "the HTML is the same for every device");

  for (const { path, h1, copy } of pages) {
    test(`${path} carries its heading and copy without JavaScript`, async ({ request }) => {
      const response = await request.get(path, { maxRedirects: 0 });
      expect(response.status()).toBe(200);
      expect(response.headers()["content-type"]).toContain("text/html");
      const html = await response.text();
      expect(html).toMatch(new RegExp(`<h1[^>]*>${h1.replace(/[.$]/g, "\\$&")}</h1>`));
      for (const text of copy) expect(html).toContain(text);
    });
  }

  test("a page's modules are fetched largest first, the largest compiled while it downloads", async ({
    request,
  }) => {
    const html = await (await request.get("/")).text();
    const template = /<template data-app-modules>(.*?)<\/template>/.exec(html)?.[1] ?? "";
    const modules = [...template.matchAll(/href="([^"]+)"/g)].map(([, href]) => href as string);
    expect(modules.length).toBeGreaterThan(2);
    const bodies = await Promise.all(modules.map(async (href) => (await request.get(href)).body()));
    const sizes = bodies.map((body) => body.length);
    expect(sizes).toEqual([...sizes].sort((a, b) => b - a));
    // V8's explicit compile hint: it only counts as the file's first line.
    expect(bodies[0]?.toString("utf8").split("\n")[0]).toBe("//# allFunctionsCalledOnLoad");
    expect(bodies[1]?.toString("utf8")).not.toContain("allFunctionsCalledOnLoad");
  });

  test("an unknown path redirects to the landing page", async ({ request }) => {
    const response = await request.get("/no-such-page", { maxRedirects: 0 });
    expect(response.status()).toBe(302);
    expect(new URL(response.headers().location ?? "", e2eOrigin).pathname).toBe("/");
  });
});

test("a page's file named in the address leads to the page itself, app and all", async ({
  page,
}) => {
  await page.goto("/pricing/index.html?utm_source=mail");
  await expect(page).toHaveURL(`${e2eOrigin}/pricing`);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("price");
  await expect(page.locator("html")).toHaveAttribute("data-hydrated");
  await expect(page).toHaveURL(`${e2eOrigin}/pricing`);
});

import { expect, test } from "@playwright/test";
import { samplePagePath, samplePageTitle, storeSamplePage } from "./support/admin-cli.ts";
import { e2eSiteEnv } from "./support/e2e-env.ts";

const routes = [
  { path: "/", canonical: "/" },
  { path: "/saas", canonical: "/" },
  { path: "/book-demo", canonical: "/book-demo" },
  { path: "/pricing", canonical: "/pricing" },
  { path: "/signup", canonical: "/signup" },
  { path: "/privacy-policy", canonical: "/privacy-policy" },
  { path: "/terms-of-service", canonical: "/terms-of-service" },
  { path: "/login", canonical: "/login" },
];

test.describe("search and sharing", () => {
  test.skip(({ isMobile }) => isMobile, "the same tags for every device");

  for (const { path, canonical } of routes) {
    test(`${path} has a title, description, canonical, Open Graph and Twitter tags`, async ({
      request,
    }) => {
      const html = await (await request.get(path)).text();
      const tag = (pattern: RegExp) => pattern.exec(html)?.[1];
      const title = tag(/<title>([^<]+)<\/title>/);
      expect(title?.length).toBeGreaterThan(5);
      // Whole in search results (cut at about 60 characters), and naming the product (Rise).
      expect(title?.length).toBeLessThanOrEqual(60);
      expect(title).toContain("Rise");
      expect(tag(/<meta name="description" content="([^"]+)"/)?.length).toBeGreaterThan(40);
      expect(tag(/<link rel="canonical" href="([^"]+)"/)).toBe(
        new URL(canonical, e2eSiteEnv.SITE_URL).toString(),
      );
      expect(tag(/<meta property="og:title" content="([^"]+)"/)).toBe(title);
      expect(tag(/<meta property="og:url" content="([^"]+)"/)).toBe(
        new URL(canonical, e2eSiteEnv.SITE_URL).toString(),
      );
      expect(tag(/<meta property="og:image" content="([^"]+)"/)).toBe(
        `${e2eSiteEnv.SITE_URL}/og-image.png`,
      );
      expect(tag(/<meta name="twitter:card" content="([^"]+)"/)).toBe("summary_large_image");
    });
  }

  test("a content page names itself in its tab, says what it is and where it lives, from its HTML", async ({
    request,
  }) => {
    await storeSamplePage();
    const html = await (await request.get(samplePagePath)).text();
    expect(html.match(/<title>([^<]+)<\/title>/g)).toEqual([
      `<title>${samplePageTitle} · Rise</title>`,
    ]);
    // It has no subtitle: its title describes it.
    expect(html.match(/<meta name="description" content="([^"]*)"/g)).toEqual([
      `<meta name="description" content="${samplePageTitle}"`,
    ]);
    const canonical = [...html.matchAll(/<link rel="canonical" href="([^"]+)"/g)];
    expect(canonical).toHaveLength(1);
    expect(new URL(canonical[0]?.[1] ?? "").pathname).toBe(samplePagePath);
  });

  test("the pages that say a link or a page doesn't exist, and a link's own page, name the product", async ({
    page,
    browser,
  }) => {
    await page.goto("/to/promo/no-such-link");
    await expect(page).toHaveTitle("This link doesn't exist · Rise");
    await page.goto("/page/no-such-page");
    await expect(page).toHaveTitle("Page not found · Rise");
    // A link preview gets the link's own page, which opens the link.
    const preview = await browser.newContext({ userAgent: "facebookexternalhit/1.1" });
    const response = await preview.request.get("/to/promo/spring");
    expect(/<title>([^<]+)<\/title>/.exec(await response.text())?.[1]).toBe(
      "Opening your link · Rise",
    );
    await preview.close();
  });

  test("the landing and pricing pages describe the company and the $500/month offer in JSON-LD", async ({
    request,
  }) => {
    for (const path of ["/", "/pricing"]) {
      const html = await (await request.get(path)).text();
      const json = /<script type="application\/ld\+json">([^<]+)<\/script>/.exec(html)?.[1];
      const graph = JSON.parse(json ?? "{}")["@graph"] as Array<Record<string, unknown>>;
      const organization = graph.find((node) => node["@type"] === "Organization");
      expect(organization?.name).toBe(e2eSiteEnv.COMPANY_NAME);
      const software = graph.find((node) => node["@type"] === "SoftwareApplication") as {
        offers: Record<string, string>;
      };
      expect(software.offers).toMatchObject({ price: "500", priceCurrency: "USD" });
    }
  });

  test("sitemap.xml lists the indexable pages and robots.txt points to it", async ({ request }) => {
    const sitemap = await request.get("/sitemap.xml");
    expect(sitemap.headers()["content-type"]).toContain("xml");
    const xml = await sitemap.text();
    for (const path of [
      "/",
      "/book-demo",
      "/pricing",
      "/signup",
      "/privacy-policy",
      "/terms-of-service",
      "/login",
    ]) {
      expect(xml).toContain(`<loc>${new URL(path, e2eSiteEnv.SITE_URL).toString()}</loc>`);
    }
    expect(xml).not.toContain("/saas");
    const robots = await (await request.get("/robots.txt")).text();
    expect(robots).toContain(`Sitemap: ${e2eSiteEnv.SITE_URL}/sitemap.xml`);
    // Short links stay out of search results; the sign-in page is found by "<product> login".
    expect(robots).toContain("Disallow: /to/");
    expect(robots).not.toContain("Disallow: /login");
  });

  test("the favicon, touch icon, social image and web manifest are served", async ({ request }) => {
    for (const path of [
      "/favicon.svg",
      "/apple-touch-icon.png",
      "/og-image.png",
      "/icons/icon-192.png",
      "/icons/icon-512.png",
    ]) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(200);
    }
    const manifest = await (await request.get("/manifest.webmanifest")).json();
    expect(manifest).toMatchObject({ name: "Rise", theme_color: "#78374a", start_url: "/" });
  });

  test("every page carries its icon in its HTML, drawn from /favicon.svg", async ({ page }) => {
    // As a file of its own the icon took, at the load event, one of the six connections a
    // browser opens to the site over HTTP/1.1 while the app's modules waited for them.
    for (const { path } of routes) {
      await page.goto(path);
      const icons = await page
        .locator('link[rel~="icon"]')
        .evaluateAll((links) => links.map((link) => link.getAttribute("href") ?? ""));
      expect(icons, path).toHaveLength(1);
      expect(icons[0], path).toMatch(/^data:image\/svg\+xml,/);
    }
    const [fromPage, fromFile] = await page.evaluate(async () => {
      const drawn = (svg: string) =>
        new XMLSerializer().serializeToString(
          new DOMParser().parseFromString(svg, "image/svg+xml").documentElement,
        );
      const href = document.querySelector('link[rel~="icon"]')?.getAttribute("href") ?? "";
      const file = await (await fetch("/favicon.svg")).text();
      return [drawn(decodeURIComponent(href.slice(href.indexOf(",") + 1))), drawn(file)];
    });
    expect(fromPage).toContain("<rect");
    expect(fromPage).toBe(fromFile);
  });
});

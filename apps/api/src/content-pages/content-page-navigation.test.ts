import { pageNotFoundPath } from "@bakery/shared/api-contract";
import {
  CONTENT_PAGE_TEMPLATE_FILE,
  legalPageTemplateFile,
  contentPageMarkers as m,
} from "@bakery/shared/content-page-template";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { moveTestPage, putTestPage } from "../test-support/content-pages.ts";
import { emptyDatabasePerTest } from "../test-support/fresh-per-test.ts";
import { testBackends } from "../test-support/test-database.ts";
import { startLocalTestServer, type TestServer } from "../test-support/test-server.ts";

const SPA_PAGE = "<!DOCTYPE html><title>Loading</title><p>spa fallback</p>";
const NOT_FOUND_PAGE = "<!DOCTYPE html><h1>Page not found</h1>";
/** The template's shape as the build prerenders it (@bakery/shared/content-page-template). */
const TEMPLATE =
  `<!DOCTYPE html><html><head><title>${m.tabTitle}</title><script>boot()</script></head>` +
  `<body><article data-served-page="${m.handle}"><h1>${m.title}</h1>` +
  `<p data-page-subtitle="">${m.subtitle}</p><div><div data-testid="content-html">${m.content}` +
  `</div></div></article>${"<p>The site's footer.</p>".repeat(40)}</body></html>`;

/** A legal page's template: its route's own tab title and head, its handle named (decision 29). */
const LEGAL_TEMPLATE =
  "<!DOCTYPE html><html><head><title>Privacy Policy · Rise</title><script>boot()</script>" +
  '<link rel="canonical" href="https://www.example.com/privacy-policy"/></head>' +
  `<body><article data-served-page="privacy-policy"><h1>${m.title}</h1>` +
  `<p data-page-subtitle="">${m.subtitle}</p><div><div data-testid="content-html">${m.content}` +
  "</div></div></article></body></html>";
/** The legal page as the build prerendered it, with the text of the build. */
const BUILT_LEGAL_PAGE = "<!DOCTYPE html><h1>Privacy Policy</h1><p>As built.</p>";

const seedPages = async ({ db }: { db: Parameters<typeof putTestPage>[0] }) => {
  const page = { title: "T", subtitle: "", html: "<p>x</p>" };
  await putTestPage(db, {
    handle: "about",
    title: "About us",
    subtitle: "Who bakes",
    html: "<p>We <strong>bake</strong>.</p>",
  });
  await putTestPage(db, { handle: "old-name", ...page });
  await moveTestPage(db, "old-name", "new-name");
  await putTestPage(db, { handle: "privacy-policy", ...page });
};

describe.each(testBackends({ postgresDatabase: "content_page_navigation" }))(
  "a content page's address against $name",
  ({ open }) => {
    const fresh = emptyDatabasePerTest(open, seedPages);
    let server: TestServer;
    const get = (path: string, method = "GET") =>
      fetch(`${server.url}${path}`, { method, redirect: "manual" });
    /** The page saying so, with 404 and never stored: the page may exist tomorrow. */
    const expectNotFoundPage = async (response: Response, method = "GET") => {
      expect(response.status).toBe(404);
      expect(response.headers.get("location")).toBeNull();
      expect(response.headers.get("cache-control")).toBe("no-store");
      expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
      expect(await response.text()).toBe(method === "HEAD" ? "" : NOT_FOUND_PAGE);
    };
    const expectMoved = (response: Response, location: string) => {
      expect(response.status).toBe(301);
      expect(response.headers.get("location")).toBe(location);
      expect(response.headers.get("cache-control")).toBe("no-store");
    };

    beforeAll(async () => {
      server = await startLocalTestServer(fresh.handle, {
        sitePage: SPA_PAGE,
        otherPages: { [pageNotFoundPath]: NOT_FOUND_PAGE },
      });
    });
    afterAll(async () => {
      await server?.close();
    });

    it("serves the app for a page that exists when the build has no template to write it into", async () => {
      const response = await get("/page/about?utm_source=sms");
      expect(response.status).toBe(200);
      expect(await response.text()).toBe(SPA_PAGE);
    });

    describe("with the build's template", () => {
      let site: TestServer;
      const getPage = (path: string, init: RequestInit = {}) =>
        fetch(`${site.url}${path}`, { redirect: "manual", ...init });
      beforeAll(async () => {
        site = await startLocalTestServer(fresh.handle, {
          sitePage: SPA_PAGE,
          buildFiles: { [CONTENT_PAGE_TEMPLATE_FILE]: TEMPLATE },
        });
      });
      afterAll(async () => {
        await site?.close();
      });

      it("answers with the page itself, readable without any script", async () => {
        const response = await getPage("/page/about");
        expect(response.status).toBe(200);
        expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
        expect(response.headers.get("cache-control")).toBe("no-cache");
        const html = await response.text();
        expect(html).toContain("<title>About us · Rise</title>");
        // The test server's SITE_URL is testConfig's.
        expect(html).toContain(
          '<meta name="description" content="Who bakes"/><link rel="canonical" href="https://www.example.com/page/about"/></head>',
        );
        expect(html).toContain('<article data-served-page="about"><h1>About us</h1>');
        expect(html).toContain('<p data-page-subtitle="">Who bakes</p>');
        expect(html).toContain(
          '<div data-testid="content-html"><p>We <strong>bake</strong>.</p></div>',
        );
        expect(html).not.toContain("%%page-");
      });

      it("names the product in the tab once, as the app's pages do", async () => {
        await putTestPage(fresh.handle.db, {
          handle: "about",
          title: "Rise for wholesale bakeries",
          subtitle: "",
          html: "<p>x</p>",
        });
        const html = await (await getPage("/page/about")).text();
        expect(html).toContain("<title>Rise for wholesale bakeries</title>");
      });

      it("escapes the stored text and sanitizes the stored HTML again, however it was written", async () => {
        await putTestPage(fresh.handle.db, {
          handle: "about",
          title: "</title><script>alert(1)</script>",
          subtitle: "",
          html: '<p onclick="alert(2)">Hi<script>alert(3)</script><img src=x onerror="alert(4)"></p>',
        });
        const html = await (await getPage("/page/about")).text();
        expect(html.match(/<script/g)).toHaveLength(1);
        expect(html).toContain(
          "<title>&#60;/title&#62;&#60;script&#62;alert(1)&#60;/script&#62; · Rise</title>",
        );
        expect(html).not.toMatch(/onclick|onerror|<img/);
        expect(html).toContain(
          "<h1>&#60;/title&#62;&#60;script&#62;alert(1)&#60;/script&#62;</h1>",
        );
        expect(html).toContain('<div data-testid="content-html"><p>Hi</p></div>');
        expect(html).not.toContain("data-page-subtitle");
        // Without a subtitle, the title describes the page.
        expect(html).toContain(
          '<meta name="description" content="&#60;/title&#62;&#60;script&#62;alert(1)&#60;/script&#62;"/>',
        );
      });

      it("answers as the build's pages are: revalidated, compressed, HEAD, attribution", async () => {
        const first = await getPage("/page/about?utm_source=sms", {
          headers: { "Accept-Encoding": "br" },
        });
        expect(first.headers.get("content-encoding")).toBe("br");
        expect(first.headers.get("set-cookie")).toMatch(/^utm=utms=sms&/);
        // fetch() undoes the encoding it asked for.
        expect(await first.text()).toContain("<h1>About us</h1>");
        const etag = first.headers.get("etag") ?? "";
        expect(etag).not.toBe("");
        const again = await getPage("/page/about", { headers: { "If-None-Match": etag } });
        expect(again.status).toBe(304);
        const head = await getPage("/page/about", { method: "HEAD" });
        expect(head.status).toBe(200);
        expect(await head.text()).toBe("");
      });

      it("serves the app when the template is not one this server can fill", async () => {
        const broken = await startLocalTestServer(fresh.handle, {
          sitePage: SPA_PAGE,
          buildFiles: { [CONTENT_PAGE_TEMPLATE_FILE]: TEMPLATE.replace(m.content, "") },
        });
        try {
          const response = await fetch(`${broken.url}/page/about`);
          expect(response.status).toBe(200);
          expect(await response.text()).toBe(SPA_PAGE);
        } finally {
          await broken.close();
        }
      });
    });

    describe("a legal page's address", () => {
      let site: TestServer;
      const options = {
        sitePage: SPA_PAGE,
        otherPages: { "/privacy-policy": BUILT_LEGAL_PAGE },
        buildFiles: { [legalPageTemplateFile("privacy-policy")]: LEGAL_TEMPLATE },
      };
      beforeAll(async () => {
        site = await startLocalTestServer(fresh.handle, options);
      });
      afterAll(async () => {
        await site?.close();
      });

      it("answers with the stored text in the page's own template, readable without any script", async () => {
        await putTestPage(fresh.handle.db, {
          handle: "privacy-policy",
          title: "Privacy <Policy>",
          subtitle: "Fixed by the team",
          html: '<p>Now <a href="/signup" onclick="alert(1)">updated</a>.</p><script>alert(2)</script>',
        });
        const response = await fetch(`${site.url}/privacy-policy?utm_source=sms`);
        expect(response.status).toBe(200);
        expect(response.headers.get("cache-control")).toBe("private, no-cache");
        expect(response.headers.get("set-cookie")).toMatch(/^utm=utms=sms&/);
        const html = await response.text();
        // The route's tab title, address and head stay as the build made them.
        expect(html).toContain(
          '<title>Privacy Policy · Rise</title><script>boot()</script><link rel="canonical" href="https://www.example.com/privacy-policy"/></head>',
        );
        expect(html).toContain(
          '<article data-served-page="privacy-policy"><h1>Privacy &#60;Policy&#62;</h1>',
        );
        expect(html).toContain('<p data-page-subtitle="">Fixed by the team</p>');
        expect(html).toContain(
          '<div data-testid="content-html"><p>Now <a href="/signup">updated</a>.</p></div>',
        );
        expect(html.match(/<script/g)).toHaveLength(1);
        expect(html).not.toContain("%%page-");
        expect(html).not.toContain('name="description"');
      });

      it("shows an operator's change on the next visit", async () => {
        const before = await (await fetch(`${site.url}/privacy-policy`)).text();
        expect(before).toContain("<p>x</p>");
        expect(before).not.toContain("data-page-subtitle");
        await putTestPage(fresh.handle.db, {
          handle: "privacy-policy",
          title: "T",
          subtitle: "",
          html: "<p>Changed today.</p>",
        });
        for (const address of ["/privacy-policy", "/privacy-policy/"]) {
          expect(await (await fetch(`${site.url}${address}`)).text()).toContain(
            "<p>Changed today.</p>",
          );
        }
      });

      it("serves the build's page when the database can't be asked or the template can't be filled", async () => {
        for (const broken of [
          {
            ...options,
            contentPages: {
              find: () => Promise.reject(new Error("database down")),
              forget: () => {},
            },
          },
          { ...options, buildFiles: {} },
          {
            ...options,
            buildFiles: {
              [legalPageTemplateFile("privacy-policy")]: LEGAL_TEMPLATE.replace(m.title, ""),
            },
          },
        ]) {
          const server = await startLocalTestServer(fresh.handle, broken);
          try {
            const response = await fetch(`${server.url}/privacy-policy`);
            expect(response.status).toBe(200);
            expect(await response.text()).toBe(BUILT_LEGAL_PAGE);
          } finally {
            await server.close();
          }
        }
      });
    });

    it("answers a page that doesn't exist, or can't, with the page saying so and 404", async () => {
      await expectNotFoundPage(await get("/page/no-such-page"));
      await expectNotFoundPage(await get("/page/no-such-page", "HEAD"), "HEAD");
      await expectNotFoundPage(await get("/page/no-such-page/"));
      await expectNotFoundPage(await get(`/page/${"x".repeat(65)}`));
      await expectNotFoundPage(await get("/page/bad%20handle"));
      // At its own address too: what it says is an error.
      await expectNotFoundPage(await get(pageNotFoundPath));
    });

    it("sends a renamed page's address to its new one, with the query", async () => {
      expectMoved(await get("/page/old-name?utm_source=sms"), "/page/new-name?utm_source=sms");
    });

    it("gives every page one address: its own route, small letters, no trailing slash", async () => {
      expectMoved(await get("/page/privacy-policy"), "/privacy-policy");
      expectMoved(await get("/page/About"), "/page/about");
      expectMoved(await get("/page/about/?utm_source=sms"), "/page/about?utm_source=sms");
    });

    it("leaves out what a sentence stuck to the end of the address, in one step", async () => {
      expectMoved(await get("/page/about.?utm_source=sms"), "/page/about?utm_source=sms");
      expectMoved(await get("/page/about%E2%80%9D),"), "/page/about");
      expectMoved(await get("/page/privacy-policy!"), "/privacy-policy");
      await expectNotFoundPage(await get("/page/no-such-page."));
      await expectNotFoundPage(await get("/page/..."));
    });

    it("shows an operator's change at once (nothing kept from before)", async () => {
      await expectNotFoundPage(await get("/page/later"));
      await putTestPage(fresh.handle.db, {
        handle: "later",
        title: "T",
        subtitle: "",
        html: "",
      });
      expect((await get("/page/later")).status).toBe(200);
    });

    /** How a server started with `options` answers a page that doesn't exist; closed after. */
    async function missingPageFrom(options: Parameters<typeof startLocalTestServer>[1]) {
      const server = await startLocalTestServer(fresh.handle, options);
      try {
        const response = await fetch(`${server.url}/page/no-such-page`, { redirect: "manual" });
        return { status: response.status, text: await response.text() };
      } finally {
        await server.close();
      }
    }

    it("serves the app when the database can't be asked, so the app asks again and says why", async () => {
      const response = await missingPageFrom({
        sitePage: SPA_PAGE,
        otherPages: { [pageNotFoundPath]: NOT_FOUND_PAGE },
        contentPages: { find: () => Promise.reject(new Error("database down")), forget: () => {} },
      });
      expect(response.status).toBe(200);
      expect(response.text).toBe(SPA_PAGE);
    });

    it("serves the app for a page that doesn't exist when the build has no page saying so", async () => {
      const response = await missingPageFrom({ sitePage: SPA_PAGE });
      expect(response.status).toBe(200);
      expect(response.text).toBe(SPA_PAGE);
    });
  },
);

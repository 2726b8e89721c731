import { request as httpRequest } from "node:http";
import { shortLinkProblemPaths } from "@bakery/shared/short-link-outcome";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emptyDatabasePerTest } from "../test-support/fresh-per-test.ts";
import { testBackends } from "../test-support/test-database.ts";
import {
  putTestShortLinks,
  startLocalTestServer,
  type TestServer,
} from "../test-support/test-server.ts";
import { isTopLevelNavigation } from "./short-link-navigation.ts";
import { listShortLinks, putShortLink } from "./short-link-queries.ts";

const SPA_PAGE = "<!DOCTYPE html><title>Opening your link</title><p>spa fallback</p>";
/** The site's pages for a link that cannot be followed (shortLinkProblemPaths). */
const PROBLEM_PAGES = {
  [shortLinkProblemPaths.unknown]: "<!DOCTYPE html><h1>This link doesn't exist</h1>",
  [shortLinkProblemPaths["target-refused"]]: "<!DOCTYPE html><h1>This link can't be opened</h1>",
  [shortLinkProblemPaths.ended]: "<!DOCTYPE html><h1>This link has ended</h1>",
};
const CHROME_UA =
  "Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Mobile Safari/537.36";
/** What a browser sends when a link in a text message is tapped. */
const NAVIGATION = {
  "User-Agent": CHROME_UA,
  Accept: "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8",
  "Sec-Fetch-Mode": "navigate",
  "Sec-Fetch-Dest": "document",
  "Sec-Fetch-Site": "none",
  "Sec-Fetch-User": "?1",
};

describe.each(testBackends({ postgresDatabase: "short_link_navigation" }))(
  "short link navigations against $name",
  ({ open }) => {
    const fresh = emptyDatabasePerTest(open, putTestShortLinks);
    let server: TestServer;

    const clicks = async (id: string) =>
      (await listShortLinks(fresh.handle.db)).find((link) => link.id === id)?.clicks;
    const counts = async (id: string) => {
      const link = (await listShortLinks(fresh.handle.db)).find((row) => row.id === id);
      return { clicks: link?.clicks, scans: link?.scans };
    };
    const request = (path: string, headers: Record<string, string>, method = "GET") =>
      sendExactly(`${server.url}${path}`, method, headers);
    const expectSpaPage = async (response: RawResponse) => {
      expect(response.status).toBe(200);
      expect(response.headers.location).toBeUndefined();
      expect(response.body).toBe(response.method === "HEAD" ? "" : SPA_PAGE);
    };
    /** The problem page, with 404 and never stored: the link may exist tomorrow. */
    const expectProblemPage = (
      response: RawResponse,
      reason: keyof typeof shortLinkProblemPaths,
    ) => {
      expect(response.status).toBe(404);
      expect(response.headers.location).toBeUndefined();
      expect(response.headers["cache-control"]).toBe("no-store");
      expect(response.headers["content-type"]).toBe("text/html; charset=utf-8");
      expect(response.body).toBe(PROBLEM_PAGES[shortLinkProblemPaths[reason]]);
    };

    beforeAll(async () => {
      // The local server's routing: the redirect, then the site it falls through to.
      server = await startLocalTestServer(fresh.handle, {
        sitePage: SPA_PAGE,
        otherPages: PROBLEM_PAGES,
      });
    });
    afterAll(async () => {
      await server?.close();
    });

    it("answers a browser's navigation to a public link with 302 to its target and counts it", async () => {
      const response = await request("/to/promo/spring", NAVIGATION);
      expect(response.status).toBe(302);
      expect(response.headers.location).toBe("/book-demo?utm_source=sms");
      expect(response.headers["cache-control"]).toBe("no-store");
      expect(await clicks("spring")).toBe(1);

      const elsewhere = await request("/to/Partner/Calendar", NAVIGATION);
      expect(elsewhere.status).toBe(302);
      expect(elsewhere.headers.location).toBe("https://calendly.com/rise/demo");
      expect(await clicks("calendar")).toBe(1);
    });

    it("counts a navigation with the QR code's marker as a scan, not a click, and drops the marker", async () => {
      const scan = await request("/to/promo/spring?qr=1", NAVIGATION);
      expect(scan.status).toBe(302);
      expect(scan.headers.location).toBe("/book-demo?utm_source=sms");
      const click = await request("/to/promo/spring", NAVIGATION);
      expect(click.headers.location).toBe("/book-demo?utm_source=sms");
      expect(await counts("spring")).toEqual({ clicks: 1, scans: 1 });

      // A moved link keeps the marker on its way, so the scan is counted at the new address.
      const moved = await request("/to/promo/old?qr=1", NAVIGATION);
      expect(moved.status).toBe(301);
      expect(moved.headers.location).toBe("/to/promo/new?qr=1");
    });

    it("counts no scan for a crawler or a link preview opening the QR code's address", async () => {
      await expectSpaPage(
        await request("/to/promo/spring?qr=1", { ...NAVIGATION, "User-Agent": "Googlebot/2.1" }),
      );
      await expectSpaPage(
        await request("/to/promo/spring?qr=1", { ...NAVIGATION, "Sec-Purpose": "prefetch" }),
      );
      expect(await counts("spring")).toEqual({ clicks: 0, scans: 0 });
    });

    it("treats a browser without fetch metadata that asks for HTML as a navigation", async () => {
      const response = await request("/to/promo/spring", {
        "User-Agent": CHROME_UA,
        Accept: "text/html,*/*;q=0.8",
      });
      expect(response.status).toBe(302);
      expect(await clicks("spring")).toBe(1);
    });

    it("serves the page to HEAD requests without counting", async () => {
      const response = await request("/to/promo/spring", NAVIGATION, "HEAD");
      await expectSpaPage(response);
      expect(await clicks("spring")).toBe(0);
    });

    it.each([
      ["a crawler", "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)"],
      [
        "a link preview",
        "facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)",
      ],
      ["a chat preview", "WhatsApp/2.23.20.0"],
      ["a script", "curl/8.5.0"],
    ])("serves the page to %s without counting", async (_name, userAgent) => {
      await expectSpaPage(
        await request("/to/promo/spring", { ...NAVIGATION, "User-Agent": userAgent }),
      );
      expect(await clicks("spring")).toBe(0);
    });

    it.each([
      [
        "a fetch from a page",
        { ...NAVIGATION, "Sec-Fetch-Mode": "cors", "Sec-Fetch-Dest": "empty" },
      ],
      ["a frame", { ...NAVIGATION, "Sec-Fetch-Dest": "iframe" }],
      ["a prefetch", { ...NAVIGATION, "Sec-Purpose": "prefetch" }],
      ["a request not asking for HTML", { "User-Agent": CHROME_UA, Accept: "*/*" }],
    ])("serves the page to %s without counting", async (_name, headers) => {
      await expectSpaPage(await request("/to/promo/spring", headers));
      expect(await clicks("spring")).toBe(0);
    });

    it("keeps the page flow for a link behind sign-in, without counting", async () => {
      await expectSpaPage(await request("/to/account/billing", NAVIGATION));
      expect(await clicks("billing")).toBe(0);
    });

    it("answers an unknown or malformed link with the page saying so, with 404", async () => {
      expectProblemPage(await request("/to/promo/no-such-link", NAVIGATION), "unknown");
      expectProblemPage(await request(`/to/promo/${"x".repeat(65)}`, NAVIGATION), "unknown");
      expectProblemPage(await request("/to/promo/bad%20slug", NAVIGATION), "unknown");
      expectProblemPage(await request("/to/promo/no-such-link-2", NAVIGATION), "unknown");
      // At its own address too: what it says is an error.
      expectProblemPage(await request(shortLinkProblemPaths.unknown, NAVIGATION), "unknown");
      expectProblemPage(
        await request(shortLinkProblemPaths["target-refused"], NAVIGATION),
        "target-refused",
      );
    });

    it("answers an expired link without a fallback with the page saying it has ended, with 410", async () => {
      await putShortLink(fresh.handle.db, {
        cat: "test",
        id: "over",
        target: "/book-demo",
        signInRequired: false,
        expiresAt: new Date(Date.now() - 60_000),
      });
      for (const [headers, method] of [
        [NAVIGATION, "GET"],
        [{ ...NAVIGATION, "User-Agent": "WhatsApp/2.23.20.0" }, "GET"],
        [NAVIGATION, "HEAD"],
      ] as const) {
        const response = await request("/to/test/over", headers, method);
        expect(response.status).toBe(410);
        expect(response.headers.location).toBeUndefined();
        expect(response.headers["cache-control"]).toBe("no-store");
        expect(response.headers["content-type"]).toBe("text/html; charset=utf-8");
        expect(response.body).toBe(
          method === "HEAD" ? "" : PROBLEM_PAGES[shortLinkProblemPaths.ended],
        );
      }
      expect(await clicks("over")).toBe(0);
      // At its own address it is an error page like the others: 404.
      expectProblemPage(await request(shortLinkProblemPaths.ended, NAVIGATION), "ended");
    });

    it("sends an expired link with a fallback there with 302", async () => {
      await putShortLink(fresh.handle.db, {
        cat: "test",
        id: "over",
        target: "/book-demo",
        signInRequired: false,
        expiresAt: new Date(Date.now() - 60_000),
        fallback: "/pricing",
      });
      const response = await request("/to/test/over", NAVIGATION);
      expect(response.status).toBe(302);
      expect(response.headers.location).toBe("/pricing");
    });

    it("keeps the page flow for an unknown link when the build has no page for it", async () => {
      const older = await startLocalTestServer(fresh.handle, { sitePage: SPA_PAGE });
      try {
        const response = await sendExactly(`${older.url}/to/promo/no-such-link`, "GET", NAVIGATION);
        await expectSpaPage(response);
      } finally {
        await older.close();
      }
    });

    it("sends a moved link to its new address with 301, query kept, counting nothing there", async () => {
      const response = await request("/to/promo/old?utm_source=sms", NAVIGATION);
      expect(response.status).toBe(301);
      expect(response.headers.location).toBe("/to/promo/new?utm_source=sms");
      expect(response.headers["cache-control"]).toBe("no-store");
      expect(await clicks("new")).toBe(0);
    });

    it("answers a target the allow-list no longer accepts with the page saying so", async () => {
      const narrower = await startLocalTestServer(fresh.handle, {
        config: { redirectAllowedHosts: ["www.example.com"] },
        sitePage: SPA_PAGE,
        otherPages: PROBLEM_PAGES,
      });
      try {
        const response = await sendExactly(
          `${narrower.url}/to/partner/calendar`,
          "GET",
          NAVIGATION,
        );
        expectProblemPage(response, "target-refused");
        expect(await clicks("calendar")).toBe(0);
      } finally {
        await narrower.close();
      }
    });

    it.each([
      ["itself", "/to/test/loop"],
      ["another link", "/to/promo/spring"],
      ["another link on the site's origin", "https://www.example.com/TO/promo/spring"],
      ["another link, encoded", "/%74o/promo/spring"],
    ])(
      "never follows a stored link that leads to %s: it can't be opened",
      async (_name, target) => {
        // Stored before such targets were refused, so only the check on read stands in the way.
        await putShortLink(fresh.handle.db, {
          cat: "test",
          id: "loop",
          target,
          signInRequired: false,
        });
        expectProblemPage(await request("/to/test/loop", NAVIGATION), "target-refused");
        expect(await clicks("loop")).toBe(0);
        expect(await clicks("spring")).toBe(0);
      },
    );

    it("answers a link's address with a trailing slash with 301 to the address without", async () => {
      for (const headers of [NAVIGATION, { ...NAVIGATION, "User-Agent": "WhatsApp/2.23.20.0" }]) {
        const response = await request("/to/promo/spring/?utm_source=sms", headers);
        expect(response.status).toBe(301);
        expect(response.headers.location).toBe("/to/promo/spring?utm_source=sms");
        expect(response.headers["cache-control"]).toBe("no-store");
      }
      expect(await clicks("spring")).toBe(0);
    });

    it.each([
      ["a full stop", "/to/promo/spring."],
      ["a comma", "/to/promo/spring,"],
      ["a closing bracket and full stop", "/to/promo/spring)."],
      ["a quote", "/to/promo/spring%22"],
      ["a typographic quote", "/to/promo/spring%E2%80%9D"],
      ["an exclamation mark and a slash", "/to/Promo/Spring!/"],
    ])("answers an address with %s after the id with 301 to the clean one", async (_name, path) => {
      const response = await request(`${path}?utm_source=sms`, NAVIGATION);
      expect(response.status).toBe(301);
      expect(response.headers.location).toBe("/to/promo/spring?utm_source=sms");
      expect(response.headers["cache-control"]).toBe("no-store");
      expect(await clicks("spring")).toBe(0);
    });

    it("answers an address that is no slug even without its punctuation with 404, as before", async () => {
      expectProblemPage(await request("/to/promo/spring.html", NAVIGATION), "unknown");
      expectProblemPage(await request("/to/promo/bad%20slug.", NAVIGATION), "unknown");
      expectProblemPage(await request("/to/promo/bad%20slug/", NAVIGATION), "unknown");
      expectProblemPage(await request(`/to/promo/${"x".repeat(65)}.`, NAVIGATION), "unknown");
    });

    it.each([
      ["a link preview", { ...NAVIGATION, "User-Agent": "WhatsApp/2.23.20.0" }, "GET"],
      ["a crawler", { ...NAVIGATION, "User-Agent": "Googlebot/2.1" }, "GET"],
      ["a prefetch", { ...NAVIGATION, "Sec-Purpose": "prefetch" }, "GET"],
      ["a HEAD request", NAVIGATION, "HEAD"],
    ])(
      "answers %s of an unknown link with 404 too, and of a moved one with 301",
      async (_name, headers, method) => {
        const unknown = await request("/to/promo/no-such-link", headers, method);
        expect(unknown.status).toBe(404);
        expect(unknown.headers["cache-control"]).toBe("no-store");
        expect(unknown.body).toBe(
          method === "HEAD" ? "" : PROBLEM_PAGES[shortLinkProblemPaths.unknown],
        );
        const moved = await request("/to/promo/old", headers, method);
        expect(moved.status).toBe(301);
        expect(moved.headers.location).toBe("/to/promo/new");
        expect(await clicks("new")).toBe(0);
      },
    );
  },
);

interface RawResponse {
  method: string;
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** node:http rather than fetch, which adds Sec-Fetch-Mode: cors to every request. */
function sendExactly(
  url: string,
  method: string,
  headers: Record<string, string>,
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(url, { method, headers }, (incoming) => {
      let body = "";
      incoming.setEncoding("utf8");
      incoming.on("data", (chunk: string) => {
        body += chunk;
      });
      incoming.on("end", () =>
        resolve({ method, status: incoming.statusCode ?? 0, headers: incoming.headers, body }),
      );
    });
    outgoing.on("error", reject);
    outgoing.end();
  });
}

describe("isTopLevelNavigation", () => {
  it.each([
    [{ mode: "navigate", dest: "document" }, true],
    [{ mode: "navigate" }, true],
    [{ mode: "navigate", dest: "iframe" }, false],
    [{ mode: "no-cors", dest: "image", accept: "text/html" }, false],
    [{ accept: "text/html" }, true],
    [{ accept: "application/json" }, false],
    [{ site: "none", accept: "text/html" }, false],
    [{}, false],
  ])("%o → %s", (headers, expected) => {
    expect(isTopLevelNavigation(headers)).toBe(expected);
  });
});

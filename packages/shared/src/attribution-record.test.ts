import { describe, expect, it } from "vitest";
import {
  type AttributionRecord,
  attributionCookieForPage,
  attributionFromLanding,
  attributionLifetimeMs,
  attributionSetCookie,
  cleanAttributionValue,
  parseAttributionCookieValue,
  readAttributionCookie,
  serializeAttributionCookieValue,
} from "./attribution-record.ts";

const now = 1_800_000_000_000;
const spring: AttributionRecord = { utms: "fb", utmm: "cpc", utmc: "spring", ts: now - 1000 };
const springCookie = `utms=fb&utmm=cpc&utmc=spring&ts=${now - 1000}`;

describe("cleanAttributionValue", () => {
  it("trims, drops control characters and caps at 200 UTF-16 units", () => {
    expect(cleanAttributionValue("  spring sale ")).toBe("spring sale");
    expect(cleanAttributionValue("spring\r\nSet-Cookie: admin=1")).toBe(
      "springSet-Cookie: admin=1",
    );
    expect(cleanAttributionValue(null)).toBe("");
    expect(cleanAttributionValue("a".repeat(5000))).toHaveLength(200);
    // A cut never leaves half of a character that takes two UTF-16 units.
    const emoji = cleanAttributionValue(`x${"🎂".repeat(300)}`);
    expect(emoji).toHaveLength(199);
    expect(() => encodeURIComponent(emoji)).not.toThrow();
  });
});

describe("the cookie value", () => {
  it("round-trips a record, form-encoded with nothing a cookie cannot hold", () => {
    const record = { utms: "news letter", utmm: "e-mail", utmc: 'fête;,="\\ 50%', ts: now };
    const value = serializeAttributionCookieValue(record) ?? "";
    expect(value).toMatch(/^[\x21\x23-\x2B\x2D-\x3A\x3C-\x5B\x5D-\x7E]+$/);
    expect(parseAttributionCookieValue(value)).toEqual(record);
    expect(parseAttributionCookieValue(springCookie)).toEqual(spring);
  });

  it("cleans what it writes and refuses a record too long to keep", () => {
    expect(
      serializeAttributionCookieValue({ utms: " fb\n", utmm: "", utmc: "", ts: now + 0.5 }),
    ).toBe(`utms=fb&utmm=&utmc=&ts=${now}`);
    const huge = "é".repeat(200);
    expect(serializeAttributionCookieValue({ utms: huge, utmm: huge, utmc: huge, ts: now })).toBe(
      undefined,
    );
  });

  it.each([
    ["empty", ""],
    ["not the format", "fb"],
    ["JSON", JSON.stringify(spring)],
    ["a missing time", "utms=fb&utmm=cpc&utmc=spring"],
    ["a time that is not a whole number", "utms=fb&utmm=&utmc=&ts=1e12"],
    ["a negative time", "utms=fb&utmm=&utmc=&ts=-5"],
    ["fields in another order", `ts=${now}&utms=fb&utmm=&utmc=`],
    ["a repeated field", `utms=fb&utms=evil&utmm=&utmc=&ts=${now}`],
    ["an extra field", `utms=fb&utmm=&utmc=&ts=${now}&admin=1`],
    ["a source longer than 200", `utms=${"a".repeat(201)}&utmm=&utmc=&ts=${now}`],
    ["a value wrapped in quotes", `"${springCookie}"`],
    ["another encoding", `utms=f%62&utmm=&utmc=&ts=${now}`],
    ["an encoded line break", `utms=fb%0D%0ASet-Cookie%3A+x%3D1&utmm=&utmc=&ts=${now}`],
    ["a padded value", `utms=+fb&utmm=&utmc=&ts=${now}`],
    ["markup", `utms=%3Cscript%3Ealert(1)%3C%2Fscript%3E&utmm=&utmc=&ts=${now}&x=%3Cimg%3E`],
    ["broken percent-encoding", `utms=%E0%A4%A&utmm=&utmc=&ts=${now}`],
    ["an oversized value", `utms=${"a".repeat(5000)}`],
  ])("ignores %s", (_case, value) => {
    expect(parseAttributionCookieValue(value)).toBeUndefined();
  });
});

describe("readAttributionCookie", () => {
  it("finds the live record among other cookies", () => {
    expect(readAttributionCookie(`theme=dark; utm=${springCookie}; x=1`, now)).toEqual(spring);
    expect(readAttributionCookie(`utm=${springCookie}`, now)).toEqual(spring);
  });

  it("skips bad or expired values and takes the first good one", () => {
    expect(readAttributionCookie(`utm=<script>; utm=${springCookie}`, now)).toEqual(spring);
    expect(readAttributionCookie("utm=utms=fb&utmm=&utmc=&ts=1", now)).toBeUndefined();
    expect(
      readAttributionCookie(`utm=utms=fb&utmm=&utmc=&ts=${now - attributionLifetimeMs}`, now),
    ).toBe(undefined);
    // A time far ahead would keep a planted value alive for ever.
    expect(readAttributionCookie(`utm=utms=fb&utmm=&utmc=&ts=${now + 2 * 86_400_000}`, now)).toBe(
      undefined,
    );
    expect(readAttributionCookie(`xutm=${springCookie}; utmx=${springCookie}`, now)).toBe(
      undefined,
    );
    expect(readAttributionCookie(undefined, now)).toBeUndefined();
    expect(readAttributionCookie("", now)).toBeUndefined();
  });
});

describe("attributionFromLanding", () => {
  const landing = (url: string, referrer = "", hasLiveRecord = false) =>
    attributionFromLanding({
      url: new URL(url),
      referrer,
      now,
      hasLiveRecord: () => hasLiveRecord,
    });

  it("takes a campaign link's source, medium and campaign, even over a live record", () => {
    expect(
      landing("https://site.test/?utm_source=fb&utm_medium=cpc&utm_campaign=spring", "", true),
    ).toEqual({
      utms: "fb",
      utmm: "cpc",
      utmc: "spring",
      ts: now,
    });
    expect(landing(`https://site.test/?utm_source=${"a".repeat(900)}`)?.utms).toHaveLength(200);
  });

  it("takes another site's host only when no live record exists", () => {
    expect(landing("https://site.test/pricing", "https://www.google.com/search?q=x")).toEqual({
      utms: "www.google.com",
      utmm: "",
      utmc: "",
      ts: now,
    });
    expect(landing("https://site.test/", "https://www.google.com/", true)).toBeUndefined();
    expect(landing("https://site.test/", "https://site.test/pricing")).toBeUndefined();
    expect(landing("https://site.test/", "not a url")).toBeUndefined();
    expect(landing("https://site.test/")).toBeUndefined();
  });
});

describe("attributionSetCookie", () => {
  it("keeps the record 30 days on every path, Lax, Secure on https", () => {
    expect(attributionSetCookie(spring, { secure: true })).toBe(
      `utm=${springCookie}; Max-Age=2592000; Path=/; SameSite=Lax; Secure`,
    );
    expect(attributionSetCookie(spring, { secure: false })).toBe(
      `utm=${springCookie}; Max-Age=2592000; Path=/; SameSite=Lax`,
    );
  });
});

describe("attributionCookieForPage", () => {
  const page = (url: string, referrer?: string, cookies?: string) =>
    attributionCookieForPage({ url, referrer, cookies, now });

  it("answers a campaign link with the cookie, its values cleaned and encoded", () => {
    expect(page("https://site.test/?utm_source=fb&utm_medium=cpc&utm_campaign=spring%20sale")).toBe(
      `utm=utms=fb&utmm=cpc&utmc=spring+sale&ts=${now}; Max-Age=2592000; Path=/; SameSite=Lax; Secure`,
    );
    expect(page("http://localhost:3000/?utm_source=fb")).toBe(
      `utm=utms=fb&utmm=&utmc=&ts=${now}; Max-Age=2592000; Path=/; SameSite=Lax`,
    );
  });

  it("never lets a value break out of the header", () => {
    const header = page(
      "https://site.test/?utm_source=a%0D%0ASet-Cookie:%20admin=1;%20Domain=evil&utm_campaign=x;y,z",
    );
    expect(header).toMatch(/^utm=[^;\s,]+; Max-Age=2592000; Path=\/; SameSite=Lax; Secure$/);
    expect(header).not.toMatch(/[\r\n]/);
  });

  it("answers a referrer-only visit only when the cookie holds no live record", () => {
    expect(page("https://site.test/", "https://www.bing.com/")).toMatch(
      /^utm=utms=www.bing.com&utmm=&utmc=&ts=/,
    );
    expect(
      page("https://site.test/", "https://www.bing.com/", `utm=${springCookie}`),
    ).toBeUndefined();
    // A bad or expired cookie is no record: the referrer is kept, the bad value never echoed.
    const replaced = page(
      "https://site.test/",
      "https://www.bing.com/",
      "utm=<script>alert(1)</script>",
    );
    expect(replaced).toMatch(/^utm=utms=www.bing.com&/);
    expect(replaced).not.toContain("script");
  });

  it("sets nothing for a plain visit or an address it cannot read", () => {
    expect(page("https://site.test/pricing")).toBeUndefined();
    expect(page("https://site.test/", "https://site.test/book-demo")).toBeUndefined();
    expect(page("not a url")).toBeUndefined();
  });
});

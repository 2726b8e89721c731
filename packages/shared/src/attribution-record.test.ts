import { describe, expect, it } from "vitest";
import {
  type AttributionRecord,
  attributionCookieForPage,
  attributionFromLanding,
  attributionLifetimeMs,
  attributionSetCookie,
  cleanAttributionValue,
  hasUnprintableCharacter,
  isVisitReference,
  newVisitReference,
  parseAttributionCookieValue,
  readAttributionCookie,
  serializeAttributionCookieValue,
} from "./attribution-record.ts";

const now = 1_800_000_000_000;
const spring: AttributionRecord = { utms: "fb", utmm: "cpc", utmc: "spring", ts: now - 1000 };
const springCookie = `utms=fb&utmm=cpc&utmc=spring&ts=${now - 1000}`;
const ref = "Zm9vYmFyLWJhei1xdXV4LT";
const withRef: AttributionRecord = { ...spring, ref };
const withRefCookie = `utms=fb&utmm=cpc&utmc=spring&ref=${ref}&ts=${now - 1000}`;
const freshRef = expect.stringMatching(/^[A-Za-z0-9_-]{22}$/);

describe("cleanAttributionValue", () => {
  it("trims and drops control characters", () => {
    expect(cleanAttributionValue("  spring sale ")).toBe("spring sale");
    expect(cleanAttributionValue("spring\r\nSet-Cookie: admin=1")).toBe(
      "springSet-Cookie: admin=1",
    );
    expect(cleanAttributionValue(null)).toBe("");
    expect(cleanAttributionValue(" \t\n ")).toBe("");
  });

  it("drops C1 controls and format characters: terminal escapes, bidi overrides, invisibles", () => {
    expect(cleanAttributionValue("a\u009b31mb")).toBe("a31mb");
    expect(cleanAttributionValue("\u001b[31mred")).toBe("[31mred");
    expect(cleanAttributionValue("invoice\u202Egpj.exe")).toBe("invoicegpj.exe");
    expect(cleanAttributionValue("a\u200bb\u2066c\ufeffd\u00ade")).toBe("abcde");
    expect(cleanAttributionValue("a\u0000b\u007fc\u0085d")).toBe("abcd");
  });

  it("writes one spelling of each character (NFC)", () => {
    expect(cleanAttributionValue("cafe\u0301")).toBe("caf\u00e9");
    expect(cleanAttributionValue("caf\u00e9")).toBe("caf\u00e9");
  });

  it("cuts to 100 characters, not UTF-16 units, never inside a character", () => {
    expect(cleanAttributionValue("a".repeat(5000))).toHaveLength(100);
    const emoji = cleanAttributionValue(`x${"🎂".repeat(300)}`);
    expect(Array.from(emoji)).toHaveLength(100);
    expect(emoji).toBe(`x${"🎂".repeat(99)}`);
    expect(() => encodeURIComponent(emoji)).not.toThrow();
    // Counted after NFC: 100 "é" written as "e" and a combining accent stay 100 characters.
    expect(cleanAttributionValue("e\u0301".repeat(150))).toBe("\u00e9".repeat(100));
    // What is cut off after a space leaves no space at the end.
    expect(cleanAttributionValue(`${"a".repeat(99)} b`)).toBe("a".repeat(99));
  });
});

describe("hasUnprintableCharacter", () => {
  it("finds control and format characters, C0, C1 and bidi alike", () => {
    for (const value of ["a\u0000", "\n", "\u001b[", "\u009b", "\u202e", "\u200b", "\ufeff"]) {
      expect(hasUnprintableCharacter(value), JSON.stringify(value)).toBe(true);
    }
    for (const value of ["", "spring sale", "Pâques 2027 🐣", "春季", "a_b-c.d/e"]) {
      expect(hasUnprintableCharacter(value), value).toBe(false);
    }
  });
});

describe("visit references", () => {
  it("are 22 URL-safe characters, a new one each time", () => {
    const references = Array.from({ length: 50 }, newVisitReference);
    for (const reference of references) expect(isVisitReference(reference)).toBe(true);
    expect(new Set(references).size).toBe(references.length);
  });

  it("are told from anything else", () => {
    expect(isVisitReference(ref)).toBe(true);
    for (const value of [
      undefined,
      null,
      22,
      "",
      ref.slice(1),
      `${ref}a`,
      `${ref.slice(1)}=`,
      `${ref.slice(1)}.`,
    ]) {
      expect(isVisitReference(value), String(value)).toBe(false);
    }
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

  it("round-trips the visit's reference, between the campaign and the time", () => {
    expect(serializeAttributionCookieValue(withRef)).toBe(withRefCookie);
    expect(parseAttributionCookieValue(withRefCookie)).toEqual(withRef);
    const fresh = {
      utms: "Zürich Café",
      utmm: "",
      utmc: "Spring.Sale 2026",
      ts: now,
      ref: newVisitReference(),
    };
    expect(parseAttributionCookieValue(serializeAttributionCookieValue(fresh) ?? "")).toEqual(
      fresh,
    );
  });

  it("still reads a cookie written before references existed, as a record without one", () => {
    const record = parseAttributionCookieValue(springCookie);
    expect(record).toEqual(spring);
    expect(record).not.toHaveProperty("ref");
  });

  it("writes no reference that is not one", () => {
    expect(serializeAttributionCookieValue({ ...spring, ref: "a&utms=evil" })).toBe(springCookie);
  });

  it("cleans what it writes and refuses a record too long to keep", () => {
    expect(
      serializeAttributionCookieValue({ utms: " fb\n", utmm: "", utmc: "", ts: now + 0.5 }),
    ).toBe(`utms=fb&utmm=&utmc=&ts=${now}`);
    // Each 🎂 is 12 characters percent-encoded: three of 100 are longer than a cookie keeps.
    const huge = "🎂".repeat(100);
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
    ["a source longer than 100", `utms=${"a".repeat(101)}&utmm=&utmc=&ts=${now}`],
    ["a C1 control", `utms=a%C2%9Bb&utmm=&utmc=&ts=${now}`],
    ["a bidi override", `utms=a%E2%80%AEb&utmm=&utmc=&ts=${now}`],
    ["a value not in NFC", `utms=cafe%CC%81&utmm=&utmc=&ts=${now}`],
    ["a reference too short", `utms=fb&utmm=&utmc=&ref=${ref.slice(1)}&ts=${now}`],
    ["a reference with another character", `utms=fb&utmm=&utmc=&ref=${ref.slice(1)}.&ts=${now}`],
    ["an empty reference", `utms=fb&utmm=&utmc=&ref=&ts=${now}`],
    ["a reference after the time", `utms=fb&utmm=&utmc=&ts=${now}&ref=${ref}`],
    ["a repeated reference", `utms=fb&utmm=&utmc=&ref=${ref}&ref=${ref}&ts=${now}`],
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
    expect(readAttributionCookie(`theme=dark; utm=${withRefCookie}`, now)).toEqual(withRef);
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
      ref: freshRef,
    });
    expect(landing(`https://site.test/?utm_source=${"a".repeat(900)}`)?.utms).toHaveLength(100);
    expect(
      landing("https://site.test/?utm_source=a%E2%80%AEb%C2%9B&utm_campaign=cafe%CC%81"),
    ).toMatchObject({ utms: "ab", utmc: "caf\u00e9" });
  });

  it("gives every record it saves a new reference", () => {
    const url = "https://site.test/?utm_source=fb&utm_medium=cpc&utm_campaign=spring";
    const first = landing(url)?.ref;
    const second = landing(url)?.ref;
    expect(isVisitReference(first)).toBe(true);
    expect(isVisitReference(second)).toBe(true);
    expect(first).not.toBe(second);
  });

  it("takes another site's host only when no live record exists", () => {
    expect(landing("https://site.test/pricing", "https://www.google.com/search?q=x")).toEqual({
      utms: "www.google.com",
      utmm: "",
      utmc: "",
      ts: now,
      ref: freshRef,
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
    expect(attributionSetCookie(withRef, { secure: true })).toBe(
      `utm=${withRefCookie}; Max-Age=2592000; Path=/; SameSite=Lax; Secure`,
    );
  });
});

describe("attributionCookieForPage", () => {
  const page = (url: string, referrer?: string, cookies?: string) =>
    attributionCookieForPage({ url, referrer, cookies, now });

  it("answers a campaign link with the cookie, its values cleaned and encoded", () => {
    expect(
      page("https://site.test/?utm_source=fb&utm_medium=cpc&utm_campaign=spring%20sale"),
    ).toMatch(
      new RegExp(
        `^utm=utms=fb&utmm=cpc&utmc=spring\\+sale&ref=[A-Za-z0-9_-]{22}&ts=${now}; Max-Age=2592000; Path=/; SameSite=Lax; Secure$`,
      ),
    );
    expect(page("http://localhost:3000/?utm_source=fb")).toMatch(
      new RegExp(
        `^utm=utms=fb&utmm=&utmc=&ref=[A-Za-z0-9_-]{22}&ts=${now}; Max-Age=2592000; Path=/; SameSite=Lax$`,
      ),
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
      /^utm=utms=www.bing.com&utmm=&utmc=&ref=[A-Za-z0-9_-]{22}&ts=/,
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

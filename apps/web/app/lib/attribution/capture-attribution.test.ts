import {
  type AttributionRecord,
  attributionLifetimeMs,
  visitReferencePattern,
} from "@bakery/shared/attribution-record";
import { describe, expect, it } from "vitest";
import {
  captureAttribution,
  currentAttribution,
  readSavedAttribution,
  type StorageLike,
  thisVisitAttribution,
} from "./capture-attribution.ts";

class FakeStorage implements StorageLike {
  readonly items = new Map<string, string>();
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
}

class ThrowingStorage implements StorageLike {
  getItem(): string | null {
    throw new DOMException("denied", "SecurityError");
  }
  setItem(): void {
    throw new DOMException("full", "QuotaExceededError");
  }
}

const now = 1_800_000_000_000;

/** A new reference, which each landing makes: any one of the right form. */
const anyReference = expect.stringMatching(visitReferencePattern);
const cookieReference = "c00kieRef_012345678-AB";

const cookieRecord = {
  utms: "fb",
  utmm: "cpc",
  utmc: "spring",
  ts: now - 20 * 86_400_000,
  ref: cookieReference,
};

function setUp(
  url: string,
  referrer = "",
  options: { now?: number; cookieRecord?: AttributionRecord } = {},
) {
  const local = new FakeStorage();
  const session = new FakeStorage();
  const replaced: string[] = [];
  const run = (overrides: { url?: string; referrer?: string; now?: number } = {}) =>
    captureAttribution({
      url: overrides.url ?? url,
      referrer: overrides.referrer ?? referrer,
      now: overrides.now ?? options.now ?? now,
      localStorage: local,
      sessionStorage: session,
      replaceUrl: (next) => replaced.push(next),
      cookieRecord: options.cookieRecord,
    });
  const saved = () => JSON.parse(local.getItem("utm") ?? "null");
  const visit = () => JSON.parse(session.getItem("utm") ?? "null");
  return { local, session, replaced, run, saved, visit };
}

describe("captureAttribution", () => {
  it("saves utm parameters and a new reference in both storages and removes them from the address", () => {
    const t = setUp("https://site.test/?utm_source=fb&utm_medium=cpc&utm_campaign=spring");
    t.run();
    expect(t.saved()).toEqual({
      utms: "fb",
      utmm: "cpc",
      utmc: "spring",
      ts: now,
      ref: anyReference,
    });
    expect(t.visit()).toEqual({ utms: "fb", utmm: "cpc", utmc: "spring", ref: t.saved().ref });
    expect(t.replaced).toEqual(["/"]);
  });

  it("gives each landing its own reference", () => {
    const first = setUp("https://site.test/?utm_source=fb");
    const second = setUp("https://site.test/?utm_source=fb");
    first.run();
    second.run();
    expect(first.saved().ref).not.toBe(second.saved().ref);
  });

  it("takes the reference of the cookie our server set for this same landing", () => {
    const landedNow = { ...cookieRecord, ts: now };
    const t = setUp("https://site.test/?utm_source=fb&utm_medium=cpc&utm_campaign=spring", "", {
      cookieRecord: landedNow,
    });
    t.run();
    expect(t.saved()).toEqual({
      utms: "fb",
      utmm: "cpc",
      utmc: "spring",
      ts: now,
      ref: cookieReference,
    });
    expect(t.visit().ref).toBe(cookieReference);
  });

  it("keeps its own reference when the cookie names another source, or has no reference", () => {
    const other = setUp("https://site.test/?utm_source=fb&utm_medium=cpc&utm_campaign=fall", "", {
      cookieRecord,
    });
    other.run();
    expect(other.saved().ref).toEqual(anyReference);
    expect(other.saved().ref).not.toBe(cookieReference);
    const { ref: _, ...olderCookie } = cookieRecord;
    const older = setUp("https://site.test/?utm_source=fb&utm_medium=cpc&utm_campaign=spring", "", {
      cookieRecord: olderCookie,
    });
    older.run();
    expect(older.saved().ref).toEqual(anyReference);
    expect(older.visit().ref).toBe(older.saved().ref);
  });

  it("keeps other parameters (the demo prefill) in the address", () => {
    const t = setUp(
      "https://site.test/book-demo?name=Ana&utm_source=sms&email=a%40b.c&utm_content=x#top",
    );
    t.run();
    expect(t.saved()).toEqual({ utms: "sms", utmm: "", utmc: "", ts: now, ref: anyReference });
    expect(t.replaced).toEqual(["/book-demo?name=Ana&email=a%40b.c#top"]);
  });

  it("utm parameters replace an unexpired record", () => {
    const t = setUp("https://site.test/?utm_source=google");
    t.local.setItem("utm", JSON.stringify({ utms: "fb", utmm: "", utmc: "", ts: now - 1000 }));
    t.run();
    expect(t.saved().utms).toBe("google");
  });

  it("saves another site's host as the source when there is no record", () => {
    const t = setUp("https://site.test/pricing", "https://www.google.com/search?q=bakery+software");
    t.run();
    expect(t.saved()).toEqual({
      utms: "www.google.com",
      utmm: "",
      utmc: "",
      ts: now,
      ref: anyReference,
    });
    expect(t.visit()).toEqual({ utms: "www.google.com", utmm: "", utmc: "", ref: t.saved().ref });
    expect(t.replaced).toEqual([]);
  });

  it("does not count our own site as a source", () => {
    const t = setUp("https://site.test/pricing", "https://site.test/");
    t.run();
    expect(t.local.getItem("utm")).toBeNull();
  });

  it("keeps an unexpired record when a referrer arrives", () => {
    const t = setUp("https://site.test/", "https://www.bing.com/");
    const record = { utms: "fb", utmm: "cpc", utmc: "spring", ts: now - attributionLifetimeMs + 1 };
    t.local.setItem("utm", JSON.stringify(record));
    t.run();
    expect(t.saved()).toEqual(record);
  });

  it("puts the server cookie's live record and reference back when storage was wiped, over a referrer", () => {
    const t = setUp("https://site.test/", "https://www.bing.com/", { cookieRecord });
    t.run();
    expect(t.saved()).toEqual(cookieRecord);
    // An earlier visit's source, not this one's: its landing was counted when it came.
    expect(t.visit()).toBeNull();
    expect(t.replaced).toEqual([]);
  });

  it("gives a return visit after storage was wiped the cookie's record, not a landing of its own", () => {
    const t = setUp("https://site.test/signup", "", { cookieRecord });
    t.run();
    expect(t.saved()).toEqual(cookieRecord);
    expect(t.visit()).toBeNull();
  });

  it("takes the record and reference of the cookie our server set for this referrer's landing", () => {
    const setForThisLanding = {
      utms: "www.bing.com",
      utmm: "",
      utmc: "",
      ts: now,
      ref: cookieReference,
    };
    const t = setUp("https://site.test/pricing", "https://www.bing.com/search?q=cakes", {
      cookieRecord: setForThisLanding,
    });
    t.run();
    expect(t.saved()).toEqual(setForThisLanding);
    expect(t.visit()).toEqual({ utms: "www.bing.com", utmm: "", utmc: "", ref: cookieReference });
  });

  it("leaves a live saved record or the visit's source in place of the cookie's", () => {
    const saved = { utms: "sms", utmm: "text", utmc: "fall", ts: now - 1000 };
    const t = setUp("https://site.test/", "", { cookieRecord });
    t.local.setItem("utm", JSON.stringify(saved));
    t.run();
    expect(t.saved()).toEqual(saved);
    expect(t.visit()).toBeNull();
    const visit = setUp("https://site.test/pricing", "", { cookieRecord });
    visit.session.setItem("utm", JSON.stringify({ utms: "ig", utmm: "", utmc: "" }));
    visit.run();
    expect(visit.saved()).toBeNull();
  });

  it("utm parameters replace the cookie's record too", () => {
    const t = setUp("https://site.test/?utm_source=google", "", { cookieRecord });
    t.run();
    expect(t.saved().utms).toBe("google");
  });

  it("cleans values the way the server's cookie does", () => {
    const t = setUp("https://site.test/?utm_source=%20fb%0D%0A&utm_campaign=spring%00");
    t.run();
    expect(t.saved()).toMatchObject({ utms: "fb", utmm: "", utmc: "spring", ts: now });
  });

  it("replaces a record that is exactly 30 days old", () => {
    const t = setUp("https://site.test/", "https://www.bing.com/");
    t.local.setItem(
      "utm",
      JSON.stringify({ utms: "fb", utmm: "cpc", utmc: "spring", ts: now - attributionLifetimeMs }),
    );
    t.run();
    expect(t.saved()).toMatchObject({ utms: "www.bing.com", utmm: "", utmc: "", ts: now });
  });

  it("does nothing without utm parameters or referrer", () => {
    const t = setUp("https://site.test/");
    t.run();
    expect(t.local.getItem("utm")).toBeNull();
    expect(t.replaced).toEqual([]);
  });

  it("records the first page of the session as the landing and never overwrites it", () => {
    const t = setUp("https://site.test/pricing?x=1");
    t.run();
    t.run({ url: "https://site.test/book-demo" });
    expect(t.session.getItem("landing")).toBe("/pricing");
  });

  it("replaces a corrupt record", () => {
    const t = setUp("https://site.test/", "https://news.example/");
    t.local.setItem("utm", "{not json");
    t.run();
    expect(t.saved()).toMatchObject({ utms: "news.example", utmm: "", utmc: "", ts: now });
  });

  it("treats a record of the wrong shape as corrupt", () => {
    const t = setUp("https://site.test/", "https://news.example/");
    t.local.setItem("utm", JSON.stringify({ utms: 5, ts: "yesterday" }));
    t.run();
    expect(t.saved().utms).toBe("news.example");
  });

  it("caps very long values", () => {
    const t = setUp(`https://site.test/?utm_source=${"a".repeat(5000)}`);
    t.run();
    expect(t.saved().utms).toHaveLength(100);
  });

  it("degrades to doing nothing when storage throws, leaving the address as it was", () => {
    const replaced: string[] = [];
    expect(() =>
      captureAttribution({
        url: "https://site.test/?utm_source=fb",
        referrer: "https://elsewhere.example/",
        now,
        localStorage: new ThrowingStorage(),
        sessionStorage: new ThrowingStorage(),
        replaceUrl: (url) => replaced.push(url),
      }),
    ).not.toThrow();
    expect(replaced).toEqual([]);
  });

  it("keeps the visit's first source when only sessionStorage works and a referrer follows", () => {
    const session = new FakeStorage();
    const enter = (url: string, referrer: string) =>
      captureAttribution({
        url,
        referrer,
        now,
        localStorage: new ThrowingStorage(),
        sessionStorage: session,
        replaceUrl: () => {},
      });
    enter("https://site.test/?utm_source=fb&utm_medium=cpc&utm_campaign=spring", "");
    enter("https://site.test/pricing", "https://www.google.com/");
    expect(JSON.parse(session.getItem("utm") ?? "null")).toEqual({
      utms: "fb",
      utmm: "cpc",
      utmc: "spring",
      ref: anyReference,
    });
  });

  it("works when storage is missing altogether", () => {
    expect(() =>
      captureAttribution({
        url: "https://site.test/",
        referrer: "https://elsewhere.example/",
        now,
        localStorage: undefined,
        sessionStorage: undefined,
        replaceUrl: () => {},
      }),
    ).not.toThrow();
  });
});

describe("currentAttribution", () => {
  it("prefers this visit's source, then an unexpired saved one, then the cookie's", () => {
    const local = new FakeStorage();
    const session = new FakeStorage();
    expect(currentAttribution(local, session, undefined, now)).toBeUndefined();
    const fromCookie = {
      utms: "ig",
      utmm: "story",
      utmc: "winter",
      ts: now - 1000,
      ref: "c".repeat(22),
    };
    expect(currentAttribution(local, session, fromCookie, now)).toEqual(fromCookie);
    const saved = { utms: "fb", utmm: "cpc", utmc: "spring", ts: now - 1000, ref: "l".repeat(22) };
    local.setItem("utm", JSON.stringify(saved));
    expect(currentAttribution(local, session, fromCookie, now)).toEqual(saved);
    session.setItem(
      "utm",
      JSON.stringify({ utms: "sms", utmm: "text", utmc: "fall", ref: "s".repeat(22) }),
    );
    expect(currentAttribution(local, session, fromCookie, now)).toEqual({
      utms: "sms",
      utmm: "text",
      utmc: "fall",
      ref: "s".repeat(22),
    });
  });

  it("gives a record saved before references existed without one", () => {
    const local = new FakeStorage();
    local.setItem("utm", JSON.stringify({ utms: "fb", utmm: "", utmc: "", ts: now - 1000 }));
    expect(currentAttribution(local, new FakeStorage(), undefined, now)?.ref).toBeUndefined();
  });

  it("ignores an expired saved record, falling back to the cookie's", () => {
    const local = new FakeStorage();
    local.setItem(
      "utm",
      JSON.stringify({ utms: "fb", utmm: "", utmc: "", ts: now - attributionLifetimeMs }),
    );
    expect(currentAttribution(local, new FakeStorage(), undefined, now)).toBeUndefined();
    expect(currentAttribution(local, new FakeStorage(), cookieRecord, now)).toEqual(cookieRecord);
  });
});

describe("reading a reference from storage", () => {
  it.each([
    ["too short", "abc"],
    ["with characters a reference never has", `${"a".repeat(21)}.`],
    ["not a string", 12],
  ])("leaves out a reference %s, keeping the names", (_name, ref) => {
    const local = new FakeStorage();
    local.setItem("utm", JSON.stringify({ utms: "fb", utmm: "", utmc: "", ts: now, ref }));
    expect(readSavedAttribution(local)).toEqual({ utms: "fb", utmm: "", utmc: "", ts: now });
    const session = new FakeStorage();
    session.setItem("utm", JSON.stringify({ utms: "fb", utmm: "", utmc: "", ref }));
    expect(thisVisitAttribution(session)).toEqual({ utms: "fb", utmm: "", utmc: "" });
  });
});

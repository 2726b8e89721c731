import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  checkRedirectTarget,
  MAX_DECODE_ROUNDS,
  type RedirectTargetCheck,
} from "./redirect-target.ts";

/**
 * Properties of the one redirect-target checker (sign-in `target`, `/redirect`'s
 * `to`, a 301's `location`, short-link targets), checked on many generated inputs,
 * plus a table of known open-redirect bypasses. The example-based cases live in
 * redirect-target.test.ts.
 */

const site = new URL("https://www.example.com");
const allowedHosts = ["my.example.com", "calendly.com", "xn--bcker-gra.de"];
const policy = { siteOrigin: site.origin, allowedHosts };

const check = (target: string) => checkRedirectTarget(target, policy);

/** Where a browser would end up, resolving `value` on one of our pages. */
function destination(value: string): URL | undefined {
  try {
    return new URL(value, site);
  } catch {
    return undefined;
  }
}

/** `value` percent-decoded once, twice, … (as a careless client might), until it stops changing. */
function decodedForms(value: string): string[] {
  const forms: string[] = [];
  let current = value;
  for (let round = 0; round < MAX_DECODE_ROUNDS; round++) {
    let next: string;
    try {
      next = decodeURIComponent(current);
    } catch {
      break;
    }
    if (next === current) break;
    forms.push(next);
    current = next;
  }
  return forms;
}

const isSafeDestination = (url: URL) =>
  (url.protocol === "https:" || url.protocol === "http:") &&
  (url.origin === site.origin || allowedHosts.includes(url.host));

/** What every accepted target must satisfy, however it was made. */
function expectSafe(target: string, result: RedirectTargetCheck) {
  if (!result.ok) return;
  const checked = destination(result.url);
  expect(checked, `${target} → ${result.url}`).toBeDefined();
  if (!checked) return;
  expect(isSafeDestination(checked), `${target} → ${checked.href}`).toBe(true);
  expect(result.sameOrigin, target).toBe(checked.origin === site.origin);
  // The raw target, as a browser would read it, goes to the same place.
  const raw = destination(target);
  expect(raw && `${raw.origin}${raw.pathname}`, target).toBe(
    `${checked.origin}${checked.pathname}`,
  );
  // And so does any decoded form of the result.
  for (const form of decodedForms(result.url)) {
    const decoded = destination(form);
    if (decoded) expect(isSafeDestination(decoded), `${target} decodes to ${form}`).toBe(true);
  }
  // Printable ASCII only, never protocol-relative, no backslash.
  expect(result.url).toMatch(/^[\x21-\x7e]+$/);
  expect(result.url).not.toMatch(/^[/\\]{2}|\\/);
}

// Pieces that open-redirect tricks are made of: arbitrary strings built from them
// find combinations a list written by hand would miss.
const trickPieces = [
  "/",
  "\\",
  "//",
  "%",
  "%2f",
  "%2F",
  "%5c",
  "%25",
  "%252F",
  "%09",
  "%0a",
  "@",
  "#",
  "?",
  ":",
  ".",
  "..",
  "https:",
  "http:",
  "HTTPS:",
  "javascript:",
  "data:",
  "evil.com",
  "my.example.com",
  "www.example.com",
  "calendly.com",
  "xn--",
  "\t",
  "\n",
  " ",
  "\u0000",
  "а",
  "ｅ",
  "\u3002",
  "\uff0e",
];
const trickString = fc.string({ unit: fc.constantFrom(...trickPieces), maxLength: 12 });

const anyTarget = fc.oneof(
  trickString,
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.webUrl({ withQueryParameters: true, withFragments: true }),
  fc.webPath().map((path) => `/${path.replace(/^\/+/, "")}`),
  fc
    .tuple(fc.constantFrom("https://", "http://", "/"), trickString, fc.string({ maxLength: 10 }))
    .map((parts) => parts.join("")),
);

const allowedUrl = fc
  .tuple(
    fc.constantFrom(...allowedHosts, site.host),
    fc.webPath(),
    fc.webQueryParameters(),
    fc.webFragments(),
  )
  .map(
    ([host, path, query, fragment]) =>
      `https://${host}/${path.replace(/^\/+/, "")}${query ? `?${query}` : ""}${fragment ? `#${fragment}` : ""}`,
  );

describe("checkRedirectTarget properties", () => {
  it("sends an accepted target only to the site or an allowed host, in every reading", () => {
    fc.assert(
      fc.property(anyTarget, (target) => expectSafe(target, check(target))),
      { numRuns: 5000 },
    );
  });

  it("refuses anything starting with //, /\\, \\\\ or \\/", () => {
    fc.assert(
      fc.property(fc.constantFrom("//", "/\\", "\\\\", "\\/"), fc.string(), (prefix, rest) => {
        expect(check(prefix + rest).ok).toBe(false);
      }),
    );
  });

  it("refuses anything containing whitespace or control characters", () => {
    const spaceOrControl = fc.oneof(
      fc.integer({ min: 0, max: 0x20 }).map((code) => String.fromCharCode(code)),
      fc.constantFrom("\u007f", "\u0085", "\u00a0", "\u2028", "\u2029", "\u200b", "\ufeff"),
    );
    fc.assert(
      fc.property(anyTarget, spaceOrControl, fc.nat(), (target, bad, at) => {
        const position = at % (target.length + 1);
        expect(check(target.slice(0, position) + bad + target.slice(position)).ok).toBe(false);
      }),
    );
  });

  it("refuses every host that is not on the list, however the URL is dressed up", () => {
    const otherHost = fc
      .domain()
      .filter((host) => !allowedHosts.includes(host) && host !== site.host);
    fc.assert(
      fc.property(otherHost, fc.constantFrom(...allowedHosts), fc.webPath(), (evil, good, path) => {
        for (const target of [
          `https://${evil}/${path}`,
          `HTTP://${evil.toUpperCase()}/${path}`,
          `https://${good}.${evil}/`,
          `https://${good}@${evil}/`,
          `https://${good}:pass@${evil}/`,
          `https://${evil}#@${good}`,
          `https://${evil}?@${good}`,
          `https://${evil}/@${good}`,
          `https://${evil}\\@${good}`,
          `//${evil}/${path}`,
          `https:${evil}`,
        ]) {
          expect(check(target).ok, target).toBe(false);
        }
      }),
    );
  });

  it("accepts plain same-origin paths and allowed-host URLs", () => {
    fc.assert(
      fc.property(fc.webPath(), fc.webQueryParameters(), (path, query) => {
        const target = `/${path.replace(/^\/+/, "")}${query ? `?${query}` : ""}`;
        // Refused on purpose: encoded slashes up front, and dot segments that
        // collapse into "//" ("/.//x" is "//x" once normalized).
        if (/^\/%(2f|5c|25)/i.test(target)) return;
        if (destination(target)?.pathname.startsWith("//")) return;
        // …and encoded tabs or newlines that a careless client decodes into "//" ("/%09/"
        // is "/\t/", which URL parsers read as "//").
        if (decodedForms(target).some((form) => /^[/\\]{2}/.test(form.replace(/[\t\n\r]/g, ""))))
          return;
        const result = check(target);
        expect(result.ok, target).toBe(true);
        expectSafe(target, result);
      }),
    );
    fc.assert(
      fc.property(allowedUrl, (target) => {
        const result = check(target);
        expect(result.ok, target).toBe(true);
        expectSafe(target, result);
      }),
    );
  });
});

describe("known open-redirect bypasses are refused", () => {
  it.each([
    // Protocol-relative and backslash forms browsers read as another host.
    ["//evil.com"],
    ["///evil.com"],
    ["////evil.com"],
    ["/\\evil.com"],
    ["\\\\evil.com"],
    ["\\/evil.com"],
    ["/\\/evil.com"],
    ["/%09/evil.com"],
    // Dot segments that collapse into a protocol-relative path.
    ["/.//evil.com"],
    ["/a/..//evil.com"],
    ["/%2e//evil.com"],
    ["/%2e%2e//evil.com"],
    ["/./%2F/evil.com"],
    ["/\t/evil.com"],
    // Schemes without slashes, odd case, padding, tabs and newlines inside.
    ["https:evil.com"],
    ["https:/evil.com"],
    ["https:\\\\evil.com"],
    ["https:/\\evil.com"],
    ["HtTpS://evil.com"],
    [" https://evil.com"],
    ["https://evil.com "],
    ["\thttps://evil.com"],
    ["\u0000https://evil.com"],
    ["ht\ttps://evil.com"],
    ["htt\nps://evil.com"],
    ["https\t://evil.com"],
    ["https:\n//evil.com"],
    // Script and data schemes, in any dress.
    ["javascript:alert(1)"],
    ["JAVASCRIPT:alert(1)"],
    [" javascript:alert(1)"],
    ["java\tscript:alert(1)"],
    ["java\nscript:alert(1)"],
    ["\u0001javascript:alert(1)"],
    ["javascript://my.example.com/%0aalert(1)"],
    ["javascript:/my.example.com/%0aalert(1)"],
    ["jav&#x09;ascript:alert(1)"],
    ["data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg=="],
    ["DATA:text/html,<script>alert(1)</script>"],
    ["vbscript:msgbox(1)"],
    ["VBScript:msgbox(1)"],
    // Percent-encoded and double-encoded slashes and backslashes.
    ["%2F%2Fevil.com"],
    ["/%2F%2Fevil.com"],
    ["/%2f%2fevil.com"],
    ["%252F%252Fevil.com"],
    ["/%252F%252Fevil.com"],
    ["/%25252F%25252Fevil.com"],
    ["/%5Cevil.com"],
    ["/%255Cevil.com"],
    ["%5C%5Cevil.com"],
    ["/%2F%5Cevil.com"],
    ["https:%2F%2Fevil.com"],
    ["https://my.example.com%2F@evil.com/"],
    ["https://my.example.com%252F@evil.com/"],
    // User info: the real host is after the @.
    ["https://my.example.com@evil.com"],
    ["https://my.example.com:pass@evil.com"],
    ["https://my.example.com:443@evil.com"],
    ["https://@evil.com"],
    ["https://evil.com@my.example.com"],
    ["https://user:pw@my.example.com/"],
    // IDN look-alikes, punycode of near-misses, full-width and ideographic dots.
    ["https://my.exаmple.com/"],
    ["https://xn--my-exmple-5nh.com/"],
    ["https://xn--mple-ufa.example.com/"],
    ["https://my.example.com\u3002evil.com/"],
    ["https://my\uff0eexample\uff0ecom/"],
    ["https://ｍｙ.example.com/"],
    ["https://bäcker.de/"],
    // Trailing dots and look-alike host names.
    ["https://my.example.com./"],
    ["https://my.example.com.:443/"],
    ["https://calendly.com../"],
    ["https://my.example.com.evil.com/"],
    ["https://calendly.com.evil.com/"],
    ["https://evilmy.example.com/"],
    ["https://my-example.com/"],
    // The allowed host only in the fragment, query or path.
    ["https://evil.com#@my.example.com"],
    ["https://evil.com?@my.example.com"],
    ["https://evil.com/@my.example.com"],
    ["https://evil.com\\@my.example.com"],
    ["https://evil.com#.my.example.com"],
    ["https://evil.com/my.example.com"],
    // Other schemes and shapes.
    ["ftp://my.example.com/"],
    ["ws://my.example.com/"],
    ["file:///etc/passwd"],
    ["blob:https://my.example.com/uuid"],
    ["//my.example.com/"],
    ["http://www.example.com/"],
    ["https://www.example.com:8443/"],
    ["https://0x7f.1/"],
    ["https://[::1]/"],
    ["evil.com"],
    ["./evil.com"],
    ["../evil.com"],
    [""],
  ])("%j", (target) => {
    expect(check(target).ok).toBe(false);
  });
});

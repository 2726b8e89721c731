import { describe, expect, it } from "vitest";
import { checkRedirectTarget, checkShortLinkTarget, sameOriginPath } from "./redirect-target.ts";

const policy = {
  siteOrigin: "https://www.example.com",
  allowedHosts: ["my.example.com", "calendly.com", "xn--bcker-gra.de"],
};

describe("checkRedirectTarget", () => {
  it.each([
    ["/book-demo", "/book-demo"],
    ["/book-demo?utm_source=sms#top", "/book-demo?utm_source=sms#top"],
    ["/a/./b/../c", "/a/c"],
    ["https://www.example.com/pricing", "https://www.example.com/pricing"],
    ["https://my.example.com/billing", "https://my.example.com/billing"],
    ["HTTPS://MY.EXAMPLE.COM/billing", "https://my.example.com/billing"],
    ["https://calendly.com:443/rise/demo", "https://calendly.com/rise/demo"],
    ["https://xn--bcker-gra.de/", "https://xn--bcker-gra.de/"],
  ])("allows %s", (target, url) => {
    expect(checkRedirectTarget(target, policy)).toMatchObject({ ok: true, url });
  });

  it.each([
    ["protocol-relative", "//evil.com/x"],
    ["slash-backslash", "/\\evil.com"],
    ["double backslash", "\\\\evil.com"],
    ["backslash after scheme", "https:\\\\evil.com"],
    ["scheme without slashes", "https:evil.com"],
    ["scheme with one slash", "https:/evil.com"],
    ["javascript", "javascript:alert(1)"],
    ["mixed-case javascript", "JaVaScRiPt:alert(1)"],
    ["data", "data:text/html,<script>alert(1)</script>"],
    ["vbscript", "vbscript:msgbox(1)"],
    ["leading space", " https://my.example.com/"],
    ["trailing newline", "/book-demo\n"],
    ["tab inside", "/\t/evil.com"],
    ["control character", "/x\u0000"],
    ["encoded slash after slash", "/%2F%2Fevil.com"],
    ["encoded slash in authority", "https://my.example.com%2F@evil.com/"],
    ["encoded backslash", "/%5Cevil.com"],
    ["encoded dot host", "https://my%2eexample.com/"],
    ["userinfo", "https://my.example.com@evil.com/"],
    ["userinfo with password", "https://user:pw@my.example.com/"],
    ["host not allowed", "https://evil.com/"],
    ["suffix look-alike", "https://my.example.com.evil.com/"],
    ["prefix look-alike", "https://evilmy.example.com/"],
    ["trailing-dot host", "https://my.example.com./billing"],
    ["IDN host not on list", "https://bäcker.de/"],
    ["IDN look-alike of allowed host", "https://my.exаmple.com/"],
    ["non-default port", "https://my.example.com:8443/"],
    ["ftp", "ftp://my.example.com/"],
    ["relative without slash", "book-demo"],
    ["empty", ""],
    ["too long", `/${"a".repeat(3000)}`],
    ["http site when site is https", "http://www.example.com/"],
  ])("refuses %s", (_name, target) => {
    expect(checkRedirectTarget(target, policy).ok).toBe(false);
  });

  it("allows the site's own host with another scheme only if listed", () => {
    const withHttp = { ...policy, allowedHosts: [...policy.allowedHosts, "www.example.com"] };
    expect(checkRedirectTarget("http://www.example.com/", withHttp).ok).toBe(true);
  });

  it("says why a target is refused", () => {
    expect(checkRedirectTarget("https://evil.com/", policy)).toEqual({
      ok: false,
      reason: "host evil.com is not on the allow-list",
    });
  });
});

describe("checkShortLinkTarget", () => {
  const withSiteHost = { ...policy, allowedHosts: [...policy.allowedHosts, "www.example.com"] };

  it.each([
    ["itself", "/to/test/loop"],
    ["another link", "/to/promo/nope?utm_source=sms"],
    ["the links' own pages", "/to/not-found"],
    ["/to alone", "/to"],
    ["another case", "/TO/promo/spring"],
    ["an encoded letter", "/%74o/promo/spring"],
    ["an encoded slash", "/to%2Fpromo%2Fspring"],
    ["a double-encoded letter", "/%2574o/promo/spring"],
    ["dot segments", "/book-demo/../to/promo/spring"],
    ["encoded dot segments", "/a/%2e%2e/to/promo/spring"],
    ["the site's origin", "https://www.example.com/to/promo/spring"],
    ["the site's host in capitals", "HTTPS://WWW.EXAMPLE.COM/To/promo/spring"],
    ["the site's host over http", "http://www.example.com/to/promo/spring"],
  ])("refuses %s, saying why in plain words", (_name, target) => {
    expect(checkShortLinkTarget(target, withSiteHost)).toEqual({
      ok: false,
      reason:
        "a short link can't lead to a short link (an address under /to/): use the address that link leads to instead",
    });
  });

  it.each([
    ["/book-demo?utm_source=sms", "/book-demo?utm_source=sms"],
    ["/tours", "/tours"],
    ["/top/to/x", "/top/to/x"],
    ["/book-demo?next=/to/promo/spring", "/book-demo?next=/to/promo/spring"],
    ["https://my.example.com/to/x", "https://my.example.com/to/x"],
  ])("allows %s, which is no short link", (target, url) => {
    expect(checkShortLinkTarget(target, withSiteHost)).toMatchObject({ ok: true, url });
  });

  it("refuses what the allow-list refuses, with the allow-list's reason", () => {
    expect(checkShortLinkTarget("//evil.com/to/x", policy)).toEqual(
      checkRedirectTarget("//evil.com/to/x", policy),
    );
  });
});

describe("sameOriginPath", () => {
  const site = "https://www.example.com";

  it("keeps a path or an address on the site itself", () => {
    expect(sameOriginPath("/book-demo?x=1", site)).toBe("/book-demo?x=1");
    expect(sameOriginPath("https://www.example.com/pricing", site)).toBe(
      "https://www.example.com/pricing",
    );
  });

  it("refuses anything that would leave the site", () => {
    for (const target of ["//evil.example", "https://evil.example/", "javascript:alert(1)", ""]) {
      expect(sameOriginPath(target, site)).toBeUndefined();
    }
  });
});

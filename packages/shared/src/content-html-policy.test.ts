import { describe, expect, it } from "vitest";
import { allowedLinkPattern } from "./content-html-policy.ts";

describe("allowedLinkPattern", () => {
  it("allows the policy's schemes and relative links", () => {
    for (const href of [
      "https://www.example.com/a",
      "http://x.example",
      "mailto:hello@example.com",
      "tel:+15550100",
      "/pricing",
      "#section",
      "terms",
      "?q=1",
    ]) {
      expect(allowedLinkPattern.test(href), href).toBe(true);
    }
  });

  it("refuses other schemes and protocol-relative links", () => {
    for (const href of [
      "javascript:alert(1)",
      "JavaScript:alert(1)",
      "data:text/html,x",
      "vbscript:x",
      "//evil.example",
      "ftp://x.example",
    ]) {
      expect(allowedLinkPattern.test(href), href).toBe(false);
    }
  });
});

import { describe, expect, it } from "vitest";
import { shortLinkApiPath } from "./short-link-target.ts";

describe("shortLinkApiPath", () => {
  it("asks about the link alone for a plain address", () => {
    expect(shortLinkApiPath("promo", "spring")).toBe("/redirect/promo/spring");
    expect(shortLinkApiPath("promo", "spring", "?utm_source=x")).toBe("/redirect/promo/spring");
  });

  it("passes the QR code's scan marker on, and nothing else of the query", () => {
    expect(shortLinkApiPath("promo", "spring", "?qr=1")).toBe("/redirect/promo/spring?qr=1");
    expect(shortLinkApiPath("promo", "spring", "?a=b&qr=1&c=d")).toBe(
      "/redirect/promo/spring?qr=1",
    );
  });
});

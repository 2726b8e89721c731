import { describe, expect, it } from "vitest";
import { qrFileName } from "./qr-code-image.ts";

describe("qrFileName", () => {
  it("names the file for the link and the format", () => {
    expect(qrFileName("promo", "spring", "svg")).toBe("rise-link-promo-spring.svg");
    expect(qrFileName("promo", "spring", "png")).toBe("rise-link-promo-spring.png");
  });
});

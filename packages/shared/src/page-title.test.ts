import { describe, expect, it } from "vitest";
import { pageTitle } from "./page-title.ts";

describe("pageTitle", () => {
  it("names the page, then the product", () => {
    expect(pageTitle("Opening hours", "Rise")).toBe("Opening hours · Rise");
  });

  it("names the product once when the page's title starts with it", () => {
    expect(pageTitle("Rise for wholesale bakeries", "Rise")).toBe("Rise for wholesale bakeries");
  });
});

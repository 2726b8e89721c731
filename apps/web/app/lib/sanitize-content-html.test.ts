import { contentHtmlPolicy } from "@bakery/shared/content-html-policy";
import { describe, expect, it } from "vitest";
import { contentHtmlPurifyConfig } from "./sanitize-content-html.ts";

describe("the browser's content sanitizer", () => {
  it("allows exactly the server's tags and attributes, not DOMPurify's broader defaults", () => {
    expect(contentHtmlPurifyConfig.ALLOWED_TAGS).toEqual(contentHtmlPolicy.tags);
    expect(contentHtmlPurifyConfig.ALLOWED_ATTR.toSorted()).toEqual([
      "href",
      "scope",
      "start",
      "title",
    ]);
    expect(contentHtmlPurifyConfig.ALLOWED_TAGS).not.toContain("img");
  });
});

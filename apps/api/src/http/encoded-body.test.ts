import { describe, expect, it } from "vitest";
import { createEncodingPicker, ifNoneMatchMatches, pickEncoding } from "./encoded-body.ts";

describe("pickEncoding", () => {
  it.each([
    [undefined, "identity"],
    ["gzip, deflate, br", "br"],
    ["br;q=0, gzip", "gzip"],
    ["*", "br"],
    ["identity", "identity"],
  ])("%j → %s", (header, expected) => {
    expect(pickEncoding(header)).toBe(expected);
  });
});

describe("createEncodingPicker", () => {
  it("answers like pickEncoding", () => {
    const pick = createEncodingPicker(2);
    for (const header of [undefined, "gzip", "br;q=0, gzip", "gzip, deflate, br", "gzip"]) {
      expect(pick(header), String(header)).toBe(pickEncoding(header));
    }
  });
});

describe("ifNoneMatchMatches", () => {
  it("compares weakly and accepts *", () => {
    expect(ifNoneMatchMatches('W/"a", "b"', '"a"')).toBe(true);
    expect(ifNoneMatchMatches("*", '"a"')).toBe(true);
    expect(ifNoneMatchMatches('"b"', '"a"')).toBe(false);
    expect(ifNoneMatchMatches(undefined, '"a"')).toBe(false);
  });
});

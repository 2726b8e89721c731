import { describe, expect, it } from "vitest";
import { decodeClientReferenceId, encodeClientReferenceId } from "./client-reference-id.ts";

describe("decodeClientReferenceId", () => {
  it("reads source, medium and campaign, with none as empty", () => {
    expect(decodeClientReferenceId("src_fb__med_cpc__cmp_spring")).toEqual({
      utms: "fb",
      utmm: "cpc",
      utmc: "spring",
    });
    expect(decodeClientReferenceId("src_www-google-com__med_none__cmp_none")).toEqual({
      utms: "www-google-com",
      utmm: "",
      utmc: "",
    });
  });

  it("refuses anything the site does not write", () => {
    for (const id of [
      null,
      undefined,
      "",
      "customer-42",
      "src_fb__med_cpc",
      "src_none__med_cpc__cmp_spring",
      "src_fb__med_cpc__cmp_spring__extra_x",
      "src_f.b__med_cpc__cmp_spring",
      `src_${"x".repeat(61)}__med_cpc__cmp_spring`,
      "src_fb__med_cpc__cmp_spring\n",
    ]) {
      expect(decodeClientReferenceId(id), String(id)).toBeNull();
    }
  });
});

describe("encodeClientReferenceId", () => {
  it("encodes source, medium and campaign", () => {
    expect(encodeClientReferenceId({ utms: "fb", utmm: "cpc", utmc: "spring" })).toBe(
      "src_fb__med_cpc__cmp_spring",
    );
  });

  it("keeps only the characters the provider allows", () => {
    const id = encodeClientReferenceId({
      utms: "www.google.com",
      utmm: "",
      utmc: "Spring Sale! 2026/ü",
    });
    expect(id).toBe("src_www-google-com__med_none__cmp_Spring-Sale-2026");
    expect(id).toMatch(/^[A-Za-z0-9_-]+$/);
  });

  it("stays within 200 characters", () => {
    const long = "x".repeat(500);
    expect(
      encodeClientReferenceId({ utms: long, utmm: long, utmc: long })?.length,
    ).toBeLessThanOrEqual(200);
  });

  it("is read back by the API's webhook as the same source (slugs survive unchanged)", () => {
    for (const source of [
      { utms: "fb", utmm: "cpc", utmc: "spring-2026" },
      { utms: "newsletter", utmm: "", utmc: "march_news" },
      { utms: "sms", utmm: "text", utmc: "" },
    ]) {
      const expected = { ...source, utmc: source.utmc.replace("_", "-") };
      expect(decodeClientReferenceId(encodeClientReferenceId(source))).toEqual(expected);
    }
  });

  it("is absent without a source", () => {
    expect(encodeClientReferenceId(undefined)).toBeUndefined();
    expect(encodeClientReferenceId({ utms: "", utmm: "", utmc: "" })).toBeUndefined();
  });
});

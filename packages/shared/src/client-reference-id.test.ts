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
    expect(decodeClientReferenceId("src_www_2Egoogle_2Ecom__med_none__cmp_march_5Fnews")).toEqual({
      utms: "www.google.com",
      utmm: "",
      utmc: "march_news",
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
      // An escape that is not two upper-case hex digits, and bytes that are not UTF-8.
      "src_f_2__med_cpc__cmp_spring",
      "src_f_2e__med_cpc__cmp_spring",
      "src_f_FF__med_cpc__cmp_spring",
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

  it("writes only the characters the provider allows, escaping the others", () => {
    const id = encodeClientReferenceId({
      utms: "www.google.com",
      utmm: "",
      utmc: "Spring Sale! 2026/ü",
    });
    expect(id).toBe("src_www_2Egoogle_2Ecom__med_none__cmp_Spring_20Sale_21_202026_2F_C3_BC");
    expect(id).toMatch(/^[A-Za-z0-9_-]+$/);
  });

  it("stays within 200 characters, cutting between characters", () => {
    const long = "x".repeat(500);
    expect(
      encodeClientReferenceId({ utms: long, utmm: long, utmc: long })?.length,
    ).toBeLessThanOrEqual(200);
    const accents = encodeClientReferenceId({ utms: "é".repeat(40), utmm: "", utmc: "" });
    expect(decodeClientReferenceId(accents)?.utms).toBe("é".repeat(10));
  });

  it("is read back by the API's webhook as exactly the source the visit had", () => {
    for (const source of [
      { utms: "fb", utmm: "cpc", utmc: "spring-2026" },
      { utms: "newsletter", utmm: "", utmc: "march_news" },
      { utms: "www.google.com", utmm: "referral", utmc: "" },
      { utms: "sms", utmm: "text", utmc: "Pâques 2027 🐣" },
      { utms: "none", utmm: "none", utmc: "none" },
      { utms: "a__med_b", utmm: "_2E", utmc: "" },
    ]) {
      expect(decodeClientReferenceId(encodeClientReferenceId(source))).toEqual(source);
    }
  });

  it("is absent without a source", () => {
    expect(encodeClientReferenceId(undefined)).toBeUndefined();
    expect(encodeClientReferenceId({ utms: "", utmm: "", utmc: "" })).toBeUndefined();
  });
});

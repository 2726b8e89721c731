import { describe, expect, it } from "vitest";
import { decodeClientReferenceId } from "./client-reference-id.ts";

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

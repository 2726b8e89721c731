import { decodeClientReferenceId } from "@bakery/shared/client-reference-id";
import { describe, expect, it } from "vitest";
import { clientReferenceId } from "./client-reference-id.ts";

describe("clientReferenceId", () => {
  it("encodes source, medium and campaign", () => {
    expect(clientReferenceId({ utms: "fb", utmm: "cpc", utmc: "spring" })).toBe(
      "src_fb__med_cpc__cmp_spring",
    );
  });

  it("keeps only the characters the provider allows", () => {
    const id = clientReferenceId({ utms: "www.google.com", utmm: "", utmc: "Spring Sale! 2026/ü" });
    expect(id).toBe("src_www-google-com__med_none__cmp_Spring-Sale-2026");
    expect(id).toMatch(/^[A-Za-z0-9_-]+$/);
  });

  it("stays within 200 characters", () => {
    const long = "x".repeat(500);
    expect(clientReferenceId({ utms: long, utmm: long, utmc: long })?.length).toBeLessThanOrEqual(
      200,
    );
  });

  it("is read back by the API's webhook as the same source (slugs survive unchanged)", () => {
    for (const source of [
      { utms: "fb", utmm: "cpc", utmc: "spring-2026" },
      { utms: "newsletter", utmm: "", utmc: "march_news" },
      { utms: "sms", utmm: "text", utmc: "" },
    ]) {
      const expected = { ...source, utmc: source.utmc.replace("_", "-") };
      expect(decodeClientReferenceId(clientReferenceId(source))).toEqual(expected);
    }
  });

  it("is absent without a source", () => {
    expect(clientReferenceId(undefined)).toBeUndefined();
    expect(clientReferenceId({ utms: "", utmm: "", utmc: "" })).toBeUndefined();
  });
});

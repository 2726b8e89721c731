import { describe, expect, it } from "vitest";
import { schedulingFrameUrl } from "./scheduling-frame.ts";

const schedulingUrl = "https://calendly.com/acme/demo";
const saved = { utms: "sms", utmm: "text", utmc: "fall" };
const params = (url: string) => Object.fromEntries(new URL(url).searchParams);

describe("schedulingFrameUrl", () => {
  it("carries the prefill, the embed options and the embedding host", () => {
    const page = { search: "?name=Ana&email=ana%40example.com", hostname: "rise.example" };
    expect(params(schedulingFrameUrl(schedulingUrl, page, undefined))).toEqual({
      hide_event_type_details: "1",
      hide_gdpr_banner: "1",
      embed_domain: "rise.example",
      embed_type: "Inline",
      name: "Ana",
      email: "ana@example.com",
    });
  });

  it("takes the visit's saved source when the query has none", () => {
    const page = { search: "", hostname: "rise.example" };
    expect(params(schedulingFrameUrl(schedulingUrl, page, saved))).toMatchObject({
      utm_source: "sms",
      utm_medium: "text",
      utm_campaign: "fall",
    });
  });

  it("prefers the query's utm parameters, one by one", () => {
    const page = { search: "?utm_source=fb&utm_campaign=spring", hostname: "rise.example" };
    expect(params(schedulingFrameUrl(schedulingUrl, page, saved))).toMatchObject({
      utm_source: "fb",
      utm_medium: "text",
      utm_campaign: "spring",
    });
  });

  it("passes a note from the query on as the first custom answer, cleaned and capped", () => {
    const search = `?note=${encodeURIComponent(`Cake quote: Two tier 8/6 inch\n${"x".repeat(400)}`)}`;
    const answer = params(
      schedulingFrameUrl(schedulingUrl, { search, hostname: "rise.example" }, undefined),
    ).a1;
    expect(answer?.startsWith("Cake quote: Two tier 8/6 inchxxx")).toBe(true);
    expect(answer).toHaveLength(200);
    const plain = { search: "?note=%20%20", hostname: "rise.example" };
    expect(params(schedulingFrameUrl(schedulingUrl, plain, undefined))).not.toHaveProperty("a1");
  });
});

import { describe, expect, it } from "vitest";
import { schedulingFrameUrl } from "./scheduling-frame.ts";

const schedulingUrl = "https://calendly.com/acme/demo";
const ref = "Visit_Reference-012345";
const saved = { utms: "sms", utmm: "text", utmc: "fall", ref };
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

  it("takes the visit's saved source and its reference when the query has none", () => {
    const page = { search: "", hostname: "rise.example" };
    expect(params(schedulingFrameUrl(schedulingUrl, page, saved))).toMatchObject({
      utm_source: "sms",
      utm_medium: "text",
      utm_campaign: "fall",
      salesforce_uuid: ref,
    });
  });

  it("carries the reference, not the content, for names of any length and characters", () => {
    const campaign = `Été 2026 · ${"long-campaign-name-".repeat(4)}x`.slice(0, 95);
    const visit = { utms: "News.Letter", utmm: "e mail", utmc: campaign, ref };
    const url = params(
      schedulingFrameUrl(schedulingUrl, { search: "", hostname: "rise.example" }, visit),
    );
    expect(url).toMatchObject({ utm_campaign: campaign, salesforce_uuid: ref });
    expect(url).not.toHaveProperty("utm_content");
  });

  it("takes a campaign link still in the query whole, without the saved source's reference", () => {
    const page = { search: "?utm_source=fb&utm_campaign=spring", hostname: "rise.example" };
    const url = params(schedulingFrameUrl(schedulingUrl, page, saved));
    expect(url).toMatchObject({ utm_source: "fb", utm_campaign: "spring" });
    expect(url).not.toHaveProperty("utm_medium");
    expect(url).not.toHaveProperty("salesforce_uuid");
  });

  it("has no reference to carry for a record saved before references existed", () => {
    const { ref: _, ...older } = saved;
    const page = { search: "", hostname: "rise.example" };
    expect(params(schedulingFrameUrl(schedulingUrl, page, older))).not.toHaveProperty(
      "salesforce_uuid",
    );
  });

  it("passes a note from the query on as the first custom answer, cleaned and capped", () => {
    const search = `?note=${encodeURIComponent(`Cake quote: Two tier 8/6 inch\n${"x".repeat(400)}`)}`;
    const answer = params(
      schedulingFrameUrl(schedulingUrl, { search, hostname: "rise.example" }, undefined),
    ).a1;
    expect(answer?.startsWith("Cake quote: Two tier 8/6 inchxxx")).toBe(true);
    expect(answer).toHaveLength(100);
    const plain = { search: "?note=%20%20", hostname: "rise.example" };
    expect(params(schedulingFrameUrl(schedulingUrl, plain, undefined))).not.toHaveProperty("a1");
  });
});

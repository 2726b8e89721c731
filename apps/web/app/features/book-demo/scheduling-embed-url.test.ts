import { describe, expect, it } from "vitest";
import { schedulingEmbedUrl } from "./scheduling-embed-url.ts";

describe("schedulingEmbedUrl", () => {
  it("hides event details and the consent banner", () => {
    const url = new URL(schedulingEmbedUrl("https://calendly.com/acme/demo", {}, {}));
    expect(url.origin + url.pathname).toBe("https://calendly.com/acme/demo");
    expect(url.searchParams.get("hide_event_type_details")).toBe("1");
    expect(url.searchParams.get("hide_gdpr_banner")).toBe("1");
  });

  it("passes prefill and attribution on, encoded", () => {
    const url = new URL(
      schedulingEmbedUrl(
        "https://calendly.com/acme/demo",
        { name: "Ana & Bo", email: "ana@example.com" },
        { utms: "fb", utmm: "cpc", utmc: "spring sale", ref: "Visit_Reference-012345" },
      ),
    );
    expect(url.searchParams.get("name")).toBe("Ana & Bo");
    expect(url.searchParams.get("email")).toBe("ana@example.com");
    expect(url.searchParams.get("utm_source")).toBe("fb");
    expect(url.searchParams.get("utm_medium")).toBe("cpc");
    expect(url.searchParams.get("utm_campaign")).toBe("spring sale");
    // The parameter the scheduling page passes back in the booking's tracking.salesforce_uuid.
    expect(url.searchParams.get("salesforce_uuid")).toBe("Visit_Reference-012345");
  });

  it("leaves out empty values and caps long ones", () => {
    const url = new URL(
      schedulingEmbedUrl(
        "https://calendly.com/acme/demo",
        { name: "  ", email: null },
        { utms: "x".repeat(500) },
      ),
    );
    expect(url.searchParams.has("name")).toBe(false);
    expect(url.searchParams.has("email")).toBe(false);
    expect(url.searchParams.get("utm_source")).toHaveLength(100);
  });

  it("keeps the scheduling page's own query and host", () => {
    const url = new URL(
      schedulingEmbedUrl("https://calendly.com/acme/demo?month=2026-12", {}, {}, "localhost"),
    );
    expect(url.host).toBe("calendly.com");
    expect(url.searchParams.get("month")).toBe("2026-12");
    expect(url.searchParams.get("embed_domain")).toBe("localhost");
  });
});

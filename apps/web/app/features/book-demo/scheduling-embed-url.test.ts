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
        { utm_source: "fb", utm_medium: "cpc", utm_campaign: "spring sale" },
      ),
    );
    expect(url.searchParams.get("name")).toBe("Ana & Bo");
    expect(url.searchParams.get("email")).toBe("ana@example.com");
    expect(url.searchParams.get("utm_source")).toBe("fb");
    expect(url.searchParams.get("utm_medium")).toBe("cpc");
    expect(url.searchParams.get("utm_campaign")).toBe("spring sale");
  });

  it("leaves out empty values and caps long ones", () => {
    const url = new URL(
      schedulingEmbedUrl(
        "https://calendly.com/acme/demo",
        { name: "  ", email: null },
        { utm_source: "x".repeat(500) },
      ),
    );
    expect(url.searchParams.has("name")).toBe(false);
    expect(url.searchParams.has("email")).toBe(false);
    expect(url.searchParams.get("utm_source")).toHaveLength(200);
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

import { shortLinkProblemPaths } from "@bakery/shared/short-link-outcome";
import { describe, expect, it, vi } from "vitest";
import { createApiClient } from "#app/lib/api/api-client.ts";
import { resolveShortLink } from "./resolve-short-link.ts";
import { shortLinkProblemText } from "./short-link-problem.tsx";

const ORIGIN = "https://www.example.com";

/** A client whose API answers every request with `status` and `body`. */
function apiAnswering(status: number, body: unknown) {
  const fetch = vi.fn(
    async () =>
      new Response(JSON.stringify(body), {
        status,
        headers: { "Content-Type": "application/json" },
      }),
  );
  return createApiClient({
    baseUrl: "/api/",
    getIdToken: async () => "",
    location: () => ({ origin: ORIGIN, pathAndQuery: "/to/promo/spring" }),
    navigate: vi.fn(),
    fetch: fetch as unknown as typeof globalThis.fetch,
  });
}

const resolve = (status: number, body: unknown) =>
  resolveShortLink(apiAnswering(status, body), "promo", "spring", ORIGIN, "");

describe("resolveShortLink", () => {
  it("lands on not-found for a 404", async () => {
    await expect(
      resolve(404, { error: { code: "not_found", message: "No such link." } }),
    ).resolves.toEqual({ kind: "not-found" });
  });

  it("lands on the ended page for a 410 (an expired link without a fallback)", async () => {
    await expect(
      resolve(410, { error: { code: "gone", message: "This link has ended." } }),
    ).resolves.toEqual({ kind: "ended" });
  });
});

describe("shortLinkProblemText", () => {
  it("has words for every problem page", () => {
    expect(Object.keys(shortLinkProblemText).sort()).toEqual(
      Object.keys(shortLinkProblemPaths).sort(),
    );
  });

  it("says an ended link has ended", () => {
    expect(shortLinkProblemText.ended.title).toBe("This link has ended");
    expect(shortLinkProblemText.ended.explanation).toBe(
      "The offer or page it led to is no longer available.",
    );
  });
});

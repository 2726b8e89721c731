import { contentPageSchema, conversionAcceptedSchema, meSchema } from "@bakery/shared/api-contract";
import { describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { ApiNetworkError, ApiRequestError, createApiClient } from "./api-client.ts";

type Answer = { status: number; body?: unknown; rawBody?: string };

/** A client against a scripted server, recording every request and navigation. */
function clientFor(answer: Answer | (() => never), token = "id-token-1") {
  const requests: Array<{ url: string; headers: Headers; method?: string; body?: unknown }> = [];
  const navigate = vi.fn<(url: string) => void>();
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    requests.push({
      url: String(input),
      headers: new Headers(init?.headers),
      method: init?.method,
      body: init?.body,
    });
    if (typeof answer === "function") answer();
    const { status, body, rawBody } = answer as Answer;
    return new Response(rawBody ?? (body === undefined ? null : JSON.stringify(body)), {
      status,
      headers: { "Content-Type": "application/json" },
    });
  });
  const api = createApiClient({
    baseUrl: "/api/",
    getIdToken: async () => token,
    location: () => ({ origin: "https://www.example.com", pathAndQuery: "/to/promo/spring?x=1" }),
    navigate,
    fetch: fetch as typeof globalThis.fetch,
  });
  return { api, requests, navigate };
}

const page = { title: "Privacy", subtitle: "How we use data", content: "<p>Hi</p>" };

describe("createApiClient", () => {
  it("sends the ID token as a bearer token and returns the parsed body", async () => {
    const { api, requests, navigate } = clientFor({ status: 200, body: page });
    await expect(api.get("/p/privacy-policy", contentPageSchema)).resolves.toEqual(page);
    expect(requests).toHaveLength(1);
    expect(requests[0]?.url).toBe("/api/p/privacy-policy");
    expect(requests[0]?.headers.get("Authorization")).toBe("Bearer id-token-1");
    expect(navigate).not.toHaveBeenCalled();
  });

  it("reads an answer already asked for instead of asking again, and handles it the same way", async () => {
    const { api, requests, navigate } = clientFor({ status: 200, body: page });
    const started = Promise.resolve(new Response(JSON.stringify(page), { status: 200 }));
    await expect(api.get("/p/privacy-policy", contentPageSchema, started)).resolves.toEqual(page);
    const moved = Promise.resolve(
      new Response(JSON.stringify({ location: "/to/promo/summer" }), { status: 301 }),
    );
    await expect(api.get("/redirect/promo/spring", contentPageSchema, moved)).rejects.toMatchObject(
      {
        status: 301,
        leavingPage: true,
      },
    );
    expect(navigate).toHaveBeenCalledWith("/to/promo/summer");
    const timedOut = Promise.reject(new DOMException("too slow", "TimeoutError"));
    await expect(
      api.get("/redirect/promo/spring", contentPageSchema, timedOut),
    ).rejects.toMatchObject({ name: "ApiNetworkError", timedOut: true });
    expect(requests).toHaveLength(0);
  });

  it("sends a write's conditions: PUT with its JSON body, DELETE answered with 204", async () => {
    const { api, requests } = clientFor({ status: 200, body: page });
    await api.put("/admin/links/promo/spring", { destination: "/" }, contentPageSchema, {
      "If-None-Match": "*",
    });
    expect(requests[0]).toMatchObject({ method: "PUT", body: '{"destination":"/"}' });
    expect(requests[0]?.headers.get("If-None-Match")).toBe("*");
    expect(requests[0]?.headers.get("Content-Type")).toBe("application/json");

    const deleted = clientFor({ status: 204 });
    await expect(
      deleted.api.delete("/admin/links/promo/spring", z.undefined(), { "If-Match": '"r1"' }),
    ).resolves.toBeUndefined();
    expect(deleted.requests[0]).toMatchObject({ method: "DELETE", body: undefined });
    expect(deleted.requests[0]?.headers.get("If-Match")).toBe('"r1"');
  });

  it("sends an empty bearer token when signed out", async () => {
    const { api, requests } = clientFor({ status: 200, body: page }, "");
    await api.get("/p/privacy-policy", contentPageSchema);
    // Headers trims the trailing space of "Bearer "; the server reads both as signed out.
    expect(requests[0]?.headers.get("Authorization")?.trim()).toBe("Bearer");
  });

  it("sends an empty bearer token when the token source fails", async () => {
    const requests: Headers[] = [];
    const api = createApiClient({
      baseUrl: "/api",
      getIdToken: () => Promise.reject(new Error("SDK failed to load")),
      location: () => ({ origin: "https://www.example.com", pathAndQuery: "/" }),
      navigate: () => {},
      fetch: async (_input, init) => {
        requests.push(new Headers(init?.headers));
        return Response.json(page);
      },
    });
    await api.get("/p/privacy-policy", contentPageSchema);
    expect(requests[0]?.get("Authorization")?.trim()).toBe("Bearer");
  });

  it.each([401, 403])(
    "sends the browser to sign in and back on %i, then throws",
    async (status) => {
      const { api, navigate } = clientFor({
        status,
        body: { error: { code: "unauthorized", message: "Sign in to follow this link" } },
      });
      const failure = api.get("/redirect/promo/spring", contentPageSchema);
      await expect(failure).rejects.toBeInstanceOf(ApiRequestError);
      await expect(failure).rejects.toMatchObject({
        status,
        code: "unauthorized",
        message: "Sign in to follow this link",
      });
      expect(navigate).toHaveBeenCalledExactlyOnceWith(
        "/login?target=%2Fto%2Fpromo%2Fspring%3Fx%3D1",
      );
    },
  );

  it("navigates to a moved thing's checked location on 301, then throws", async () => {
    const { api, navigate } = clientFor({ status: 301, body: { location: "/page/new-handle" } });
    await expect(api.get("/p/old-handle", contentPageSchema)).rejects.toMatchObject({
      name: "ApiRequestError",
      status: 301,
    });
    expect(navigate).toHaveBeenCalledExactlyOnceWith("/page/new-handle");
  });

  it.each([
    "//evil.example",
    "/\\evil.example",
    "https://evil.example/page",
    "javascript:alert(1)",
  ])("does not follow a 301 to %s, and still throws", async (location) => {
    const { api, navigate } = clientFor({ status: 301, body: { location } });
    await expect(api.get("/p/old-handle", contentPageSchema)).rejects.toMatchObject({
      status: 301,
    });
    expect(navigate).not.toHaveBeenCalled();
  });

  it("does not navigate on a 301 without a location", async () => {
    const { api, navigate } = clientFor({ status: 301, body: { error: "moved" } });
    await expect(api.get("/p/old-handle", contentPageSchema)).rejects.toMatchObject({
      status: 301,
    });
    expect(navigate).not.toHaveBeenCalled();
  });

  it("turns a failed request into ApiNetworkError", async () => {
    const { api, navigate } = clientFor(() => {
      throw new TypeError("Failed to fetch");
    });
    const failure = api.get("/me", meSchema);
    await expect(failure).rejects.toBeInstanceOf(ApiNetworkError);
    await expect(failure).rejects.toMatchObject({ cause: new TypeError("Failed to fetch") });
    expect(navigate).not.toHaveBeenCalled();
  });

  it("refuses a 200 whose body has the wrong shape", async () => {
    const { api } = clientFor({ status: 200, body: { user: { uid: "u1" } } });
    await expect(api.get("/me", meSchema)).rejects.toMatchObject({
      name: "ApiRequestError",
      status: 200,
      code: "bad_response",
    });
  });

  it("refuses a 200 whose body is not JSON", async () => {
    const { api } = clientFor({ status: 200, rawBody: "<!doctype html><p>Not the API</p>" });
    await expect(api.get("/me", meSchema)).rejects.toMatchObject({ code: "bad_response" });
  });

  it("keeps the API's error code and message, or names the status without one", async () => {
    const notFound = clientFor({
      status: 404,
      body: { error: { code: "not_found", message: "No page" } },
    });
    await expect(notFound.api.get("/p/nope", contentPageSchema)).rejects.toMatchObject({
      status: 404,
      code: "not_found",
      message: "No page",
    });
    const gateway = clientFor({ status: 502, rawBody: "Bad Gateway" });
    await expect(gateway.api.get("/p/nope", contentPageSchema)).rejects.toMatchObject({
      status: 502,
      code: "http_502",
    });
    expect(notFound.navigate).not.toHaveBeenCalled();
    expect(gateway.navigate).not.toHaveBeenCalled();
  });
  describe("post", () => {
    const event = { type: "demo_booked", attribution: null, landing: "/" };

    it("sends the body as JSON with the bearer token and returns the parsed answer", async () => {
      const { api, requests, navigate } = clientFor({ status: 202, body: { accepted: true } });
      await expect(api.post("/events", event, conversionAcceptedSchema)).resolves.toEqual({
        accepted: true,
      });
      expect(requests).toHaveLength(1);
      expect(requests[0]?.url).toBe("/api/events");
      expect(requests[0]?.method).toBe("POST");
      expect(requests[0]?.headers.get("Content-Type")).toBe("application/json");
      expect(requests[0]?.headers.get("Authorization")).toBe("Bearer id-token-1");
      expect(JSON.parse(String(requests[0]?.body))).toEqual(event);
      expect(navigate).not.toHaveBeenCalled();
    });

    it("GET sends no body and no Content-Type", async () => {
      const { api, requests } = clientFor({ status: 200, body: page });
      await api.get("/p/privacy-policy", contentPageSchema);
      expect(requests[0]?.method).toBe("GET");
      expect(requests[0]?.body).toBeUndefined();
      expect(requests[0]?.headers.has("Content-Type")).toBe(false);
    });

    it.each([401, 403])("handles %i like get: sign in and back, then throw", async (status) => {
      const { api, navigate } = clientFor({
        status,
        body: { error: { code: "unauthorized", message: "Sign in" } },
      });
      await expect(api.post("/events", event, conversionAcceptedSchema)).rejects.toMatchObject({
        status,
        code: "unauthorized",
      });
      expect(navigate).toHaveBeenCalledExactlyOnceWith(
        "/login?target=%2Fto%2Fpromo%2Fspring%3Fx%3D1",
      );
    });

    it("handles 301 like get: navigate to the checked location, then throw", async () => {
      const { api, navigate } = clientFor({ status: 301, body: { location: "/book-demo" } });
      await expect(api.post("/events", event, conversionAcceptedSchema)).rejects.toMatchObject({
        status: 301,
      });
      expect(navigate).toHaveBeenCalledExactlyOnceWith("/book-demo");
    });

    it("keeps the API's error code on 429, and refuses an answer of the wrong shape", async () => {
      const limited = clientFor({
        status: 429,
        body: { error: { code: "rate_limited", message: "Too many requests" } },
      });
      await expect(
        limited.api.post("/events", event, conversionAcceptedSchema),
      ).rejects.toMatchObject({ status: 429, code: "rate_limited" });
      expect(limited.navigate).not.toHaveBeenCalled();
      const odd = clientFor({ status: 202, body: { accepted: "yes" } });
      await expect(odd.api.post("/events", event, conversionAcceptedSchema)).rejects.toMatchObject({
        code: "bad_response",
      });
    });

    it("turns a failed request into ApiNetworkError", async () => {
      const { api } = clientFor(() => {
        throw new TypeError("Failed to fetch");
      });
      await expect(api.post("/events", event, conversionAcceptedSchema)).rejects.toBeInstanceOf(
        ApiNetworkError,
      );
    });
  });
});

import { once } from "node:events";
import { createServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { contentPageSchema, meSchema } from "@bakery/shared/api-contract";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { ApiNetworkError, ApiRequestError, createApiClient } from "./api-client.ts";

// The client against a real HTTP server on loopback, through Node's own fetch: the
// status codes, bodies and a server that never answers are real, not a stubbed fetch.

const page = { title: "Hours", subtitle: "", content: "<p>6 am</p>" };
const json = (response: ServerResponse, status: number, body: unknown) => {
  response.writeHead(status, { "Content-Type": "application/json" });
  response.end(JSON.stringify(body));
};

const server = createServer((request, response) => {
  switch (request.url) {
    case "/api/p/hours":
      return json(response, 200, page);
    case "/api/p/old-hours":
      return json(response, 301, { location: "/page/hours" });
    case "/api/p/elsewhere":
      return json(response, 301, { location: "https://evil.example/page" });
    case "/api/me":
      return json(response, 401, {
        error: { code: "unauthorized", message: "Invalid or expired sign-in" },
      });
    case "/api/p/hung":
      // Headers sent, body never finished: the timeout must cover the body too.
      response.writeHead(200, { "Content-Type": "application/json" });
      response.write('{"title":');
      return;
    default:
      // /api/p/silent: never answers at all.
      return;
  }
});
let baseUrl = "";

beforeAll(async () => {
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
});

afterAll(async () => {
  server.closeAllConnections();
  server.close();
});

function client(timeoutMs = 2_000) {
  const navigate = vi.fn<(url: string) => void>();
  const api = createApiClient({
    baseUrl,
    getIdToken: async () => "",
    location: () => ({ origin: "https://www.example.com", pathAndQuery: "/page/old-hours?x=1" }),
    navigate,
    // Browsers hand a 301 without a Location header back as it is, even under the
    // client's `redirect: "error"`; Node's fetch refuses every 3xx there, so this test
    // lets it return the answer the way a browser does.
    fetch: (input, init) => fetch(input, { ...init, redirect: "manual" }),
    timeoutMs,
  });
  return { api, navigate };
}

describe("the API client against a real server", () => {
  it("returns a page the server answers", async () => {
    await expect(client().api.get("/p/hours", contentPageSchema)).resolves.toEqual(page);
  });

  it("follows a moved page to its new site path, and tells the caller it is leaving", async () => {
    const { api, navigate } = client();
    const failure = api.get("/p/old-hours", contentPageSchema);
    await expect(failure).rejects.toMatchObject({ status: 301, leavingPage: true });
    expect(navigate).toHaveBeenCalledExactlyOnceWith("/page/hours");
  });

  it("refuses a move to another site, and says it is staying so the page can explain", async () => {
    const { api, navigate } = client();
    const failure = api.get("/p/elsewhere", contentPageSchema);
    await expect(failure).rejects.toMatchObject({ status: 301, leavingPage: false });
    expect(navigate).not.toHaveBeenCalled();
  });

  it("sends a refused session to sign in and back to the page", async () => {
    const { api, navigate } = client();
    const failure = api.get("/me", meSchema);
    await expect(failure).rejects.toBeInstanceOf(ApiRequestError);
    await expect(failure).rejects.toMatchObject({ status: 401, leavingPage: true });
    expect(navigate).toHaveBeenCalledExactlyOnceWith("/login?target=%2Fpage%2Fold-hours%3Fx%3D1");
  });

  it.each([
    ["never answers", "/p/silent"],
    ["never finishes its answer", "/p/hung"],
  ])("gives up on a server that %s, as a timed-out network error", async (_case, path) => {
    const failure = client(200).api.get(path, contentPageSchema);
    await expect(failure).rejects.toBeInstanceOf(ApiNetworkError);
    await expect(failure).rejects.toMatchObject({ timedOut: true });
  });
});

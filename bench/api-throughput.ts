/**
 * API throughput and latency under a bounded load (autocannon, 64 connections, on
 * loopback only), against a bare node:http server answering the same bytes. Rounds
 * alternate product and baseline so machine drift hits both alike; the load runs in
 * a worker thread so the servers keep this process's main thread to themselves.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import autocannon from "autocannon";
import { median } from "./stats.ts";

export interface Endpoint {
  name: string;
  path: string;
  headers?: Record<string, string>;
  /** Whether the targets (≥ 50 % of baseline, p99 ≤ 25 ms) apply. */
  hasTarget: boolean;
}

export interface LoadNumbers {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  /** Connection errors, timeouts and non-2xx answers, over all rounds. */
  errors: number;
  requests: number;
}

export interface EndpointResult {
  name: string;
  path: string;
  status: number;
  bodyBytes: number;
  hasTarget: boolean;
  product: LoadNumbers;
  baseline: LoadNumbers;
  /** Median over rounds of product req/s ÷ baseline req/s. */
  throughputRatio: number;
}

export interface ApiLoadOptions {
  origin: string;
  endpoints: Endpoint[];
  connections: number;
  durationSeconds: number;
  rounds: number;
}

interface Answer {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

/** Answers every request for `path` with the bytes the product answered. */
async function startBaseline(
  answers: Map<string, Answer>,
): Promise<{ origin: string; server: Server }> {
  const server = createServer((request, response) => {
    const answer = answers.get(request.url ?? "");
    if (!answer) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(answer.status, { ...answer.headers, "Content-Length": answer.body.length });
    response.end(answer.body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

async function load(
  url: string,
  headers: Record<string, string>,
  connections: number,
  durationSeconds: number,
): Promise<autocannon.Result> {
  return autocannon({
    url,
    headers,
    connections,
    duration: durationSeconds,
    workers: 1,
    timeout: 10,
  });
}

const numbersOf = (results: autocannon.Result[]): LoadNumbers => ({
  requestsPerSecond: median(results.map((result) => result.requests.average)),
  p50: median(results.map((result) => result.latency.p50)),
  p99: median(results.map((result) => result.latency.p99)),
  errors: results.reduce((total, result) => total + result.errors + result.non2xx, 0),
  requests: results.reduce((total, result) => total + result.requests.total, 0),
});

export async function measureApi(options: ApiLoadOptions): Promise<EndpointResult[]> {
  const answers = new Map<string, Answer>();
  for (const endpoint of options.endpoints) {
    const response = await fetch(`${options.origin}${endpoint.path}`, {
      headers: endpoint.headers ?? {},
    });
    answers.set(endpoint.path, {
      status: response.status,
      headers: { "Content-Type": response.headers.get("content-type") ?? "application/json" },
      body: Buffer.from(await response.arrayBuffer()),
    });
  }
  const baseline = await startBaseline(answers);
  try {
    const results: EndpointResult[] = [];
    for (const endpoint of options.endpoints) {
      const headers = endpoint.headers ?? {};
      const targets = {
        product: `${options.origin}${endpoint.path}`,
        baseline: `${baseline.origin}${endpoint.path}`,
      };
      // Warm both up (JIT, connection set-up, database caches) before measuring.
      await load(targets.product, headers, options.connections, 1);
      await load(targets.baseline, headers, options.connections, 1);
      const runs = { product: [] as autocannon.Result[], baseline: [] as autocannon.Result[] };
      const ratios: number[] = [];
      for (let round = 0; round < options.rounds; round++) {
        const order =
          round % 2 === 0 ? (["product", "baseline"] as const) : (["baseline", "product"] as const);
        for (const which of order) {
          runs[which].push(
            await load(targets[which], headers, options.connections, options.durationSeconds),
          );
        }
        const product = runs.product.at(-1)?.requests.average ?? 0;
        const bare = runs.baseline.at(-1)?.requests.average ?? 0;
        ratios.push(bare > 0 ? product / bare : Number.NaN);
      }
      const answer = answers.get(endpoint.path);
      results.push({
        name: endpoint.name,
        path: endpoint.path,
        status: answer?.status ?? 0,
        bodyBytes: answer?.body.length ?? 0,
        hasTarget: endpoint.hasTarget,
        product: numbersOf(runs.product),
        baseline: numbersOf(runs.baseline),
        throughputRatio: median(ratios),
      });
    }
    return results;
  } finally {
    baseline.server.closeAllConnections();
    await new Promise<void>((resolve) => baseline.server.close(() => resolve()));
  }
}

/** Signs a demo user in through the Auth emulator's REST API and returns an ID token. */
export async function demoIdToken(emulatorHost: string, email: string, password: string) {
  const response = await fetch(
    `http://${emulatorHost}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=bench`,
    {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email, password, returnSecureToken: true }),
    },
  );
  if (!response.ok)
    throw new Error(`emulator sign-in failed: ${response.status} ${await response.text()}`);
  const { idToken } = (await response.json()) as { idToken: string };
  return idToken;
}

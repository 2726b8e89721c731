/**
 * API throughput and latency under a bounded load (autocannon, 64 connections, on
 * loopback only), against a bare node:http server answering the same bytes, and (with
 * `--against`) the previous release's server. Rounds take turns in an order that rotates
 * from round to round, so machine drift hits all alike. The load runs in a worker thread, so
 * the bare server keeps this process's main thread to itself; the product's servers are
 * processes of their own (release-server.ts).
 */
import { createServer, get, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import autocannon from "autocannon";
import { median, spread } from "./stats.ts";

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
  /** The largest minus the smallest over the rounds. */
  spread?: { requestsPerSecond: number; p99: number };
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
  /** The previous release's server, in the same rounds (`--against`). */
  previous?: LoadNumbers;
  /** Median over rounds of product req/s ÷ the previous release's req/s. */
  previousRatio?: number;
}

export interface ApiLoadOptions {
  origin: string;
  endpoints: Endpoint[];
  connections: number;
  durationSeconds: number;
  rounds: number;
  /** The previous release's origin, measured in the same rounds. */
  previousOrigin?: string;
}

interface Answer {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

/** Answers every request with the bytes (and encoding) the product answered. */
async function startBaseline(answer: Answer): Promise<{ origin: string; server: Server }> {
  const server = createServer((_request, response) => {
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
  spread: {
    requestsPerSecond: spread(results.map((result) => result.requests.average)),
    p99: spread(results.map((result) => result.latency.p99)),
  },
});

/**
 * The product's answer as sent: raw bytes, still compressed when it was (fetch() would
 * decompress), so the baseline sends exactly the same bytes.
 */
function rawAnswer(url: string, headers: Record<string, string>): Promise<Answer> {
  return new Promise((resolve, reject) => {
    get(url, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => {
        const encoding = response.headers["content-encoding"];
        resolve({
          status: response.statusCode ?? 0,
          headers: {
            "Content-Type": response.headers["content-type"] ?? "application/json",
            ...(encoding && { "Content-Encoding": encoding }),
          },
          body: Buffer.concat(chunks),
        });
      });
      response.on("error", reject);
    }).on("error", reject);
  });
}

/** Answers are keyed by path and request headers: one path may be measured per encoding. */
const answerKey = (endpoint: Endpoint) =>
  `${endpoint.path} ${JSON.stringify(endpoint.headers ?? {})}`;

type Side = "product" | "baseline" | "previous";

/** Each server in turn, the order rotating from round to round. */
const roundOrder = (servers: Side[], round: number): Side[] =>
  servers.map((_, index) => servers[(index + round) % servers.length] as Side);

const perRound = (runs: autocannon.Result[], over: autocannon.Result[]) =>
  median(
    runs.map((run, round) => {
      const other = over[round]?.requests.average ?? 0;
      return other > 0 ? run.requests.average / other : Number.NaN;
    }),
  );

async function measureEndpoint(
  options: ApiLoadOptions,
  endpoint: Endpoint,
  answer: Answer,
): Promise<EndpointResult> {
  const baseline = await startBaseline(answer);
  try {
    const headers = endpoint.headers ?? {};
    const targets: Partial<Record<Side, string>> = {
      product: `${options.origin}${endpoint.path}`,
      baseline: `${baseline.origin}${endpoint.path}`,
      ...(options.previousOrigin && { previous: `${options.previousOrigin}${endpoint.path}` }),
    };
    const servers = Object.keys(targets) as Side[];
    const runs: Record<Side, autocannon.Result[]> = { product: [], baseline: [], previous: [] };
    // Warm each up (JIT, connection set-up, database caches) before measuring.
    for (const server of servers) {
      await load(targets[server] as string, headers, options.connections, 1);
    }
    for (let round = 0; round < options.rounds; round++) {
      for (const server of roundOrder(servers, round)) {
        runs[server].push(
          await load(
            targets[server] as string,
            headers,
            options.connections,
            options.durationSeconds,
          ),
        );
      }
    }
    return {
      name: endpoint.name,
      path: endpoint.path,
      status: answer.status,
      bodyBytes: answer.body.length,
      hasTarget: endpoint.hasTarget,
      product: numbersOf(runs.product),
      baseline: numbersOf(runs.baseline),
      throughputRatio: perRound(runs.product, runs.baseline),
      ...(options.previousOrigin && {
        previous: numbersOf(runs.previous),
        previousRatio: perRound(runs.product, runs.previous),
      }),
    };
  } finally {
    baseline.server.closeAllConnections();
    await new Promise<void>((resolve) => baseline.server.close(() => resolve()));
  }
}

export async function measureApi(options: ApiLoadOptions): Promise<EndpointResult[]> {
  const answers = new Map<string, Answer>();
  for (const endpoint of options.endpoints) {
    answers.set(
      answerKey(endpoint),
      await rawAnswer(`${options.origin}${endpoint.path}`, endpoint.headers ?? {}),
    );
  }
  const results: EndpointResult[] = [];
  for (const endpoint of options.endpoints) {
    const answer = answers.get(answerKey(endpoint));
    if (!answer) throw new Error(`no answer recorded for ${endpoint.name}`);
    results.push(await measureEndpoint(options, endpoint, answer));
  }
  return results;
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

/**
 * API throughput and latency under a bounded load (autocannon, 64 connections, on
 * loopback only), against a bare node:http server answering the same bytes, and (with
 * `--against`) the previous release's server. Rounds take turns in an order that rotates
 * from round to round, so machine drift hits all alike. The load runs in a worker thread, so
 * the bare server keeps this process's main thread to itself; the product's servers are
 * processes of their own (release-server.ts).
 *
 * Beside a previous release, the two releases' servers are started for the section, and the one
 * started first is started again halfway through the rounds, so that each is the newer process
 * for half of them: with both running, the server started second answered 5–20 % more requests a
 * second than the one started first, whichever release it was (bench/results/history.md).
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

/** A server of one release, started for a load section. */
export interface RunningServer {
  origin: string;
  close(): Promise<void>;
}

export type Release = "current" | "previous";

/** Where a section's load goes. */
export type LoadedServers =
  /** The current code's server, already running, measured alone. */
  | { origin: string }
  /** Beside the previous release: starts a server of either release for the section (see above). */
  | { start: (release: Release) => Promise<RunningServer> };

export interface ApiLoadOptions {
  servers: LoadedServers;
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

type Targets = Partial<Record<Side, string>>;
type Runs = Record<Side, autocannon.Result[]>;

/** Warms each server up (JIT, connection set-up, database caches) before it is measured. */
async function warmUp(options: ApiLoadOptions, targets: Targets, headers: Record<string, string>) {
  for (const target of Object.values(targets)) await load(target, headers, options.connections, 1);
}

/** `count` rounds from round `first` on, each server in turn. */
async function measureRounds(
  options: ApiLoadOptions,
  targets: Targets,
  headers: Record<string, string>,
  runs: Runs,
  first: number,
  count: number,
) {
  const servers = Object.keys(targets) as Side[];
  for (let round = first; round < first + count; round++) {
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
}

interface Measured {
  endpoint: Endpoint;
  answer: Answer;
  baseline: { origin: string; server: Server };
  runs: Runs;
}

function resultOf({ endpoint, answer, runs }: Measured, withPrevious: boolean): EndpointResult {
  return {
    name: endpoint.name,
    path: endpoint.path,
    status: answer.status,
    bodyBytes: answer.body.length,
    hasTarget: endpoint.hasTarget,
    product: numbersOf(runs.product),
    baseline: numbersOf(runs.baseline),
    throughputRatio: perRound(runs.product, runs.baseline),
    ...(withPrevious && {
      previous: numbersOf(runs.previous),
      previousRatio: perRound(runs.product, runs.previous),
    }),
  };
}

/** `rounds` of every endpoint against the servers under load, each warmed up first. */
async function measureAll(
  options: ApiLoadOptions,
  measured: Measured[],
  origins: { current: string; previous?: string | undefined },
  rounds: { first: number; count: number },
) {
  for (const { endpoint, baseline, runs } of measured) {
    const headers = endpoint.headers ?? {};
    const targets: Targets = {
      product: `${origins.current}${endpoint.path}`,
      baseline: `${baseline.origin}${endpoint.path}`,
      ...(origins.previous && { previous: `${origins.previous}${endpoint.path}` }),
    };
    await warmUp(options, targets, headers);
    await measureRounds(options, targets, headers, runs, rounds.first, rounds.count);
  }
}

/**
 * The product's answers, then a bare server answering each, added to `measured` as each starts
 * (so that whoever closes `measured` closes every one started, also when a later one fails).
 */
async function prepare(origin: string, endpoints: Endpoint[], measured: Measured[]) {
  const answers = new Map<string, Answer>();
  for (const endpoint of endpoints) {
    if (!answers.has(answerKey(endpoint))) {
      answers.set(
        answerKey(endpoint),
        await rawAnswer(`${origin}${endpoint.path}`, endpoint.headers ?? {}),
      );
    }
  }
  for (const endpoint of endpoints) {
    const answer = answers.get(answerKey(endpoint));
    if (!answer) throw new Error(`no answer recorded for ${endpoint.name}`);
    const runs: Runs = { product: [], baseline: [], previous: [] };
    measured.push({ endpoint, answer, baseline: await startBaseline(answer), runs });
  }
}

/** The product's servers a section loads. */
interface UnderLoad {
  current: string;
  previous?: string;
  /** Starts the current code's server again (beside the previous release only). */
  restartCurrent?(): Promise<void>;
  /** Stops the servers the section started. */
  close(): Promise<void>;
}

async function startUnderLoad(servers: LoadedServers): Promise<UnderLoad> {
  if ("origin" in servers) return { current: servers.origin, close: async () => {} };
  // The current code's server first, then the previous release's.
  let current = await servers.start("current");
  const previous = await servers.start("previous").catch(async (error: unknown) => {
    await current.close();
    throw error;
  });
  const underLoad: UnderLoad = {
    current: current.origin,
    previous: previous.origin,
    async restartCurrent() {
      await current.close();
      current = await servers.start("current");
      underLoad.current = current.origin;
    },
    close: () => closeAll([current, previous]),
  };
  return underLoad;
}

async function closeAll(servers: { close(): Promise<void> }[]) {
  await Promise.all(servers.map((server) => server.close()));
}

export async function measureApi(options: ApiLoadOptions): Promise<EndpointResult[]> {
  const servers = await startUnderLoad(options.servers);
  const measured: Measured[] = [];
  try {
    await prepare(servers.current, options.endpoints, measured);
    // Beside the previous release, the current code's server is started again halfway, so that
    // each is the newer process for half of the rounds.
    const firstHalf = servers.restartCurrent ? Math.ceil(options.rounds / 2) : options.rounds;
    const measureFrom = (first: number, count: number) =>
      measureAll(options, measured, servers, { first, count });
    await measureFrom(0, firstHalf);
    if (servers.restartCurrent && firstHalf < options.rounds) {
      await servers.restartCurrent();
      await measureFrom(firstHalf, options.rounds - firstHalf);
    }
    return measured.map((one) => resultOf(one, servers.previous !== undefined));
  } finally {
    await closeAll([servers, ...measured.map(({ baseline }) => closeBaseline(baseline.server))]);
  }
}

function closeBaseline(server: Server): { close(): Promise<void> } {
  return {
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
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

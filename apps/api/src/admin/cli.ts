#!/usr/bin/env node
/**
 * Entry point of `npx rise-admin …` (see run-cli.ts for the commands).
 *
 * Kept tiny on purpose: it turns on Node's compile cache before the real modules load,
 * which takes about a third off every invocation's start-up time.
 */
import { enableCompileCache } from "node:module";

enableCompileCache();

const { loadDotEnv } = await import("../config.ts");
const { runCli } = await import("./run-cli.ts");

loadDotEnv();
try {
  process.exitCode = await runCli(process.argv.slice(2), process.env);
} catch (error) {
  process.stderr.write(`error: ${(error as Error).message ?? String(error)}\n`);
  process.exitCode = 1;
}

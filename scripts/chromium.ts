import { existsSync } from "node:fs";

/**
 * The Chromium every browser tool here drives (Playwright's tests, Lighthouse and the
 * benchmark's page loads): CHROMIUM_PATH, else Debian's Chromium where it is installed
 * (no browser download needed), else undefined so Playwright / chrome-launcher use their own.
 */
export const chromiumPath = (): string | undefined =>
  process.env.CHROMIUM_PATH ?? (existsSync("/usr/bin/chromium") ? "/usr/bin/chromium" : undefined);

/** Flags for a quiet, sandbox-free Chromium in containers and CI: no updates, sync or QUIC. */
export const CHROMIUM_FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

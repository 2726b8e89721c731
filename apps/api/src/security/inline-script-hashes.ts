import { readFile, stat } from "node:fs/promises";
import path from "node:path";
import { CSP_HASHES_FILE } from "@bakery/shared/build-files";
import type { Logger } from "pino";

/**
 * The file apps/web writes after each build (apps/web/build-steps/inline-script-hashes.ts):
 * `{ "scriptHashes": ["sha256-…", …] }`, the hashes of every inline script of every
 * prerendered page. A dotfile, so the site handler never serves it.
 */
export { CSP_HASHES_FILE };

/** How often the file is looked at again: a rebuild shows within a second, a busy server stats once a second. */
const RECHECK_MS = 1_000;

/**
 * Reads the build's inline-script hashes, again whenever the file changes (a rebuild
 * while the server runs). No file means no inline script may run: the pages then fail
 * to boot, so say so once in the log.
 */
export function inlineScriptHashReader(
  buildDir: string,
  logger: Pick<Logger, "warn">,
): () => Promise<readonly string[]> {
  const file = path.join(buildDir, CSP_HASHES_FILE);
  let cached: { mtimeMs: number; size: number; hashes: readonly string[] } | undefined;
  let checkedAt = Number.NEGATIVE_INFINITY;
  let warned = false;

  return async () => {
    if (cached && performance.now() - checkedAt < RECHECK_MS) return cached.hashes;
    checkedAt = performance.now();
    try {
      const info = await stat(file);
      if (cached?.mtimeMs === info.mtimeMs && cached.size === info.size) return cached.hashes;
      const parsed: unknown = JSON.parse(await readFile(file, "utf8"));
      const listed = (parsed as { scriptHashes?: unknown } | null)?.scriptHashes;
      const hashes = Array.isArray(listed)
        ? listed.filter((hash): hash is string => typeof hash === "string")
        : [];
      cached = { mtimeMs: info.mtimeMs, size: info.size, hashes };
      warned = false;
      return hashes;
    } catch (error) {
      if (!warned) {
        warned = true;
        logger.warn(
          { err: error },
          `no readable ${file}: the Content-Security-Policy allows no inline script, so pages will not boot; rebuild the site (npm run build)`,
        );
      }
      cached = undefined;
      return [];
    }
  };
}

import { createHash } from "node:crypto";
import { readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { CSP_HASHES_FILE } from "@bakery/shared/build-files";

/**
 * The Content-Security-Policy allows inline scripts only by hash ('self' covers
 * the bundled files). The prerendered pages carry React Router's inline scripts,
 * which differ per page and per build, so after each build this step
 * hashes every inline script of every HTML file (the prerendered pages and the
 * SPA fallback) into one file the server reads (apps/api/src/security).
 */

/** Written into the client build folder; a dotfile, so the server never serves it. */
export { CSP_HASHES_FILE };

export interface CspHashesFile {
  /** CSP hash sources without quotes, e.g. "sha256-abc…=", sorted and unique. */
  scriptHashes: string[];
}

// Script types the browser checks against the policy: the ones it runs, and import maps
// (React Router writes one for subresource integrity). Others (application/ld+json,
// application/json) are data blocks: never executed, so CSP does not apply to them.
const CHECKED_TYPES = new Set([
  "",
  "module",
  "importmap",
  "text/javascript",
  "application/javascript",
]);

/** A script element: its attributes (group 1) and its inline text (group 2). */
export const SCRIPT_ELEMENT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;

/** A script element's type attribute, lower-cased; "" when it has none. */
export function scriptType(attributes: string): string {
  return /\stype\s*=\s*["']?([^"'\s>]*)/i.exec(attributes)?.[1]?.toLowerCase() ?? "";
}

/** The sha256 hash sources of the executable inline scripts in one HTML document. */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const [, attributes = "", body = ""] of html.matchAll(SCRIPT_ELEMENT)) {
    if (/\ssrc\s*=/i.test(attributes)) continue;
    if (!CHECKED_TYPES.has(scriptType(attributes))) continue;
    // The HTML parser turns CRLF into LF before the browser hashes the text.
    const text = body.replace(/\r\n?/g, "\n");
    // A script with no text never runs: the browser stops before it asks the policy.
    if (text === "") continue;
    hashes.push(`sha256-${createHash("sha256").update(text, "utf8").digest("base64")}`);
  }
  return hashes;
}

/** The HTML file prerendering wrote for a page's path ("/pricing" → pricing/index.html). */
export function prerenderedPageFile(clientDir: string, pagePath: string): string {
  return path.join(clientDir, pagePath, "index.html");
}

/** Every HTML file under dir, at any depth, sorted. */
export async function htmlFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith(".html"))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
}

/** Hashes the inline scripts of every HTML file under clientDir into CSP_HASHES_FILE. */
export async function writeInlineScriptHashes(clientDir: string): Promise<CspHashesFile> {
  const hashes = new Set<string>();
  for (const file of await htmlFiles(clientDir)) {
    for (const hash of inlineScriptHashes(await readFile(file, "utf8"))) hashes.add(hash);
  }
  const result: CspHashesFile = { scriptHashes: [...hashes].sort() };
  await writeFile(path.join(clientDir, CSP_HASHES_FILE), `${JSON.stringify(result, null, 2)}\n`);
  return result;
}

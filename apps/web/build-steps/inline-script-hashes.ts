import { createHash } from "node:crypto";
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { CSP_HASHES_FILE } from "@bakery/shared/build-files";
import { contentOf, isInlineScript, type ParsedPage, parsePage, scriptType } from "./page-html.ts";

/**
 * The Content-Security-Policy allows inline scripts only by hash ('self' covers
 * the bundled files). The prerendered pages carry React Router's inline scripts,
 * which differ per page and per build, so after each build the pages' final HTML (the
 * prerendered pages and the SPA fallback) has every inline script hashed into one file the
 * server reads (apps/api/src/security).
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

/** The sha256 hash sources of the executable inline scripts in one HTML document. */
export function inlineScriptHashes(html: string | ParsedPage): string[] {
  const page = typeof html === "string" ? parsePage(html) : html;
  const hashes: string[] = [];
  for (const element of page.elements) {
    if (!isInlineScript(element) || !CHECKED_TYPES.has(scriptType(element))) continue;
    // The HTML parser turns CRLF into LF before the browser hashes the text.
    const text = contentOf(page, element).replace(/\r\n?/g, "\n");
    // A script with no text never runs: the browser stops before it asks the policy.
    if (text === "") continue;
    hashes.push(`sha256-${createHash("sha256").update(text, "utf8").digest("base64")}`);
  }
  return hashes;
}

/** Writes the hashes of every page's inline scripts into CSP_HASHES_FILE under clientDir. */
export async function writeInlineScriptHashes(
  clientDir: string,
  pages: Iterable<string | ParsedPage>,
): Promise<CspHashesFile> {
  const hashes = new Set<string>();
  for (const page of pages) for (const hash of inlineScriptHashes(page)) hashes.add(hash);
  const result: CspHashesFile = { scriptHashes: [...hashes].sort() };
  await writeFile(path.join(clientDir, CSP_HASHES_FILE), `${JSON.stringify(result, null, 2)}\n`);
  return result;
}

import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { SPA_FALLBACK_FILE } from "./boot-module-loader.ts";
import { bundleInlineScript } from "./bundle-inline-script.ts";
import { HEAD_START } from "./head-places.ts";
import { prerenderedPageFile } from "./inline-script-hashes.ts";

/**
 * The app boots only after the page's first paint (boot-module-loader.ts), but where
 * a visitor came from must be kept even if they follow a link before that. So the
 * capture (lib/attribution/browser-attribution.ts) is bundled into a small classic script and
 * written inline at the top of each prerendered page's head and of the SPA fallback's (only a
 * parse-time script that reads nothing it writes goes before it: app/parse-time-scripts.ts).
 * It runs before anything else reads the address, once per page: the app's own bundle carries
 * no copy of it (entry.client runs it only on the development server). Runs before the CSP
 * hashes are computed, so the policy allows it.
 */

const CAPTURE_ENTRY = path.resolve(
  import.meta.dirname,
  "../app/lib/attribution/capture-on-entry.ts",
);

/** The capture, bundled and minified into one self-contained classic script. */
export function bundleAttributionCapture(): Promise<string> {
  return bundleInlineScript(CAPTURE_ENTRY);
}

/** One page with the capture script right after its charset declaration. */
export function inlineAttributionCapture(html: string, script: string): string {
  if (!html.includes(HEAD_START)) {
    throw new Error("the page does not start its head with the charset declaration");
  }
  if (script.includes("</script")) throw new Error("the capture script cannot be inlined");
  return html.replace(HEAD_START, `${HEAD_START}<script>${script}</script>`);
}

/** Writes the capture into the prerendered pages at `pagePaths` and into the SPA fallback. */
export async function inlineAttributionCaptureInPages(
  clientDir: string,
  pagePaths: readonly string[],
): Promise<void> {
  const script = await bundleAttributionCapture();
  const files = [
    ...pagePaths.map((pagePath) => prerenderedPageFile(clientDir, pagePath)),
    path.join(clientDir, SPA_FALLBACK_FILE),
  ];
  for (const file of files) {
    await writeFile(file, inlineAttributionCapture(await readFile(file, "utf8"), script));
  }
}

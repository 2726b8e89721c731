/**
 * The built pages against a committed snapshot of their structure: every HTML file of the client
 * build (the prerendered pages, the SPA fallback, the content page's template), each reduced by
 * page-structure.ts to its elements, attribute names and the values that say what an element is.
 * The build rewrites these pages (apps/web/build-steps/), so a change there that alters them shows
 * here as the lines that differ. The snapshot is of a build with the default configuration (no
 * .env): one configured otherwise (a chat provider, say) writes other elements. When the change
 * is meant, write the snapshot anew and commit it:
 *
 *   node scripts/check-built-pages.ts --update
 *
 * Usage: node scripts/check-built-pages.ts [--update] [build/client folder]
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { differences, pagesOf, snapshotOf, UPDATE_COMMAND } from "./built-pages-snapshot.ts";
import { pageStructure } from "./page-structure.ts";

const root = resolve(import.meta.dirname, "..");
const args = process.argv.slice(2);
const update = args.includes("--update");
const clientDir = resolve(
  args.find((arg) => arg !== "--update") ?? join(root, "apps/web/build/client"),
);
const snapshotFile = join(root, "apps/web/build-steps/built-pages.snapshot.txt");
/** Every HTML file under `dir`, as paths relative to it, sorted. */
function htmlFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith(".html"))
    .map((file) => file.split("\\").join("/"))
    .sort();
}

function main(): number {
  if (!existsSync(clientDir)) {
    console.error(`${clientDir}: no client build (run npm run build first)`);
    return 1;
  }
  const built = new Map(
    htmlFiles(clientDir).map((file) => [
      file,
      pageStructure(readFileSync(join(clientDir, file), "utf8")),
    ]),
  );
  const where = relative(root, snapshotFile);
  if (update) {
    writeFileSync(snapshotFile, snapshotOf(built));
    console.log(`${where}: ${built.size} pages written`);
    return 0;
  }
  const snapshot = existsSync(snapshotFile) ? readFileSync(snapshotFile, "utf8") : "";
  const found = differences(pagesOf(snapshot), built);
  if (found.length === 0) {
    console.log(`${built.size} built pages match ${where}`);
    return 0;
  }
  console.error(`The built pages differ from ${where} (- snapshot, + build):\n`);
  console.error(found.join("\n"));
  console.error(
    `\nIf the change is meant, write the snapshot anew and commit it: ${UPDATE_COMMAND}`,
  );
  return 1;
}

if (import.meta.main) process.exit(main());

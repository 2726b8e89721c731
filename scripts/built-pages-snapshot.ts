import { changedParts, lineDiff } from "./line-diff.ts";

/**
 * The snapshot of the built pages' structure (check-built-pages.ts): its text, read and written,
 * and what differs between it and a build.
 */

export const UPDATE_COMMAND = "node scripts/check-built-pages.ts --update";

const PAGE_HEADING = "== ";

/** The snapshot's text: a heading per page, then its structure. */
export function snapshotOf(pages: ReadonlyMap<string, readonly string[]>): string {
  const header = [
    "# The structure of every built page (scripts/check-built-pages.ts, scripts/page-structure.ts).",
    `# Written by: ${UPDATE_COMMAND}`,
  ];
  const sections = [...pages].map(([file, lines]) =>
    [`${PAGE_HEADING}${file}`, ...lines].join("\n"),
  );
  return `${[header.join("\n"), ...sections].join("\n\n")}\n`;
}

/** The snapshot's pages, by file. */
export function pagesOf(snapshot: string): Map<string, string[]> {
  const pages = new Map<string, string[]>();
  let lines: string[] | undefined;
  for (const line of snapshot.split("\n")) {
    if (line.startsWith(PAGE_HEADING)) {
      lines = [];
      pages.set(line.slice(PAGE_HEADING.length), lines);
    } else if (lines && line !== "") lines.push(line);
  }
  return pages;
}

/** What differs between the snapshot and the build, page by page; empty when they agree. */
export function differences(
  expected: ReadonlyMap<string, readonly string[]>,
  built: ReadonlyMap<string, readonly string[]>,
): string[] {
  const out: string[] = [];
  for (const file of new Set([...expected.keys(), ...built.keys()])) {
    const before = expected.get(file);
    const after = built.get(file);
    if (!before) out.push(`${file}: a page the snapshot does not have`);
    else if (!after) out.push(`${file}: in the snapshot, not in the build`);
    else if (before.join("\n") !== after.join("\n")) {
      out.push(`${file} (line numbers of the built page's structure):`);
      out.push(...changedParts(lineDiff(before, after)));
    }
  }
  return out;
}

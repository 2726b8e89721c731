import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  CSP_HASHES_FILE,
  SHORT_LINK_SHELL_FILE,
  SHORT_LINK_SHELL_PATH,
  SPA_FALLBACK_FILE,
} from "./build-files.ts";
import { CONTENT_PAGE_TEMPLATE_FILE, contentPageTemplatePath } from "./content-page-template.ts";

const repoRoot = path.resolve(import.meta.dirname, "../../..");
/** The repository's own source: what git tracks, so builds and installed packages are not read. */
function sourceFiles(): string[] {
  const listed = execFileSync(
    "git",
    ["ls-files", "-z", "--", "apps", "packages", "bench", "e2e", "scripts"],
    {
      cwd: repoRoot,
      encoding: "utf8",
    },
  );
  // A file deleted in the working tree but not yet in a commit is not source any more.
  return listed
    .split("\0")
    .filter((file) => /\.(ts|tsx|mts|mjs|js)$/.test(file) && existsSync(path.join(repoRoot, file)));
}

/** Each contract between the apps, and the one file allowed to spell it out. */
const contracts = [
  { value: SPA_FALLBACK_FILE, home: "packages/shared/src/build-files.ts" },
  { value: CSP_HASHES_FILE, home: "packages/shared/src/build-files.ts" },
  { value: SHORT_LINK_SHELL_PATH, home: "packages/shared/src/build-files.ts" },
  { value: SHORT_LINK_SHELL_FILE, home: "packages/shared/src/build-files.ts" },
  { value: CONTENT_PAGE_TEMPLATE_FILE, home: "packages/shared/src/content-page-template.ts" },
  { value: contentPageTemplatePath, home: "packages/shared/src/content-page-template.ts" },
];

describe("the contracts between the apps", () => {
  const files = sourceFiles().map((file) => ({
    file,
    text: readFileSync(path.join(repoRoot, file), "utf8"),
  }));

  it("finds the source it checks", () => {
    expect(files.length).toBeGreaterThan(100);
  });

  it.each(contracts)("spells out $value only in $home", ({ value, home }) => {
    const quoted = [`"${value}"`, `'${value}'`, `\`${value}\``, `"/${value}"`, `\`/${value}`];
    const elsewhere = files
      .filter(({ file }) => file !== home)
      .filter(({ text }) => quoted.some((literal) => text.includes(literal)))
      .map(({ file }) => file);
    expect(elsewhere).toEqual([]);
  });
});

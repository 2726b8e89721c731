import { spawnSync } from "node:child_process";
import {
  cpSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { TYPECHECKED_PROJECTS } from "./typecheck.ts";

const repoRoot = path.resolve(import.meta.dirname, "..");
const copies: string[] = [];
afterAll(() => {
  for (const copy of copies) rmSync(copy, { recursive: true, force: true });
});

function tsconfigFolders(dir: string, relative = "."): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (["node_modules", "build", ".git"].includes(entry.name) || entry.name.startsWith(".")) {
      continue;
    }
    if (entry.isDirectory()) {
      found.push(...tsconfigFolders(path.join(dir, entry.name), path.join(relative, entry.name)));
    } else if (entry.name === "tsconfig.json") {
      found.push(relative);
    }
  }
  return found;
}

describe("npm run typecheck", () => {
  it("checks every TypeScript project in the repo", () => {
    expect(TYPECHECKED_PROJECTS.toSorted()).toEqual(tsconfigFolders(repoRoot).toSorted());
  });

  it("fails on a type error in the web app", () => {
    // A copy of the sources sharing this checkout's installed packages.
    const copy = mkdtempSync(path.join(tmpdir(), "bakery-typecheck-"));
    copies.push(copy);
    cpSync(repoRoot, copy, {
      recursive: true,
      filter: (source) => !/[/\\](node_modules|build|\.git|\.data|\.react-router)$/.test(source),
    });
    symlinkSync(path.join(repoRoot, "node_modules"), path.join(copy, "node_modules"));
    const logo = path.join(copy, "apps/web/app/ui/logo.tsx");
    writeFileSync(logo, `${readFileSync(logo, "utf8")}\nexport const broken: number = "text";\n`);

    const result = spawnSync(process.execPath, ["scripts/typecheck.ts"], {
      cwd: copy,
      encoding: "utf8",
    });
    expect(result.status).toBe(1);
    expect(result.stdout + result.stderr).toMatch(/logo\.tsx.*not assignable to type 'number'/);
    expect(result.stderr).toContain("type errors in apps/web");
  });
});

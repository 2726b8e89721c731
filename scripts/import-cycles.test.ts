import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

// A cycle makes load order matter and turns a small change into a tangle, so the
// repository has none — type-only imports included, since they tie modules together for
// readers and the type checker just the same.

const root = resolve(import.meta.dirname, "..");
const SOURCE_DIRS = ["apps", "packages", "bench", "e2e", "scripts"];
const SKIP_DIRS = new Set(["node_modules", "build", "dist", ".react-router", "test-results"]);
const SPECIFIER =
  /(?:\bimport|\bexport)\s+(?:type\s+)?(?:[^"';]*?\sfrom\s*)?["']([^"']+)["']|\bimport\s*\(\s*["']([^"']+)["']\s*\)/g;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return SKIP_DIRS.has(entry.name) ? [] : sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith(".d.ts") ? [path] : [];
  });
}

interface WorkspacePackage {
  dir: string;
  exports: Record<string, string>;
  /** Subpath imports ("#app/*") for the package's own files. */
  imports: Record<string, string>;
}

/** Workspace packages by name, with their folder, exports and imports maps. */
function workspacePackages(): Map<string, WorkspacePackage> {
  const packages = new Map<string, WorkspacePackage>();
  for (const group of ["apps", "packages"]) {
    for (const name of readdirSync(join(root, group))) {
      const manifestPath = join(root, group, name, "package.json");
      if (!existsSync(manifestPath)) continue;
      const manifest = JSON.parse(readFileSync(manifestPath, "utf8"));
      packages.set(manifest.name, {
        dir: join(root, group, name),
        exports: manifest.exports ?? {},
        imports: manifest.imports ?? {},
      });
    }
  }
  return packages;
}

/** Where `subpath` leads through an exports or imports map, whose targets are relative to `dir`. */
function resolveSubpath(
  dir: string,
  map: Record<string, string>,
  subpath: string,
): string | undefined {
  for (const [pattern, target] of Object.entries(map)) {
    if (typeof target !== "string") continue;
    if (pattern === subpath) return join(dir, target);
    const star = pattern.indexOf("*");
    if (star < 0) continue;
    const [prefix, suffix] = [pattern.slice(0, star), pattern.slice(star + 1)];
    if (subpath.startsWith(prefix) && subpath.endsWith(suffix)) {
      const matched = subpath.slice(prefix.length, subpath.length - suffix.length);
      return join(dir, target.replace("*", matched));
    }
  }
  return undefined;
}

function asSourceFile(path: string): string | undefined {
  for (const candidate of [path, `${path}.ts`, `${path}.tsx`, join(path, "index.ts")]) {
    if (/\.tsx?$/.test(candidate) && existsSync(candidate) && statSync(candidate).isFile()) {
      return candidate;
    }
  }
  return undefined;
}

function specifiers(file: string): string[] {
  return [...readFileSync(file, "utf8").matchAll(SPECIFIER)].map((match) =>
    (match[1] ?? match[2] ?? "").replace(/\?.*$/, ""),
  );
}

function importGraph(): Map<string, string[]> {
  const packages = workspacePackages();
  const graph = new Map<string, string[]>();
  for (const file of SOURCE_DIRS.flatMap((dir) => sourceFiles(join(root, dir)))) {
    const targets = new Set<string>();
    for (const specifier of specifiers(file)) {
      let target: string | undefined;
      if (specifier.startsWith(".")) {
        target = asSourceFile(resolve(dirname(file), specifier));
      } else if (specifier.startsWith("#")) {
        const owner = [...packages.values()].find((pkg) => file.startsWith(`${pkg.dir}/`));
        const imported = owner && resolveSubpath(owner.dir, owner.imports, specifier);
        target = imported && asSourceFile(imported);
      } else {
        const [scope, name, ...rest] = specifier.split("/");
        const pkg = packages.get(`${scope}/${name}`);
        const subpath = rest.length > 0 ? `./${rest.join("/")}` : ".";
        const exported = pkg && resolveSubpath(pkg.dir, pkg.exports, subpath);
        target = exported && asSourceFile(exported);
      }
      if (target) targets.add(target);
    }
    graph.set(file, [...targets]);
  }
  return graph;
}

/** Every cycle's modules, as one path each, found by a depth-first walk. */
function findCycles(graph: Map<string, string[]>): string[][] {
  const cycles: string[][] = [];
  const state = new Map<string, "open" | "done">();
  const stack: string[] = [];
  const visit = (file: string) => {
    state.set(file, "open");
    stack.push(file);
    for (const next of graph.get(file) ?? []) {
      if (state.get(next) === "open") cycles.push([...stack.slice(stack.indexOf(next)), next]);
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(file, "done");
  };
  for (const file of graph.keys()) if (!state.has(file)) visit(file);
  return cycles;
}

describe("imports", () => {
  it("follow relative, workspace and subpath specifiers to the files they name", () => {
    const graph = importGraph();
    const edges = graph.get(join(root, "apps/api/src/main.ts")) ?? [];
    expect(edges).toContain(join(root, "apps/api/src/config.ts"));
    expect(graph.get(join(root, "apps/web/app/layout/site-layout.tsx"))).toContain(
      join(root, "apps/web/app/features/auth/account-sidebar.tsx"),
    );
    expect(
      [...graph.values()].some((targets) =>
        targets.includes(join(root, "packages/shared/src/api-contract.ts")),
      ),
    ).toBe(true);
  });

  it("finds a cycle when there is one", () => {
    const graph = new Map([
      ["a", ["b"]],
      ["b", ["c"]],
      ["c", ["a"]],
    ]);
    expect(findCycles(graph)).toEqual([["a", "b", "c", "a"]]);
  });

  it("form no cycle anywhere in the repository", () => {
    const cycles = findCycles(importGraph()).map((cycle) =>
      cycle.map((file) => relative(root, file)).join(" → "),
    );
    expect(cycles).toEqual([]);
  });

  it("from the tools reach the apps and packages only through their exports", () => {
    const tools = ["bench", "e2e", "scripts"].flatMap((dir) => sourceFiles(join(root, dir)));
    const reachIns = tools.flatMap((file) =>
      specifiers(file)
        .filter((specifier) => specifier.startsWith("."))
        .map((specifier) => relative(root, resolve(dirname(file), specifier)))
        .filter((target) => /^(apps|packages)\//.test(target))
        .map((target) => `${relative(root, file)} → ${target}`),
    );
    expect(reachIns).toEqual([]);
  });
});

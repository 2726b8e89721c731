import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { ConfigError, loadPublicConfig } from "@bakery/shared/config";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { compileEveryPageEagerly } from "./build-steps/compile-every-page-eagerly.ts";
import { readModuleLists } from "./build-steps/module-imports.ts";

const envFile = resolve(import.meta.dirname, "../../.env");
if (existsSync(envFile)) process.loadEnvFile(envFile);

function readSiteConfig() {
  try {
    return loadPublicConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

const clientEntry = resolve(import.meta.dirname, "app/entry.client.tsx");
/** The modules whose static imports every page needs before it hydrates. */
const everyPageEntries = [clientEntry, "app/root.tsx", "app/layout/site-layout.tsx"].map((entry) =>
  resolve(import.meta.dirname, entry),
);

interface ModuleInfo {
  importedIds: readonly string[];
  importers: readonly string[];
  dynamicImporters: readonly string[];
  isEntry: boolean;
  code: string | null;
}
type ModuleGraph = { getModuleInfo(id: string): ModuleInfo | null };
const everyPageModules = new WeakMap<ModuleGraph, Set<string>>();

/** everyPageEntries and what they import statically, directly or not (once per chunking pass). */
function startsEveryPage(graph: ModuleGraph): Set<string> {
  const known = everyPageModules.get(graph);
  if (known) return known;
  const modules = new Set<string>();
  const pending = [...everyPageEntries];
  for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
    if (modules.has(id)) continue;
    modules.add(id);
    pending.push(...(graph.getModuleInfo(id)?.importedIds ?? []));
  }
  everyPageModules.set(graph, modules);
  return modules;
}

/**
 * A module this small costs a first visit more as a file of its own (one more request,
 * queued behind six others over HTTP/1.1, each a round trip) than as part of every-page, when
 * more than one page or lazy part would otherwise share that file. Only ours, or from a
 * package every page already runs (an icon): a small piece of a package only some pages load
 * (zod) would put the rest of every page's visitors to work for it. 3 KB takes in the embeds'
 * progress covers (2.5 KB, on /, /book-demo and /signup), a 0.7 KB file of their own before.
 */
const SMALL_MODULE_BYTES = 3072;

/** "…/node_modules/@scope/name/…" → "@scope/name"; undefined for our own modules. */
function packageOf(id: string): string | undefined {
  const path = id.split("/node_modules/").at(-1);
  if (path === undefined || path === id) return undefined;
  const [first, second] = path.split("/");
  return first?.startsWith("@") ? `${first}/${second}` : first;
}

const everyPagePackages = new WeakMap<ModuleGraph, Set<string | undefined>>();

/** The packages every page already runs (once per chunking pass, like startsEveryPage). */
function packagesOfEveryPage(graph: ModuleGraph): Set<string | undefined> {
  let packages = everyPagePackages.get(graph);
  if (!packages) {
    packages = new Set([...startsEveryPage(graph)].map(packageOf));
    everyPagePackages.set(graph, packages);
  }
  return packages;
}

function isSmallModule(id: string, graph: ModuleGraph): boolean {
  const code = graph.getModuleInfo(id)?.code;
  if (code == null || code.length > SMALL_MODULE_BYTES) return false;
  const from = packageOf(id);
  return from === undefined || packagesOfEveryPage(graph).has(from);
}

/** The chunks' starting modules (routes, lazy parts) that import `id`, directly or not. */
function chunkRootsReaching(id: string, graph: ModuleGraph): Set<string> {
  const roots = new Set<string>();
  const seen = new Set<string>();
  const pending = [id];
  for (let current = pending.pop(); current !== undefined; current = pending.pop()) {
    if (seen.has(current)) continue;
    seen.add(current);
    const info = graph.getModuleInfo(current);
    if (!info) continue;
    if (info.isEntry || info.dynamicImporters.length > 0) roots.add(current);
    pending.push(...info.importers);
  }
  return roots;
}

/**
 * The back office's routes and lazy parts (/dashboard…): what only they share stays with them,
 * since a few operators paying a round trip for it beats every visitor downloading it.
 */
const BACK_OFFICE = /\/app\/(routes\/dashboard[^/]*\.tsx|features\/dashboard\/)/;

/**
 * A small module shared by several chunks, whose own imports (which the bundler brings
 * along) are already in every-page or small too.
 */
function isSmallAndShared(id: string, graph: ModuleGraph): boolean {
  if (id === clientEntry || !isSmallModule(id, graph)) return false;
  const roots = chunkRootsReaching(id, graph);
  if (roots.size < 2 || [...roots].every((root) => BACK_OFFICE.test(root))) return false;
  const everyPage = startsEveryPage(graph);
  const seen = new Set<string>([id]);
  const pending = [...(graph.getModuleInfo(id)?.importedIds ?? [])];
  for (let dep = pending.pop(); dep !== undefined; dep = pending.pop()) {
    if (seen.has(dep) || everyPage.has(dep)) continue;
    if (!isSmallModule(dep, graph)) return false;
    seen.add(dep);
    pending.push(...(graph.getModuleInfo(dep)?.importedIds ?? []));
  }
  return true;
}

/**
 * The named chunks and their modules, read from the list's source: importing it would bundle the
 * modules it names into this config (build-steps/chunk-groups.ts).
 */
const chunkGroups = readModuleLists(
  resolve(import.meta.dirname, "build-steps/chunk-groups.ts"),
  "chunkGroups",
).map(({ key, modules }) => {
  if (key === undefined) throw new Error("a chunk group's name must be written as a string");
  return { name: key, test: (id: string) => modules.includes(id) };
});

export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), compileEveryPageEagerly()],
  // Public configuration is baked into the static build: the browser never
  // sees server-only values because they are not in this schema.
  define: { __SITE_CONFIG__: JSON.stringify(readSiteConfig()) },
  build: {
    assetsInlineLimit: 0,
    // Read by the build steps (build-steps/app-chunks.ts, which then removes it): the parse-time
    // scripts load some of the app's lazy chunks, and some pages preload them.
    manifest: true,
    rolldownOptions: {
      output: {
        // Every page starts with the same code: what the client entry, the root route and the
        // site's layout import. As one file (React, React Router, the layout, small UI, SEO,
        // attribution), a page's first visit asks for fewer script files
        // (each costs a round trip, and a browser opens only 6 connections to a host over
        // HTTP/1.1; bench/results/history.md). The client entry itself stays out of it: it starts the app, and
        // a lazy chunk loaded before the app (the booked-demo report) imports this one. Each
        // route's own code stays its own chunk, lazy code stays lazy, except the few small
        // modules that several of them share (isSmallAndShared): a file of a few hundred
        // bytes costs a visit a round trip, a kilobyte in every-page costs it nothing.
        codeSplitting: {
          groups: [
            {
              name: (id, context) =>
                (id !== clientEntry && startsEveryPage(context).has(id)) ||
                isSmallAndShared(id, context)
                  ? "every-page"
                  : null,
              tags: ["$initial"],
            },
            ...chunkGroups,
          ],
        },
      },
    },
  },
});

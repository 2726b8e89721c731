import { readFileSync } from "node:fs";
import path from "node:path";
import { build, type Plugin, parseAst, type Rolldown } from "vite";
import type { InlineScriptName } from "../app/parse-time-scripts.ts";

/** The module that exports every inline script (a rename there is a compile error here). */
const INLINE_SCRIPTS = path.resolve(import.meta.dirname, "../app/inline-scripts.ts");
/** The entry the bundler starts from: a module only this step holds, never a file. */
const ENTRY = path.resolve(import.meta.dirname, "inline-script-entry.js");

export interface InlineScriptOptions {
  /** The app's compile-time constants (vite.config.ts `define`: the public site configuration). */
  define?: Record<string, string>;
  /**
   * The app's lazy chunks by source file (absolute path → URL, e.g. "/assets/x-AbC.js"). A
   * dynamic import of one of them loads that chunk, the same module the app loads, instead of
   * putting its code into the page.
   */
  lazyChunks?: ReadonlyMap<string, string>;
}

/**
 * Keeps each `import()` of the app's own lazy modules an import of the app's built chunk. One
 * of another module is left as a placeholder, which fails the build if it is still in the
 * script once the bundler has left out what the script does not run: bundled in, it would put
 * a lazy module's code (and what it imports) into every page.
 */
function importAppChunks(lazyChunks: ReadonlyMap<string, string>): Plugin {
  const notChunks = new Map<string, string>();
  return {
    name: "inline-script-imports-app-chunks",
    enforce: "pre",
    async resolveId(source, importer, options) {
      if (options.kind !== "dynamic-import") return null;
      const resolved = await this.resolve(source, importer, { skipSelf: true });
      const chunk = resolved && lazyChunks.get(path.resolve(resolved.id));
      if (chunk) return { id: chunk, external: "absolute" };
      const placeholder = `not-a-chunk-of-the-app:${notChunks.size}`;
      notChunks.set(placeholder, `${source} (imported lazily by ${importer})`);
      return { id: placeholder, external: true };
    },
    generateBundle(_options, bundle) {
      for (const file of Object.values(bundle)) {
        if (file.type !== "chunk") continue;
        for (const [placeholder, what] of notChunks) {
          if (file.code.includes(placeholder)) throw new Error(`${what} is not a chunk of the app`);
        }
      }
    },
  };
}

/**
 * Where app/inline-scripts.ts re-exports an inline script from: read with the bundler's parser,
 * so the script is bundled from its own module, without the others the list re-exports (and
 * whatever their modules run when loaded).
 */
export function inlineScriptSource(name: InlineScriptName): { module: string; local: string } {
  const program = parseAst(readFileSync(INLINE_SCRIPTS, "utf8"));
  for (const statement of program.body) {
    if (statement.type !== "ExportNamedDeclaration" || !statement.source) continue;
    for (const specifier of statement.specifiers) {
      const exported = specifier.exported;
      if (exported.type !== "Identifier" || exported.name !== name) continue;
      const local = specifier.local.type === "Identifier" ? specifier.local.name : name;
      const from = String(statement.source.value);
      return { module: path.resolve(path.dirname(INLINE_SCRIPTS), from), local };
    }
  }
  throw new Error(`app/inline-scripts.ts does not re-export ${name} from a module`);
}

/** An entry module that calls one inline script, imported from its own module. */
function callInlineScript(name: InlineScriptName): Plugin {
  const { module, local } = inlineScriptSource(name);
  return {
    name: "inline-script-entry",
    enforce: "pre",
    resolveId: (source) => (source === ENTRY ? ENTRY : null),
    load: (id) =>
      id === ENTRY ? `import { ${local} } from ${JSON.stringify(module)};\n${local}();\n` : null,
  };
}

/**
 * Bundles one inline script of the app (an export of app/inline-scripts.ts, and what it
 * imports) into a minified, self-contained classic script that calls it, to be written inline
 * into pages, so code that must run while the HTML is parsed is the app's own typed, tested
 * code rather than a hand-written copy.
 */
export async function bundleInlineScript(
  name: InlineScriptName,
  { define, lazyChunks = new Map() }: InlineScriptOptions = {},
): Promise<string> {
  const result = await build({
    configFile: false,
    logLevel: "silent",
    define,
    plugins: [callInlineScript(name), importAppChunks(lazyChunks)],
    build: {
      write: false,
      minify: true,
      lib: { entry: ENTRY, formats: ["iife"], name: "inlineScript" },
    },
  });
  const outputs = (Array.isArray(result) ? result : [result]) as Rolldown.RolldownOutput[];
  const chunks = outputs.flatMap((output) => output.output).filter((file) => file.type === "chunk");
  if (chunks.length !== 1 || !chunks[0]) {
    throw new Error(`expected one bundled script for ${name}, got ${chunks.length}`);
  }
  const script = chunks[0].code.trim();
  if (script.includes("</script")) throw new Error(`${name} cannot be inlined`);
  return script;
}

import path from "node:path";
import { build, type Plugin, type Rolldown } from "vite";

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

/** Keeps each `import()` of the app's own lazy modules an import of the app's built chunk. */
function importAppChunks(lazyChunks: ReadonlyMap<string, string>): Plugin {
  return {
    name: "inline-script-imports-app-chunks",
    enforce: "pre",
    async resolveId(source, importer, options) {
      if (options.kind !== "dynamic-import") return null;
      const resolved = await this.resolve(source, importer, { skipSelf: true });
      const chunk = resolved && lazyChunks.get(path.resolve(resolved.id));
      if (!chunk) {
        // Bundled in, it would put a lazy module's code (and what it imports) into every page.
        throw new Error(`${source} (imported lazily by ${importer}) is not a chunk of the app`);
      }
      return { id: chunk, external: "absolute" };
    },
  };
}

/**
 * Bundles one module of the app (and what it imports) into a minified, self-contained classic
 * script to be written inline into pages, so code that must run while the HTML is parsed is
 * the app's own typed, tested code rather than a hand-written copy.
 */
export async function bundleInlineScript(
  entry: string,
  { define, lazyChunks = new Map() }: InlineScriptOptions = {},
): Promise<string> {
  const result = await build({
    configFile: false,
    logLevel: "silent",
    define,
    plugins: [importAppChunks(lazyChunks)],
    build: {
      write: false,
      minify: true,
      lib: { entry, formats: ["iife"], name: "inlineScript" },
    },
  });
  const outputs = (Array.isArray(result) ? result : [result]) as Rolldown.RolldownOutput[];
  const chunks = outputs.flatMap((output) => output.output).filter((file) => file.type === "chunk");
  if (chunks.length !== 1 || !chunks[0]) {
    throw new Error(`expected one bundled script for ${entry}, got ${chunks.length}`);
  }
  const script = chunks[0].code.trim();
  if (script.includes("</script")) throw new Error(`${entry} cannot be inlined`);
  return script;
}

import type { Plugin, Rolldown } from "vite";

/** V8's explicit compile hint (Chrome 136 and later); other browsers read a comment. */
export const COMPILE_HINT = "//# allFunctionsCalledOnLoad";

/**
 * Marks the every-page chunk with V8's explicit compile hint. Chrome then compiles the file on
 * a background thread while it downloads, instead of compiling each function on the main
 * thread when it is first called; nearly all of every-page's functions (React, the router)
 * run to hydrate the page. It shortens a slow phone's start-up (bench/results/history.md).
 * The hint must be the file's first line, so it goes in after the bundler's own preamble.
 */
export function compileEveryPageEagerly(): Plugin {
  return {
    name: "compile-every-page-eagerly",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    enforce: "post",
    generateBundle: {
      order: "post",
      handler(_options, bundle) {
        addCompileHint(bundle, "every-page");
      },
    },
  };
}

/** Puts the hint on the first line of the chunk named `chunkName`, and its source map a line down. */
export function addCompileHint(bundle: Rolldown.OutputBundle, chunkName: string): void {
  for (const file of Object.values(bundle)) {
    if (file.type !== "chunk" || file.name !== chunkName) continue;
    file.code = `${COMPILE_HINT}\n${file.code}`;
    // By now the bundler has written the source map (when one is built) out as a file of its
    // own, so that file is the one to move down by the line.
    const map = bundle[`${file.fileName}.map`];
    if (map?.type === "asset" && typeof map.source === "string") {
      const json = JSON.parse(map.source) as { mappings: string };
      json.mappings = `;${json.mappings}`;
      map.source = JSON.stringify(json);
    }
  }
}

import { readFile, rm } from "node:fs/promises";
import path from "node:path";

/** What the build steps need to know of the client build's chunks, by source file. */
export interface AppChunks {
  /**
   * The app's lazy chunks (loaded with `import()`): absolute source path → URL, e.g.
   * "/assets/x-AbC.js".
   */
  lazy: ReadonlyMap<string, string>;
  /**
   * The URLs a lazy chunk needs to run: its own, then those of the chunks it imports
   * statically, at any depth; with `alsoWhatItLoads`, then those of the chunks it loads itself
   * with `import()`, each with its own imports. Throws for a source that is not a lazy chunk
   * of the app.
   */
  withImports(source: string, options?: { alsoWhatItLoads?: boolean }): string[];
}

interface ManifestChunk {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
  isDynamicEntry?: boolean;
}

/**
 * Reads the bundler's manifest of the client build (vite.config.ts keeps it for the build
 * steps), then removes it: the site does not serve it.
 */
export async function readAppChunks(clientDir: string, appRoot: string): Promise<AppChunks> {
  const manifestDir = path.join(clientDir, ".vite");
  const manifest: Record<string, ManifestChunk> = JSON.parse(
    await readFile(path.join(manifestDir, "manifest.json"), "utf8"),
  );
  await rm(manifestDir, { recursive: true, force: true });
  const lazyKeys = new Map<string, string>();
  for (const [key, chunk] of Object.entries(manifest)) {
    if (chunk.isDynamicEntry) lazyKeys.set(path.resolve(appRoot, key), key);
  }
  const url = (key: string) => `/${manifest[key]?.file}`;
  return {
    lazy: new Map([...lazyKeys].map(([source, key]) => [source, url(key)])),
    withImports(source, { alsoWhatItLoads = false } = {}) {
      const key = lazyKeys.get(path.resolve(source));
      if (key === undefined) throw new Error(`${source} is not a lazy chunk of the app`);
      const seen = new Set<string>();
      const visit = (at: string) => {
        if (seen.has(at)) return;
        seen.add(at);
        for (const imported of manifest[at]?.imports ?? []) visit(imported);
      };
      visit(key);
      if (alsoWhatItLoads) for (const loaded of manifest[key]?.dynamicImports ?? []) visit(loaded);
      return [...seen].map(url);
    },
  };
}

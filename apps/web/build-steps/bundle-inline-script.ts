import { build, type Rolldown } from "vite";

/**
 * Bundles one module of the app (and what it imports) into a minified, self-contained classic
 * script to be written inline into pages, so code that must run while the HTML is parsed is
 * the app's own typed, tested code rather than a hand-written copy.
 */
export async function bundleInlineScript(entry: string): Promise<string> {
  const result = await build({
    configFile: false,
    logLevel: "silent",
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

import type { Rolldown } from "vite";
import { describe, expect, it } from "vitest";
import { addCompileHint, COMPILE_HINT } from "./compile-every-page-eagerly.ts";

function bundleOf(files: Record<string, object>): Rolldown.OutputBundle {
  return files as unknown as Rolldown.OutputBundle;
}

describe("the compile hint on the every-page chunk", () => {
  it("is the chunk's first line, and its source map file moves down by that line", () => {
    const map = { version: 3, sources: ["a.ts"], mappings: ";AAAA,CAAC" };
    const bundle = bundleOf({
      "assets/every-page-x.js": {
        type: "chunk",
        name: "every-page",
        fileName: "assets/every-page-x.js",
        code: "const __vite__mapDeps=0;\nreact();",
      },
      "assets/every-page-x.js.map": { type: "asset", source: JSON.stringify(map) },
      "assets/other-y.js": {
        type: "chunk",
        name: "other",
        fileName: "assets/other-y.js",
        code: "x();",
      },
    });

    addCompileHint(bundle, "every-page");

    const chunk = bundle["assets/every-page-x.js"] as Rolldown.OutputChunk;
    expect(chunk.code.split("\n")).toEqual([COMPILE_HINT, "const __vite__mapDeps=0;", "react();"]);
    const moved = JSON.parse(
      (bundle["assets/every-page-x.js.map"] as Rolldown.OutputAsset).source as string,
    );
    expect(moved).toEqual({ ...map, mappings: ";;AAAA,CAAC" });
    expect((bundle["assets/other-y.js"] as Rolldown.OutputChunk).code).toBe("x();");
  });

  it("leaves a build without source maps with none", () => {
    const bundle = bundleOf({
      "assets/every-page-x.js": {
        type: "chunk",
        name: "every-page",
        fileName: "assets/every-page-x.js",
        code: "react();",
      },
    });
    addCompileHint(bundle, "every-page");
    expect(Object.keys(bundle)).toEqual(["assets/every-page-x.js"]);
  });
});

import { describe, expect, it } from "vitest";
import { assetPath, pageStructure } from "./page-structure.ts";

describe("pageStructure", () => {
  it("keeps elements, attribute names and the values that say what an element is", () => {
    const html = `<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/>
<link rel="stylesheet" href="/assets/app-BpqRUHZm.css" data-precedence="default"/>
<script type="module" data-x="1">import("/assets/root-B4IEq2yw.js")</script><script type="module"></script>
</head><body class="a b"><p>Hello <!-- -->world<!--$--></p></body></html>`;
    expect(pageStructure(html)).toEqual([
      "<!doctype html>",
      'html lang="en"',
      "  head",
      '    meta charset="utf-8"',
      '    link data-precedence href="/assets/app-[hash].css" rel="stylesheet"',
      '    script data-x type="module" {inline}',
      '    script type="module"',
      "  body class",
      "    p",
      "      <!-- -->",
      "      <!--$-->",
    ]);
  });

  it("sorts the boot loader's preloads, which the build orders by size", () => {
    const html = `<head><template data-app-modules><link href="/assets/b-BBBBBBBB.js"/><link href="/assets/a-AAAAAAAA.js"/></template></head>`;
    expect(pageStructure(html)).toEqual([
      "head",
      "  template data-app-modules",
      '    link href="/assets/a-[hash].js"',
      '    link href="/assets/b-[hash].js"',
    ]);
  });

  it("shows a long comment by its length", () => {
    expect(pageStructure(`<!--${"x".repeat(41)}-->`)).toEqual(["<!--(41 chars)-->"]);
  });
});

describe("assetPath", () => {
  it("replaces the hash of the bundler's files and the boot module's, whose hashes may hold -", () => {
    expect(assetPath("/assets/link-field-BiVr-OO5.js")).toBe("/assets/link-field-[hash].js");
    expect(assetPath("/assets/boot-q-u8gU8eqw.js")).toBe("/assets/boot-[hash].js");
    expect(assetPath("/assets/inter-latin-wght-400-700-Ro6M6AJ_.woff2")).toBe(
      "/assets/inter-latin-wght-400-700-[hash].woff2",
    );
    expect(assetPath("/brand/logo.svg")).toBeUndefined();
  });
});

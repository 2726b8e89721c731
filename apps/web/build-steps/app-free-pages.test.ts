import { describe, expect, it } from "vitest";
import { takeTheAppOut } from "./app-free-pages.ts";
import { parsePage } from "./page-html.ts";
import { PageRewriter } from "./page-rewriter.ts";

const PAGE = [
  "<!DOCTYPE html><html><head>",
  '<script>window.capture("x")</script>',
  '<link rel="stylesheet" href="/assets/app.css"/>',
  '<link rel="modulepreload" href="/assets/every-page.js"/>',
  "<link rel=modulepreload href=/assets/root.js>",
  '<link rel="preload" href="/assets/inter.woff2" as="font"/>',
  '</head><body><main><h1>This link doesn\'t exist</h1><a href="/">Home</a></main>',
  '<script>window.__reactRouterContext = {"a":"</p>"};</script>',
  '<script type="module" async="" data-app-boot="/assets/boot.js">import("x")</script>',
  "</body></html>",
].join("");

describe("takeTheAppOut", () => {
  it("removes every script and module preload and keeps the page, its styles and fonts", () => {
    const page = new PageRewriter(parsePage(PAGE));
    takeTheAppOut.rewrite(page, { file: "to/not-found/index.html", kind: "app-free" });
    expect(page.toHtml()).toBe(
      [
        "<!DOCTYPE html><html><head>",
        '<link rel="stylesheet" href="/assets/app.css"/>',
        '<link rel="preload" href="/assets/inter.woff2" as="font"/>',
        '</head><body><main><h1>This link doesn\'t exist</h1><a href="/">Home</a></main>',
        "</body></html>",
      ].join(""),
    );
  });
});

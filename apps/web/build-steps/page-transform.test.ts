import { describe, expect, it } from "vitest";
import { parsePage } from "./page-html.ts";
import { PageRewriter } from "./page-rewriter.ts";
import { inOrder, type PageTransform } from "./page-transform.ts";

const step = (name: string, after: string[] = []): PageTransform => ({
  name,
  pages: ["app"],
  writes: "",
  after,
  rewrite() {},
});

describe("inOrder", () => {
  it("keeps a list whose every step comes after the steps it names", () => {
    const steps = [step("a"), step("b", ["a"])];
    expect(inOrder(steps)).toBe(steps);
  });

  it("fails the build for a step listed before one it must follow, or a name used twice", () => {
    expect(() => inOrder([step("b", ["a"]), step("a")])).toThrow(/"b" must come after "a"/);
    expect(() => inOrder([step("a"), step("a")])).toThrow(/two build steps/);
  });
});

describe("PageRewriter", () => {
  const html =
    '<html><head><meta charSet="utf-8"/><link rel=stylesheet href=a.css></head><body><!--x--><script type="module">go()</script></body></html>';

  // At one place, insertions come out in the order they were asked for.
  it("writes its changes into the page and keeps every other byte", () => {
    const page = new PageRewriter(parsePage(html));
    const [, , meta, link, , script] = page.page.elements;
    if (!meta || !link || !script) throw new Error("the page parsed differently");
    page.insertBefore(link, "<b1>");
    page.insertBefore(link, "<b2>");
    page.insertAfter(meta, "<a>");
    page.replaceContent(script, "");
    const [comment] = page.page.comments;
    if (comment) page.remove(comment);
    expect(page.toHtml()).toBe(
      '<html><head><meta charSet="utf-8"/><b1><b2><a><link rel=stylesheet href=a.css></head><body><script type="module"></script></body></html>',
    );
  });

  it("refuses two changes to the same text", () => {
    const page = new PageRewriter(parsePage(html));
    const script = page.page.elements.at(-1);
    if (!script) throw new Error("no element");
    page.remove(script);
    expect(() => page.replaceContent(script, "x")).toThrow(/two build steps/);
    expect(page.elements()).not.toContain(script);
  });
});

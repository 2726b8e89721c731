import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { renderPageSource } from "./render-page.ts";

/**
 * Every payload of the shared XSS corpus (e2e/fixtures/xss-payloads.txt, also
 * used by the browser test e2e/content-xss.spec.ts) goes through the server's
 * sanitizer, as HTML and as Markdown, and nothing that can run script, load
 * something, submit or restyle the page may come out.
 */

const corpus = path.resolve(import.meta.dirname, "../../../e2e/fixtures/xss-payloads.txt");
const payloads = readFileSync(corpus, "utf8")
  .split("\n")
  .filter((line) => line.trim() !== "" && !line.startsWith("#"));

const markdownPayloads = [
  "[x](javascript:alert(1))",
  "[x](JaVaScRiPt:alert(1))",
  "[x](javascript&#58;alert(1))",
  "[x]( javascript:alert(1) )",
  "[x](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)",
  "[x](vbscript:msgbox(1))",
  "[x](//evil.example)",
  "![x](javascript:alert(1))",
  '![x](https://evil.example/x.png"onerror="alert(1))',
  "<javascript:alert(1)>",
  "[x][ref]\n\n[ref]: javascript:alert(1)",
  "[a](<javascript:alert(1)>)",
  "`<script>alert(1)</script>`",
  "```html\n<script>alert(1)</script>\n```",
  "> <img src=x onerror=alert(1)>",
];

// What the sanitizer may let through (render-page.ts), written out again here as
// the test's own statement of what content HTML may contain.
const allowedTags = new Set([
  "h2",
  "h3",
  "h4",
  "p",
  "br",
  "hr",
  "ul",
  "ol",
  "li",
  "strong",
  "em",
  "b",
  "i",
  "a",
  "blockquote",
  "code",
  "pre",
  "table",
  "thead",
  "tbody",
  "tr",
  "th",
  "td",
  "address",
  "small",
  "sup",
  "sub",
]);
const allowedAttributes: Record<string, string[]> = {
  a: ["href", "title"],
  ol: ["start"],
  th: ["scope"],
};
/** A link a browser would follow to something other than a web page, mail or phone. */
function isUnsafeHref(href: string): boolean {
  let url: URL;
  try {
    // Parsed as the browser would on a content page (it strips tabs, newlines and padding).
    url = new URL(href, "https://www.example.com/page/about");
  } catch {
    return false; // not a URL at all: the browser will not follow it
  }
  if (!["http:", "https:", "mailto:", "tel:"].includes(url.protocol)) return true;
  // Protocol-relative ("//evil", "\\evil"): another host while looking like a path.
  return /^[/\\]{2}/.test(href.replace(/[\t\n\r]/g, ""));
}

function decodeEntities(value: string): string {
  return value
    .replace(/&#x([0-9a-f]+);?/gi, (_, hex: string) =>
      String.fromCodePoint(Number.parseInt(hex, 16)),
    )
    .replace(/&#(\d+);?/g, (_, dec: string) => String.fromCodePoint(Number(dec)))
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}

/** Anything in sanitized HTML that is not plain, inert markup. */
function unsafeConstructs(html: string): string[] {
  const problems: string[] = [];
  // The sanitizer escapes "<" in text, so every "<" left starts a tag.
  for (const [, tagName = "", attributeText = ""] of html.matchAll(/<\/?([^\s/>]+)([^>]*)>/g)) {
    const tag = tagName.toLowerCase();
    if (!allowedTags.has(tag)) problems.push(`element <${tag}>`);
    for (const [, rawName = "", rawValue] of attributeText.matchAll(
      /([^\s="']+)(?:\s*=\s*"([^"]*)")?/g,
    )) {
      const name = rawName.toLowerCase();
      if (!(allowedAttributes[tag] ?? []).includes(name)) {
        problems.push(`attribute ${name} on <${tag}>`);
      }
      const value = decodeEntities(rawValue ?? "").trim();
      if (name === "href" && isUnsafeHref(value)) problems.push(`href "${value}"`);
    }
  }
  if (/<(script|style|iframe|svg|math|template)\b/i.test(html)) problems.push("active element");
  return problems;
}

describe("the content sanitizer against the XSS corpus", () => {
  it("has a corpus of at least 100 payloads", () => {
    expect(payloads.length).toBeGreaterThanOrEqual(100);
  });

  it.each(payloads)("HTML: %s", (payload) => {
    // A harmless paragraph first, so a payload that vanishes whole is not an error.
    const html = renderPageSource(`<p>before</p>${payload}<p>after</p>`, "html");
    expect(unsafeConstructs(html), html).toEqual([]);
    expect(html).toContain("before");
  });

  it.each([...payloads, ...markdownPayloads])("Markdown: %s", (payload) => {
    const html = renderPageSource(`before\n\n${payload}\n\nafter`, "markdown");
    expect(unsafeConstructs(html), html).toEqual([]);
  });

  it("still keeps ordinary links and formatting", () => {
    const html = renderPageSource(
      '<p><a href="/pricing" title="Prices">Pricing</a>, <a href="https://example.com/a?b=1">site</a>, <a href="mailto:hello@example.com">mail</a> and <strong>bold</strong></p>',
      "html",
    );
    expect(unsafeConstructs(html)).toEqual([]);
    expect(html).toContain('<a href="/pricing" title="Prices">Pricing</a>');
    expect(html).toContain('<a href="https://example.com/a?b=1">site</a>');
    expect(html).toContain('<a href="mailto:hello@example.com">mail</a>');
  });

  it("the checker itself notices unsafe markup", () => {
    expect(unsafeConstructs('<img src="x" onerror="alert(1)">')).toEqual([
      "element <img>",
      "attribute src on <img>",
      "attribute onerror on <img>",
    ]);
    expect(unsafeConstructs('<a href="javascript:alert(1)">x</a>')).toEqual([
      'href "javascript:alert(1)"',
    ]);
    expect(unsafeConstructs('<a href="&#106;avascript:alert(1)">x</a>')).toEqual([
      'href "javascript:alert(1)"',
    ]);
    expect(unsafeConstructs('<a href="//evil.example">x</a>')).toEqual(['href "//evil.example"']);
    expect(unsafeConstructs('<p style="color:red">x</p>')).toEqual(["attribute style on <p>"]);
  });
});

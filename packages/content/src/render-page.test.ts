import { describe, expect, it } from "vitest";
import { PageSourceError, renderPageSource } from "./render-page.ts";

describe("renderPageSource", () => {
  it("renders Markdown and fills placeholders (escaped)", () => {
    const html = renderPageSource(
      "# {{COMPANY_NAME}}\n\nSee [terms](/terms-of-service).",
      "markdown",
      {
        COMPANY_NAME: "Crumb & <Co>",
      },
    );
    expect(html).toBe(
      '<h2>Crumb &amp; &lt;Co&gt;</h2>\n<p>See <a href="/terms-of-service">terms</a>.</p>',
    );
  });

  it.each([
    ["script", "<script>alert(1)</script><p>ok</p>"],
    ["event handler", '<p onclick="alert(1)">ok</p>'],
    ["javascript link", '<p><a href="javascript:alert(1)">ok</a></p>'],
    ["image beacon", '<p><img src="https://evil.example/x.gif">ok</p>'],
    ["style", "<style>body{display:none}</style><p>ok</p>"],
    ["iframe", '<iframe src="https://evil.example"></iframe><p>ok</p>'],
    ["protocol-relative link", '<p><a href="//evil.example">ok</a></p>'],
  ])("strips %s", (_name, source) => {
    const html = renderPageSource(source, "html");
    expect(html).toContain("ok");
    expect(html).not.toMatch(/script|onclick|javascript|<img|<style|iframe|evil/);
  });

  it("refuses unknown placeholders and empty results", () => {
    expect(() => renderPageSource("{{TYPO}}", "markdown", {})).toThrow(PageSourceError);
    expect(() => renderPageSource("<script>x</script>", "html")).toThrow(PageSourceError);
  });

  it.each([
    ["an empty paragraph", "<p></p>", "html"],
    ["an empty link", '<a href="https://example.com"></a>', "html"],
    ["a run of line breaks", "<br><br/><br>", "html"],
    ["spaces and invisible characters", "<p>&nbsp; \u200b</p><h2> </h2>", "html"],
    ["a script only Markdown hides", "</script><svg onload=alert(1)>", "markdown"],
  ] as const)("refuses a page that would show blank: %s", (_case, source, format) => {
    expect(() => renderPageSource(source, format)).toThrow(/no visible text/);
  });

  it("keeps a page whose only text is inside a link", () => {
    expect(renderPageSource('<a href="https://example.com">Menu</a>', "html")).toBe(
      '<a href="https://example.com">Menu</a>',
    );
  });
});

import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { renderPageSource } from "./render-page.ts";
import { SEED_PAGES_DIR } from "./seed-page-files.ts";

/**
 * The legal pages as they render today, kept byte for byte (legal-pages-rendered/): an
 * upgrade of the Markdown renderer or the sanitizer must not change a published legal
 * text without someone looking at the difference. After an intended change, regenerate
 * the files and review their diff.
 */
const placeholders = {
  COMPANY_NAME: "Rise Bakery Software, Inc.",
  COMPANY_ADDRESS: "1200 Market Street, Suite 400, San Francisco, CA 94102",
  CONTACT_EMAIL: "hello@example.com",
  PRODUCT_NAME: "Rise",
  SITE_URL: "https://www.example.com",
};

describe("legal pages", () => {
  it.each(["privacy-policy", "terms-of-service"])("%s renders byte-identical", (page) => {
    const source = readFileSync(path.join(SEED_PAGES_DIR, `${page}.md`), "utf8");
    const expected = readFileSync(
      path.join(import.meta.dirname, "legal-pages-rendered", `${page}.html`),
      "utf8",
    );
    expect(renderPageSource(source, "markdown", placeholders)).toBe(expected);
  });
});

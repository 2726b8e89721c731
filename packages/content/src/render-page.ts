import { contentHtmlPolicy } from "@bakery/shared/content-html-policy";
import { escapeHtml } from "@bakery/shared/escape-html";
import { Marked } from "marked";
import sanitizeHtml from "sanitize-html";

/**
 * Turns an operator's page source (Markdown or HTML) into the HTML stored and served
 * by GET /p/{handle}. Sanitizing here, on the way in, means the database only ever
 * holds safe markup; the browser sanitizes again as defence in depth.
 */

export type PageSourceFormat = "markdown" | "html";

/** Values for {{NAME}} placeholders in page sources (company name, address, …). */
export type Placeholders = Record<string, string>;

export class PageSourceError extends Error {}

const SANITIZE_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...contentHtmlPolicy.tags],
  allowedAttributes: contentHtmlPolicy.attributes,
  allowedSchemes: [...contentHtmlPolicy.linkSchemes],
  allowedSchemesAppliedToAttributes: ["href"],
  allowProtocolRelative: false,
  // The page title is its own field, so a document's "# Title" becomes a section heading.
  transformTags: { h1: "h2", h5: "h4", h6: "h4" },
  disallowedTagsMode: "discard",
};

// A private instance so no other code's marked.use() changes how pages render.
const markdown = new Marked({ gfm: true, async: false });

export function renderPageSource(
  source: string,
  format: PageSourceFormat,
  placeholders: Placeholders = {},
): string {
  const filled = fillPlaceholders(source, placeholders);
  const html = format === "markdown" ? (markdown.parse(filled) as string) : filled;
  const clean = sanitizeHtml(html, SANITIZE_OPTIONS).trim();
  if (!hasVisibleText(clean)) {
    throw new PageSourceError(
      "the page has no visible text after sanitizing (only empty tags, links or line breaks are left), so it would show as a blank page",
    );
  }
  return clean;
}

/** Blank to a reader: spaces, non-breaking and zero-width ones too, as characters or entities. */
const INVISIBLE =
  /\s|\u200b|\u200c|\u200d|\u2060|\ufeff|&(?:nbsp|#0*160|#x0*a0|#0*8203|#x0*200b|zwsp|zwnj|zwj);/gi;

/** Whether sanitized HTML shows any text at all: `<p></p>`, `<a></a>` or `<br>`s don't. */
function hasVisibleText(html: string): boolean {
  const text = sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} });
  return text.replace(INVISIBLE, "") !== "";
}

/**
 * Stored page HTML sanitized again, by the same allow-list, as the Node server writes it into
 * a page (apps/api/src/content-pages/content-page-document.ts): a row written by other means
 * than renderPageSource still cannot put anything else into the site's HTML.
 */
export function sanitizeStoredHtml(html: string): string {
  return sanitizeHtml(html, SANITIZE_OPTIONS);
}

export function formatFromFileName(file: string): PageSourceFormat {
  if (/\.(md|markdown)$/i.test(file)) return "markdown";
  if (/\.html?$/i.test(file)) return "html";
  throw new PageSourceError(`"${file}" must end in .md, .markdown, .html or .htm`);
}

/** Unknown placeholders are an error, so a typo never reaches a published legal page. */
function fillPlaceholders(source: string, values: Placeholders): string {
  const unknown = new Set<string>();
  const filled = source.replace(/\{\{\s*([A-Z0-9_]+)\s*\}\}/g, (whole, name: string) => {
    const value = values[name];
    if (value === undefined) {
      unknown.add(name);
      return whole;
    }
    // Markdown passes inline HTML through, so escape in both formats.
    return escapeHtml(value);
  });
  if (unknown.size > 0) {
    throw new PageSourceError(`unknown placeholder(s): ${[...unknown].join(", ")}`);
  }
  return filled;
}

/** The placeholders every page source may use, from the server configuration. */
export function placeholdersFromConfig(config: {
  COMPANY_NAME: string;
  COMPANY_ADDRESS: string;
  CONTACT_EMAIL: string;
  PRODUCT_NAME: string;
  SITE_URL: string;
}): Placeholders {
  return {
    COMPANY_NAME: config.COMPANY_NAME,
    COMPANY_ADDRESS: config.COMPANY_ADDRESS,
    CONTACT_EMAIL: config.CONTACT_EMAIL,
    PRODUCT_NAME: config.PRODUCT_NAME,
    SITE_URL: config.SITE_URL.replace(/\/$/, ""),
  };
}

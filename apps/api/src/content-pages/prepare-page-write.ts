import { PageSourceError, type Placeholders, renderPageSource } from "@bakery/content/render-page";
import {
  type PageFormat,
  type PageWrite,
  pageSourceSchema,
  pageWriteSchema,
} from "@bakery/shared/admin-pages-contract";
import { unprocessableContent } from "../http/errors.ts";
import { parseOrUnprocessable } from "../http/validation.ts";
import type { ContentPageInput } from "./content-page-queries.ts";

/**
 * The HTML visitors get for `source`, exactly as a save stores it: rendered and sanitized by the
 * one allow-list (packages/content), the placeholders filled. A source that can't be a page (an
 * unknown placeholder, nothing left to read) is refused with 422 saying why.
 */
export function renderPage(source: string, format: PageFormat, placeholders: Placeholders): string {
  try {
    return renderPageSource(source, format, placeholders);
  } catch (error) {
    if (error instanceof PageSourceError) throw unprocessableContent(`source: ${error.message}`);
    throw error;
  }
}

/** A preview's body (PageSource) checked and rendered: 422 in words otherwise. */
export function previewPage(body: unknown, placeholders: Placeholders): string {
  const { source, format } = parseOrUnprocessable(pageSourceSchema, body);
  return renderPage(source, format, placeholders);
}

/** A save's body (PageWrite) for the page `handle`, checked and rendered: 422 in words otherwise. */
export function preparePageWrite(
  handle: string,
  body: unknown,
  placeholders: Placeholders,
): ContentPageInput {
  const page = parseOrUnprocessable(pageWriteSchema, body);
  return { handle, ...page, html: renderPage(page.source, page.format, placeholders) };
}

/** A page as it was (a revision), to be saved again: rendered with today's placeholders. */
export function prepareRestore(
  handle: string,
  revision: Required<PageWrite>,
  placeholders: Placeholders,
): ContentPageInput {
  const { title, subtitle, format, source } = revision;
  return {
    handle,
    title,
    subtitle,
    format,
    source,
    html: renderPage(source, format, placeholders),
  };
}

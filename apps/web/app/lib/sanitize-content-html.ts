import { allowedLinkPattern, contentHtmlPolicy } from "@bakery/shared/content-html-policy";
import DOMPurify, { type Config } from "dompurify";

/**
 * The server's allow-list (packages/shared) in DOMPurify's terms. DOMPurify allows
 * attributes on any tag, so the union of the per-tag lists is the closest it gets.
 */
export const contentHtmlPurifyConfig = {
  ALLOWED_TAGS: [...contentHtmlPolicy.tags],
  ALLOWED_ATTR: [...new Set(Object.values(contentHtmlPolicy.attributes).flat())],
  ALLOWED_URI_REGEXP: allowedLinkPattern,
} satisfies Config;

/**
 * The browser's second pass over content HTML the server already sanitized: on the public
 * page and in the page editor's preview, so what the editor shows is what visitors get.
 */
export function sanitizeContentHtml(html: string): string {
  return DOMPurify.sanitize(html, contentHtmlPurifyConfig);
}

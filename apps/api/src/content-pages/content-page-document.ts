import { sanitizeStoredHtml } from "@bakery/content/render-page";
import { legalPageHandles, sitePathForPage } from "@bakery/shared/content-page-address";
import {
  CONTENT_PAGE_TEMPLATE_FILE,
  type ContentPageTemplate,
  contentPageDescription,
  fillContentPageTemplate,
  legalPageTemplateFile,
  parseContentPageTemplate,
  type TemplateKind,
} from "@bakery/shared/content-page-template";
import { pageTitle } from "@bakery/shared/page-title";
import type { Context } from "hono";
import type { Logger } from "pino";
import { type MadePage, madePage, type SiteHandler } from "../site/serve-site.ts";
import type { StoredPageAnswer } from "./content-page-store.ts";

type StoredPage = Extract<StoredPageAnswer, { status: 200 }>;

/** The pages with a route of their own, each written into its own template. */
const legalHandles = new Set(legalPageHandles);

/**
 * Answers a content page's address with the page itself: the build's template
 * (@bakery/shared/content-page-template) with the stored page written into it, so the visitor
 * reads it at the first paint, with or without JavaScript, and the app hydrates the same words
 * without asking the API again (docs/decisions/0020). A legal page has a template of its own
 * (docs/decisions/0029), whose route names its tab, address and description; every other page
 * is written into the content pages' template.
 *
 * In the content pages' template, the head gets the page's canonical address and, for search
 * results and link previews, its subtitle (or title) as its description. The title and subtitle
 * are escaped; the HTML, sanitized when it was stored, is sanitized again by the same allow-list. Each stored answer
 * (the store keeps one a few seconds) is filled in, encoded and given its ETag once, not on
 * every request.
 * Undefined, and logged once per build, when the build has no template or one this server
 * cannot read: the address then gets the build's own page (a legal page's, with the text of the
 * build, which the app refreshes) or the app's fallback page, which asks the API.
 */
export function contentPageDocuments(deps: {
  site: Pick<SiteHandler, "buildFile" | "answerMadePage">;
  logger: Logger;
  /** The site's address (SITE_URL), which a page's canonical address is on. */
  siteUrl: string;
  /** The product's name (PRODUCT_NAME), which the tab's title ends with. */
  productName: string;
}) {
  /** Each template as last read and cut, by its file: cut again when the build changes it. */
  const templates = new Map<
    string,
    { bytes: Uint8Array; parts: ContentPageTemplate | undefined }
  >();
  /** Each stored answer's page, filled in once: the store keeps an answer a few seconds. */
  const filled = new WeakMap<StoredPage, { parts: ContentPageTemplate; page: MadePage }>();

  async function templateParts(file: string, kind: TemplateKind) {
    const bytes = await deps.site.buildFile(file);
    if (!bytes) return undefined;
    let template = templates.get(file);
    if (template?.bytes !== bytes) {
      let parts: ContentPageTemplate | undefined;
      try {
        parts = parseContentPageTemplate(new TextDecoder().decode(bytes), kind);
      } catch (error) {
        deps.logger.error({ err: error, file }, "page template unusable; serving the build's page");
      }
      template = { bytes, parts };
      templates.set(file, template);
    }
    return template.parts;
  }

  return async function answerContentPage(
    c: Context,
    handle: string,
    stored: StoredPage,
  ): Promise<Response | undefined> {
    const parts = legalHandles.has(handle)
      ? await templateParts(legalPageTemplateFile(handle), "legal-page")
      : await templateParts(CONTENT_PAGE_TEMPLATE_FILE, "content-page");
    if (!parts) return undefined;
    let made = filled.get(stored);
    if (made?.parts !== parts) {
      const { title, subtitle, content } = stored.page;
      const html = fillContentPageTemplate(parts, {
        handle,
        title,
        tabTitle: pageTitle(title, deps.productName),
        subtitle,
        sanitizedHtml: sanitizeStoredHtml(content),
        canonicalUrl: new URL(sitePathForPage(handle), deps.siteUrl).href,
        description: contentPageDescription(stored.page),
      });
      made = { parts, page: madePage(html) };
      filled.set(stored, made);
    }
    return deps.site.answerMadePage(c, made.page);
  };
}

export type AnswerContentPage = ReturnType<typeof contentPageDocuments>;

import type { ContentPage } from "@bakery/shared/api-contract";
import {
  contentPageMarkers,
  contentPageTemplatePath,
  SERVED_PAGE_ATTRIBUTE,
  SUBTITLE_ATTRIBUTE,
} from "@bakery/shared/content-page-template";

/** A content page the document arrived with, the handle its article names, and its tab's title. */
export type ServedContentPage = { handle: string; page: ContentPage; tabTitle: string };

const templateHandle = contentPageTemplatePath.slice("/page/".length);

/** The page as a template holds it: the markers the server writes the stored page's parts over. */
const pageOfMarkers = {
  title: contentPageMarkers.title,
  subtitle: contentPageMarkers.subtitle,
  content: contentPageMarkers.content,
};

/**
 * The content page the Node server wrote into this document as it answered its address
 * (@bakery/shared/content-page-template): read back from the article, so that the app hydrates
 * the very words the visitor is reading, without asking the API for a page the server has just
 * read from the database. Undefined when the document holds no such page for `handle` (a static
 * host's page, or a page reached inside the app).
 *
 * While the build prerenders a template, the markers the server replaces: the content pages'
 * template (/page/_) has one for the handle and the tab's title too, since the server makes
 * those from the stored page; a legal page's (`legalTemplate`) names its handle and leaves its
 * tab to its route.
 */
export function servedContentPage(
  handle: string,
  { legalTemplate = false } = {},
): ServedContentPage | undefined {
  if (typeof document === "undefined") {
    if (handle === templateHandle) {
      return {
        handle: contentPageMarkers.handle,
        tabTitle: contentPageMarkers.tabTitle,
        page: pageOfMarkers,
      };
    }
    return legalTemplate ? { handle, tabTitle: "", page: pageOfMarkers } : undefined;
  }
  const article = document.querySelector(`article[${SERVED_PAGE_ATTRIBUTE}]`);
  if (article?.getAttribute(SERVED_PAGE_ATTRIBUTE) !== handle) return undefined;
  const content = article.querySelector("[data-testid=content-html]");
  if (!content) return undefined;
  return {
    handle,
    // As the server wrote it (by pageTitle's rule, @bakery/shared/page-title), whitespace and all.
    tabTitle: document.head.querySelector("title")?.textContent ?? document.title,
    page: {
      title: article.querySelector("h1")?.textContent ?? "",
      subtitle: article.querySelector(`[${SUBTITLE_ATTRIBUTE}]`)?.textContent ?? "",
      content: content.innerHTML,
    },
  };
}

/**
 * Whether this is the template being prerendered: the server writes the page's address and
 * description into the head itself (after the template's own tags), from the stored page.
 */
export const isTemplate = (served: ServedContentPage | undefined): boolean =>
  served?.handle === contentPageMarkers.handle;

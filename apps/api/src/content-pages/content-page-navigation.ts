import { pageNotFoundPath } from "@bakery/shared/api-contract";
import { sitePathForPage } from "@bakery/shared/content-page-address";
import type { MiddlewareHandler } from "hono";
import type { Logger } from "pino";
import { movedPermanently } from "../http/moved-permanently.ts";
import { parseSlug } from "../http/validation.ts";
import { withoutTrailingJunk } from "../http/without-trailing-junk.ts";
import type { AnswerPage } from "../site/serve-site.ts";
import type { AnswerContentPage } from "./content-page-document.ts";
import type { ContentPageStore } from "./content-page-store.ts";

/**
 * A content page's address (/page/:handle) answered with what the database knows, before any
 * script runs, for every GET and HEAD (a person, a search engine, a link checker):
 * - no such page, or an address no page can have: the site's page saying so
 *   (pageNotFoundPath) with 404, readable at the first paint with or without JavaScript,
 *   where the app would have shown the same words after loading and asking the API;
 * - a renamed page: 301 to its new address (query kept), as GET /api/p answers the app;
 * - a page at another address than its own (a page with a route of its own such as
 *   /page/privacy-policy, capitals, a trailing slash, punctuation stuck to its end): 301 to
 *   that address, so each page has one address;
 * - a page that exists: the page itself, written into the site's template
 *   (content-page-document.ts), or, for a build without one, on to the site, whose app asks
 *   the API for it.
 * A failure to ask (the database down or slow) goes on to the site too: the app asks the API
 * again and says what happened.
 */
export function contentPageNavigation(deps: {
  contentPages: ContentPageStore;
  logger: Logger;
  answerPage: AnswerPage;
  answerContentPage: AnswerContentPage;
}): MiddlewareHandler {
  return async (c, next) => {
    /** The not-found page, or undefined (on to the app) for a build without it. */
    const pageNotFound = () => deps.answerPage(c, pageNotFoundPath);

    let handle: string;
    try {
      // Punctuation a sentence stuck to the address ("/page/about.") is not part of it.
      handle = parseSlug("handle", withoutTrailingJunk(c.req.param("handle") ?? ""));
    } catch {
      return (await pageNotFound()) ?? next();
    }
    let found: Awaited<ReturnType<ContentPageStore["find"]>>;
    try {
      found = await deps.contentPages.find(handle);
    } catch (error) {
      deps.logger.warn({ err: error, handle }, "content page lookup failed; serving the app");
      return next();
    }
    if (!found) return (await pageNotFound()) ?? next();
    const address = found.status === 301 ? found.moved.location : sitePathForPage(handle);
    if (address !== c.req.path) return movedPermanently(c, address);
    // A move to this very address (never one the operator CLI makes): the app asks the API.
    if (found.status === 301) return next();
    try {
      return (await deps.answerContentPage(c, handle, found)) ?? next();
    } catch (error) {
      deps.logger.warn(
        { err: error, handle },
        "content page could not be written; serving the app",
      );
      return next();
    }
  };
}

/**
 * A legal page's address (/privacy-policy, /terms-of-service) answered with its stored text
 * written into the build's template of that page (docs/decisions/0029), so an operator's fix is
 * what a visitor, a search engine or a link preview reads, with or without JavaScript. Anything
 * else (no stored page, the database down or slow, a build without the template) goes on to
 * the build's own page, with the text of the build, which the app refreshes from the API.
 */
export function legalPageNavigation(deps: {
  handle: string;
  contentPages: ContentPageStore;
  logger: Logger;
  answerContentPage: AnswerContentPage;
}): MiddlewareHandler {
  const { handle } = deps;
  return async (c, next) => {
    try {
      const found = await deps.contentPages.find(handle);
      if (found?.status !== 200) return next();
      return (await deps.answerContentPage(c, handle, found)) ?? next();
    } catch (error) {
      deps.logger.warn(
        { err: error, handle },
        "legal page could not be written; serving the build's",
      );
      return next();
    }
  };
}

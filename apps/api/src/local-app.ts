import { legalPageHandles, sitePathForPage } from "@bakery/shared/content-page-address";
import { Hono } from "hono";
import type { ApiDeps } from "./api-deps.ts";
import { answersCorsPreflight, createApi } from "./app.ts";
import type { ServerConfig } from "./config.ts";
import { contentPageDocuments } from "./content-pages/content-page-document.ts";
import {
  contentPageNavigation,
  legalPageNavigation,
} from "./content-pages/content-page-navigation.ts";
import { answerMissingRoute } from "./http/missing-route.ts";
import { requestIdMiddleware } from "./http/request-id.ts";
import { cspReportRoute } from "./security/csp-report.ts";
import { inlineScriptHashReader } from "./security/inline-script-hashes.ts";
import { securityHeadersMiddleware } from "./security/security-headers.ts";
import { shortLinkNavigation } from "./short-links/short-link-navigation.ts";
import { type AnswerPage, createSiteHandler, type SiteHandler } from "./site/serve-site.ts";

/** The API's inputs, with the whole server configuration: the site's headers and build folder too. */
export type LocalAppDeps = Omit<ApiDeps, "config" | "apiBasePath"> & {
  config: ServerConfig;
  /** The built site's handler (main.ts prepares its files first); made here when not given. */
  site?: SiteHandler;
};

/**
 * The local server's routing, on one port: the API under API_BASE_URL's path, the CSP
 * report endpoint, a browser's /to/:cat/:id redirect, the answer at a content page's address
 * and the built site. main.ts serves
 * it; tests serve the same routing over HTTP instead of rebuilding it.
 */
export function createLocalApp(deps: LocalAppDeps): Hono {
  const { config, limiter, shortLinks, contentPages, logger } = deps;
  const base = config.apiBasePath;
  const app = new Hono();
  // First, so every answer (site, API, redirects, errors) carries the headers and its
  // log lines the request's id.
  app.use(requestIdMiddleware());
  app.use(securityHeadersMiddleware(config, inlineScriptHashReader(config.WEB_BUILD_DIR, logger)));
  app.route(base || "/", createApi({ ...deps, apiBasePath: base }));
  app.route(`${base}/csp-report`, cspReportRoute({ logger, limiter, config }));
  // Unmatched /api/* requests answer in JSON (405 for a known path, else 404) instead of
  // falling through to the site's redirect. The routes so far are the API's and the CSP report's.
  app.all(
    `${base}/*`,
    answerMissingRoute(app.routes, { corsPreflight: answersCorsPreflight(config) }),
  );
  const site = deps.site ?? createSiteHandler({ root: config.WEB_BUILD_DIR });
  /** A problem page that can't be read is logged, and its address goes on to the site's app. */
  const answerPage: AnswerPage = (c, pagePath, status) =>
    site.answerPage(c, pagePath, status).catch((error: unknown) => {
      logger.warn(
        { err: error, page: pagePath },
        "problem page could not be read; serving the app",
      );
      return undefined;
    });
  // A short link opened in a browser answers 302 to its target, or the site's page saying why
  // not with 404; anything unusual falls through. With a trailing slash too: Hono's routes are
  // strict about it, and the handler answers 301 to the address without.
  app.on(
    "GET",
    ["/to/:cat/:id", "/to/:cat/:id/"],
    shortLinkNavigation({ limiter, shortLinks, config, logger, answerPage }),
  );
  const answerContentPage = contentPageDocuments({
    site,
    logger,
    siteUrl: config.SITE_URL,
    productName: config.PRODUCT_NAME,
  });
  // A content page's address says at once when there is no such page (404) or it moved (301),
  // and answers with the page itself when it exists.
  app.on(
    "GET",
    ["/page/:handle", "/page/:handle/"],
    contentPageNavigation({ contentPages, logger, answerPage, answerContentPage }),
  );
  // A legal page's address answers with its stored text, not the build's; with a trailing
  // slash too, where the site serves the same page as without.
  for (const handle of legalPageHandles) {
    const path = sitePathForPage(handle);
    app.on(
      "GET",
      [path, `${path}/`],
      legalPageNavigation({ handle, contentPages, logger, answerContentPage }),
    );
  }
  // Every other method too: the site answers 405 itself, with an Allow saying what it accepts.
  app.all("*", site);
  return app;
}

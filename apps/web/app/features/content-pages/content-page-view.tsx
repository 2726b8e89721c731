import type { ContentPage } from "@bakery/shared/api-contract";
import { sitePathForPage } from "@bakery/shared/content-page-address";
import {
  contentPageDescription,
  legalPageTemplatePath,
  SERVED_PAGE_ATTRIBUTE,
  SUBTITLE_ATTRIBUTE,
} from "@bakery/shared/content-page-template";
import { useCallback, useEffect, useState } from "react";
import { Link, useLocation } from "react-router";
import { ApiRequestError, requestFailure } from "#app/lib/api/api-errors.ts";
import { pageTitle, productTitle } from "#app/seo/page-meta.ts";
import { absoluteUrl } from "#app/site-config.ts";
import { LongWaitWayOn } from "#app/ui/after-long-wait.tsx";
import { buttonClasses } from "#app/ui/button-styles.ts";
import {
  contentPageClasses,
  contentPageTitleClasses,
  PageNotFound,
  pageNotFoundTitle,
} from "./page-not-found.tsx";
import { isTemplate, servedContentPage } from "./served-content-page.ts";

/**
 * What asking the API needs loads when the page asks: the prerendered pages show their text
 * without it, so it stays off their first load. The sanitizer (DOMPurify, ~10 KB compressed)
 * loads only for HTML the page does not already show.
 */
const loadFetcher = () => import("./fetch-content-page.ts");
const loadSanitizer = () => import("#app/lib/sanitize-content-html.ts");

type LoadState =
  | { kind: "loading" }
  | { kind: "loaded"; page: ContentPage; html: string }
  | { kind: "not-found" }
  | { kind: "failed"; why: ReturnType<typeof requestFailure> };

/** Why the page could not be loaded, in words that match what happened. */
const failureWords = {
  timeout: "Our server took too long to answer. Try again shortly.",
  unreachable: "Our server could not be reached. Check your connection and try again.",
  answered: "Something went wrong on our side. Try again, or start again from the home page.",
} as const;

/**
 * A page of content kept in the database, loaded by handle (spec §2): title,
 * subtitle and HTML. The HTML was sanitized when stored and is sanitized again
 * here, because the browser is the last line of defence.
 *
 * `legal`: a page with a route of its own (the privacy policy, the terms of service), which
 * names the tab, the address and the description itself. Its `prerendered` page is the one the
 * build rendered from the repository's source (seeded-content-page.server.ts), on a static host
 * and when it is reached inside the app: it shows at once; the API's answer then replaces it,
 * and if that call fails the prerendered text stays. `template`: this render is the build's
 * template of the page, which the Node server writes the stored page into.
 *
 * The page the server wrote into the document as it answered the page's address
 * (served-content-page.ts) shows as it is: it is the stored page, so the API is not asked
 * again. Otherwise (a static host's fallback page, a page reached inside the app) the page
 * is asked for.
 */
export function ContentPageView({
  handle,
  legal,
}: {
  handle: string;
  legal?: { fallbackTitle: string; prerendered: ContentPage | undefined; template: boolean };
}) {
  const prerendered = legal?.prerendered;
  // Read once: the article it is read from is the one this component then takes over.
  const [served] = useState(() =>
    servedContentPage(handle, { legalTemplate: legal?.template ?? false }),
  );
  const [state, setState] = useState<LoadState>(() => {
    const shown = served?.page ?? prerendered;
    return shown ? { kind: "loaded", page: shown, html: shown.content } : { kind: "loading" };
  });
  const hasPrerendered = prerendered !== undefined;

  const load = useCallback(async () => {
    const keepShown = (current: LoadState) =>
      prerendered !== undefined && current.kind === "loaded";
    setState((current) => (keepShown(current) ? current : { kind: "loading" }));
    // With nothing prerendered the answer is always new: fetch the sanitizer alongside it.
    // (When the answer fails first, the answer's error is the one to report.)
    const sanitizer = prerendered ? undefined : loadSanitizer();
    sanitizer?.catch(() => undefined);
    try {
      const { fetchContentPage } = await loadFetcher();
      const page = await fetchContentPage(handle);
      // The page shown already (not edited since the build, say) stays as it is, rather
      // than being sanitized, parsed and laid out again on a slow phone's main thread.
      if (prerendered && isSamePage(prerendered, page)) return;
      const { sanitizeContentHtml } = await (sanitizer ?? loadSanitizer());
      setState({ kind: "loaded", page, html: sanitizeContentHtml(page.content) });
    } catch (error) {
      console.error(`Could not load the page "${handle}"`, error);
      if (error instanceof ApiRequestError && error.leavingPage) return;
      const notFound =
        error instanceof ApiRequestError && (error.status === 404 || error.status === 400);
      setState((current) =>
        keepShown(current)
          ? current
          : notFound
            ? { kind: "not-found" }
            : { kind: "failed", why: requestFailure(error) },
      );
    }
  }, [handle, prerendered]);

  useEffect(() => {
    // The page the server has just read from the database needs no second reading, and the
    // visitor may have scrolled it already.
    if (served) return;
    // A page that arrived with its text is where the visitor may have scrolled already.
    if (!hasPrerendered) window.scrollTo(0, 0);
    void load();
  }, [load, hasPrerendered, served]);

  if (state.kind === "not-found") {
    return (
      <>
        <title>{pageTitle(pageNotFoundTitle)}</title>
        <PageNotFound />
      </>
    );
  }

  const title = state.kind === "loaded" ? state.page.title : legal?.fallbackTitle;
  return (
    <article
      className={contentPageClasses}
      {...(served && { [SERVED_PAGE_ATTRIBUTE]: served.handle })}
    >
      {/* The legal pages' routes name it in their meta; /page/:handle has no meta and keeps
          the tab's title of the document the server wrote it into, or makes it from the API's
          answer. */}
      {legal ? null : (
        <title>{served ? served.tabTitle : title ? pageTitle(title) : productTitle}</title>
      )}
      {/* Its address and what it is about, for sharing, search results and link previews, as
          the server writes them into the page's head: React takes those two tags over (same
          attributes), and removes them when the visitor moves on inside the app, so the next
          page is not shared under this one's address. The legal pages' routes give them in
          their meta. */}
      {!legal && state.kind === "loaded" && !isTemplate(served) ? (
        <>
          <link rel="canonical" href={absoluteUrl(sitePathForPage(handle))} />
          <meta name="description" content={contentPageDescription(state.page)} />
        </>
      ) : null}
      {title ? <h1 className={contentPageTitleClasses}>{title}</h1> : null}
      {state.kind === "loaded" && state.page.subtitle ? (
        <p className="mt-3 text-cocoa text-lg" {...{ [SUBTITLE_ATTRIBUTE]: "" }}>
          {state.page.subtitle}
        </p>
      ) : null}
      {/* A new element for each state: the content replaces the placeholder instead of
          moving it down when the subtitle appears above. */}
      <div key={state.kind} className="mt-8">
        {state.kind === "loading" && (
          <>
            <div role="status" aria-label="Loading the page" className="flex flex-col gap-3">
              <span className="h-4 w-3/4 animate-pulse rounded bg-brand-100 motion-reduce:animate-none" />
              <span className="h-4 w-full animate-pulse rounded bg-brand-100 motion-reduce:animate-none" />
              <span className="h-4 w-5/6 animate-pulse rounded bg-brand-100 motion-reduce:animate-none" />
            </div>
            <div className="relative mt-6">
              <LongWaitWayOn />
            </div>
          </>
        )}
        {state.kind === "loaded" && <SanitizedHtml html={state.html} />}
        {state.kind === "failed" && (
          <div
            role="alert"
            className="flex flex-col items-start gap-4 rounded-2xl bg-white p-6 shadow-card"
          >
            <p className="text-cocoa">This page could not be loaded. {failureWords[state.why]}</p>
            <div className="flex flex-wrap gap-3">
              <button
                type="button"
                onClick={() => void load()}
                className={buttonClasses("primary")}
              >
                Try again
              </button>
              <Link to="/" className={buttonClasses("secondary")}>
                Go to the home page
              </Link>
            </div>
          </div>
        )}
      </div>
    </article>
  );
}

function isSamePage(a: ContentPage, b: ContentPage): boolean {
  return a.title === b.title && a.subtitle === b.subtitle && a.content === b.content;
}

/** Shows HTML that was sanitized by the server and again in `load`, by the same allow-list. */
function SanitizedHtml({ html }: { html: string }) {
  return (
    <div
      className="prose-content"
      data-testid="content-html"
      // biome-ignore lint/security/noDangerouslySetInnerHtml: the only way to show stored HTML; sanitized twice
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}

/** The legal pages: each has a route of its own (app/routes.ts). */
export type LegalHandle = "privacy-policy" | "terms-of-service";

/**
 * Whether `url` is the address the build prerenders a legal page's template at (its route's
 * optional last segment, @bakery/shared/content-page-template): there the page's parts are
 * markers the Node server writes the stored page over, so its loader gives no page.
 */
export const isLegalPageTemplate = (handle: LegalHandle, url: string): boolean =>
  new URL(url, "http://localhost").pathname.replace(/\/$/, "") ===
  legalPageTemplatePath(sitePathForPage(handle));

/**
 * A legal page (here, not in a module of its own, so that its routes load no file more than a
 * content page's): the stored page the Node server wrote into its HTML, or the text the build
 * rendered (`prerendered`, its loader's) refreshed from the API (docs/decisions/0029).
 */
export function LegalPage({
  handle,
  title,
  prerendered,
}: {
  handle: LegalHandle;
  title: string;
  prerendered: ContentPage | null;
}) {
  const { pathname } = useLocation();
  return (
    <ContentPageView
      handle={handle}
      legal={{
        fallbackTitle: title,
        prerendered: prerendered ?? undefined,
        template: isLegalPageTemplate(handle, pathname),
      }}
    />
  );
}

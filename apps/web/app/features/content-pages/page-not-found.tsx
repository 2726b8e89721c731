import { Link } from "react-router";
import { buttonClasses } from "#app/ui/button-styles.ts";

export const pageNotFoundTitle = "Page not found";

/**
 * A content page's frame: at least a screen tall, so that content arriving from the API
 * pushes nothing visible around (the footer starts below the fold: no layout shift).
 */
export const contentPageClasses = "mx-auto min-h-svh max-w-3xl px-4 py-12 sm:px-6 md:py-16";
export const contentPageTitleClasses = "font-semibold text-4xl text-ink sm:text-5xl";

/**
 * What a visitor reads at the address of a content page that doesn't exist: the page the
 * server answers with 404 when it knows at once (routes/page-not-found.tsx), and the app's
 * content page once the API has said so (static hosting, a link followed inside the app).
 * A plain link onwards, so it works without JavaScript.
 */
export function PageNotFound() {
  return (
    <article className={contentPageClasses}>
      <h1 className={contentPageTitleClasses}>{pageNotFoundTitle}</h1>
      <div className="mt-8 flex flex-col items-start gap-4">
        <p className="text-cocoa text-lg">
          We could not find this page. It may have been moved or removed.
        </p>
        <Link to="/" className={buttonClasses("primary")}>
          Go to the home page
        </Link>
      </div>
    </article>
  );
}

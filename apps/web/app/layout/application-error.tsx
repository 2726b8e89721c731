import { isRouteErrorResponse, Link, useRevalidator } from "react-router";
import { pageTitle } from "#app/seo/page-meta.ts";
import { buttonClasses } from "#app/ui/button-styles.ts";

type ErrorWords = {
  heading: string;
  /** What the visitor can do about it, in plain words. */
  advice: string;
  /** Whether asking again can help (a busy or unreachable server), so a Try again button is offered. */
  retry: boolean;
};

const UNEXPECTED: ErrorWords = {
  // The spec's title for an error no rule covers (spec §8).
  heading: "Unexpected Application Error!",
  advice: "Something went wrong on our side. Try again, or start again from the home page.",
  retry: true,
};

const wordsByStatus: Record<number, ErrorWords> = {
  404: {
    heading: "Page not found",
    advice: "Nothing lives at this address. It may have been mistyped or moved.",
    retry: false,
  },
  410: {
    heading: "This is gone",
    advice: "What was here has been removed for good.",
    retry: false,
  },
  429: {
    heading: "Too many requests",
    advice: "You've asked our server for a lot in a short time. Wait a minute, then try again.",
    retry: true,
  },
  503: {
    heading: "Our server is unavailable",
    advice: "It could not answer just now. Try again shortly.",
    retry: true,
  },
  504: {
    heading: "Our server is taking too long",
    advice: "It did not answer in time. Try again shortly.",
    retry: true,
  },
};

/**
 * HTTP's own names. A route error built with `data(message, status)` carries no status
 * text of its own (React Router fills in "Internal Server Error" whatever the status).
 */
const statusTexts: Record<number, string> = {
  400: "Bad Request",
  404: "Not Found",
  410: "Gone",
  429: "Too Many Requests",
  500: "Internal Server Error",
  502: "Bad Gateway",
  503: "Service Unavailable",
  504: "Gateway Timeout",
};

/**
 * The page for an error no route handled (spec §8), in words a visitor understands:
 * what happened, a Try again button where asking again can help, and a way home.
 * Shown inside the site's frame by the routes that can fail, and by the root when
 * even the frame could not render.
 */
export function ApplicationError({ error }: { error: unknown }) {
  const revalidator = useRevalidator();
  const status = isRouteErrorResponse(error) ? error.status : undefined;
  const words = (status && wordsByStatus[status]) || UNEXPECTED;
  const statusText = isRouteErrorResponse(error)
    ? statusTexts[error.status] || error.statusText || "Error"
    : error instanceof Error
      ? error.message
      : "Unknown error";
  const detail =
    words === UNEXPECTED && isRouteErrorResponse(error) && typeof error.data === "string"
      ? error.data
      : undefined;

  return (
    <section className="mx-auto flex max-w-xl flex-col items-start gap-4 px-6 py-16 md:py-24">
      <title>{pageTitle(words.heading)}</title>
      <p className="rounded-full bg-brand-100 px-3 py-1 font-semibold text-brand-800 text-sm">
        {status ? `Error ${status}` : "Error"}
      </p>
      <h1 className="font-semibold text-4xl text-ink">{words.heading}</h1>
      <p className="text-cocoa text-lg">{words.advice}</p>
      <p className="text-cocoa text-sm" data-testid="error-text">
        {status ? `${status} ` : ""}
        {statusText}
      </p>
      {detail ? <p className="text-cocoa">{detail}</p> : null}
      <div className="mt-2 flex flex-wrap gap-3">
        {words.retry ? (
          <button
            type="button"
            onClick={() => void revalidator.revalidate()}
            disabled={revalidator.state === "loading"}
            className={buttonClasses("primary")}
          >
            {revalidator.state === "loading" ? "Trying again…" : "Try again"}
          </button>
        ) : null}
        <Link to="/" className={buttonClasses(words.retry ? "secondary" : "primary")}>
          Go to the home page
        </Link>
      </div>
    </section>
  );
}

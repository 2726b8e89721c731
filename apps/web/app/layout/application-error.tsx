import { useEffect, useRef } from "react";
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
  502: {
    heading: "Our server's answer was garbled",
    advice: "Something between you and our server got in the way. Try again shortly.",
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
  const busy = revalidator.state === "loading";
  const heading = useRef<HTMLHeadingElement>(null);
  // Shown after a wait, or again after Try again, the failure takes the focus to its heading so
  // a screen reader says it (each time), and the keyboard goes on from there. Not on a page that
  // arrives showing it (it renders while the page hydrates, before the mark entry.client sets).
  // biome-ignore lint/correctness/useExhaustiveDependencies: each failure (a new error) is said again
  useEffect(() => {
    if (document.documentElement.hasAttribute("data-hydrated")) heading.current?.focus();
  }, [error]);
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
      <h1 ref={heading} tabIndex={-1} className="font-semibold text-4xl text-ink">
        {words.heading}
      </h1>
      <p className="text-cocoa text-lg">{words.advice}</p>
      <p className="text-cocoa text-sm" data-testid="error-text">
        {status ? `${status} ` : ""}
        {statusText}
      </p>
      {detail ? <p className="text-cocoa">{detail}</p> : null}
      <div className="mt-2 flex flex-wrap gap-3">
        {words.retry ? (
          // Busy, it keeps the focus (aria-disabled, not disabled) and ignores a second press.
          <button
            type="button"
            onClick={() => {
              if (!busy) void revalidator.revalidate();
            }}
            aria-disabled={busy || undefined}
            className={buttonClasses("primary")}
          >
            {busy ? "Trying again…" : "Try again"}
          </button>
        ) : null}
        <Link to="/" className={buttonClasses(words.retry ? "secondary" : "primary")}>
          Go to the home page
        </Link>
      </div>
    </section>
  );
}

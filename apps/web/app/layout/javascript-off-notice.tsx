import { Link } from "react-router";
import { buttonClasses } from "#app/ui/button-styles.ts";

/**
 * Shown in place of a wait for the app (the classes `noscript:hidden` hide the wait) when
 * the browser runs no JavaScript: that wait would never end, so it says why and offers a
 * way on. CSS alone decides (`@media (scripting: none)`), so the prerendered HTML does it.
 */
export function JavaScriptOffNotice() {
  return (
    <div className="hidden flex-col items-center gap-5 noscript:flex">
      <h1 className="font-semibold text-3xl text-ink">This page needs JavaScript</h1>
      <p className="text-cocoa">
        JavaScript is turned off in this browser. Turn it on and reload the page, or start from our
        home page.
      </p>
      <Link to="/" className={buttonClasses("primary")}>
        Go to the home page
      </Link>
    </div>
  );
}

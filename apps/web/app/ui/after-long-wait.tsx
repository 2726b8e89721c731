import type { ReactNode } from "react";
import { Link } from "react-router";
import { AnnouncedWhenShown } from "./announced-when-shown.tsx";
import { buttonClasses } from "./button-styles.ts";

/**
 * What a visitor needs only when a wait for the app has gone on far longer than it should
 * (12 s; a slow phone needs a few): a word on it and a way on, which a screen reader announces.
 * CSS alone shows it, after an animation's delay, so it appears even when the app's code never
 * arrives. Until then it is out of the flow (as wide as its container, so it can't widen the
 * page): it takes no room, not even a flex gap, and whoever renders it can stop once the wait
 * is over without moving anything. Its live region is there, shown, from the start; only what
 * is inside it is invisible until the same delay has passed (AnnouncedWhenShown), and meanwhile
 * the region's empty box lets clicks through to what it covers. With JavaScript off there is no
 * app to wait for: the page says so in its own words (`noscript:`), so this never shows there.
 */
export function AfterLongWait({ children }: { children: ReactNode }) {
  return (
    <AnnouncedWhenShown className="pointer-events-none absolute inset-x-0 animate-[show-after-wait_0s_12s_forwards] noscript:hidden">
      <div className="pointer-events-auto invisible animate-[show-after-wait_0s_12s_forwards]">
        {children}
      </div>
    </AnnouncedWhenShown>
  );
}

/**
 * The way on from a page's wait that has gone on far too long (AfterLongWait): a word on
 * it, a reload and the home page.
 */
export function LongWaitWayOn({ centered = false }: { centered?: boolean }) {
  return (
    <AfterLongWait>
      <p className="text-cocoa">
        This is taking longer than it should. The connection may be slow: keep waiting, reload the
        page, or start from our home page.
      </p>
      <div className={`mt-4 flex flex-wrap gap-3 ${centered ? "justify-center" : ""}`}>
        <ReloadLink className={buttonClasses("primary")}>Reload the page</ReloadLink>
        <Link to="/" className={buttonClasses("secondary")}>
          Go to the home page
        </Link>
      </div>
    </AfterLongWait>
  );
}

/** A reload of the page as it is (an empty href is the page's own address, query included). */
export function ReloadLink({ className, children }: { className: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/useValidAnchor: an empty href is this page's own address, so following it reloads, with or without the app
    <a href="" className={className}>
      {children}
    </a>
  );
}

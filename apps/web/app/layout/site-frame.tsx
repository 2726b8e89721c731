import { type ReactNode, useEffect, useRef } from "react";
import { useLocation } from "react-router";
import { SiteFooter } from "./site-footer.tsx";
import { TopBar } from "./top-bar.tsx";

/**
 * Top bar, page and footer; a signed-in user's menu column sits left of page and footer.
 *
 * When a link inside the app opens another page, the page's start takes the focus (without
 * scrolling), as a new document would: a keyboard's next Tab is the new page's first link
 * rather than the one after the footer link just followed, and a screen reader is told it is
 * somewhere new. Not on the first page, nor for a link to a place in the page (#…).
 */
export function SiteFrame({ sidebar, children }: { sidebar?: ReactNode; children: ReactNode }) {
  const { pathname, hash } = useLocation();
  const shown = useRef<string>(undefined);
  useEffect(() => {
    const moved = shown.current !== undefined && shown.current !== pathname;
    if (moved && !hash) document.getElementById("main")?.focus({ preventScroll: true });
    shown.current = pathname;
  }, [pathname, hash]);
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="-translate-y-20 fixed top-2 left-2 z-50 rounded-full bg-brand-700 px-4 py-2 font-semibold text-white focus:translate-y-0"
      >
        Skip to content
      </a>
      <TopBar />
      <div className="flex flex-1">
        {sidebar}
        <div className="flex min-w-0 flex-1 flex-col">
          <main id="main" tabIndex={-1} className="flex-1 outline-none">
            {children}
          </main>
          <SiteFooter />
        </div>
      </div>
    </div>
  );
}

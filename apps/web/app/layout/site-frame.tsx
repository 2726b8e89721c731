import type { ReactNode } from "react";
import { SiteFooter } from "./site-footer.tsx";
import { TopBar } from "./top-bar.tsx";

/** Top bar, page and footer; a signed-in user's menu column sits left of page and footer. */
export function SiteFrame({ sidebar, children }: { sidebar?: ReactNode; children: ReactNode }) {
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

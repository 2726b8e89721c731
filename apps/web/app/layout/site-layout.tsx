import { Outlet } from "react-router";
import { SiteFooter } from "./site-footer.tsx";
import { TopBar } from "./top-bar.tsx";

export default function SiteLayout() {
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="-translate-y-20 fixed top-2 left-2 z-50 rounded-full bg-brand-700 px-4 py-2 font-semibold text-white focus:translate-y-0"
      >
        Skip to content
      </a>
      <TopBar />
      <main id="main" tabIndex={-1} className="flex-1 outline-none">
        <Outlet />
      </main>
      <SiteFooter />
    </div>
  );
}

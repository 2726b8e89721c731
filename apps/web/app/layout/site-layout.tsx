import { lazy, Suspense } from "react";
import { Outlet } from "react-router";
import { setIdTokenSource } from "../features/api/id-token-source.ts";
import { AuthProvider, useSignedInUser } from "../features/auth/auth-context.tsx";
import { idTokenForApi } from "../features/auth/load-auth-session.ts";
import { SiteFooter } from "./site-footer.tsx";
import { TopBar } from "./top-bar.tsx";

// Registered at module load, before any route's clientLoader can call the API,
// so a returning user's first call waits for their restored session.
setIdTokenSource(idTokenForApi);

// Only signed-in users see the account menu: keep it off everyone else's first load.
const AccountSidebar = lazy(() => import("../features/auth/account-sidebar.tsx"));

export default function SiteLayout() {
  return (
    <AuthProvider>
      <SiteFrame />
    </AuthProvider>
  );
}

/** Top bar, page and footer; with a user, the account menu column sits left of page and footer. */
function SiteFrame() {
  const user = useSignedInUser();
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
        {user && (
          <Suspense fallback={null}>
            <AccountSidebar user={user} />
          </Suspense>
        )}
        <div className="flex min-w-0 flex-1 flex-col">
          <main id="main" tabIndex={-1} className="flex-1 outline-none">
            <Outlet />
          </main>
          <SiteFooter />
        </div>
      </div>
    </div>
  );
}

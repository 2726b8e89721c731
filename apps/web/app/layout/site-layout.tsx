import { lazy, Suspense } from "react";
import { Outlet } from "react-router";
import { AuthProvider, useSignedInUser } from "#app/features/auth/auth-context.tsx";
import { idTokenForApi } from "#app/features/auth/load-auth-session.ts";
import { setIdTokenSource } from "#app/lib/api/id-token-source.ts";
import { SiteFrame } from "./site-frame.tsx";

// Registered at module load, before any route's clientLoader can call the API,
// so a returning user's first call waits for their restored session.
setIdTokenSource(idTokenForApi);

// Only signed-in users see the account menu: keep it off everyone else's first load.
const AccountSidebar = lazy(() => import("#app/features/auth/account-sidebar.tsx"));

export default function SiteLayout() {
  return (
    <AuthProvider>
      <PageInFrame />
    </AuthProvider>
  );
}

function PageInFrame() {
  const user = useSignedInUser();
  return (
    <SiteFrame
      sidebar={
        user && (
          <Suspense fallback={null}>
            <AccountSidebar user={user} />
          </Suspense>
        )
      }
    >
      <Outlet />
    </SiteFrame>
  );
}

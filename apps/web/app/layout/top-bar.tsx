import Menu from "lucide-react/icons/menu";
import { lazy, Suspense } from "react";
import { Link } from "react-router";
import { useSignedInUser } from "#app/features/auth/auth-context.tsx";
import { myAreaHome } from "#app/lib/my-area-home.ts";
import { siteConfig } from "#app/site-config.ts";
import { buttonClasses } from "#app/ui/button-styles.ts";
import { Logo } from "#app/ui/logo.tsx";
import { SideDrawerButton } from "#app/ui/side-drawer.tsx";
import { BookDemoLink } from "./book-demo-link.tsx";
import { MobileDrawer, mobileDrawerId } from "./mobile-drawer.tsx";

// Only signed-in users see the account menu: keep it off everyone else's first load.
const AccountMenuButton = lazy(() => import("#app/features/auth/account-menu-button.tsx"));

export function TopBar() {
  const user = useSignedInUser();
  return (
    <header className="sticky top-0 z-40 border-brand-100 border-b bg-cream/90 backdrop-blur supports-[backdrop-filter]:bg-cream/75">
      <nav
        aria-label="Main"
        className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8"
      >
        <Link to="/" className="-m-1 rounded-md p-1" aria-label={`${siteConfig.PRODUCT_NAME} home`}>
          <Logo />
        </Link>
        <div className="hidden items-center gap-2 md:flex">
          {/* The HTML says Login (every page is prerendered for everyone); a signed-in person's
              session, restored on every page of a browser that signed in (auth-context.tsx),
              puts their account in its place, the same height, so nothing below moves. */}
          {user ? (
            // One line, cut short with an ellipsis if it must be: an address wrapped at its
            // hyphen reads as two names. The whole of it is the link's name and its tooltip.
            <a
              href={myAreaHome(siteConfig.MY_AREA_URL)}
              className={`${buttonClasses("ghost")} max-w-72`}
              title={user.email ?? undefined}
            >
              <span className="sr-only">Your account, signed in as </span>
              <span className="truncate">{user.email ?? "Your account"}</span>
            </a>
          ) : (
            <a href={siteConfig.APP_LOGIN_URL} className={buttonClasses("ghost")}>
              Login
            </a>
          )}
          <BookDemoLink />
        </div>
        <div className="-mr-2 flex items-center gap-1 md:hidden">
          {user && (
            <Suspense fallback={null}>
              <AccountMenuButton user={user} />
            </Suspense>
          )}
          <SideDrawerButton
            drawerId={mobileDrawerId}
            label="Menu"
            className="inline-flex size-11 items-center justify-center rounded-full text-ink hover:bg-brand-50"
          >
            <Menu aria-hidden="true" className="size-6" />
          </SideDrawerButton>
        </div>
      </nav>
      <MobileDrawer user={user} />
    </header>
  );
}

import { Link } from "react-router";
import type { SignedInUser } from "#app/features/auth/auth-context.tsx";
import { myAreaHome } from "#app/lib/my-area-home.ts";
import { siteConfig } from "#app/site-config.ts";
import { buttonClasses } from "#app/ui/button-styles.ts";
import { Logo } from "#app/ui/logo.tsx";
import { SideDrawer } from "#app/ui/side-drawer.tsx";

export const mobileDrawerId = "mobile-drawer";

/**
 * The site menu of narrow screens (spec §2): the logo, Login (for a signed-in person, their
 * account, as in the top bar) and Book a Demo.
 */
export function MobileDrawer({ user }: { user: SignedInUser | null }) {
  return (
    <SideDrawer id={mobileDrawerId} label="Menu" className="gap-6 bg-cream px-5 py-5">
      {/* Focused when the drawer opens, by the browser itself. */}
      <Link to="/" className="self-start rounded-md" autoFocus>
        <Logo />
      </Link>
      <nav aria-label="Mobile" className="flex flex-col gap-3">
        {user ? (
          <a
            href={myAreaHome(siteConfig.MY_AREA_URL)}
            className={`${buttonClasses("secondary")} w-full [overflow-wrap:anywhere]`}
          >
            <span className="sr-only">Your account, signed in as </span>
            {user.email ?? "Your account"}
          </a>
        ) : (
          <a href={siteConfig.APP_LOGIN_URL} className={`${buttonClasses("secondary")} w-full`}>
            Login
          </a>
        )}
        <Link to="/book-demo" className={`${buttonClasses("primary")} w-full`}>
          Book a Demo
        </Link>
      </nav>
    </SideDrawer>
  );
}

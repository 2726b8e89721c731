import CalendarCheck from "lucide-react/icons/calendar-check";
import ClipboardCheck from "lucide-react/icons/clipboard-check";
import House from "lucide-react/icons/house";
import LoaderCircle from "lucide-react/icons/loader-circle";
import LogOut from "lucide-react/icons/log-out";
import Tag from "lucide-react/icons/tag";
import { useState } from "react";
import { NavLink } from "react-router";
import { siteConfig } from "#app/site-config.ts";
import { type AccountMenuLink, accountMenuLinks } from "./account-menu-links.ts";
import type { SignedInUser } from "./auth-context.tsx";

const icons: Record<AccountMenuLink["id"], typeof House> = {
  "my-area": House,
  onboarding: ClipboardCheck,
  "book-demo": CalendarCheck,
  pricing: Tag,
};

const itemClass =
  "flex min-h-11 w-full items-center gap-3 rounded-xl px-3 font-medium text-[0.95rem] text-ink transition-colors hover:bg-brand-50 hover:text-brand-800";

/**
 * An address in a narrow column: a line may break before its "@" (`<wbr>`), so
 * "demo-operator@example.com" wraps as "demo-operator" and "@example.com" rather than at its
 * hyphen, the last break a line would otherwise take. The text, read or copied, is unchanged.
 */
function EmailAddress({ address }: { address: string }) {
  const at = address.lastIndexOf("@");
  if (at <= 0) return address;
  return (
    <>
      {address.slice(0, at)}
      <wbr />
      {address.slice(at)}
    </>
  );
}

/**
 * The signed-in navigation menu's contents, shared by the side column and the phone drawer
 * (which closes itself on any click inside).
 */
export function AccountMenu({ user }: { user: SignedInUser }) {
  const [signingOut, setSigningOut] = useState(false);

  async function signOut() {
    setSigningOut(true);
    try {
      await user.signOut();
      // The menu, and the button that had focus, go away with the user.
      document.getElementById("main")?.focus();
    } catch (error) {
      console.error("Could not sign out", error);
      setSigningOut(false);
    }
  }

  return (
    <div className="flex flex-1 flex-col gap-6">
      <div className="px-3">
        <p className="font-medium text-cocoa text-xs uppercase tracking-wider">Signed in as</p>
        <p className="font-semibold text-ink [overflow-wrap:anywhere]">
          {user.email ? <EmailAddress address={user.email} /> : "your account"}
        </p>
      </div>
      <ul className="flex flex-col gap-1">
        {accountMenuLinks(user.status, siteConfig.MY_AREA_URL).map((link) => {
          const Icon = icons[link.id];
          const content = (
            <>
              <Icon aria-hidden="true" className="size-5 shrink-0 text-brand-700" />
              {link.label}
            </>
          );
          return (
            <li key={link.id}>
              {link.external ? (
                <a href={link.href} className={itemClass}>
                  {content}
                </a>
              ) : (
                <NavLink
                  to={link.href}
                  className={({ isActive }) =>
                    isActive ? `${itemClass} bg-brand-100 text-brand-900` : itemClass
                  }
                >
                  {content}
                </NavLink>
              )}
            </li>
          );
        })}
      </ul>
      <button
        type="button"
        onClick={signOut}
        disabled={signingOut}
        className={`${itemClass} mt-auto border border-brand-200 bg-white disabled:cursor-wait disabled:opacity-70`}
      >
        {signingOut ? (
          <LoaderCircle
            aria-hidden="true"
            className="size-5 shrink-0 animate-spin text-brand-700 motion-reduce:animate-none"
          />
        ) : (
          <LogOut aria-hidden="true" className="size-5 shrink-0 text-brand-700" />
        )}
        {signingOut ? "Signing out…" : "Sign out"}
      </button>
    </div>
  );
}

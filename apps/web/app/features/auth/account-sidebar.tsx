import { AccountMenu } from "./account-menu.tsx";
import type { SignedInUser } from "./auth-context.tsx";

/**
 * The permanent 240 px signed-in menu of wide screens (md and up), under the
 * top bar; the page content sits to its right. Phones get the drawer instead.
 */
export default function AccountSidebar({ user }: { user: SignedInUser }) {
  return (
    <nav
      aria-label="Account"
      className="sticky top-16 hidden h-[calc(100dvh-4rem)] w-[240px] shrink-0 flex-col overflow-y-auto border-brand-100 border-r bg-flour px-3 py-6 md:flex"
    >
      <AccountMenu user={user} />
    </nav>
  );
}

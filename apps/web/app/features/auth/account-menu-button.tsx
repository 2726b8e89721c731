import CircleUserRound from "lucide-react/icons/circle-user-round";
import { SideDrawer, SideDrawerButton } from "#app/ui/side-drawer.tsx";
import { AccountMenu } from "./account-menu.tsx";
import type { SignedInUser } from "./auth-context.tsx";

const accountDrawerId = "account-drawer";

/**
 * The signed-in menu of narrow screens: a top-bar button and the temporary 240 px drawer it
 * opens, the same side and width as the permanent column of wide screens.
 */
export default function AccountMenuButton({ user }: { user: SignedInUser }) {
  return (
    <>
      <SideDrawerButton
        drawerId={accountDrawerId}
        label="Account menu"
        className="inline-flex size-11 items-center justify-center rounded-full text-brand-800 hover:bg-brand-50"
      >
        <CircleUserRound aria-hidden="true" className="size-6" />
      </SideDrawerButton>
      <SideDrawer id={accountDrawerId} label="Account menu" className="bg-flour px-3 py-6">
        <nav aria-label="Account" className="flex flex-1 flex-col">
          <AccountMenu user={user} />
        </nav>
      </SideDrawer>
    </>
  );
}

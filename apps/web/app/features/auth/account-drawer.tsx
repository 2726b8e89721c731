import { Dialog } from "@base-ui/react/dialog";
import type { RefObject } from "react";
import { AccountMenu } from "./account-menu.tsx";
import type { SignedInUser } from "./auth-context.tsx";

type AccountDrawerProps = {
  user: SignedInUser;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  returnFocusTo: RefObject<HTMLButtonElement | null>;
};

/**
 * The signed-in menu on narrow screens: a temporary 240 px drawer, the same
 * side and width as the permanent column of wide screens. Base UI's dialog
 * gives the focus trap, Escape and focus return.
 */
export default function AccountDrawer({
  user,
  open,
  onOpenChange,
  returnFocusTo,
}: AccountDrawerProps) {
  return (
    <Dialog.Root open={open} onOpenChange={(next) => onOpenChange(next)}>
      <Dialog.Portal>
        <Dialog.Backdrop className="fixed inset-0 z-50 bg-ink/40 transition-opacity duration-200 data-[ending-style]:opacity-0 data-[starting-style]:opacity-0 md:hidden" />
        <Dialog.Popup
          id="account-drawer"
          finalFocus={returnFocusTo}
          className="fixed inset-y-0 left-0 z-50 flex w-[240px] flex-col bg-flour px-3 py-6 shadow-xl outline-none transition-transform duration-200 data-[ending-style]:-translate-x-full data-[starting-style]:-translate-x-full md:hidden"
        >
          <Dialog.Title className="sr-only">Account menu</Dialog.Title>
          <nav aria-label="Account" className="flex flex-1 flex-col">
            <AccountMenu user={user} onChoose={() => onOpenChange(false)} />
          </nav>
        </Dialog.Popup>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
